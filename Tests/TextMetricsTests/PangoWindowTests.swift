import Testing
@testable import TextMetrics
@testable import PangoText

/// Long texts laid out a window at a time give Pango's own lines: every line's
/// width, top, bottom and baseline equal, in Pango units, to one layout of the
/// whole text. Windows here are forced small (64 bytes) and on for every text,
/// so each text crosses many window cuts. Issue 19: an unbreakable word of
/// 100,000 characters took 14 s, Pango re-shaping the rest of the word at each line.
@Suite("Windowed layout of long texts equals Pango's whole layout")
struct PangoWindowTests {
    static let fonts = [Font(size: 15), Font(family: "DejaVu Sans", size: 15, weight: .bold), Font(family: "DejaVu Serif", size: 13)]

    /// Scripts and shapes a window cut could break: words, one unbreakable word,
    /// CJK, emoji ZWJ sequences and flags, Arabic and Hebrew (joined, right to
    /// left), combining marks, Thai (no spaces), Devanagari (clusters, on its own
    /// baseline), tabs, newlines and blank lines, neutral paragraphs after
    /// right-to-left ones, kerning pairs.
    static let corpus: [String] = {
        func repeated(_ piece: String, _ bytes: Int) -> String {
            var text = ""
            while text.utf8.count < bytes { text += piece }
            return text
        }
        let pieces = [
            "The quick brown fox jumps over the lazy dog. ",
            "AVAVAV To Yo W. L'a ",
            "a",
            "supercalifragilistic",
            "漢字かな交じり文、",
            "👩‍👩‍👧‍👦🇫🇷🇯🇵👍🏽 ",
            "مرحبا بالعالم ",
            "مرحبابالعالم",
            "שלום עולם ",
            "e\u{301}a\u{308}\u{323}o\u{302}",
            "ภาษาไทยไม่มีช่องว่าง",
            "नमस्ते दुनिया ",
            "tab\tstop ",
            "line\n\nbreak ",
            "mixed English עברית and العربية ",
            // Paragraphs without a strong character take the direction of the one before.
            "עולם नमस्ते 123\n456 (7) नमस्ते\n",
        ]
        var texts: [String] = []
        for (i, piece) in pieces.enumerated() {
            texts.append(repeated(piece, 600 + 97 * i))
            texts.append(repeated(piece + pieces[(i + 3) % pieces.count], 900))
        }
        texts.append(String(repeating: "x", count: 2500))
        texts.append(String(repeating: "سلام", count: 300))   // one joined word: laid out whole, as it must be
        texts.append(String(repeating: "ภาษาไทย ", count: 150))
        return texts
    }()

    @Test("every line the same as the whole layout's, for every text, font and width")
    func windowsEqualWhole() throws {
        let state = try PangoThreadState.current()
        let measurer = PangoTextMeasurer(cache: nil)
        var compared = 0, lines = 0
        for font in Self.fonts {
            _ = try measurer.measure("x", font: font, style: TextStyle(lines: 0), maxWidth: 100)   // loads the fontset
            for text in Self.corpus {
                for width in [23.0, 97.5, 300] {
                    let style = TextStyle(lines: 0)
                    let whole = try state.lineBoxes(text, font: font, style: style, maxWidth: width, windowingRun: .max)
                    let windowed = try state.lineBoxes(
                        text, font: font, style: style, maxWidth: width, minimumWindow: 64, windowingRun: 0)
                    if windowed != whole {
                        let line = whole.indices.first { $0 >= windowed.count || windowed[$0] != whole[$0] } ?? whole.count
                        Issue.record("\(font) at \(width): '\(text.prefix(24))…' differs from line \(line) (\(windowed.count) vs \(whole.count) lines)")
                    }
                    compared += 1
                    lines += whole.count
                }
            }
        }
        #expect(compared == Self.fonts.count * Self.corpus.count * 3)
        #expect(lines > 10_000)
    }

    @Test("a word of 100,000 characters measures in windows, its height past Pango's 32-bit range summed exactly")
    func longWord() throws {
        let measurer = PangoTextMeasurer(cache: nil)
        let font = Font(size: 14)
        let word = String(repeating: "a", count: 100_000)
        let m = try measurer.measure(word, font: font, style: TextStyle(lines: 0), maxWidth: 300)
        // Lines of whole characters: as many per line as fit, the same on every full line.
        let perLine = Int((300 / (try measurer.measure("a", font: font, style: TextStyle(lines: 0), maxWidth: .infinity).width)).rounded(.down))
        #expect(m.lineCount >= 100_000 / (perLine + 1) && m.lineCount <= 100_000 / max(1, perLine - 1) + 1, "\(m)")
        // 20,000 characters at 10,000 pt each do not fit one Pango layout; in windows they do.
        let tall = try measurer.measure(String(repeating: "a", count: 300), font: Font(size: 10_000), style: TextStyle(lines: 0), maxWidth: 10_000)
        #expect(tall.height > PangoTextMeasurer.coordinateLimit, "\(tall)")
        #expect(tall.lineCount == 300)
        // Unwrapped, the same text still cannot be measured, and says so.
        #expect(throws: TextMeasurementError.self) {
            _ = try measurer.measure(String(repeating: "a", count: 300), font: Font(size: 10_000), style: TextStyle(lines: 0), maxWidth: .infinity)
        }
    }
}
