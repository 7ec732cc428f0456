import TextMetrics
import CPango

/// Measures text with real fonts through Pango (FreeType, HarfBuzz, fontconfig): the
/// Linux counterpart of TextKit's `boundingRect`.
///
/// - Families resolve through fontconfig, faces by PostScript name (``Font/face``); a
///   family or face with no installed font throws
///   ``TextMeasurementError/Kind/unknownFontFamily`` instead of measuring fontconfig's
///   silent substitute — or, under ``MissingFonts/substitute(standIn:report:)``, is
///   measured with a named stand-in that the measurer reports. The user's own font
///   files join the installed ones with ``addFonts(inDirectory:)``.
///   Characters the family lacks (CJK, emoji) still fall back to other installed fonts,
///   as in any text view.
/// - Word wrap is `PANGO_WRAP_WORD_CHAR`: between words, and between characters for a
///   word longer than the line. Line breaking follows Unicode (UAX #14), so CJK text
///   breaks between ideographs, and clusters (combining marks, emoji sequences) are
///   never split.
/// - Fonts are unhinted and glyph positions unrounded; the result is rounded up to the
///   pixel grid of ``scale`` once, at the end.
/// - Safe to call from any thread at once: every thread measures with its own Pango
///   objects, created on its first call and freed when it ends.
/// - Results are cached (``cache``), bounded in memory.
public struct PangoTextMeasurer: TextMeasurer {
    /// The display scale whose pixel grid sizes are rounded up to.
    public let scale: DisplayScale
    /// The cache in front of Pango, or `nil` when caching is off.
    public let cache: MeasurementCache?
    /// Whether a text of printable ASCII words that fits on one line is measured
    /// from its words' widths, each word laid out once per font and thread
    /// (the default), rather than by a full Pango layout every time. The two give
    /// the same lines in Pango units (`PangoWordTests`); `false` is
    /// `--measurer pango-layout`, to compare them.
    public let reusesWords: Bool
    /// What a font that is not installed gets.
    public let missingFonts: MissingFonts

    /// What a measurer does with a font request whose family or face no installed font has.
    public enum MissingFonts: Sendable {
        /// Throw ``TextMeasurementError/Kind/unknownFontFamily`` (the default).
        case refuse
        /// Measure with the request's installed families, or with `standIn` when none
        /// of them is installed, at the requested size, weight and slant; a face asked
        /// for by PostScript name falls back to its family, weight and slant. `report`
        /// is called with each substitution every time it is made for a text not
        /// measured before (so on a cache miss), from the measuring thread: keep what
        /// it has seen to tell the user once. `standIn` must be installed.
        case substitute(standIn: String = Font.defaultFamily, report: @Sendable (FontSubstitution) -> Void)
    }

    /// Creates a Pango measurer.
    /// - Parameters:
    ///   - scale: the display scale results are rounded up to.
    ///   - cache: the cache to use; a new 8 MiB ``MeasurementCache`` by default, `nil`
    ///     for none. Pass the same cache to several measurers only if they share `scale`
    ///     and `missingFonts`.
    ///   - reusesWords: see ``reusesWords``.
    ///   - missingFonts: see ``MissingFonts``; `refuse` by default.
    public init(
        scale: DisplayScale = .x1, cache: MeasurementCache? = MeasurementCache(), reusesWords: Bool = true,
        missingFonts: MissingFonts = .refuse
    ) {
        self.scale = scale
        self.cache = cache
        self.reusesWords = reusesWords
        self.missingFonts = missingFonts
    }

    /// A measurer that also sees the fonts in `fontDirectories`
    /// (``addFonts(inDirectory:)``, which says what adding them means for the process).
    /// - Throws: ``TextMeasurementError/Kind/fontDirectory`` for a folder that cannot be
    ///   read or holds no font.
    public init(
        scale: DisplayScale = .x1, cache: MeasurementCache? = MeasurementCache(), reusesWords: Bool = true,
        missingFonts: MissingFonts = .refuse, fontDirectories: [String]
    ) throws(TextMeasurementError) {
        for directory in fontDirectories { try Self.addFonts(inDirectory: directory) }
        self.init(scale: scale, cache: cache, reusesWords: reusesWords, missingFonts: missingFonts)
    }

