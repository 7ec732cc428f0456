import TestSupport
import Testing
import TextMetrics
import PangoText

/// Text, fonts, styles and widths at the edges, through both measurers: every
/// request gives a typed ``TextMeasurementError`` or a measurement whose numbers
/// are finite and not negative — never a crash, a trap, a NaN or a
/// wrapped-around coordinate. Issue 19 found `--line-spacing 2.1e6` trapping in
/// an `Int32` conversion, sizes of 10,000 giving negative heights, and 250,000
/// characters measured as one line.
@Suite("Fuzz: measure edge cases give a measurement or a typed error, never a crash")
struct MeasureFuzzTests {

    /// Pieces texts are made of: words, controls, NUL, tabs and line breaks of every
    /// kind, combining marks alone and stacked, ZWJ and variation selectors, bidi
    /// controls, RTL and joined scripts, Thai, CJK, emoji sequences, private use,
    /// an unassigned scalar and a noncharacter.
    static let pieces = [
        "hello", " ", "  ", "\t", "\n", "\r\n", "\u{2028}", "\u{2029}", "\u{0}", "\u{1B}", "\u{7F}",
        "\u{301}", "\u{301}\u{301}\u{301}\u{301}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{2066}", "\u{200B}", "\u{AD}",
        "مرحبا", "שלום", "ภาษาไทย", "漢字", "👩‍👩‍👧‍👦", "🇫🇷", "👍🏽", "\u{E000}", "\u{0378}", "\u{FFFF}",
        "W", "…", "ﷺ", "𒐫", String(repeating: "x", count: 300),
    ]
    static let sizes: [Double] = [14, 0, -1, .nan, .infinity, 1e-9, 0.5, 300, 10_000, 1e7]
    static let spacings: [Double] = [0, 4, -3, .nan, .infinity, 1e-12, 2.1e6, 1e9]
    static let widths: [Double] = [.infinity, 300, 0, -5, .nan, 1e-6, 3, 2e6, 1e12]
    static let lineLimits = [0, 1, 2, -1, 1_000_000]

    static func text(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    static func check(_ measurer: some TextMeasurer, _ text: String, _ font: Font, _ style: TextStyle, _ width: Double) -> Bool {
        do {
            let m = try measurer.measure(text, font: font, style: style, maxWidth: width)
            let numbers = [m.width, m.height, m.firstBaseline, m.lastBaseline]
            #expect(numbers.allSatisfy { $0.isFinite && $0 >= 0 }, "\(m) for \(font) \(style) at \(width)")
            #expect(m.lineCount >= 0 && (text.isEmpty || m.lineCount >= 1 || style.lines < 0), "\(m)")
            if style.lines > 0 { #expect(m.lineCount <= style.lines, "\(m) with \(style.lines) lines") }
            return true
        } catch {
            let message = error.message
            #expect(!message.isEmpty)
            return false
        }
    }

    /// The fuzz cases: text, font, style and width, from a fixed seed.
    static func cases(_ count: Int) -> [(text: String, font: Font, style: TextStyle, width: Double)] {
        var random = SplitMix64(seed: 0x19)
        return (0..<count).map { _ in
            let text = Self.text(&random)
            let size = Int.random(in: 0..<4, using: &random) == 0 ? Self.sizes.randomElement(using: &random) ?? 14 : 14
            let font = Font(
                family: Int.random(in: 0..<8, using: &random) == 0 ? "DejaVu Serif" : Font.defaultFamily, size: size,
                weight: Int.random(in: 0..<3, using: &random) == 0 ? .bold : .regular)
            let style = TextStyle(
                lines: Self.lineLimits.randomElement(using: &random) ?? 0,
                lineBreakMode: LineBreakMode.allCases.randomElement(using: &random) ?? .wordWrap,
                lineSpacing: Int.random(in: 0..<4, using: &random) == 0 ? Self.spacings.randomElement(using: &random) ?? 0 : 0)
            return (text, font, style, Self.widths.randomElement(using: &random) ?? 300)
        }
    }

    @Test("random texts, fonts, styles and widths through the Pango and fixed measurers")
    func edges() {
        let pango = PangoTextMeasurer(scale: .x2, cache: nil), fixed = FixedAdvanceMeasurer(scale: .x2)
        let cases = Self.cases(FuzzBudget.cases(400))
        var measured = 0
        for (text, font, style, width) in cases {
            if Self.check(pango, text, font, style, width) { measured += 1 }
            if Self.check(fixed, text, font, style, width) { measured += 1 }
        }
        #expect(measured > cases.count / 2, "most requests are measurable")
        FuzzBudget.report("measure edge cases (Pango and fixed)", cases: 2 * cases.count, accepted: measured)
    }

    @Test("Pango's process_line abort: a space carrying a mark and right-to-left letters, wrapped narrower than an em, is an error")
    func processLineDefect() throws {
        // Found by `make fuzz` (at scales 50, 100 and 300): these aborted the process.
        let pango = PangoTextMeasurer(scale: .x2, cache: nil)
        let font = Font(size: 14)
        for text in ["🇫🇷 \u{301}ם", "ا𒐫 \u{FE0F}ﷺ", "\u{202E}漢字  \u{FE0F}\u{1B}\n…𒐫👍🏽", "\n\u{1B}\u{1B}🇫🇷\u{200B} \u{301}\u{301}\u{301}\u{301}שלום", "🇫🇷🇯🇵 \u{200D}مرحبا hello"] {
            for width in [0, 2, 13.9] {
                #expect(throws: TextMeasurementError.self) {
                    _ = try pango.measure(text, font: font, style: TextStyle(lines: 0), maxWidth: width)
                }
            }
            // From one em on, and unwrapped, it measures.
            #expect(try pango.measure(text, font: font, style: TextStyle(lines: 0), maxWidth: 14).lineCount >= 1)
            #expect(try pango.measure(text, font: font, style: TextStyle(lines: 0), maxWidth: .infinity).lineCount >= 1)
        }
        // Without a marked space or right-to-left letters, the narrowest width measures.
        for text in ["🇫🇷 ם", "🇫🇷 \u{301}x", "ا𒐫 ﷺ"] {
            #expect(try pango.measure(text, font: font, style: TextStyle(lines: 0), maxWidth: 0).lineCount >= 1)
        }
    }
}

