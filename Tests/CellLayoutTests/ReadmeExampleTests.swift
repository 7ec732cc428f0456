import CellLayout
import Testing

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
}
