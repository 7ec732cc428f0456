import Testing
import TextMetrics

/// The fixed measurer's numbers follow from its definition: with the defaults, a 16 px
/// font advances 8 px per character, lines are 20 px with the baseline at 16 px.
@Suite("FixedAdvanceMeasurer")
struct FixedAdvanceMeasurerTests {
    let measurer = FixedAdvanceMeasurer()
    let font = Font(size: 16)

    @Test("known sizes on one line")
    func knownSizes() throws {
        let m = try measurer.measure("Hello", font: font)
        #expect(m == TextMeasurement(width: 40, height: 20, lineCount: 1, firstBaseline: 16, lastBaseline: 16))
    }

    @Test("the empty string measures zero")
    func empty() throws {
        #expect(try measurer.measure("", font: font, maxWidth: 100) == .zero)
        #expect(try measurer.measure("", font: font, style: TextStyle(lines: 3, lineBreakMode: .truncateTail)) == .zero)
    }

    @Test("greedy word wrap: words move whole, spaces at a wrap hang")
    func wordWrap() throws {
        // "aaaa bb" is 7 characters = 56 px; at 48 px "bb" moves down.
        let m = try measurer.measure("aaaa bb cc", font: font, maxWidth: 48)
        #expect(m.lineCount == 2)  // "aaaa " / "bb cc"
        #expect(m.width == 40)
        #expect(m.height == 40)
        #expect(m.lastBaseline == 36)
    }

    @Test("a word wider than the line breaks between characters")
    func longWord() throws {
        let m = try measurer.measure("abcdefghij xy", font: font, maxWidth: 32)
        // 4 characters per line: "abcd" / "efgh" / "ij " / "xy" ("ij xy" would be 5).
        #expect(m.lineCount == 4)
        #expect(m.width == 32)
    }

    @Test("character wrap breaks anywhere")
    func characterWrap() throws {
        let style = TextStyle(lineBreakMode: .characterWrap)
        let m = try measurer.measure("aaa bbb", font: font, style: style, maxWidth: 40)
        #expect(m.lineCount == 2)  // "aaa b" / "bb"
        #expect(m.width == 40)
        let words = try measurer.measure("aaa bbb", font: font, maxWidth: 40)
        #expect(words.width == 24)  // word wrap keeps "bbb" whole
    }

    @Test("height is lines times line height plus spacing between lines")
    func lineSpacing() throws {
        for lines in 1...6 {
            let text = Array(repeating: "word", count: lines).joined(separator: "\n")
            let m = try measurer.measure(text, font: font, style: TextStyle(lineSpacing: 3))
            #expect(m.lineCount == lines)
            #expect(m.height == Double(lines) * 20 + Double(lines - 1) * 3)
            #expect(m.lastBaseline == Double(lines - 1) * 23 + 16)
        }
    }

    @Test("newlines start paragraphs; a trailing newline adds an empty line")
    func paragraphs() throws {
        #expect(try measurer.measure("a\nbb", font: font).lineCount == 2)
        #expect(try measurer.measure("a\n", font: font).lineCount == 2)
        #expect(try measurer.measure("a\r\nb", font: font).lineCount == 2)
        #expect(try measurer.measure("\n", font: font).width == 0)
    }

    @Test("whitespace at a paragraph end does not count")
    func trailingWhitespace() throws {
        #expect(try measurer.measure("ab   ", font: font, maxWidth: 24).lineCount == 1)
        #expect(try measurer.measure("ab   ", font: font).width == 16)
        #expect(try measurer.measure("   ", font: font) == TextMeasurement(width: 0, height: 20, lineCount: 1, firstBaseline: 16, lastBaseline: 16))
    }

    @Test("lines caps the height; word wrap clips")
    func linesCap() throws {
        let text = "one two three four five six seven"
        let full = try measurer.measure(text, font: font, maxWidth: 80)
        #expect(full.lineCount == 4)
        let capped = try measurer.measure(text, font: font, style: TextStyle(lines: 2), maxWidth: 80)
        #expect(capped.lineCount == 2)
        #expect(capped.height == 40)
        let generous = try measurer.measure(text, font: font, style: TextStyle(lines: 9), maxWidth: 80)
        #expect(generous == full)
    }

