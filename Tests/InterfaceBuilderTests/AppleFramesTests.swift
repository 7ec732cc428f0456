import CellLayout
import InterfaceBuilder
import Testing

/// Apple's own Auto Layout as the oracle: the cells of 14 public repositories,
/// imported from their .xib and .storyboard files and laid out at Interface
/// Builder's content size with design intrinsic sizes, against the frames IB
/// stored. Docs/InterfaceBuilder.md has the match table.
@Suite("Interface Builder cells: CellFit reproduces Apple's frames")
struct AppleFramesTests {
    @Test("the fixtures list 26 cells")
    func fixtures() {
        #expect(SharedCell.all.count == 26)
    }

    @Test("each cell's frames equal IB's, or score the same at every level, or IB's break required constraints",
          arguments: SharedCell.all)
    func frames(of cell: SharedCell) throws {
        let report = try Oracle.run(cell)
        print("oracle: " + report.line)
        #expect(report.verdict != .disagrees, "\(report.line)")
    }

    @Test("at least 20 of the 26 cells match IB's frames exactly")
    func exactCount() throws {
        let reports = try SharedCell.all.map(Oracle.run)
        let exact = reports.filter { $0.verdict == .exact }
        for report in reports { print("oracle table: " + report.tableRow) }
        print("oracle: \(exact.count) of \(reports.count) exact; "
              + "ambiguous: \(reports.filter { $0.verdict == .ambiguous }.map(\.cell.name)); "
              + "misplaced: \(reports.filter { $0.verdict == .misplaced }.map(\.cell.name)); "
              + "conflicting: \(reports.filter { $0.verdict == .conflicting }.map(\.cell.name))")
        #expect(exact.count >= 20)
    }

    @Test("self-sizing: the compressed fitting height equals IB's for automatic rows, and never exceeds IB's height",
          arguments: SharedCell.all)
    func selfSizing(of cell: SharedCell) throws {
        let report = try Oracle.run(cell)
        guard report.verdict == .exact || report.verdict == .ambiguous else { return }
        print("oracle height: \(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)"
              + (report.automaticHeight ? " (automatic)" : ""))
        if report.automaticHeight {
            #expect(abs(report.exactHeight - report.contentSize.height) <= Oracle.tolerance,
                    "\(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)")
        } else {
            // IB laid the cell out at its row's (or item's) fixed height, which its constraints
            // allow: the smallest height they allow cannot be more.
            #expect(report.exactHeight <= report.contentSize.height + Oracle.tolerance,
                    "\(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)")
        }
    }
}
