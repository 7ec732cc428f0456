import CellFitLibrary
import Testing

/// The `CellFit` product through its one module: an app that writes
/// `import CellFitLibrary` reaches the solver, the cells, the text, table sizing,
/// template files and the Interface Builder importer, and none of them clash.
/// (The solver on its own is `import Cassowary`: SolverExampleTests.)
@Suite("import CellFitLibrary is the whole library")
struct UmbrellaTests {
    @Test("the README's table example needs no other import")
    func tableHeights() throws {
        let texts = ["Hello", "A longer text that wraps onto a second line at this width, and a third."]
        let text = Label("text", font: Font(size: 14), lines: 0)
        let cell = ContentView(subviews: [text])
        let margins = cell.layoutMarginsGuide
        let template = try CellTemplate<String>(contentView: cell, constraints: [
            text.leading.constraint(equalTo: margins.leading), text.trailing.constraint(equalTo: margins.trailing),
            text.top.constraint(equalTo: margins.top), text.bottom.constraint(equalTo: margins.bottom),
        ]) { string, row in row.setText(string, for: text) }
        let heights = try RowHeights.compute(rowCount: texts.count, width: 375) { width in
            var fitter = template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
            return { row in try fitter.fit(texts[row], width: width).rowHeight }
        }
        let measurer = PangoTextMeasurer(scale: .x2)
        for (row, string) in texts.enumerated() {
            let measured = try measurer.measure(string, font: text.font, style: TextStyle(lines: 0), maxWidth: 375 - 16)
            #expect(heights[row] == 8 + measured.height + 8 + 0.5, "row \(row)")
        }
        #expect(heights[1] > heights[0])
    }

    @Test("a template file and an Interface Builder document parse through the same import")
    func formats() throws {
        let file = try TemplateFile(parsing: """
            {"views": [{"name": "title", "kind": "label", "text": "title"}],
             "constraints": ["V:|-[title]-|", "H:|-[title]-|"]}
            """)
        #expect(file.fields == ["title"])
        #expect(file.constraints.count == 4)
        #expect(throws: InterfaceBuilderError.self) { try InterfaceBuilderDocument(parsing: "not xml", path: "bad.xib") }
    }
}