    @Test("truncate tail ends the last line in an ellipsis that fits")
    func truncation() throws {
        let style = TextStyle(lines: 1, lineBreakMode: .truncateTail)
        // 10 characters fit in 80 px: "abcdefghi" + "…"
        let m = try measurer.measure("abcdefghijklmno", font: font, style: style, maxWidth: 80)
        #expect(m.lineCount == 1)
        #expect(m.width == 80)
        // 7 characters per line: "ab" / "three" / "four". With two lines the second
        // shows the rest, "three four", cut to 6 characters plus the ellipsis:
        // "three " loses its trailing space, giving "three…", 6 characters = 48 px.
        let two = try measurer.measure("ab three four", font: font, style: TextStyle(lines: 2, lineBreakMode: .truncateTail), maxWidth: 56)
        #expect(two.lineCount == 2)
        #expect(two.height == 40)
        #expect(two.width == 48)
        // Without a width limit, the last line is its own text plus the ellipsis.
        let unbounded = try measurer.measure("ab\ncd\nef", font: font, style: TextStyle(lines: 2, lineBreakMode: .truncateTail))
        #expect(unbounded.width == 24)
        // Unlimited lines: truncation is word wrap.
        let unlimited = try measurer.measure("one two three four", font: font, style: TextStyle(lineBreakMode: .truncateTail), maxWidth: 56)
        #expect(unlimited == (try measurer.measure("one two three four", font: font, maxWidth: 56)))
    }

    @Test("characters are grapheme clusters: combining marks, emoji sequences, CJK")
    func clusters() throws {
        #expect(try measurer.measure("e\u{301}", font: font).width == 8)
        #expect(try measurer.measure("👨‍👩‍👧", font: font).width == 8)
        // Eight ideographs, four per line.
        let cjk = try measurer.measure("漢字漢字漢字漢字", font: font, maxWidth: 32)
        #expect(cjk.lineCount == 2)
        #expect(cjk.width == 32)
    }

    @Test("rounds up to the display scale")
    func rounding() throws {
        let font = Font(size: 15)  // 7.5 px per character, 18.75 px lines, baseline 15
        let text = "abc"  // 22.5 px
        #expect(try FixedAdvanceMeasurer(scale: .x1).measure(text, font: font) == TextMeasurement(width: 23, height: 19, lineCount: 1, firstBaseline: 15, lastBaseline: 15))
        #expect(try FixedAdvanceMeasurer(scale: .x2).measure(text, font: font) == TextMeasurement(width: 22.5, height: 19, lineCount: 1, firstBaseline: 15, lastBaseline: 15))
        #expect(try FixedAdvanceMeasurer(scale: .x3).measure(text, font: font) == TextMeasurement(width: 22.666666666666668, height: 19, lineCount: 1, firstBaseline: 15, lastBaseline: 15))
    }

    @Test("invalid requests throw")
    func errors() {
        #expect(throws: TextMeasurementError.self) { try measurer.measure("a", font: Font(size: 0)) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("a", font: Font(size: .nan)) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("a", font: Font(family: " ", size: 12)) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("a", font: font, maxWidth: -1) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("a", font: font, style: TextStyle(lineSpacing: -2)) }
        do {
            _ = try measurer.measure("a", font: font, maxWidth: .nan)
            Issue.record("NaN width was accepted")
        } catch {
            #expect(error.kind == .invalidWidth)
        }
    }

    @Test("narrower never gives fewer lines", arguments: [TextStyle(), TextStyle(lineBreakMode: .characterWrap)])
    func monotonic(style: TextStyle) throws {
        let text = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs."
        var previous = Int.max
        for width in stride(from: 1.0, through: 800, by: 3.5) {
            let lines = try measurer.measure(text, font: font, style: style, maxWidth: width).lineCount
            #expect(lines <= previous, "width \(width)")
            previous = lines
        }
        #expect(previous == 1)
    }
}
