import Testing
import TextMetrics
import PangoText

/// UIKit's width of a one-line label counts the whitespace its text ends with (Core
/// Text's typographic width of a line): Interface Builder stores 182 pt for the
/// folding cell's `"W 85th St, New York, 10024 "` in Open Sans, where the text without
/// its space is 178. DejaVu Sans's space advances 651 of 2048 units: 5.0859375 px at 16 px;
/// "x" 9.46875 px.
@Suite("Trailing whitespace on a single line")
struct TrailingWhitespaceTests {
    let measurer = PangoTextMeasurer(scale: .x1, cache: nil)
    let font = Font(size: 16)

    func width(_ text: String, _ maxWidth: Double = .infinity) throws -> Double {
        try measurer.measure(text, font: font, maxWidth: maxWidth).width
    }

    @Test("a one-line text counts the spaces it ends with")
    func counts() throws {
        #expect(try width("x") == 10)                     // 9.46875
        #expect(try width("x ") == 15)                    // 14.5546875
        #expect(try width("x  ") == 20)                   // 19.640625
        #expect(try width("x\u{3000}") > width("x"))      // any whitespace, the ideographic space too
        #expect(try width(" x") == 15)                    // leading whitespace always counted
    }

    @Test("up to the width; whitespace at a wrap or after a newline still hangs")
    func bounded() throws {
        #expect(try width("x  ", 12) == 12)
        // Two lines: the text is wrapped, and its trailing space hangs as before.
        #expect(try measurer.measure("xxxx xxxx ", font: font, maxWidth: 45).lineCount == 2)
        #expect(try width("xxxx xxxx ", 45) == width("xxxx xxxx", 45))
        #expect(try width("x \nx ") == width("x\nx"))
        // Cut by a line limit: the ellipsised line is what is drawn.
        let cut = try measurer.measure("xxxx xxxx xxxx ", font: font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail), maxWidth: 60)
        #expect(cut.width <= 60)
    }
}
