import CPango
import Testing
@testable import PangoText
@testable import TextMetrics

/// Each rule that sends a text to Pango's full layout names it: a text that breaks
/// that rule alone is refused with that rule's ``FastPathRefusal``, and a text like it
/// that keeps the rule is answered by the fast path (or at least not refused by it),
/// so a rule removed, or named otherwise, fails its test.
///
/// Not constructed: ``FastPathRefusal/pangoFailure`` and
/// ``FastPathRefusal/unexpectedItems`` (Pango giving no glyph string, tab width or
/// items), ``FastPathRefusal/deepBidiLevel`` (implicit bidi levels stop at 2; the
/// explicit embeddings that go deeper are format characters, refused before Pango
/// sees them), ``FastPathRefusal/missingGlyphExtents`` (the installed fonts'
/// boxes have their font's extents) and ``FastPathRefusal/kernedWhiteSpace`` (DejaVu
/// Sans kerns no white character with a letter, digit or stop in either wrap).
@Suite("Fast-path refusals: each rule names the texts it sends to the full layout")
struct FastPathRefusalTests {
    static let font = Font(size: 15)
    static let wrap = TextStyle(lines: 0)
    static let characterWrap = TextStyle(lines: 0, lineBreakMode: .characterWrap)

    /// Why the measurer laid `text` out whole, `nil` where a fast path answered; `font`
    /// is loaded on this thread first unless `cold`.
    static func measurerRefusal(
        _ text: String, style: TextStyle = wrap, maxWidth: Double = .infinity, font: Font = font, cold: Bool = false
    ) throws -> FastPathRefusal? {
        let measurer = PangoTextMeasurer(cache: nil)
        if !cold { _ = try measurer.measure("warm up", font: font) }
        var refusal: FastPathRefusal?
        _ = try measurer.lineBoxes(text, font: font, style: style, maxWidth: maxWidth, refusal: &refusal)
        return refusal
    }

    /// Why a fresh segments path refuses `text` (a paragraph, not trimmed), `nil` when it
    /// answers; with the font's layout to break wide segments unless `layout` is false.
    static func segmentsRefusal(
        _ text: String, style: TextStyle = wrap, maxWidth: Double = .infinity, runLimit: Int = 64, layout: Bool = true
    ) throws -> FastPathRefusal? {
        let state = try PangoThreadState.current()
        let pangoLayout = try state.use(font)
        let context = try #require(pango_layout_get_context(pangoLayout))
        let segments = PangoSegments(runLimit: runLimit)
        defer { segments.close() }
        var starts: [Int]? = nil
        do throws(FastPathRefusal) {
            _ = try segments.measuredLines(
                text, maxWidth: maxWidth, style: style, context: context, layout: layout ? pangoLayout : nil, starts: &starts)
            return nil
        } catch {
            return error
        }
    }

    /// The width of `text` on one line, as Pango lays it out.
    static func width(_ text: String) throws -> Double {
        try PangoTextMeasurer(cache: nil, reusesWords: false).lineBoxes(text, font: font, style: wrap, maxWidth: .infinity)[0].width
    }

    // MARK: The measurer's rules

    @Test("the first measurement in a font on a thread is a full layout; the next is not")
    func firstUseOfFont() throws {
        // A size no other test measures in, so that this thread has not met the font.
        let fresh = Font(size: 15.371)
        #expect(try Self.measurerRefusal("你好", font: fresh, cold: true) == .firstUseOfFont)
        #expect(try Self.measurerRefusal("你好", font: fresh, cold: true) == nil)
    }

    @Test("a text laid out in windows is refused before the fast paths see it")
    func laidOutInWindows() throws {
        let run = String(repeating: "a", count: PangoLines.windowingRun + 1)
        #expect(try Self.measurerRefusal(run, maxWidth: 300) == .laidOutInWindows)
        #expect(try Self.measurerRefusal(String(run.dropLast(2)), maxWidth: 300) != .laidOutInWindows)
    }

