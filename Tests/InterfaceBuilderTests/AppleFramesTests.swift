import CellLayout
import Foundation
import InterfaceBuilder
import Testing

/// Apple's own Auto Layout as the oracle: the 353 cells of 82 public repositories in
/// `Fixtures/` (the shared `xib`, `xib2` and `xib3` sets; the third of xib3 that issue
/// 51 set aside came in once its figure had been measured), imported from their .xib and
/// .storyboard files and laid out at Interface Builder's content size with design
/// intrinsic sizes, against the frames IB stored. Which cells count is fixed by the
/// shipped `check.json` and `oracle.json`; a cell CellFit gets wrong, cannot lay out
/// or finds ambiguous still counts, as a miss with its reason.
/// Docs/InterfaceBuilder.md has the figures and the rules.
@Suite("Interface Builder cells: CellFit reproduces Apple's frames")
struct AppleFramesTests {
    /// The figure this suite holds: cells of the 320 oracle-ready ones whose every frame
    /// is IB's within half a point (87.8%; issue 51's goal is 93%), a conflict recovered
    /// as UIKit recovers included; and of the 163 of `xib` and `xib2` (issue 30's cells).
    static let exactFloor = 282
    static let exactFloorFirstSets = 146

    /// Cells whose frames are IB's but whose self-sizing height is not, with why. Kingfisher's
    /// AutoSizingTableViewCell (held out until measured) pins an image view without an image
    /// 15 pt from top and bottom and gives it no height: the compressed fitting height is
    /// zero, reached with the image view at -30 pt, which Auto Layout's own arithmetic allows
    /// (CellFit warns). IB stored a 30.33 pt row with the image view one pixel tall, so IB's
    /// engine did not take the negative size; what UIKit does at run time is not in the files,
    /// and one cell is no rule.
    static let selfSizingKnownMisses = ["pk1-lS-QVX": "Kingfisher AutoSizingTableViewCell: zero fitted height through a negative image view; IB 30.33"]

    @Test("the fixtures hold 353 cells from 82 repositories, 320 of them oracle-ready")
    func fixtures() {
        #expect(SharedCell.xib.count == 26)
        #expect(SharedCell.xib2.count == 149)
        #expect(SharedCell.xib3.count == 178)
        #expect(Set(SharedCell.all.map(\.repository)).count == 82)
        #expect(SharedCell.oracleReady.count == 320)
        let xib3Repositories = Set(SharedCell.xib3.map(\.repository))
        #expect(xib3Repositories.count == 37)
    }

    @Test("every oracle-ready cell lays out, or names the required constraints that conflict at IB's size",
          arguments: SharedCell.oracleReady)
    func laysOut(_ cell: SharedCell) throws {
        let report = try #require(Oracle.reports.first { $0.cell.file == cell.file && $0.cell.cellID == cell.cellID }).report
        let result = try report.get()
        if result.verdict == .conflicting || result.verdict == .recovered {
            #expect(!result.brokenByIB.isEmpty, "\(result.line)")
        }
    }

    @Test("at least 282 of the 320 oracle-ready cells (88.1%), 146 of xib and xib2's 163, reproduce IB's frames within half a point; the misses are listed")
    func exactCount() throws {
        var exact = 0
        var bySet: [String: (exact: Int, cells: Int)] = [:]
        var byRepository: [String: (exact: Int, cells: Int)] = [:]
        for (cell, result) in Oracle.reports {
            let verdict = (try? result.get())?.verdict
            let isExact = verdict == .exact || verdict == .recovered
            exact += isExact ? 1 : 0
            bySet[cell.set, default: (0, 0)].cells += 1
            bySet[cell.set, default: (0, 0)].exact += isExact ? 1 : 0
            byRepository[cell.repository, default: (0, 0)].cells += 1
            byRepository[cell.repository, default: (0, 0)].exact += isExact ? 1 : 0
            switch result {
            case .success(let report) where report.verdict == .recovered:
                print("oracle recovered: \(cell.set) \(cell.repository) \(cell.cellID): \(report.line)")
            case .success(let report) where report.verdict != .exact:
                print("oracle miss: \(cell.set) \(cell.repository) \(cell.cellID): \(report.line)")
            case .failure(let error):
                print("oracle miss: \(cell.set) \(cell.repository) \(cell.cellID): error \(error)")
            case .success(let report):
                print("oracle table: " + report.tableRow)
            }
        }
        for (repository, figure) in byRepository.sorted(by: { $0.key < $1.key }) {
            print("oracle repository: \(repository): \(figure.exact) of \(figure.cells)")
        }
        for (set, figure) in bySet.sorted(by: { $0.key < $1.key }) {
            print("oracle set: \(set): \(figure.exact) of \(figure.cells) exact")
        }
        print("oracle: \(exact) of \(Oracle.reports.count) oracle-ready cells exact "
              + "(\(String(format: "%.1f", 100 * Double(exact) / Double(max(1, Oracle.reports.count))))%)")
        #expect(Oracle.reports.count == 320)
        #expect(exact >= Self.exactFloor)
        let firstSets = ["xib", "xib2"].reduce(0) { $0 + (bySet[$1]?.exact ?? 0) }
        #expect(firstSets >= Self.exactFloorFirstSets)
    }

    @Test("self-sizing: the compressed fitting height equals IB's for automatic rows, and never exceeds IB's height",
          arguments: SharedCell.oracleReady)
    func selfSizing(of cell: SharedCell) throws {
        let entry = try #require(Oracle.reports.first { $0.cell.file == cell.file && $0.cell.cellID == cell.cellID })
        let report = try entry.report.get()
        guard report.verdict == .exact || report.verdict == .recovered else { return }
        print("oracle height: \(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)"
              + (report.automaticHeight ? " (automatic)" : ""))
        if report.automaticHeight, report.exactHeight <= Oracle.tolerance {
            // The constraints do not give the content view a height: UIKit says it "detected a case
            // where constraints ambiguously suggest a height of zero for a table view cell's content
            // view" and uses a standard row height instead (44 pt, 52 in some IB canvases), less its separator.
            if let why = Self.selfSizingKnownMisses[cell.cellID] {
                withKnownIssue(Comment(rawValue: why)) {
                    #expect(report.contentSize.height >= 43, "\(cell.name): IB \(report.contentSize.height) for a zero fitted height")
                }
            } else {
                #expect(report.contentSize.height >= 43, "\(cell.name): IB \(report.contentSize.height) for a zero fitted height")
            }
        } else if report.automaticHeight {
            #expect(abs(report.exactHeight - report.contentSize.height) <= Oracle.tolerance,
                    "\(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)")
        } else if !report.squeezed {
            // IB laid the cell out at its row's (or item's) fixed height, which its constraints
            // allow without breaking one above the fitting size's priority: the smallest height
            // they allow cannot be more. (Where the fixed height does break one, a compression
            // resistance or a preferred height, the compressed fitting height keeps it and is
            // taller: xib3's DateAndDurationTableViewCell, 250 against a row of 244.5.)
            #expect(report.exactHeight <= report.contentSize.height + Oracle.tolerance,
                    "\(cell.name): fitted \(report.exactHeight), IB \(report.contentSize.height)")
        }
    }
}
