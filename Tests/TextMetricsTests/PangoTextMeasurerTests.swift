import Testing
import TextMetrics
import PangoText

/// Known answers come from DejaVu Sans's own tables (read with fontTools from
/// /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf, version 2.37): 2048 units per em,
/// hhea ascent 1901 and descent 483, advance of "x" 1212 and of "i" 569. At 16 px one
/// unit is 1/128 px, so:
/// - "x" advances 1212 / 128 = 9.46875 px, "i" 569 / 128 = 4.4453125 px;
/// - a line is (1901 + 483) / 128 = 18.625 px tall, its baseline 1901 / 128 = 14.8515625 px down.
/// Fonts are unhinted and positions unrounded, so these are exact before rounding.
@Suite("PangoTextMeasurer")
struct PangoTextMeasurerTests {
    let measurer = PangoTextMeasurer(cache: nil)
    let font = Font(family: "DejaVu Sans", size: 16)
    static let xAdvance = 9.46875
    static let lineHeight = 18.625
    static let ascent = 14.8515625

    @Test("known sizes from DejaVu Sans metrics")
    func knownSizes() throws {
        #expect(try measurer.measure("x", font: font) == TextMeasurement(width: 10, height: 19, lineCount: 1, firstBaseline: 15, lastBaseline: 15))
        // 8 × 9.46875 = 75.75
        #expect(try measurer.measure("xxxxxxxx", font: font).width == 76)
        // 8 × 4.4453125 = 35.5625
        #expect(try measurer.measure("iiiiiiii", font: font).width == 36)
        // The same at 2x keeps the half pixel: 75.75 -> 76, 35.5625 -> 36 (71.125 -> 72 / 2).
        let x2 = PangoTextMeasurer(scale: .x2, cache: nil)
        #expect(try x2.measure("xxxxxxxx", font: font).width == 76)
        #expect(try x2.measure("iiiiiiii", font: font).width == 36)
        #expect(try x2.measure("x", font: font).width == 9.5)
    }

    @Test("rounds up to the pixel grid at 1x, 2x and 3x")
    func rounding() throws {
        let expected: [(DisplayScale, Double, Double, Double)] = [
            // scale, width of "x" (9.46875), height (18.625), baseline (14.8515625)
            (.x1, 10, 19, 15),
            (.x2, 9.5, 19, 15),
            (.x3, 29.0 / 3, 56.0 / 3, 45.0 / 3),
        ]
        for (scale, width, height, baseline) in expected {
            let m = try PangoTextMeasurer(scale: scale, cache: nil).measure("x", font: font)
            #expect(m.width == width, "\(scale)")
            #expect(m.height == height, "\(scale)")
            #expect(m.firstBaseline == baseline, "\(scale)")
        }
    }

    @Test("the empty string measures zero")
    func empty() throws {
        #expect(try measurer.measure("", font: font) == .zero)
        #expect(try measurer.measure("", font: font, style: TextStyle(lines: 2, lineBreakMode: .truncateTail), maxWidth: 10) == .zero)
    }

    @Test("height = lines × line height + spacing between lines", arguments: [0.0, 2.5, 6])
    func heightFromLines(spacing: Double) throws {
        let scale = DisplayScale.x3
        let measurer = PangoTextMeasurer(scale: scale, cache: nil)
        for lines in 1...5 {
            let text = Array(repeating: "xx", count: lines).joined(separator: "\n")
            let m = try measurer.measure(text, font: font, style: TextStyle(lineSpacing: spacing))
            #expect(m.lineCount == lines)
            let exact = Double(lines) * Self.lineHeight + Double(lines - 1) * spacing
            #expect(m.height == scale.roundUp(exact))
            #expect(m.lastBaseline == scale.roundUp(exact - Self.lineHeight + Self.ascent))
        }
    }

    @Test("word wrap: words move whole; the width is the widest line")
    func wordWrap() throws {
        // "xxxx xxxx" wraps at 40 px: "xxxx" is 37.875 px, the space would make 42.96.
        let m = try measurer.measure("xxxx xxxx", font: font, maxWidth: 40)
        #expect(m.lineCount == 2)
        #expect(m.width == 38)
        #expect(m.height == 38)  // 2 × 18.625 = 37.25
        // With room for both it stays on one line: 2 × 37.875 + 651/128 (space) = 80.836
        #expect(try measurer.measure("xxxx xxxx", font: font, maxWidth: 81).lineCount == 1)
    }

