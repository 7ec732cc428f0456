import CPango

/// Measures text with real fonts through Pango (FreeType, HarfBuzz, fontconfig): the
/// Linux counterpart of TextKit's `boundingRect`.
///
/// - Families resolve through fontconfig; a family with no installed font throws
///   ``TextMeasurementError/Kind/unknownFontFamily`` instead of measuring a substitute.
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

    /// Creates a Pango measurer.
    /// - Parameters:
    ///   - scale: the display scale results are rounded up to.
    ///   - cache: the cache to use; a new 8 MiB ``MeasurementCache`` by default, `nil`
    ///     for none. Pass the same cache to several measurers only if they share `scale`.
    public init(scale: DisplayScale = .x1, cache: MeasurementCache? = MeasurementCache()) {
        self.scale = scale
        self.cache = cache
    }

    /// The largest coordinate Pango represents: its units are 1/1024 point in a
    /// 32-bit integer. Past it a measurement wraps around silently (200 lines at
    /// 10,000 pt measured −1,866,179 tall; a paragraph of 250,000 characters as one line).
    public static let coordinateLimit = Double(Int32.max) / 1024

    /// Refuses what could reach ``coordinateLimit``, before Pango runs: a line
    /// spacing beyond it, or a text laid out whole whose extents could pass it. The
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
        guard !maxWidth.isFinite else { return }
        let characters = Double(text.unicodeScalars.count)
        let extent = characters * extentPerCharacter(font: font, style: style)
        guard extent < limit else {
            throw .outOfRange(
                "\(Int(characters)) characters at \(font.size) pt could lay out to \(Int(extent.rounded(.up))) points, beyond "
                    + "Pango's range of \(Int(limit)) points (its 32-bit units); measure a shorter text, a smaller size, "
                    + "or at a width")
        }
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

    /// Measures `text` with Pango.
    /// - Throws: ``TextMeasurementError`` with kind ``TextMeasurementError/Kind/unknownFontFamily``
    ///   when no installed font has `font.family`; `invalidFont`, `invalidStyle` or
    ///   `invalidWidth` for unusable arguments (a line spacing beyond ``coordinateLimit`` is
    ///   `invalidStyle`); `outOfRange` for an unwrapped text whose extents could pass
    ///   ``coordinateLimit``;
    ///   `backendFailure` if Pango cannot be set up.
    public func measure(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> TextMeasurement {
        try validateRequest(font: font, style: style, maxWidth: maxWidth)
        try Self.checkRange(text, font: font, style: style, maxWidth: maxWidth)
        let key = MeasurementCache.Key(text: text, font: font, style: style, maxWidth: maxWidth)
        if let cache, let hit = cache.value(for: key) { return hit }
        try FontFamilyResolver.check(font.family)
        let result: TextMeasurement
        if text.isEmpty {
            result = .zero
        } else {
            let state = try PangoThreadState.current()
            let lines: [LineBox]
            if state.knows(font) {
                lines = try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
            } else {
                // First use of this font on this thread: load its fontset, fallbacks
                // included, while no other thread does the same (see `pangoSetupLock`).
                lines = try pangoSetupLock.withLock { _ throws(TextMeasurementError) in
                    try state.loadFontset(for: font)
                    return try state.lineBoxes(text, font: font, style: style, maxWidth: maxWidth)
                }
            }
            result = TextMeasurement(lines: lines, scale: scale)
        }
        cache?.store(result, for: key)
        return result
    }
}