    @Test("a text of white space alone is a full layout")
    func whitespaceOnly() throws {
        #expect(try Self.measurerRefusal("\u{3000} \u{3000}") == .whitespaceOnly)
        #expect(try Self.measurerRefusal("\u{3000} \u{3000}x") == nil)
    }

    @Test("paragraphs with right-to-left text are a full layout")
    func rightToLeftParagraphs() throws {
        #expect(try Self.measurerRefusal("שלום\n123") == .rightToLeftParagraphs)
        #expect(try Self.measurerRefusal("שלום 123") == nil)
    }

    @Test("truncation past the limit without line starts is a full layout")
    func truncationWithoutLineStarts() throws {
        let truncating = TextStyle(lines: 1, lineBreakMode: .truncateTail)
        // At no width the fast lines give no starts to cut at.
        #expect(try Self.measurerRefusal("ab\ncd\nef", style: truncating) == .truncationWithoutLineStarts)
        #expect(try Self.measurerRefusal("ab\ncd\nef", style: TextStyle(lines: 1)) == nil)
    }

    // MARK: The text's characters

    @Test("a text past 1,024 bytes is refused, one below it is not")
    func tooLong() throws {
        let long = String(repeating: "中文 ", count: 150) + "中文"
        #expect(long.utf8.count > 1_024)
        #expect(try Self.measurerRefusal(long, maxWidth: 200) == .tooLong)
        #expect(try Self.measurerRefusal(String(repeating: "中文 ", count: 100) + "中文", maxWidth: 200) == nil)
    }

    @Test("a paragraph that ends with a space is refused by the segments")
    func endsWithSpace() throws {
        #expect(try Self.segmentsRefusal("中文 ") == .endsWithSpace)
        #expect(try Self.segmentsRefusal("中文") == nil)
    }

    @Test("control characters and line breaks but the tab are refused", arguments: ["中\u{07}文", "中\u{0B}文", "中\u{85}文", "中\u{2028}文"])
    func controlCharacter(text: String) throws {
        #expect(try Self.measurerRefusal(text) == .controlCharacter, "\(text.debugDescription)")
    }

    @Test("format characters but the zero-width space, the joiner and emoji tags are refused", arguments: ["ab\u{AD}c", "中\u{200E}文", "\u{0600}١٢"])
    func formatCharacter(text: String) throws {
        #expect(try Self.measurerRefusal(text) == .formatCharacter, "\(text.debugDescription)")
        #expect(try Self.measurerRefusal("中\u{200B}文") == nil)
    }

    @Test("unassigned and private-use characters are refused", arguments: ["中\u{E000}文", "中\u{0378}文"])
    func unassignedCharacter(text: String) throws {
        #expect(try Self.measurerRefusal(text) == .unassignedCharacter, "\(text.debugDescription)")
    }

    @Test("scripts shaped or broken past a pair are refused", arguments: ["สวัสดี", "ܫܠܡܐ", "ສະບາຍດີ"])
    func contextualScript(text: String) throws {
        #expect(try Self.measurerRefusal(text) == .contextualScript, "\(text.debugDescription)")
    }

    // MARK: The text's items and units

    @Test("more runs in one text than the table holds are refused")
    func tooManyRuns() throws {
        let scripts = "a α д ש ب क 中 あ 한 😀"
        #expect(try Self.segmentsRefusal(scripts, runLimit: 9) == .tooManyRuns)
        #expect(try Self.segmentsRefusal(scripts) != .tooManyRuns)
    }

    @Test("a tab with no break after it is refused")
    func tabWithoutBreak() throws {
        #expect(try Self.measurerRefusal("中\t\t文") == .tabWithoutBreak)
        #expect(try Self.measurerRefusal("中\t文") == nil)
    }

    @Test("Arabic joined across a unit's end in word wrap is refused")
    func arabicJoinsAcrossUnits() throws {
        #expect(try Self.measurerRefusal("مرحبا؟كيف حالك") == .arabicJoinsAcrossUnits)
        #expect(try Self.measurerRefusal("مرحبا؟ كيف حالك") == nil)
    }