    @Test("a word wider than the line breaks between characters, without a hyphen")
    func longWord() throws {
        // 3 × 9.46875 = 28.41 fits in 30 px; 10 x's make 3 + 3 + 3 + 1.
        let m = try measurer.measure("xxxxxxxxxx", font: font, maxWidth: 30)
        #expect(m.lineCount == 4)
        #expect(m.width == 29)  // 28.40625, no hyphen (which would add 5.77 px)
        // Even narrower than one character: one character per line, never zero.
        #expect(try measurer.measure("xxx", font: font, maxWidth: 1).lineCount == 3)
    }

    @Test("character wrap breaks inside words")
    func characterWrap() throws {
        let style = TextStyle(lineBreakMode: .characterWrap)
        // "xx xxxx": word wrap gives "xx" / "xxxx"; character wrap fills the first line.
        #expect(try measurer.measure("xx xxxx", font: font, maxWidth: 40).width == 38)
        let chars = try measurer.measure("xx xxxx", font: font, style: style, maxWidth: 40)
        #expect(chars.lineCount == 2)
        // "xx x" = 3 × 9.46875 + 651/128 (space) = 33.49; one more x would be 42.96.
        #expect(chars.width == 34)
    }

    @Test("lines caps the height")
    func linesCap() throws {
        let text = "xxxx xxxx xxxx xxxx xxxx"
        let full = try measurer.measure(text, font: font, maxWidth: 40)
        #expect(full.lineCount == 5)
        for limit in 1...4 {
            let capped = try measurer.measure(text, font: font, style: TextStyle(lines: limit), maxWidth: 40)
            #expect(capped.lineCount == limit)
            #expect(capped.height == DisplayScale.x1.roundUp(Double(limit) * Self.lineHeight))
        }
        #expect(try measurer.measure(text, font: font, style: TextStyle(lines: 5), maxWidth: 40) == full)
        #expect(try measurer.measure(text, font: font, style: TextStyle(lines: 50), maxWidth: 40) == full)
    }

    @Test("truncate tail: the last line ends in an ellipsis and fits the width")
    func truncation() throws {
        let style = TextStyle(lines: 1, lineBreakMode: .truncateTail)
        // The ellipsis "…" advances 2048/128 = 16 px. At 45 px: "xx…" is 34.94 px and
        // "xxx…" 44.41 px, so three x's and the ellipsis fit.
        let m = try measurer.measure("xxxxxxxxxx xxxxxx", font: font, style: style, maxWidth: 45)
        #expect(m.lineCount == 1)
        #expect(m.width == 45)  // ceil(44.40625)
        #expect(m.height == 19)
        // Every width: one line, never wider than allowed (above one ellipsis).
        for width in stride(from: 16.0, through: 200, by: 7) {
            let t = try measurer.measure("the quick brown fox jumps over the lazy dog", font: font, style: style, maxWidth: width)
            #expect(t.lineCount == 1)
            #expect(t.width <= width.rounded(.up))
        }
        // Text that fits is not truncated.
        #expect(try measurer.measure("xx", font: font, style: style, maxWidth: 45).width == 19)
        // Truncation only matters when lines cut text off.
        let unlimited = TextStyle(lineBreakMode: .truncateTail)
        #expect(try measurer.measure("xxxx xxxx", font: font, style: unlimited, maxWidth: 40) == (try measurer.measure("xxxx xxxx", font: font, maxWidth: 40)))
    }

    @Test("narrower never gives fewer lines", arguments: LineBreakMode.allCases)
    func monotonic(mode: LineBreakMode) throws {
        var generator = TestText(seed: 7)
        for _ in 0..<6 {
            let text = generator.string(length: 120)
            var previous = 0
            for width in stride(from: 600.0, through: 1, by: -9.5) {
                let lines = try measurer.measure(text, font: font, style: TextStyle(lineBreakMode: mode), maxWidth: width).lineCount
                #expect(lines >= previous, "\(text.debugDescription) at \(width)")
                previous = lines
            }
        }
    }

