import CellLayout
import Testing

/// The path of a file in Tests/TemplateFilesTests/Fixtures: the template files whose
/// layouts these tests hold against the example cells declared in Swift.
func fixture(_ name: String) -> String {
    // This file is Tests/ExampleCellsTests/Support/ExampleCellsSupport.swift.
    let path = "\(#filePath)"
    let tests = path.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return tests + "/TemplateFilesTests/Fixtures/" + name
}

/// Fits every row with both templates and expects the same heights and frames of every view.
func expectSameLayouts<A, B>(
    _ a: CellTemplate<A>, _ aRows: [A], _ b: CellTemplate<B>, _ bRows: [B], widths: [Double],
    measurer: some TextMeasurer, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    #expect(a.viewNames.sorted() == b.viewNames.sorted(), sourceLocation: sourceLocation)
    var fitterA = a.makeFitter(measurer: measurer)
    var fitterB = b.makeFitter(measurer: measurer)
    for width in widths {
        for (index, (rowA, rowB)) in zip(aRows, bRows).enumerated() {
            let layoutA = try fitterA.fit(rowA, width: width)
            let layoutB = try fitterB.fit(rowB, width: width)
            #expect(layoutA.rowHeight == layoutB.rowHeight, "row \(index), width \(width)", sourceLocation: sourceLocation)
            for name in b.viewNames {
                #expect(
                    layoutA.frame(of: name) == layoutB.frame(of: name), "row \(index), width \(width), view \(name)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

