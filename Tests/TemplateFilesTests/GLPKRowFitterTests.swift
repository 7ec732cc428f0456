import CellLayout
import GLPKBackends
import PangoText
import Testing
import TemplateFiles

/// GLPK, in-process, on each row's whole constraint system as the constraint
/// engine built it (`cellfit heights --engine glpk`'s backend): the same row
/// height as the engine's own solver on every row of the example template files.
@Suite("GLPKRowFitter: the engine's row heights, solved again by GLPK")
struct GLPKRowFitterTests {
    @Test("every row of MessageCells and ChatFeed", arguments: ["MessageCells", "ChatFeed"])
    func sameHeights(example: String) throws {
        let file = try TemplateFile(contentsOfFile: examplesDirectory + "/Templates/\(example).json")
        let rows = try file.rows(contentsOfFile: examplesDirectory + "/Data/\(example).json")
        let measurer = PangoTextMeasurer(scale: .x2)
        var engine = file.template.makeFitter(measurer: measurer)
        var glpk = GLPKRowFitter(template: file.template, measurer: measurer)
        for (i, row) in rows.prefix(150).enumerated() {
            let expected = try engine.fit(row: row, width: 375).rowHeight
            #expect(try glpk.rowHeight(row, width: 375) == expected, "row \(i)")
        }
    }
}
