import Testing
@testable import TextMetrics
@testable import PangoText

/// The Pango measurer's single-line fast path (``PangoWords``) against Pango's
/// own layout of the whole text: wherever the fast path answers, its line — width,
/// top, bottom, baseline — equals Pango's in Pango units, and Pango lays the
/// text out on one line too. The texts are rich in kerning pairs (AV, To, Yo, W.,
/// L', "T,"), digits and punctuation, at several fonts, sizes and widths.
@Suite("Pango words: lines from word widths equal Pango's layout")
struct PangoWordTests {
    static let vocabulary = [
        "AV", "AVA", "To", "Yo", "Ty", "W.", "L'", "T,", "Ta", "We", "Vo", "LT", "P.", "F,", "y.", "r,", "fi", "ff",
        "the", "of", "and", "Typography", "WAVE", "Yellow", "LAVA", "Toyota", "Wolf", "(quoted)", "\"AT\"", "a-b",
        "12:30", "1,234.5", "$9.99", "100%", "e-mail", "#hashtag", "@user", "x/y", "[L]", "{T}", "<V>", "Å", "?!",
    ].filter { $0.allSatisfy(\.isASCII) }

    /// Words whose only break opportunities are the spaces around them.
    static let plain = vocabulary.filter { PangoWords.hasUnbreakableWords($0) && !".,;:!?".contains($0.first ?? " ") }
        + ["Wave.", "Yo,", "AVA's", "L'Toy", "1,234.5", "12:30", "Ty!", "Wo?", "e.g.", "a;b", "Why?!"]

    static let fonts = [
        Font(size: 15), Font(family: "DejaVu Sans", size: 15, weight: .bold), Font(family: "DejaVu Serif", size: 13),
        Font(family: "DejaVu Serif", size: 17), Font(family: "DejaVu Sans Mono", size: 14), Font(size: 11.5),
    ]

