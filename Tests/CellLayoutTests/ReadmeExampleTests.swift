import CellLayout
import TableSizing
import Testing
import PangoText

@Suite("The README's example")
struct ReadmeExampleTests {
    @Test("compiles and fits: the body wraps at the width the engine finds")
    func readme() throws {
        // Verbatim from README.md ("Using the library", cells), with the Pango measurer.
        let title = Label("title", font: Font(size: 15))
        let body = Label("body", font: Font(size: 13), lines: 0)
        let contentView = ContentView(subviews: [title, body])
        let template = try CellTemplate<(String, String)>(contentView: contentView, constraints: [
            title.leading.constraint(equalTo: contentView.leading, constant: 16),
            title.trailing.constraint(equalTo: contentView.trailing, constant: -16),
            title.top.constraint(equalTo: contentView.top, constant: 10),
            body.leading.constraint(equalTo: title.leading),
            body.trailing.constraint(equalTo: title.trailing),
            body.top.constraint(equalTo: title.bottom, constant: 4),
            body.bottom.constraint(equalTo: contentView.bottom, constant: -10),
        ]) { row, cell in
            cell.setText(row.0, for: title)
            cell.setText(row.1, for: body)
        }
        let measurer = PangoTextMeasurer(scale: .x2)
        var fitter = template.makeFitter(measurer: measurer)
        let text = "A longer body that wraps onto several lines."
        let layout = try fitter.fit(("Hello", text), width: 200)

        let titleHeight = try measurer.measure("Hello", font: title.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).height
        let bodySize = try measurer.measure(text, font: body.font, style: TextStyle(lines: 0), maxWidth: 168)
        #expect(bodySize.lineCount > 1)
        #expect(layout.frame(of: body) == Rect(x: 16, y: 10 + titleHeight + 4, width: 168, height: bodySize.height))
        #expect(layout.rowHeight == 10 + titleHeight + 4 + bodySize.height + 10 + 0.5)
    }

    @Test("the ten-line example: a table's row heights in parallel, as one fitter would give them")
    func tenLines() throws {
        let texts = ["Hello", "", "A longer text that wraps onto a second line at this width, and a third."]
        // Verbatim from README.md ("Using the library", first example).
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
            let measured = try measurer.measure(string, font: text.font, style: TextStyle(lines: 0, lineBreakMode: text.lineBreakMode), maxWidth: 375 - 16)
            #expect(heights[row] == 8 + measured.height + 8 + 0.5, "row \(row)")
        }
    }
}
