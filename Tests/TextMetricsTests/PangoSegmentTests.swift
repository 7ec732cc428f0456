import CPango
@testable import CellFitSamples
import Testing
@testable import PangoText
@testable import TextMetrics

/// The Pango measurer's fast path for text past ASCII (``PangoSegments``) against
/// Pango's own layout of the whole text: real Chinese, Japanese, Korean and emoji
/// sentences, alone and run together, at every width from 20 to 400 px, in three
/// fonts (whose fallback fonts — WenQuanYi Micro Hei, Noto Color Emoji — draw the
/// CJK and emoji, on a baseline Pango moves them to), with and without line
/// spacing. Wherever the path answers, the lines must be Pango's to the Pango unit;
/// and it must answer most of them, or the path is off without anyone noticing.
@Suite("Pango segments: lines from segment widths equal Pango's layout")
struct PangoSegmentTests {
    static let fonts = [Font(size: 15), Font(family: "DejaVu Serif", size: 13), Font(family: "DejaVu Sans", size: 17, weight: .bold)]

    @Test("CJK, Korean, Hebrew, Arabic and emoji sentences at every width: the path's lines are Pango's", arguments: [
        ("Chinese", TextCorpus.chineseSentences, ""), ("Japanese", TextCorpus.japaneseSentences, ""),
        ("Korean", TextCorpus.koreanSentences, " "), ("emoji", TextCorpus.emojiSentences, " "),
        ("Hebrew", TextCorpus.hebrewSentences, " "), ("Arabic", TextCorpus.arabicSentences, " "),
    ])
    func agreesWithPango(script: String, sentences: [String], separator: String) throws {
        // Arabic in character wrap goes to the full layout (a line may end between two
        // joined letters), a third of its requests.
        let share = script == "Arabic" ? (1, 2) : (3, 5)
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var texts = sentences
        for i in sentences.indices { texts.append(sentences[i] + separator + sentences[(i * 7 + 3) % sentences.count]) }
        var answered = 0, compared = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)  // loads the font on this thread
            for (k, text) in texts.enumerated() {
                let style =
                    k % 3 == 0
                    ? TextStyle(lines: 0, lineSpacing: 2.5) : k % 3 == 1 ? TextStyle(lines: 0, lineBreakMode: .characterWrap) : TextStyle(lines: 0)
                for maxWidth in stride(from: 20.0, through: 400, by: 7) + [Double.infinity] {
                    compared += 1
                    guard let fast = state.fastLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    let expected = try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    #expect(fast == expected, "\(script) \(font) \(style) at \(maxWidth): \(text.debugDescription)")
                }
            }
        }
        // The widths below a segment's own width go to the full layout; most do not.
        #expect(answered > compared * share.0 / share.1, "\(script): \(answered) of \(compared) answered by the fast path")
    }

    /// Pieces that meet each other at random: kerning pairs of Latin letters (AV, To),
    /// ligatures (fi), digits and punctuation beside ideographs, kana, Hangul,
    /// fullwidth forms, emoji sequences and accented letters, with single spaces.
    static let pieces = [
        "AV", "To", "Yo", "W.", "fi", "ff", "1,234", "12:30", "e.g.", "(a)", "x/y", "—", "漢", "字", "中文", "。", "、", "「", "」",
        "（", "）", "ひら", "がな", "カタ", "カナ", "ー", "っ", "한국", "어", "ＡＢ", "１２", "！", "？", "👍", "👍🏽", "👨‍👩‍👧",
        "🇯🇵", "☕", "café", "naïve", "Ångström", "ελλ", " ",
    ]

    /// Right-to-left pieces (Arabic joined, with marks, lam-alef, the tatweel, Arabic
    /// digits and punctuation; Hebrew with points) among Latin, digits, brackets that
    /// mirror, emoji and single spaces.
    static let rightToLeftPieces = [
        "مرحبا", "كتاب", "مَرْحَبًا", "لا", "ﻻ", "ـ", "،", "؟", "١٢٣", "الله", "שלום", "עברית", "בְּרֵאשִׁית", "״", "AV", "To",
        "fi", "1,234", "(a)", "[", "]", "«", "»", "—", "👍", "☕", "café", " ", " ", " ",
    ]

    @Test("random mixes of scripts, fonts and kerning pairs: wherever the path answers, its lines are Pango's")
    func randomMixes() throws {
        #expect(try Self.mixes(of: Self.pieces, seed: 0x5E6_3E47) > 1_000)
    }

    @Test("random mixes of right-to-left and left-to-right pieces in three fonts: wherever the path answers, its lines are Pango's")
    func rightToLeftMixes() throws {
        #expect(try Self.mixes(of: Self.rightToLeftPieces, seed: 0xA7AB_1C) > 1_000)
    }

    /// Texts of `pieces` met at random, each measured at three widths by the path and
    /// by the full layout, which must agree wherever the path answers: how many it answered.
    static func mixes(of pieces: [String], seed: UInt64) throws -> Int {
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var random = SplitMix64(seed: seed)
        var answered = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for _ in 0..<300 {
                var text = ""
                for _ in 0..<random.next(in: 1...24) {
                    let piece = random.element(of: pieces)
                    if piece == " " && (text.isEmpty || text.hasSuffix(" ")) { continue }
                    text += piece
                }
                while text.hasSuffix(" ") { text.removeLast() }
                guard !text.isEmpty else { continue }
                let style = random.chance(1, in: 3) ? TextStyle(lineBreakMode: .characterWrap) : TextStyle.default
                for maxWidth in [Double.infinity, Double(random.next(in: 30...400)), Double(random.next(in: 60...200)) + 0.5] {
                    guard let fast = state.segmentLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    let expected = try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    #expect(fast == expected, "\(font) at \(maxWidth): \(text.debugDescription)")
                }
            }
        }
        return answered
    }

    /// Each text in its style at each width, in the three fonts: the fast paths' lines,
    /// wherever they answer, against Pango's layout of the whole text; how many answered.
    static func agreement(_ cases: [(text: String, style: TextStyle)], widths: [Double]) throws -> Int {
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var answered = 0
        for font in fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for (text, style) in cases {
                for maxWidth in widths {
                    guard let fast = state.fastLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    let expected = try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    #expect(fast == expected, "\(font) \(style) at \(maxWidth): \(text.debugDescription)")
                }
            }
        }
        return answered
    }

    /// Character wrap without and with line spacing.
    static let characterWraps = [TextStyle(lineBreakMode: .characterWrap), TextStyle(lines: 0, lineBreakMode: .characterWrap, lineSpacing: 1)]

    /// ``agreement(_:widths:)`` of `texts`, each in the next of `styles` in turn.
    static func agreement(_ texts: [String], stylesInTurn styles: [TextStyle], widths: [Double]) throws -> Int {
        try agreement(texts.enumerated().map { k, text in (text, styles[k % styles.count]) }, widths: widths)
    }

    /// `count` texts of `words` joined by `separators`, at random from `seed`.
    static func joined(_ count: Int, of words: [String], by separators: [String], seed: UInt64, pieces: ClosedRange<Int>) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var text = random.element(of: words)
            for _ in 1..<random.next(in: pieces) { text += random.element(of: separators) + random.element(of: words) }
            return text
        }
    }

    @Test("character wrap with spaces, at every width a third of a point apart: a space that ends a line hangs past it")
    func characterWrapWithSpaces() throws {
        // In character wrap a line may end before or after a space: Pango ends it after,
        // and lets that space pass the width uncounted, as in word wrap.
        let texts = Self.joined(24, of: Self.pieces.filter { $0 != " " }, by: [" "], seed: 0xC4A2_5BAC, pieces: 2...6)
        let answered = try Self.agreement(
            texts.map { ($0, TextStyle(lineBreakMode: .characterWrap)) }, widths: Array(stride(from: 8.0, through: 160, by: 1.0 / 3)))
        #expect(answered > 5_000, "\(answered) answered")
    }

    @Test("words wider than the line, broken between characters, at every width half a point apart: Pango's lines")
    func wideSegments() throws {
        let texts = [
            "Ångström A\u{30A}ngstro\u{308}m naïve", "re\u{301}sume\u{301} café Nguyễn Tiếng Việt", "ελληνικά Ἀθῆναι",
            "مَرْحَبًا بالعالم الاجتماع", "בְּרֵאשִׁית עברית", "नमस्ते हिन्दी दुनिया", "👍🏽👍🏽👍🏽 ☕☕☕ ok", "ＡＢＣＤＥＦ１２３４５６",
            "ありがとうございます", "z\u{335}a\u{336}l\u{337}g\u{338}o q\u{323}\u{307}",
        ]
        let styles = [TextStyle.default, TextStyle(lines: 0, lineSpacing: 1.5)]
        let answered = try Self.agreement(
            texts.flatMap { text in styles.map { (text, $0) } }, widths: Array(stride(from: 4.0, through: 90, by: 0.5)))
        #expect(answered > 5_000, "\(answered) answered")
    }

    @Test("runs of spaces, no-break, thin, ideographic and zero-width spaces, leading spaces: at every width, Pango's lines")
    func spaceSeparators() throws {
        // Each space separator is a unit; at a break the last one hangs (Pango's
        // `find_break_extra_width`) and is zeroed on the wrapped line, the others count.
        let words = ["AV", "To", "coffee", "Typography", "café", "漢字", "ひらがな", "한국어", "👍🏽", "1,234", "(a)", "שלום"]
        let separators = [" ", "  ", "   ", "\u{A0}", "\u{2009}", "\u{3000}", " \u{3000}", "\u{2009} ", "\u{202F}", " \u{A0} ", "\u{200B}"]
        let texts = Self.joined(28, of: words, by: separators, seed: 0x5BAC_E5, pieces: 2...8).enumerated().map { k, text in
            // Whitespace that starts the text stays; whitespace that ends it is dropped,
            // as the full layout drops it.
            (k % 3 == 0 ? separators[k % separators.count] : "") + text + (k % 4 == 1 ? separators[k % 5] : "")
        }
        let answered = try Self.agreement(
            texts.enumerated().map { k, text in (text, k % 2 == 0 ? TextStyle.default : TextStyle(lineBreakMode: .characterWrap)) },
            widths: Array(stride(from: 10.0, through: 200, by: 1)) + [.infinity])
        #expect(answered > 2_000, "\(answered) answered")
    }

    @Test("tabs among words, spaces and line feeds: each as wide as to the next default stop from where it lands, at every width")
    func tabs() throws {
        let words = ["AV", "To", "coffee", "Typography", "a", "café", "漢字", "ひらがな", "한국어", "👍🏽", "1,234", "(a)", "x"]
        let separators = ["\t", " \t", "\t\u{A0}", " ", "  ", "\n", "\n\t", "\u{3000}\t"]
        let texts = Self.joined(32, of: words, by: separators, seed: 0x7AB5, pieces: 2...9).enumerated().map { k, text in
            (k % 4 == 0 ? "\t" : "") + text
        }
        let answered = try Self.agreement(
            texts.enumerated().map { k, text in
                (text, k % 3 == 2 ? TextStyle(lineBreakMode: .characterWrap) : TextStyle(lines: 0, lineSpacing: Double(k % 2)))
            },
            widths: Array(stride(from: 10.0, through: 260, by: 1)) + [.infinity])
        #expect(answered > 3_000, "\(answered) answered")
    }

    @Test("kerned letters in character wrap: the kerning counts where both letters stand on one line, at every width")
    func kerningInCharacterWrap() throws {
        // In character wrap every letter is a unit; a kerned pair (DejaVu's AV, To, Ye)
        // is narrower together than apart, and a line that ends between the two is
        // shaped again without it.
        // The zero-width space is skipped by the font's lookups: "L\u{200B}T" kerns.
        let words = [
            "AVATAR", "Typography", "WAVE", "Yellow", "LAVA", "To", "T,", "Ye", "Wo", "Va", "r.", "y.", "Toyota", "café", "漢字",
            "L\u{200B}T", "A\u{200B}V\u{200B}A",
        ]
        let texts = Self.joined(24, of: words, by: [" ", "", "\u{3000}"], seed: 0x4E2_1A6, pieces: 1...5)
        let answered = try Self.agreement(texts, stylesInTurn: Self.characterWraps, widths: Array(stride(from: 6.0, through: 160, by: 0.5)) + [.infinity])
        #expect(answered > 8_000, "\(answered) answered")
    }

    @Test("characters no installed font has, drawn as boxes, among other scripts: at every width, in both wraps, Pango's lines")
    func missingGlyphs() throws {
        // Pango draws a character no font has as a box of its code's hex digits, in the
        // item's font; the box has the font's extents (asked, not assumed: `PangoSegments`).
        // The wave dash, Cherokee, runic, a musical symbol, Vai, Brahmi and Gothic.
        let missing = ["〜", "ᏣᎳᎩ", "ᚠᚢ", "𝄞", "ꕉ", "𑀅", "𐌰𐌱"]
        let words = missing + ["東京", "ひらがな", "한국어", "coffee", "AV", "1,234", "שלום", "مرحبا", "👍🏽", "（括弧）"]
        let texts = Self.joined(30, of: words, by: [" ", "", "〜", "\u{3000}"], seed: 0x301C, pieces: 2...8)
            .filter { text in missing.contains { text.contains($0) } }
        let styles = [TextStyle.default, TextStyle(lineBreakMode: .characterWrap), TextStyle(lines: 0, lineSpacing: 2)]
        let answered = try Self.agreement(texts, stylesInTurn: styles, widths: Array(stride(from: 8.0, through: 240, by: 1)) + [.infinity])
        #expect(answered > 4_000, "\(answered) answered")
    }

    @Test("character wrap of ligatures, conjuncts and joined Arabic: a text that fits whole is one line, at every width")
    func characterWrapOfWholeLines() throws {
        // Character wrap cuts what shapes across characters only where it breaks a line:
        // where the text fits, its one line holds every merged unit whole.
        let words = ["office", "ﬁne", "affluent", "नमस्ते", "हिन्दी", "مرحبا", "بالعالم", "مَرْحَبًا", "z\u{335}a\u{336}l", "Ångström", "漢字"]
        let texts = Self.joined(24, of: words, by: [" ", "  ", "\u{A0}"], seed: 0xC4A2, pieces: 1...4)
        let answered = try Self.agreement(texts, stylesInTurn: Self.characterWraps, widths: Array(stride(from: 10.0, through: 300, by: 1)) + [.infinity])
        #expect(answered > 4_000, "\(answered) answered")
    }

    @Test("character wrap over several lines of ligatures, conjuncts and joined Arabic, merged where they shape together: Pango's lines")
    func characterWrapOfMergedUnits() throws {
        // Characters that shape together are one unit in character wrap; a line holds it
        // whole or the text goes to the full layout (Pango would break between them and
        // shape the pieces otherwise). Where every line holds them whole, the lines are
        // Pango's: the kerning of the unit before a merged one is asked again (DejaVu Sans
        // kerns "A" with "f" but not with the "fi" ligature; an Arabic letter's form, and
        // so its kerning, changes as its word grows). Leaving the old kerning failed this
        // 6,998 times, letting a merged unit be cut by the line 12,299 times.
        let texts = TextCorpus.arabicSentences + Self.joined(
            30, of: ["office", "flow", "affluent", "ﬁne", "Afield", "Aflame", "AFI Afi", "Taffy", "Vffi", "Fflow", "नमस्ते", "हिन्दी", "مرحبا", "بالعالم", "مَرْحَبًا", "AVA", "Wolf", "café", "ok"],
            by: [" ", "  "], seed: 0x3E26, pieces: 3...9)
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var answered = 0, broken = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for (k, text) in texts.enumerated() {
                let style = Self.characterWraps[k % 2]
                for maxWidth in stride(from: 30.0, through: 400, by: 0.5) {
                    guard let fast = state.fastLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    if fast.count > 1 { broken += 1 }
                    #expect(fast == (try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)), "\(font) \(style) at \(maxWidth): \(text)")
                }
            }
        }
        #expect(answered > 5_000 && broken > 1_000, "\(answered) answered, \(broken) on several lines")
    }

    @Test("single lines with their units found without Pango's analysis (truncation's candidates): Pango's line, for every script the path takes")
    func singleLines() throws {
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        // Clusters that a split between characters would cut: a kana and its combining
        // voiced mark, a Hangul syllable and a trailing jamo, an ideograph and its
        // variation selector, emoji sequences; and ligatures, kerned pairs, joined Arabic.
        let words = [
            "か\u{3099}き\u{309A}", "한\u{11A8}국", "葛\u{E0100}城", "東京", "ひらがな", "カタカナ", "한국어", "（括弧）", "１２３",
            "👨\u{200D}👩\u{200D}👧", "1\u{FE0F}\u{20E3}", "👍🏽", "office", "AVATAR", "To", "مرحبا", "بالعالم", "שלום", "नमस्ते",
            "z\u{335}a\u{336}", "〜", "café", "1,234.5",
        ]
        let texts = Self.joined(120, of: words, by: [" ", "", "\u{3000}", "\t", "\u{200B}", "  "], seed: 0x51_6E1E, pieces: 1...8)
        var answered = 0
        for font in Self.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for text in texts + texts.map({ $0 + "…" }) {
                guard let line = state.fastSingleLine(text, font: font) else { continue }
                answered += 1
                let expected = try layout.lineBoxes(text, font: font, style: .default, maxWidth: .infinity)
                #expect([line] == expected, "\(font): \(text.debugDescription)")
            }
        }
        #expect(answered > 400, "\(answered) answered")
    }

    @Test("a mark after a tab, a zero-width space or a space starts no unit: HarfBuzz would draw it on a dotted circle")
    func marksAfterBreaks() throws {
        // Shaped alone, a text that starts with a mark gets a dotted circle (in a font
        // that has one); Pango shapes an item with the paragraph around it, and gets none.
        // A tab ends its unit with no pair shaped across, so a tab, then a mark: the case
        // that found it (205 lines 4 to 9 px too wide in character wrap).
        let texts = [
            "a\t\u{301}b", "a\t\u{20E3}b c", "x \u{301}y", "漢 \u{3099}字", "a\u{3000}\u{301}b", "AV \u{20E3}ok", "a\u{A0}\u{301}b c",
            "x \u{FE0F}y", "葛 \u{E0100}城", "a \u{200D}b", "a\t\u{200D}👍", "a\u{200B}\u{301}b", "a\u{200B}\u{FE0F}b", "ok\t\u{64E}مرحبا",
        ]
        let styles = [TextStyle.default, TextStyle(lineBreakMode: .characterWrap)]
        _ = try Self.agreement(
            texts.flatMap { text in styles.map { (text, $0) } }, widths: Array(stride(from: 5.0, through: 80, by: 1)) + [.infinity])
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        for font in Self.fonts {
            for text in texts {
                guard let line = state.fastSingleLine(text, font: font) else { continue }
                #expect([line] == (try layout.lineBoxes(text, font: font, style: .default, maxWidth: .infinity)), "\(font): \(text.debugDescription)")
            }
        }
    }

    @Test("composed and decomposed spellings one after the other: each its own lines, line starts and truncation")
    func spellings() throws {
        // Equal as Swift strings, not as bytes: the tables that hold segments (with their
        // offsets) and wide words broken by Pango are keyed by bytes. Keyed by `String`,
        // the corpus proof found a truncated line cut at the other spelling's offset.
        let pairs = [
            ("Ångström Ångström naïve Việt", "A\u{30A}ngstro\u{308}m A\u{30A}ngstro\u{308}m nai\u{308}ve Vie\u{323}\u{302}t"),
            ("Incomprehensibilités Ἀθῆναι", "Incomprehensibilite\u{301}s \u{1F08}\u{3B8}\u{3B7}\u{342}\u{3BD}\u{3B1}\u{3B9}"),
            ("한국어 가", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165} \u{1100}\u{1161}"),
        ]
        let fast = PangoTextMeasurer(cache: nil), layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        for font in Self.fonts {
            for style in [TextStyle(lines: 2, lineBreakMode: .truncateTail), TextStyle.default, TextStyle(lineBreakMode: .characterWrap)] {
                for maxWidth in stride(from: 20.0, through: 140, by: 7) {
                    for (composed, decomposed) in pairs {
                        #expect(composed == decomposed)
                        for text in [composed, decomposed, composed] {
                            #expect(
                                try fast.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                                    == layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth),
                                "\(font) \(style) at \(maxWidth): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                        }
                    }
                }
            }
        }
    }

    @Test("a line limit without truncation keeps the fast path's first lines, as the full layout keeps its own")
    func lineLimits() throws {
        let fast = PangoTextMeasurer(cache: nil), layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        let texts = TextCorpus.chineseSentences + TextCorpus.koreanSentences + ["Typography AVA Yo To. W. LAVA Toyota Wolf coffee"]
        for text in texts {
            for lines in 1...3 {
                for mode in [LineBreakMode.wordWrap, .characterWrap, .truncateTail] {
                    let style = TextStyle(lines: lines, lineBreakMode: mode)
                    for maxWidth in [60.0, 95, 150] {
                        let expected = try layout.lineBoxes(text, font: Font(size: 15), style: style, maxWidth: maxWidth)
                        #expect(try fast.lineBoxes(text, font: Font(size: 15), style: style, maxWidth: maxWidth) == expected, "\(style) at \(maxWidth): \(text)")
                    }
                }
            }
        }
    }

    @Test("tables that start over every few texts give the same lines")
    func tablesStartOver() throws {
        let state = try PangoThreadState.current()
        let font = Font(size: 15)
        let layout = try state.use(font)  // the font's objects on this thread
        let context = try #require(pango_layout_get_context(layout))
        let full = PangoTextMeasurer(cache: nil, reusesWords: false)
        let segments = PangoSegments(unitLimit: 30, runLimit: 9)
        let texts = TextCorpus.chineseSentences + TextCorpus.japaneseSentences + TextCorpus.emojiSentences
            + TextCorpus.koreanSentences + ["29365测试ＡＢＣ", "café naïve", "Ångström ελλ"]
        var answered = 0
        for round in 0..<3 {
            for text in texts {
                let maxWidth = [Double.infinity, 90, 200][round]
                guard let lines = segments.lines(text, maxWidth: maxWidth, style: .default, context: context) else { continue }
                answered += 1
                #expect(lines == (try full.lineBoxes(text, font: font, style: .default, maxWidth: maxWidth)), "\(text) at \(maxWidth)")
            }
        }
        #expect(answered > texts.count)
        segments.close()
    }

    @Test("a line of digits and ideographs sits on the baseline Pango moves the ideographs to")
    func fallbackFontBaseline() throws {
        let state = try PangoThreadState.current()
        let layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        let font = Font(size: 15)
        _ = try PangoTextMeasurer().measure("warm up", font: font)
        // The first run (digits, Han script, DejaVu Sans) sets the ideographic baseline;
        // WenQuanYi's is 12 Pango units away from DejaVu's, so its run moves down.
        for text in ["29365测试ひらがなＡＢＣ", "测试29365", "ＡＢＣ测试", "東京2026"] {
            let fast = try #require(state.fastLines(text, font: font, style: .default, maxWidth: .infinity))
            #expect(fast == (try layout.lineBoxes(text, font: font, style: .default, maxWidth: .infinity)), "\(text)")
        }
    }

    @Test("texts the path leaves to the full layout")
    func declines() throws {
        let state = try PangoThreadState.current()
        let font = Font(size: 15)
        _ = try PangoTextMeasurer().measure("warm up", font: font)
        for text in [
            "שלום 你好", "你好\u{2028}世界",
            "ภาษาไทย", "a\u{2060}b", "你好\u{00AD}世界",
        ] {
            #expect(state.fastLines(text, font: font, style: .default, maxWidth: .infinity) == nil, "\(text.debugDescription)")
        }
        // Paragraphs between line feeds are taken one by one; not beside right-to-left
        // text, whose direction a neutral paragraph would take from the one before.
        #expect(state.fastLines("你好\n世界", font: font, style: .default, maxWidth: .infinity)?.count == 2)
        #expect(state.fastLines("你好\r\n世界", font: font, style: .default, maxWidth: .infinity)?.count == 2)
        #expect(state.fastLines("你好\t世界", font: font, style: .default, maxWidth: .infinity)?.count == 1)
        #expect(state.fastLines("שלום\n123", font: font, style: .default, maxWidth: .infinity) == nil)
        // Right to left is taken (lines break in logical order) where its runs share a
        // baseline; beside ideographs (another baseline), which run a reordered line
        // starts with would move the others.
        #expect(state.fastLines("שלום, מה שלומך היום?", font: font, style: .default, maxWidth: .infinity) != nil)
        #expect(state.fastLines("مرحبا، كيف حالك اليوم؟", font: font, style: .default, maxWidth: .infinity) != nil)
        // Arabic on both sides of a unit's end (a break after the Arabic question mark)
        // is left to Pango: the path does not tell joining characters from the others.
        #expect(state.fastLines("مرحبا؟كيف حالك", font: font, style: .default, maxWidth: .infinity) == nil)
        // A segment wider than the line, in one run, is broken between characters by Pango.
        #expect(state.fastLines("ありがとうございます", font: font, style: .default, maxWidth: 10) != nil)
        // Character wrap is taken, with spaces too.
        let wrap = TextStyle(lineBreakMode: .characterWrap)
        #expect(state.fastLines("今天天气很好", font: font, style: wrap, maxWidth: 40) != nil)
        #expect(state.fastLines("今天 天气很好", font: font, style: wrap, maxWidth: 40) != nil)
    }
}