    @Test("wherever the fast path answers, its lines are Pango's, to the Pango unit")
    func agreesWithPango() throws {
        let state = try PangoThreadState.current()
        var draws = Draws(seed: 0x30AD)
        func next(_ bound: Int) -> Int { draws.next(bound) }
        var answered = 0, compared = 0, wrapped = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)  // loads the font on this thread
            for _ in 0..<400 {
                // Every other text of plain words only (letters, digits, . , ' and the like
                // inside words), which the fast path also wraps.
                let words = next(2) == 0 ? Self.plain : Self.vocabulary
                let text = (0..<(1 + next(16))).map { _ in words[next(words.count)] }.joined(separator: " ")
                for maxWidth in [Double.infinity, 60, 150, 320] {
                    let spacing = Double(next(3))
                    let whole = try state.lineBoxes(text, font: font, style: TextStyle(lines: 0, lineSpacing: spacing), maxWidth: maxWidth)
                    compared += 1
                    guard let fast = state.fastLines(text, font: font, style: TextStyle(lines: 0, lineSpacing: spacing), maxWidth: maxWidth)
                    else { continue }
                    answered += 1
                    if fast.count > 1 { wrapped += 1 }
                    #expect(whole == fast, "\(font) '\(text)' at \(maxWidth): \(whole) vs \(fast)")
                }
            }
        }
        // Short texts fit: most of them are answered fast.
        #expect(compared == 6 * 400 * 4)
        #expect(answered > compared / 2, "\(answered) of \(compared) answered")
        #expect(wrapped > answered / 5, "\(wrapped) of \(answered) answered on several lines")
    }

    @Test("words wider than the line break between characters where Pango breaks them")
    func overlongWords() throws {
        let state = try PangoThreadState.current()
        var draws = Draws(seed: 0x10A6)
        func next(_ bound: Int) -> Int { draws.next(bound) }
        let letters = ["AV", "To", "Yo", "Wa", "LT", "ff", "fi", "the", "of", "Typography", "WAVE", "lava", "12", "3.5", "L'", "coffee"]
        var answered = 0, compared = 0, broken = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for _ in 0..<150 {
                let long = (0..<(3 + next(30))).map { _ in letters[next(letters.count)] }.joined()
                var words = (0..<next(4)).map { _ in Self.plain[next(Self.plain.count)] }
                words.insert(long, at: next(words.count + 1))
                if next(3) == 0 { words.append(long) }
                let text = words.joined(separator: " ")
                let style = TextStyle(lines: 0, lineSpacing: Double(next(3)))
                var widths: [Double] = [Double(20 + next(300)), Double(40 + next(120))]
                // Widths exactly at a line's width, and a Pango unit either side.
                if let whole = try state.lineBoxes(text, font: font, style: style, maxWidth: widths[0]).first {
                    widths += [whole.width, whole.width - 1 / pangoScale, whole.width + 1 / pangoScale]
                }
                for maxWidth in widths {
                    let whole = try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    compared += 1
                    guard let fast = state.fastLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    if fast.count > words.count { broken += 1 }
                    #expect(whole == fast, "\(font) '\(text)' at \(maxWidth): \(whole) vs \(fast)")
                }
            }
        }
        #expect(answered > compared * 3 / 4, "\(answered) of \(compared) answered")
        #expect(broken > answered / 3, "\(broken) of \(answered) broken inside a word")
    }

    @Test("a word shaped alone has the width of its own layout, in every font")
    func shapedWords() throws {
        let state = try PangoThreadState.current()
        let words = Self.vocabulary + Self.plain + ["Incomprehensibilities", "coffee", "afflict", "12:30", "1,234.5", "$9.99", "..."]
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            _ = state.fastLines("warm up", font: font, style: .default, maxWidth: .infinity)  // checks the font
            let layout = try state.use(font)
            let shaper = try #require(WordShaper(layout: layout), "\(font)")
            for word in words {
                let laidOut = try #require(PangoWords.layOut(word, layout)).width
                #expect(shaper.shapedWidth(word, latin: WordShaper.isLatin(word)) == laidOut, "\(font) '\(word)'")
            }
            // Every font of the suite keeps its shaper on through the comparisons it makes itself.
            for word in words { _ = shaper.width(of: word, latin: WordShaper.isLatin(word), layout: layout, reference: try #require(state.wordsReference(font))) }
            #expect(!shaper.isOff, "\(font)")
        }
    }

    @Test("random words of letters, digits, punctuation and ligatures, at widths from 1 px: the fast path's lines are Pango's")
    func randomWords() throws {
        let state = try PangoThreadState.current()
        let fonts = Self.fonts + [Font(size: 31)]
        var draws = Draws(seed: 0xF00D)
        func next(_ bound: Int) -> Int { draws.next(bound) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'")
        let fast = PangoTextMeasurer(cache: nil), full = PangoTextMeasurer(cache: nil, reusesWords: false)
        var answered = 0, compared = 0
        for _ in 0..<3_000 {
            let font = fonts[next(fonts.count)]
            let words = (0..<(1 + next(12))).map { _ in
                String((0..<(next(5) == 0 ? 10 + next(70) : 1 + next(9))).map { _ in alphabet[next(alphabet.count)] })
            }
            let text = words.joined(separator: " ")
            let style = [TextStyle(lines: 0), TextStyle(lines: 0, lineSpacing: 1.5), TextStyle(lines: 3, lineBreakMode: .truncateTail)][next(3)]
            for maxWidth in [Double(1 + next(400)), Double(next(60)) + 0.5, .infinity] {
                compared += 1
                let expected = Result { () throws(TextMeasurementError) in try full.lineBoxes(text, font: font, style: style, maxWidth: maxWidth) }
                if state.knows(font), state.fastLines(text, font: font, style: style, maxWidth: maxWidth) != nil { answered += 1 }
                let actual = Result { () throws(TextMeasurementError) in try fast.lineBoxes(text, font: font, style: style, maxWidth: maxWidth) }
                #expect(actual == expected, "\(font) \(style) at \(maxWidth): '\(text)'")
            }
        }
        #expect(answered > compared / 3, "\(answered) of \(compared) answered fast")
    }

    @Test("break opportunities inside words: only spaces are taken as breaks")
    func breakOpportunities() {
        #expect(PangoWords.hasUnbreakableWords("Wave. Yo, AVA's 1,234.5 e.g. Why?! 1..5 x3.5"))
        // A letter after ! or ? is a break opportunity; a word starting with . , ; : ! ? glues to the last.
        for text in ["bbb!ccc", "why?not", "y.3", "a..5", "e.g.5", "a -b", "word .", "x/y", "a-b", "(a)", "\"q\""] {
            #expect(!PangoWords.hasUnbreakableWords(text), "\(text)")
        }
    }

    @Test("texts the fast path leaves to Pango")
    func declines() throws {
        let state = try PangoThreadState.current()
        let font = Font(size: 15)
        _ = try PangoTextMeasurer().measure("warm up", font: font)
        for text in ["two  spaces", " leading", "trailing ", "tab\there", "new\nline", "café", "emoji 👍", ""] {
            #expect(state.wordLines(text, font: font, style: .default, maxWidth: .infinity) == nil, "\(text.debugDescription)")
        }
        // Character wrap, and a word with break opportunities of its own, on several lines.
        #expect(state.wordLines("Incomprehensibilities", font: font, style: TextStyle(lineBreakMode: .characterWrap), maxWidth: 50) == nil)
        #expect(state.wordLines("cross-reference cross-reference", font: font, style: .default, maxWidth: 120) == nil)
    }

    @Test("a word wider than the line, and a line exactly as wide as the layout, are answered as Pango answers")
    func edges() throws {
        let state = try PangoThreadState.current()
        let font = Font(size: 15)
        _ = try PangoTextMeasurer().measure("warm up", font: font)
        let width = try #require(state.fastLines("Width of it", font: font, style: .default, maxWidth: .infinity)?.first).width
        for (text, maxWidth) in [
            ("Incomprehensibilities", 50.0), ("Incomprehensibilities", 100), ("Width of it", width), ("Width of it", width - 1 / pangoScale),
            ("Width of it", width + 1 / pangoScale),
        ] {
            let fast = try #require(state.fastLines(text, font: font, style: .default, maxWidth: maxWidth), "\(text) at \(maxWidth)")
            #expect(fast == (try state.lineBoxes(text, font: font, style: .default, maxWidth: maxWidth)), "\(text) at \(maxWidth)")
        }
        #expect(state.fastLines("Width of it", font: font, style: .default, maxWidth: width)?.count == 1)
        #expect(state.fastLines("Width of it", font: font, style: .default, maxWidth: width - 1 / pangoScale)?.count == 2)
    }

    @Test("texts the full layout lays out in windows, and texts without a letter, are measured as Pango measures them")
    func windowsAndNumbers() throws {
        let fast = PangoTextMeasurer(cache: nil), full = PangoTextMeasurer(cache: nil, reusesWords: false)
        // At 10,000 px an "m" is ten million Pango units: 431 of them pass Int32 (the full
        // layout takes them in windows, a line each).
        let huge = Font(size: 10_000)
        let ms = String(repeating: "m", count: 431)
        let expected = try full.lineBoxes(ms, font: huge, style: .default, maxWidth: 5_000)
        #expect(expected.count == 431)
        #expect(try fast.lineBoxes(ms, font: huge, style: .default, maxWidth: 5_000) == expected)
        // The fast path itself declines it rather than sum past Int32.
        let state = try PangoThreadState.current()
        #expect(state.fastLines(ms, font: huge, style: .default, maxWidth: 5_000) == nil)
        // A word of more than 1,024 bytes is laid out in windows too.
        let long = "a " + String(repeating: "bc", count: 700)
        #expect(try fast.lineBoxes(long, font: Font(size: 15), style: .default, maxWidth: 200) == full.lineBoxes(long, font: Font(size: 15), style: .default, maxWidth: 200))
        // Digits and punctuation alone are one Common run: shaped, wrapped and broken as such.
        for text in ["12:30 1,234.5 99 100 2026", "1234567890123456789012345678901234567890 42", "3.14 2.71 1.41 1.73 ... 0.57"] {
            for maxWidth in [30.0, 61, 120, .infinity] {
                #expect(
                    try fast.lineBoxes(text, font: Font(size: 15), style: .default, maxWidth: maxWidth)
                        == full.lineBoxes(text, font: Font(size: 15), style: .default, maxWidth: maxWidth), "\(text) at \(maxWidth)")
            }
        }
    }

    @Test("the measurer gives the same measurements with and without the fast path")
    func measurersAgree() throws {
        let fast = PangoTextMeasurer(scale: .x3, cache: nil), layout = PangoTextMeasurer(scale: .x3, cache: nil, reusesWords: false)
        for font in Self.fonts {
            for (i, word) in Self.vocabulary.enumerated() {
                let other = Self.vocabulary[(i * 7) % Self.vocabulary.count], plain = Self.plain[i % Self.plain.count]
                let text = i % 2 == 0 ? [word, other, "and", word].joined(separator: " ") : [plain, "and the", plain, "Toyota"].joined(separator: " ")
                for style in [
                    TextStyle(lines: 1, lineBreakMode: .truncateTail), TextStyle(lines: 0), TextStyle(lines: 2, lineSpacing: 3),
                    TextStyle(lines: 0, lineBreakMode: .characterWrap), TextStyle(lines: 3, lineBreakMode: .truncateTail),
                ] {
                    for maxWidth in [Double.infinity, 40, 240] {
                        #expect(
                            try fast.measure(text, font: font, style: style, maxWidth: maxWidth)
                                == layout.measure(text, font: font, style: style, maxWidth: maxWidth),
                            "\(font) '\(text)' \(style) at \(maxWidth)")
                    }
                }
            }
        }
    }
}

/// The suite's reproducible draws: a 64-bit linear congruential generator (Knuth's
/// MMIX constants), its high bits reduced to `0..<bound`.
struct Draws {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
