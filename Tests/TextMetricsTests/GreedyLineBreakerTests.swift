import Testing
@testable import TextMetrics

/// The fixed measurer's one-pass path over Unicode scalars against its
/// grapheme-cluster path, which it must agree with line for line: two
/// implementations of one rule, so they are checked on what trips such rules —
/// runs of spaces and tabs, every line break (CR LF as one, NEL, LS, PS),
/// Unicode spaces (no-break, ideographic), words longer than a line, empty
/// paragraphs, control characters that are not whitespace, and scalars of the
/// blocks the fast path takes (Latin, Greek, Cyrillic, punctuation, CJK, kana,
/// Hangul syllables).
@Suite("GreedyLineBreaker: the one-pass path counts what the Character path counts")
struct GreedyLineBreakerTests {
    static let alphabet: [Character] = [
        "a", "b", "W", "1", ".", " ", " ", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}", "\u{7F}",
        "é", "ß", "Ω", "Ж", "—", "“", "…", "漢", "字", "か", "한", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{AD}", "\u{2003}",
    ]

    @Test("random texts at many widths, both wrap modes", arguments: [false, true])
    func agreesWithCharacters(characterWrap: Bool) throws {
        var state: UInt64 = characterWrap ? 0x5EED : 0xFACE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var compared = 0
        for _ in 0..<3000 {
            let length = next(60)
            let text = String((0..<length).map { _ in Self.alphabet[next(Self.alphabet.count)] })
            for maxWidth in [Double.infinity, 0, 1, 3, 7.5, 16, 40] {
                let breaker = GreedyLineBreaker(advance: 1, maxWidth: maxWidth, characterWrap: characterWrap)
                let counts = try #require(breaker.fastVisibleCounts(of: text), "\(text.debugDescription) takes the fast path")
                let expected = breaker.lines(of: text).map(\.visibleCount)
                #expect(counts == expected, "\(text.debugDescription) at \(maxWidth)")
                compared += 1
            }
        }
        #expect(compared == 21_000)
    }

    @Test("the fixed measurer's one-pass measurement equals line boxes from the Character path")
    func measurementsAgree() throws {
        var state: UInt64 = 0xB0A7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let measurer = FixedAdvanceMeasurer(advance: 0.55, lineHeight: 1.3, baseline: 1.05, scale: .x3)
        for _ in 0..<2000 {
            let text = String((0..<next(50)).map { _ in Self.alphabet[next(Self.alphabet.count)] })
            let font = Font(size: Double(11 + next(8)))
            let lines = next(4)
            // (A truncated tail is the Character path's alone: not compared here.)
            let mode: LineBreakMode = [.wordWrap, .characterWrap][next(2)]
            let style = TextStyle(lines: lines, lineBreakMode: mode, lineSpacing: Double(next(3)))
            let maxWidth = [Double.infinity, 0, 20, 57.5, 140][next(5)]
            // The reference: every line's box, as before the one-pass path.
            let charWidth = 0.55 * font.size
            let breaker = GreedyLineBreaker(advance: charWidth, maxWidth: maxWidth, characterWrap: mode == .characterWrap)
            let shown = breaker.lines(of: text).prefix(lines > 0 ? lines : Int.max)
            let boxes = shown.enumerated().map { index, line in
                let top = Double(index) * (1.3 * font.size + style.lineSpacing)
                return LineBox(width: Double(line.visibleCount) * charWidth, top: top, bottom: top + 1.3 * font.size, baseline: top + 1.05 * font.size)
            }
            let expected = TextMeasurement(lines: Array(boxes), scale: .x3)
            let got = try measurer.measure(text, font: font, style: style, maxWidth: maxWidth)
            #expect(got == expected, "\(text.debugDescription), \(style), at \(maxWidth)")
        }
    }

    @Test("a scalar that can join a cluster sends the text to the grapheme-cluster path")
    func joiningScalars() {
        let breaker = GreedyLineBreaker(advance: 1, maxWidth: 10, characterWrap: false)
        for text in ["e\u{301}", "👍", "a\u{200D}b", "‼\u{FE0F}", "\u{1100}\u{1161}", "🇫🇷", "か\u{3099}", "\u{200B}"] {
            #expect(breaker.fastVisibleCounts(of: text) == nil, "\(text.debugDescription)")
        }
        #expect(breaker.fastVisibleCounts(of: "") == [])
        // "naïve café" and "— “quoted”": ten characters each, a line each.
        #expect(breaker.fastVisibleCounts(of: "naïve café — “quoted”") == [10, 10])
    }
}