/// The East Asian line break rule (`PangoSegments.eastAsianLineBreaks`) against
/// `pango_get_log_attrs`, Pango's own analysis, which it replaces in word wrap.
@Suite("Pango segments: East Asian line breaks by rule equal Pango's analysis")
struct EastAsianBreakTests {
    /// Where Pango's analysis lets a line end before each character of `text` but the first.
    static func pangoBreaks(_ text: String) -> [Bool] {
        let count = text.unicodeScalars.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        var bytes = Array(text.utf8CString)
        bytes.withUnsafeMutableBufferPointer { buffer in
            pango_get_log_attrs(buffer.baseAddress, Int32(buffer.count - 1), -1, pango_language_get_default(), &attributes, Int32(count + 1))
        }
        return (1..<count).map { attributes[$0].is_line_break != 0 }
    }

    /// The same by the rule, or `nil` where the rule does not take the text.
    static func ruleBreaks(_ text: String) -> [Bool]? {
        let count = text.unicodeScalars.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
        let taken = bytes.withUnsafeBufferPointer { PangoSegments.eastAsianLineBreaks($0, count: count, into: &attributes) }
        return taken ? (1..<count).map { attributes[$0].is_line_break != 0 } : nil
    }

    /// Every character the rule takes, by its Unicode line breaking class (glib's, not
    /// the rule's, so that a class the rule merges into another is sampled on its own).
    static let taken: [UInt32: [Unicode.Scalar]] = {
        var byClass: [UInt32: [Unicode.Scalar]] = [:]
        for range in [0x30...0x39, 0x2020...0x202F, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF00...0xFF9F] as [ClosedRange<UInt32>] {
            for value in range {
                guard let scalar = Unicode.Scalar(value), PangoSegments.eastAsianClass(value) != nil else { continue }
                byClass[g_unichar_break_type(value).rawValue, default: []].append(scalar)
            }
        }
        return byClass
    }()