    @Test("CJK breaks between ideographs, with no spaces needed")
    func cjk() throws {
        let one = try measurer.measure("漢", font: font)
        let eight = try measurer.measure("漢字漢字漢字漢字", font: font)
        #expect(eight.lineCount == 1)
        // Room for a little over four ideographs: two lines of four.
        let unrounded = try PangoTextMeasurer(scale: .x3, cache: nil).measure("漢", font: font).width
        let wrapped = try measurer.measure("漢字漢字漢字漢字", font: font, maxWidth: unrounded * 4 + 1)
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.width <= unrounded * 4 + 1)
        #expect(one.width > 0)
    }

    @Test("emoji sequences and combining marks are never split")
    func clusters() throws {
        // A family emoji is five code points in one grapheme cluster.
        let family = try measurer.measure("👨‍👩‍👧", font: font, maxWidth: 1)
        #expect(family.lineCount == 1)
        let chars = try measurer.measure("👨‍👩‍👧", font: font, style: TextStyle(lineBreakMode: .characterWrap), maxWidth: 1)
        #expect(chars.lineCount == 1)
        // A flag is two regional indicators, one cluster.
        #expect(try measurer.measure("🇫🇷", font: font, style: TextStyle(lineBreakMode: .characterWrap), maxWidth: 1).lineCount == 1)
        // e + COMBINING ACUTE measures like the precomposed é and stays one cluster.
        let decomposed = try PangoTextMeasurer(scale: .x3, cache: nil).measure("e\u{301}e\u{301}", font: font)
        let precomposed = try PangoTextMeasurer(scale: .x3, cache: nil).measure("éé", font: font)
        #expect(decomposed == precomposed)
        #expect(try measurer.measure("e\u{301}e\u{301}", font: font, style: TextStyle(lineBreakMode: .characterWrap), maxWidth: 1).lineCount == 2)
    }

    @Test("bold is wider than regular; italic is a different face")
    func weightAndStyle() throws {
        let text = "Measured with DejaVu"
        let regular = try measurer.measure(text, font: font)
        let bold = try measurer.measure(text, font: Font(size: 16, weight: .bold))
        #expect(bold.width > regular.width)
        #expect(bold.height == regular.height)
    }

    @Test("an unknown family is an error, not a silent substitute")
    func unknownFamily() throws {
        do {
            _ = try measurer.measure("x", font: Font(family: "No Such Family CellFit", size: 16))
            Issue.record("unknown family was accepted")
        } catch {
            #expect(error.kind == .unknownFontFamily)
            #expect(error.message.contains("No Such Family CellFit"))
        }
        // A fallback list is checked entry by entry.
        #expect(throws: TextMeasurementError.unknownFontFamily("Missing Face")) {
            try measurer.measure("x", font: Font(family: "DejaVu Sans, Missing Face", size: 16))
        }
        // Case and spacing follow fontconfig; generic aliases resolve through its rules.
        #expect(try measurer.measure("x", font: Font(family: "dejavu sans", size: 16)).width == 10)
        #expect(try measurer.measure("x", font: Font(family: "sans-serif", size: 16)).lineCount == 1)
        #expect(try measurer.measure("x", font: Font(family: "DejaVu Sans Mono", size: 16)).lineCount == 1)
    }

    @Test("invalid arguments throw")
    func invalidArguments() {
        #expect(throws: TextMeasurementError.self) { try measurer.measure("x", font: Font(size: -1)) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("x", font: font, maxWidth: -5) }
        #expect(throws: TextMeasurementError.self) { try measurer.measure("x", font: font, style: TextStyle(lineSpacing: .infinity)) }
    }

    @Test("the cache returns what Pango returns")
    func cacheAgrees() throws {
        let cached = PangoTextMeasurer()
        var generator = TestText(seed: 3)
        for _ in 0..<50 {
            let text = generator.string(length: 60)
            let expected = try measurer.measure(text, font: font, maxWidth: 120)
            #expect(try cached.measure(text, font: font, maxWidth: 120) == expected)
            #expect(try cached.measure(text, font: font, maxWidth: 120) == expected)
        }
        let stats = try #require(cached.cache).statistics
        #expect(stats.hits == 50)
        #expect(stats.misses == 50)
    }
}
