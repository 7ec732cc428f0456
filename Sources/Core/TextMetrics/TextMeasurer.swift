/// Measures text: the size a label needs to show it, its line count and baselines.
///
/// Conforming types are `Sendable` and must be safe to call from any thread at the
/// same time; the cell engines measure rows in parallel.
///
/// The shared rules every measurer follows (see `Docs/TextMetrics.md`):
/// - sizes and baselines are rounded **up** to the pixel grid of ``scale``;
/// - the empty string measures ``TextMeasurement/zero``;
/// - `style.lines = n > 0` shows at most `n` lines, so the height is at most `n` lines;
/// - a narrower `maxWidth` never gives fewer lines.
public protocol TextMeasurer: Sendable {
    /// The display scale whose pixel grid results are rounded up to.
    var scale: DisplayScale { get }

    /// Measures `text` set in `font` with `style`, wrapped to `maxWidth`.
    ///
    /// - Parameters:
    ///   - text: the text; newlines start new paragraphs.
    ///   - font: the font to set it in.
    ///   - style: line limit, line breaking and spacing.
    ///   - maxWidth: the widest a line may be, in logical pixels; `.infinity` for no limit.
    /// - Returns: the rounded size, line count and baselines.
    /// - Throws: ``TextMeasurementError`` with kind
    ///   ``TextMeasurementError/Kind/unknownFontFamily`` when no installed font has
    ///   `font.family`, ``TextMeasurementError/Kind/invalidFont`` for a non-positive size,
    ///   ``TextMeasurementError/Kind/invalidStyle`` for negative line spacing,
    ///   ``TextMeasurementError/Kind/invalidWidth`` for a negative or NaN width, and
    ///   ``TextMeasurementError/Kind/backendFailure`` when the text library fails.
    func measure(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> TextMeasurement
}

extension TextMeasurer {
    /// Measures `text` with the default style and no width limit unless given.
    /// - Throws: see ``TextMeasurer/measure(_:font:style:maxWidth:)``.
    public func measure(
        _ text: String,
        font: Font,
        style: TextStyle = .default,
        maxWidth: Double = .infinity
    ) throws(TextMeasurementError) -> TextMeasurement {
        try measure(text, font: font, style: style, maxWidth: maxWidth)
    }
}

/// Checks the inputs every measurer rejects the same way.
/// - Throws: ``TextMeasurementError`` for an invalid font, style or width.
package func validateRequest(font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) {
    try font.validate()
    try style.validate()
    guard !maxWidth.isNaN, maxWidth >= 0 else { throw .invalidWidth(maxWidth) }
}