    @Test("every character the rule takes, between ideographs, digits and brackets: Pango's breaks")
    func everyCharacter() throws {
        // ID, CL, OP, NS, CJ, EX, NU, IN.
        #expect(Self.taken.count == 8)
        var checked = 0
        for (_, scalars) in Self.taken {
            for scalar in scalars {
                for (before, after) in [("一", "一"), ("「", "」"), ("7", "8"), ("。", "ー")] {
                    let text = before + String(Character(scalar)) + after
                    let rule = try #require(Self.ruleBreaks(text), "\(text)")
                    #expect(rule == Self.pangoBreaks(text), "U+\(String(scalar.value, radix: 16, uppercase: true)) in \(text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100_000)
    }

    @Test("every ordered pair of classes, many characters of each: Pango's breaks")
    func everyPair() throws {
        // Characters spread over each class: the first, the last and evenly between.
        let samples = Self.taken.values.map { scalars in
            stride(from: 0, to: scalars.count, by: max(1, scalars.count / 24)).map { scalars[$0] } + [scalars[scalars.count - 1]]
        }.flatMap { $0 }
        for a in samples {
            for b in samples {
                let text = String(Character(a)) + String(Character(b))
                let rule = try #require(Self.ruleBreaks(text), "\(text)")
                #expect(rule == Self.pangoBreaks(text), "\(text) U+\(String(a.value, radix: 16)) U+\(String(b.value, radix: 16))")
                // Character wrap's grapheme boundaries by rule too (`PangoSegments.characterBreaks`).
                let characters = try #require(AlphabeticBreakTests.breaks(text, characters: true), "\(text)")
                #expect(characters.rule == characters.pango, "characters: \(text)")
            }
        }
    }

    @Test("random texts of the rule's characters, and texts it must leave to Pango")
    func randomTexts() throws {
        var random = SplitMix64(seed: 0xEA57)
        let all = Self.taken.values.flatMap { $0 }
        let weighted = Self.taken.values.flatMap { Array($0.prefix(40)) }
        for _ in 0..<3_000 {
            let count = random.next(in: 2...60)
            var text = ""
            for _ in 0..<count {
                text.unicodeScalars.append(random.next(below: 2) == 0 ? random.element(of: all) : random.element(of: weighted))
            }
            let rule = try #require(Self.ruleBreaks(text), "\(text)")
            #expect(rule == Self.pangoBreaks(text), "\(text)")
            let characters = try #require(AlphabeticBreakTests.breaks(text, characters: true), "\(text)")
            #expect(characters.rule == characters.pango, "characters: \(text)")
        }
        for refused in ["一 二", "一a二", "一\u{3000}二", "一(二", "一%二", "一😀二", "한국", "一\u{FF65}二", "一，\u{301D}二"] {
            let breaks = Self.ruleBreaks(refused)
            #expect(breaks == nil || breaks == Self.pangoBreaks(refused), "\(refused)")
        }
        #expect(Self.ruleBreaks("一 二") == nil)
        #expect(Self.ruleBreaks("一a二") == nil)
    }
}

/// The alphabetic line break rule (`PangoSegments.alphabeticLineBreaks`) against
/// `pango_get_log_attrs`, which it replaces in word wrap of letters, digits, marks,
/// spaces and a few punctuation marks.
@Suite("Pango segments: alphabetic line breaks by rule equal Pango's analysis")
struct AlphabeticBreakTests {
    /// Where the rule lets a line end before each character but the first (with
    /// `characters`, character wrap's grapheme boundaries), or `nil` where it does not
    /// take the text; and Pango's answer beside it.
    static func breaks(_ text: String, characters: Bool = false) -> (rule: [Bool], pango: [Bool])? {
        let count = text.unicodeScalars.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
        let taken = bytes.withUnsafeBufferPointer {
            characters
                ? PangoSegments.characterBreaks($0, count: count, into: &attributes)
                : PangoSegments.alphabeticLineBreaks($0, count: count, into: &attributes)
        }
        guard taken else { return nil }
        let rule = (1..<count).map { characters ? attributes[$0].is_char_break != 0 : attributes[$0].is_line_break != 0 }
        var pango = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        var terminated = Array(text.utf8CString)
        terminated.withUnsafeMutableBufferPointer { buffer in
            pango_get_log_attrs(buffer.baseAddress, Int32(buffer.count - 1), -1, pango_language_get_default(), &pango, Int32(count + 1))
        }
        return (rule, (1..<count).map { characters ? pango[$0].is_char_break != 0 : pango[$0].is_line_break != 0 })
    }

    static func ruleBreaks(_ text: String) -> [Bool]? { breaks(text)?.rule }

    /// Every character the rule takes, by its Unicode line breaking class (glib's) and
    /// block, so that each script's letters, marks and digits are sampled on their own.
    static let taken: [String: [Unicode.Scalar]] = {
        var byGroup: [String: [Unicode.Scalar]] = [:]
        for value in UInt32(0x20)...0xD7A3 {
            guard let scalar = Unicode.Scalar(value), PangoSegments.alphabeticClass(value) != nil else { continue }
            byGroup["\(g_unichar_break_type(value).rawValue) \(value >> 8)", default: []].append(scalar)
        }
        return byGroup
    }()

    /// Characters spread over each group: the first, the last and evenly between.
    static func samples(_ perGroup: Int) -> [Unicode.Scalar] {
        taken.values.flatMap { scalars in
            stride(from: 0, to: scalars.count, by: max(1, scalars.count / perGroup)).map { scalars[$0] } + [scalars[scalars.count - 1]]
        }
    }

    @Test("every ordered pair of sampled characters, side by side and across a space or a mark: Pango's breaks")
    func everyPair() throws {
        let samples = Self.samples(4)
        #expect(samples.count > 150)
        var checked = 0
        for a in samples {
            for b in samples {
                for middle in ["", " ", "\u{301}", " \u{301}"] {
                    let text = String(Character(a)) + middle + String(Character(b))
                    for characters in [false, true] {
                        guard let (rule, pango) = Self.breaks(text, characters: characters) else { continue }
                        #expect(rule == pango, "\(characters ? "characters" : "words"): \(text.debugDescription) U+\(String(a.value, radix: 16)) U+\(String(b.value, radix: 16))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100_000, "\(checked) checked")
    }

    @Test("random texts of the rule's characters, real sentences, and texts it must leave to Pango")
    func randomTexts() throws {
        var random = SplitMix64(seed: 0xA1FA)
        let all = Self.samples(40)
        let spaces: [Unicode.Scalar] = [" ", " ", " ", "."]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.next(in: 2...60) {
                text.unicodeScalars.append(random.next(below: 3) == 0 ? random.element(of: spaces) : random.element(of: all))
            }
            for characters in [false, true] {
                guard let (rule, pango) = Self.breaks(text, characters: characters) else { continue }
                #expect(rule == pango, "\(characters ? "characters" : "words"): \(text.debugDescription)")
            }
        }
        let sentences: [String] = TextCorpus.koreanSentences + TextCorpus.arabicSentences + TextCorpus.hebrewSentences + [
            "Ångström, naïve résumé: 3.14 or 1,234.5! Why? ok", "Nguyễn Tiếng Việt 2026", "Ἀθῆναι ελληνικά", "Привет, мир! 42",
            "नमस्ते दुनिया", "בְּרֵאשִׁית ברא", "مرحبا، كيف حالك اليوم؟ ١٢٣ ok",
        ]
        var taken = 0
        for text in sentences {
            for characters in [false, true] {
                guard let (rule, pango) = Self.breaks(text, characters: characters) else { continue }
                taken += 1
                #expect(rule == pango, "\(characters ? "characters" : "words"): \(text)")
            }
        }
        #expect(taken >= sentences.count, "\(taken) of \(2 * sentences.count) sentences and wraps taken")
        for refused in ["a\tb", "a(b)", "a-b", "a/b", "漢字 a", "a 😀", "a\u{A0}b", "don't", "\"a\""] {
            #expect(Self.ruleBreaks(refused) == nil, "\(refused.debugDescription)")
        }
    }
}

/// Texts of several paragraphs: each paragraph's lines from the fast paths, stacked
/// as Pango stacks them, against Pango's layout of the whole text.
@Suite("Pango fast paths: paragraphs stacked as Pango stacks them")
struct PangoParagraphTests {
    static let paragraphs = [
        "Typography AVA Yo To. W. LAVA Toyota Wolf coffee", "fine", "今天天气很好，我们一起去公园散步吧。", "도와주셔서 정말 감사합니다!",
        "Wow! 👍🏽 see you at 12:30 ☕", "café naïve Ångström", "", "Incomprehensibilities", "ありがとう", "fine  ",
        "  indented  twice", "\u{3000}全角\u{3000}", " ",
    ]

    @Test("paragraphs of every script, empty ones among them, in three fonts and four styles, at many widths")
    func paragraphsAgreeWithPango() throws {
        let state = try PangoThreadState.current()
        let fast = PangoTextMeasurer(cache: nil), layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var random = SplitMix64(seed: 0x9A4A)
        var answered = 0, compared = 0
        let styles = [
            TextStyle(lines: 0), TextStyle(lines: 0, lineSpacing: 2.5), TextStyle(lines: 0, lineBreakMode: .characterWrap),
            TextStyle(lines: 2, lineBreakMode: .truncateTail), TextStyle(lines: 3, lineSpacing: 1.5),
        ]
        var texts = ["\n", "\n\n", "a\n", "\nb", "a\n\nb", "今天\n\n\n明天"]
        for _ in 0..<120 {
            let separator = random.element(of: ["\n", "\n", "\r\n", "\r", "\u{2029}"])
            texts.append((0..<random.next(in: 2...5)).map { _ in random.element(of: Self.paragraphs) }.joined(separator: separator))
        }
        for font in PangoSegmentTests.fonts {
            _ = try PangoTextMeasurer().measure("warm up", font: font)
            for (k, text) in texts.enumerated() {
                let style = styles[k % styles.count]
                for maxWidth in [Double.infinity, 45, 120, 260.5] {
                    let expected = try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    // The measurer: its truncation and line limits on the stacked lines.
                    #expect(try fast.lineBoxes(text, font: font, style: style, maxWidth: maxWidth) == expected, "\(font) \(style) at \(maxWidth): \(text.debugDescription)")
                    compared += 1
                    guard style.lines == 0, let lines = state.fastLines(text, font: font, style: style, maxWidth: maxWidth) else { continue }
                    answered += 1
                    #expect(lines == expected, "\(font) \(style) at \(maxWidth): \(text.debugDescription)")
                }
            }
        }
        #expect(answered > compared / 3, "\(answered) of \(compared) answered by the fast paths")
    }
}