    @Test("a unit that starts with a mark, in a font with the dotted circle, is refused")
    func markStartsUnit() throws {
        #expect(try Self.measurerRefusal("a\u{200B}\u{301}b") == .markStartsUnit)
        #expect(try Self.measurerRefusal("a\u{200B}\u{E9}b") == nil)
    }

    @Test("a character drawn as nothing but the zero-width space is refused")
    func invisibleCharacter() throws {
        #expect(try Self.measurerRefusal("a\u{200D}b") == .invisibleCharacter)
    }

    @Test("a width past Pango's 32-bit units is refused")
    func widthOutOfRange() throws {
        #expect(try Self.segmentsRefusal("中文", maxWidth: 3e6) == .widthOutOfRange)
        #expect(try Self.segmentsRefusal("中文", maxWidth: 2e6) == nil)
    }

    @Test("units kerned across a zero-width space are refused")
    func kernedAcrossZeroWidthSpace() throws {
        #expect(try Self.measurerRefusal("L\u{200B}T", style: Self.characterWrap) == .kernedAcrossZeroWidthSpace)
        #expect(try Self.measurerRefusal("n\u{200B}n", style: Self.characterWrap) == nil)
    }

    @Test("right-to-left text in runs whose baselines differ is refused")
    func baselinesDisagree() throws {
        #expect(try Self.measurerRefusal("שלום 中文") == .baselinesDisagree)
        #expect(try Self.measurerRefusal("abc 中文") == nil)
    }

    // MARK: The text's lines

    @Test("a tab after more than the line's width is refused")
    func tabPastWidth() throws {
        #expect(try Self.measurerRefusal("abcdefgh\tx", maxWidth: 20) == .tabPastWidth)
        #expect(try Self.measurerRefusal("abcdefgh\tx", maxWidth: 200) == nil)
    }

    @Test("a character wider than the line in character wrap is refused")
    func characterWiderThanLine() throws {
        #expect(try Self.measurerRefusal("中文", style: Self.characterWrap, maxWidth: 5) == .characterWiderThanLine)
        #expect(try Self.measurerRefusal("中文", style: Self.characterWrap, maxWidth: 20) == nil)
        #expect(try Self.segmentsRefusal("中文", maxWidth: 5, layout: false) == .characterWiderThanLine)
    }

    @Test("a word wider than the line across two scripts is refused; in one it is broken")
    func wideSegmentNotOneRun() throws {
        #expect(try Self.measurerRefusal("abcdefαβγδεζ", maxWidth: 20) == .wideSegmentNotOneRun)
        #expect(try Self.measurerRefusal("αβγδεζαβγδεζ", maxWidth: 20) == nil)
    }

    @Test("a ligature in character wrap that a line cannot hold whole is refused")
    func mergedUnitsSplit() throws {
        let ligature = try Self.width("fi"), all = try Self.width("afi")
        let between = (ligature + all) / 2
        #expect(try Self.measurerRefusal("afi", style: Self.characterWrap, maxWidth: between) == .mergedUnitsSplit)
        #expect(try Self.measurerRefusal("afi", style: Self.characterWrap, maxWidth: all + 1) == nil)
    }

    @Test("a white character after a tab that took the line past its width is refused")
    func whiteAfterOverfullTab() throws {
        let text = "ab\t\u{A0}"
        #expect(try Self.segmentsRefusal(text, maxWidth: try Self.width("ab") + 2) == .whiteAfterOverfullTab)
        #expect(try Self.segmentsRefusal(text, maxWidth: 300) == nil)
    }

    @Test("a ligature across a zero-width space in word wrap is refused")
    func unitsShapeTogether() throws {
        // DejaVu Sans ligates "fi" across the space, which its lookups skip; the two
        // units (the first with the space) are one item, and word wrap merges none.
        #expect(try Self.measurerRefusal("f\u{200B}i") == .unitsShapeTogether)
        #expect(try Self.measurerRefusal("n\u{200B}n") == nil)
    }
}
