import CellFitLibrary
import Testing

/// The `CellFit` product through its one module: an app that writes
/// `import CellFitLibrary` reaches the cells, the text, table sizing, template files,
/// the Interface Builder importer and the manual engine, and none of their names clash.
/// (The solver on its own is `import Cassowary` beside it: SolverBesideTests.)
@Suite("import CellFitLibrary is the whole library")
struct UmbrellaTests {
    @Test("one cell as a template file and in Swift: the same heights over a table, sized with a token")
    func oneCellTwoWays() throws {
        let texts = ["Hi", "A longer text that wraps onto a second line at this width, and a third one too."]
        let file = try TemplateFile(parsing: """
            {"views": [{"name": "text", "kind": "label", "text": "text", "font": 14, "lines": 0}],
             "constraints": ["V:|-[text]-|", "H:|-[text]-|"]}
            """)
        let rows = try file.rows(parsing: "[" + texts.map { "{\"text\": \"\($0)\"}" }.joined(separator: ", ") + "]")

        let label = Label("text", font: Font(size: 14), lines: 0)
        let cell = ContentView(subviews: [label])
        let margins = cell.layoutMarginsGuide
        let swift = try CellTemplate<String>(contentView: cell, constraints: [
            label.leading.constraint(equalTo: margins.leading), label.trailing.constraint(equalTo: margins.trailing),
            label.top.constraint(equalTo: margins.top), label.bottom.constraint(equalTo: margins.bottom),
        ]) { text, row in row.setText(text, for: label) }

        let token = CancellationToken()
        let options = SizingOptions(cancellation: token)
        let fromFile = try RowHeights.compute(rowCount: rows.count, width: 320, options: options) { width in
            var fitter = file.template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
            return { row in try fitter.fit(row: rows[row], width: width).rowHeight }
        }
        let fromSwift = try RowHeights.compute(rowCount: texts.count, width: 320, options: options) { width in
            var fitter = swift.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
            return { row in try fitter.fit(texts[row], width: width).rowHeight }
        }
        #expect(fromFile == fromSwift)
        #expect(fromSwift[1] > fromSwift[0])
    }

    @Test("the manual engine's rect slicing and the importer's typed errors come with it")
    func manualAndImport() {
        let rect = Rect(x: 0, y: 0, width: 320, height: 100)
        #expect(rect.slice(16, from: .left) == Rect(x: 0, y: 0, width: 16, height: 100))
        #expect(throws: InterfaceBuilderError.self) { try InterfaceBuilderDocument(parsing: "not xml", path: "bad.xib") }
    }
}
