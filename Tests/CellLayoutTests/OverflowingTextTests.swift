import CellLayout
import ExampleCells
import Testing

/// A glyph or cluster wider than its label cannot break: measured at the label's
/// width, the text is wider than that width. That measurement is the answer at
/// that width, and the row settles (issue 19 found "did not settle" here).
@Suite("Text wider than its view: a single glyph, a cluster, a word narrower views cannot break")
struct OverflowingTextTests {
    static let texts = ["hello", "Wm", "🏳️‍🌈🏳️‍🌈", "ดีครับ", "a\tb"]

    @Test("DynamicHeights at widths where the label is narrower than a glyph: a height, and the text's own", arguments: [22.0, 24, 26])
    func narrowLabel(width: Double) throws {
        let measurer = PangoTextMeasurer(scale: .x2)
        var fitter = try DynamicHeightsCell.template().makeFitter(measurer: measurer)
        let label = DynamicHeightsCell.label
        for text in Self.texts {
            let layout = try fitter.fit(text, width: width)
            let frame = try #require(layout.frame(of: label))
            // The label is pinned 10 from each side, so its width is the row's less 20,
            // and its height is its text's at that width, or the 44 it is held to.
            #expect(frame.width == width - 20)
            let text = try measurer.measure(
                text, font: label.font, style: TextStyle(lines: 0, lineBreakMode: label.lineBreakMode), maxWidth: width - 20)
            #expect(text.width > width - 20, "'\(text)' overflows at \(width)")
            #expect(frame.height == max(text.height, 44), "\(text) at \(width)")
            #expect(layout.height == max(text.height, 44) + 20)
            #expect(layout.solves <= 2)
        }
    }
}