    /// The largest coordinate Pango represents: its units are 1/1024 point in a
    /// 32-bit integer. Past it a measurement wraps around silently (200 lines at
    /// 10,000 pt measured −1,866,179 tall; a paragraph of 250,000 characters as one line).
    public static let coordinateLimit = Double(Int32.max) / 1024

    /// Refuses what could reach ``coordinateLimit``, before Pango runs: a line
    /// spacing beyond it, a font so large that one character could pass it, or an
    /// unwrapped text whose extents could pass it. The
    /// bound is conservative — every character two ems wide and on a line of its
    /// own, with the line spacing — so a refused text may in fact have fitted;
    /// anything measured is within the range, and never a wrapped-around number.
    /// A text at a finite width is laid out in windows that each stay within the
    /// range (``windowCap(font:style:)``), its height summed in `Double`: only an
    /// unwrapped text can be refused for its length.
    static func checkRange(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) {
        let limit = coordinateLimit
        guard style.lineSpacing <= limit / 2 else {
            throw .invalidStyle("line spacing \(style.lineSpacing) is beyond Pango's range of \(Int(limit)) points")
        }
        // One character on one line must fit, whatever the width: no window is smaller.
        guard extentPerCharacter(font: font, style: style) < limit else {
            throw .outOfRange(
                "a line at \(font.size) pt could be \(pointsText(extentPerCharacter(font: font, style: style))) points, "
                    + "beyond Pango's range of \(Int(limit)) points (its 32-bit units)")
        }
        guard !maxWidth.isFinite else { return }
        let characters = Double(text.unicodeScalars.count)
        let extent = characters * extentPerCharacter(font: font, style: style)
        guard extent < limit else {
            throw .outOfRange(
                "\(Int(characters)) characters at \(font.size) pt could lay out to \(pointsText(extent)) points, beyond "
                    + "Pango's range of \(Int(limit)) points (its 32-bit units); measure a shorter text, a smaller size, "
                    + "or at a width")
        }
    }

    /// Refuses what makes Pango 1.50 abort the process: an assertion in
    /// `process_line` (pango-layout.c:4560, `result == BREAK_SOME_FIT ||
    /// result == BREAK_EMPTY_FIT`) fails when a text with a space carrying a mark
    /// (a combining mark, a variation selector, a joiner) and right-to-left letters
    /// is wrapped at a width below about a quarter of an em, after a cluster that
    /// does not fit — a flag, a glyph from a fallback font. The measure fuzz suite
    /// found three: "🇫🇷 \u{301}ם" at 2 px in 14 px DejaVu Sans, "ا𒐫 \u{FE0F}ﷺ"
    /// at 0 px, and a right-to-left override (U+202E) before "漢字  \u{FE0F}" at 0 px. An abort cannot be caught, and no other wrapping
    /// gives the same lines, so a text with both is an error below one em — four
    /// times the widest failing width seen.
    static func checkProcessLineDefect(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) {
        guard maxWidth < font.size, style.lineBreakMode != .characterWrap else { return }
        var rightToLeft = false, markedSpace = false, afterSpace = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            // Right-to-left letters, or the controls that make a run right to left.
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
                || [0x061C, 0x200F, 0x202B, 0x202E, 0x2067, 0x2068].contains(v) {
                rightToLeft = true
            }
            if afterSpace {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .spacingMark, .format: markedSpace = true
                default: break
                }
            }
            afterSpace = scalar.properties.isWhitespace
        }
        guard rightToLeft, markedSpace else { return }
        throw .backendFailure(
            "Pango aborts wrapping a text with a space carrying a mark and right-to-left letters at "
                + "\(maxWidth) px, below one em (\(font.size) px); measure it at a width of at least one em")
    }

    /// The most one character can add to a layout's extent: two ems wide, or a line
    /// of its own with the line spacing.
    static func extentPerCharacter(font: Font, style: TextStyle) -> Double {
        max(2 * font.size, 1.5 * font.size + style.lineSpacing)
    }

    /// The most UTF-8 bytes one Pango layout may hold so that its extents stay
    /// within ``coordinateLimit`` whatever the characters (at least 1).
    static func windowCap(font: Font, style: TextStyle) -> Int {
        let cap = (coordinateLimit / extentPerCharacter(font: font, style: style)).rounded(.down)
        return cap >= 1 ? Int(min(cap, Double(Int32.max))) : 1
    }

    /// Makes the fast paths of every thread forget the words and segments they have
    /// learned, as a process that has measured no text yet; the fonts stay loaded.
    /// For comparing engines from the same state (`cellfit demo`): the first would
    /// otherwise learn every word and leave the others a warm start. Measurements do
    /// not change, only their cost.
    public static func forgetLearnedText() {
        textGeneration.add(1, ordering: .releasing)
    }

    /// The lines of `text` as Pango lays it out, in unrounded pixels (Pango units over
    /// 1,024): what ``measure(_:font:style:maxWidth:)`` rounds, without the cache.
    /// With ``reusesWords`` they come from the words' widths where that path answers,
    /// and they are the same lines to the Pango unit either way.
    /// - Throws: as ``measure(_:font:style:maxWidth:)``.
    public func lineBoxes(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> [LineBox] {
        var refusal: FastPathRefusal?
        return try lineBoxes(text, font: font, style: style, maxWidth: maxWidth, refusal: &refusal)
    }

    /// ``lineBoxes(_:font:style:maxWidth:)``, and in `refusal` why the text went to
    /// Pango's full layout: left as it is where a fast path answered, or where the
    /// measurer lays every text out whole (without ``reusesWords``). For reports on
    /// how often each rule sends a text to the full layout (`cellfit corpus`).
    /// - Throws: as ``measure(_:font:style:maxWidth:)``.
    package func lineBoxes(
        _ text: String, font: Font, style: TextStyle, maxWidth: Double, refusal: inout FastPathRefusal?
    ) throws(TextMeasurementError) -> [LineBox] {
        try validateRequest(font: font, style: style, maxWidth: maxWidth)
        return try checkedLines(text, font: font, style: style, maxWidth: maxWidth, refusal: &refusal)
    }

    /// The lines of `text` for a valid request: the checks that depend on the text
    /// (an empty one too), then none, the fast path or the full layout, and why the
    /// fast path did not answer in `refusal` (written only then: the fast path's
    /// answer costs nothing more).
    private func checkedLines(
        _ text: String, font requested: Font, style: TextStyle, maxWidth: Double, refusal: inout FastPathRefusal?
    ) throws(TextMeasurementError) -> [LineBox] {
        try Self.checkRange(text, font: requested, style: style, maxWidth: maxWidth)
        try Self.checkProcessLineDefect(text, font: requested, style: style, maxWidth: maxWidth)
        let (font, substitution) = try FontFamilyResolver.resolve(requested, policy: missingFonts)
        if let substitution, case .substitute(_, let report) = missingFonts { report(substitution) }
        guard !text.isEmpty else { return [] }
        let state = try PangoThreadState.current()
        if state.knows(font) {
            // The fast paths leave to the full layout truncation past a line limit, and
            // what it lays out in windows (whose lines they would not reproduce, and
            // whose widths could pass Pango's 32-bit range).
            // Where the lines start matters to truncation alone. Both paths lay out the
            // text without the whitespace that ends its paragraphs (`PangoLines`), and the
            // fast lines' starts are the trimmed text's: truncation cuts that text.
            var traits = PangoThreadState.paragraphTraits(text)
            let text = traits.mayTrim ? text.trimmingParagraphEnds() : text
            traits.mayTrim = false
            var starts: [Int]? = style.lineBreakMode == .truncateTail && style.lines > 0 ? [] : nil
            if reusesWords {
                if maxWidth.isFinite && PangoLines.isWindowed(text, cap: Self.windowCap(font: font, style: style)) {
                    refusal = .laidOutInWindows
                } else {
                    let fast: [LineBox]
                    do throws(FastPathRefusal) {
                        fast = try state.fastLines(text, traits: traits, font: font, style: style, maxWidth: maxWidth, starts: &starts)
                    } catch {
                        refusal = error
                        return try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                    }
                    if style.lines == 0 || fast.count <= style.lines { return fast }
                    // Past the limit, wrapping keeps the first lines as they are (as
                    // `PangoLines.lineBoxes` does); truncation lays the last one out again,
                    // from where the fast path says it starts.
                    if style.lineBreakMode != .truncateTail { return Array(fast.prefix(style.lines)) }
                    if maxWidth.isFinite, let starts, starts.count == fast.count {
                        return try state.truncated(
                            text, font: font, kept: Array(fast.prefix(style.lines - 1)), cutStart: starts[style.lines - 1],
                            cutTop: fast[style.lines - 1].top, maxWidth: maxWidth)
                    }
                    refusal = .truncationWithoutLineStarts
                }
            }
            return try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
        }
        // First use of this font on this thread: load its fontset, fallbacks included,
        // while no other thread does the same (see `pangoSetupLock`).
        if reusesWords { refusal = .firstUseOfFont }
        return try pangoSetupLock.withLock { _ throws(TextMeasurementError) in
            try state.loadFontset(for: font)
            return try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
        }
    }

    /// A single line's width counting the whitespace its text ends with, as Core Text's
    /// typographic width of a line does (UILabel sizes a one-line label by it: IB gives
    /// `"W 85th St, New York, 10024 "` in Open Sans 15 182 pt where the text without its
    /// space is 178), up to `maxWidth`. Only a text of one paragraph whose whole text is
    /// the line (not wrapped, not cut) gains it; whitespace at a wrap still hangs.
    private func widthWithTrailingWhitespace(
        _ text: String, _ width: Double, font requested: Font, maxWidth: Double
    ) throws(TextMeasurementError) -> Double {
        guard text.last?.isWhitespace == true, !text.contains(where: \.isNewline) else { return width }
        let (font, _) = try FontFamilyResolver.resolve(requested, policy: missingFonts)
        let state = try PangoThreadState.current()
        let trimmed = try state.unwrappedWidth(text.trimmingParagraphEnds(), font: font)
        // Not the whole text on the line: wrapped or truncated.
        guard abs(trimmed - width) < 1.0 / pangoScale else { return width }
        return max(width, min(try state.unwrappedWidth(text, font: font), maxWidth))
    }

    /// Measures `text` with Pango.
    /// - Throws: ``TextMeasurementError`` with kind ``TextMeasurementError/Kind/unknownFontFamily``
    ///   when no installed font has `font.family`; `invalidFont`, `invalidStyle` or
    ///   `invalidWidth` for unusable arguments (a line spacing beyond ``coordinateLimit`` is
    ///   `invalidStyle`); `outOfRange` for an unwrapped text whose extents could pass
    ///   ``coordinateLimit``;
    ///   `backendFailure` if Pango cannot be set up.
    public func measure(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> TextMeasurement {
        try validateRequest(font: font, style: style, maxWidth: maxWidth)
        let key = MeasurementCache.Key(text: text, font: font, style: style, maxWidth: maxWidth)
        if let cache, let hit = cache.value(for: key) { return hit }
        // After the cache: the checks depend on the key alone and a refused request is
        // never stored, so a hit has passed them, and a row's unwrapped measurement does
        // not count its text's scalars again on every hit.
        var refusal: FastPathRefusal?
        var lines = try checkedLines(text, font: font, style: style, maxWidth: maxWidth, refusal: &refusal)
        if lines.count == 1 { lines[0].width = try widthWithTrailingWhitespace(text, lines[0].width, font: font, maxWidth: maxWidth) }
        let result = lines.isEmpty ? .zero : TextMeasurement(lines: lines, scale: scale)
        cache?.store(result, for: key)
        return result
    }
}

/// A bound in a message: whole points while they fit an `Int`, else as a `Double`
/// prints it (an infinite or huge bound must not trap the message that reports it).
private func pointsText(_ points: Double) -> String {
    points.isFinite && points < 1e15 ? String(Int(points.rounded(.up))) : String(points)
}
