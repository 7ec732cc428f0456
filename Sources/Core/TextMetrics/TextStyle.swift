/// How text is laid out in its box: line limit, line breaking and line spacing.
///
/// Mirrors the parts of `UILabel` / `NSParagraphStyle` that change a measured size.
public struct TextStyle: Hashable, Sendable {
    /// The maximum number of lines; `0` means unlimited (UIKit's `numberOfLines`).
    /// Negative values are treated as `0`.
    public var lines: Int
    /// Where lines break, and what happens to text past the last allowed line.
    public var lineBreakMode: LineBreakMode
    /// Extra space in pixels between consecutive lines (not before the first or after
    /// the last), like `NSParagraphStyle.lineSpacing`. Must be finite and non-negative.
    public var lineSpacing: Double

    /// Creates a text style.
    /// - Parameters:
    ///   - lines: the maximum number of lines, `0` (the default) for unlimited.
    ///   - lineBreakMode: ``LineBreakMode/wordWrap`` by default.
    ///   - lineSpacing: extra pixels between lines, `0` by default.
    public init(lines: Int = 0, lineBreakMode: LineBreakMode = .wordWrap, lineSpacing: Double = 0) {
        self.lines = max(lines, 0)
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
    }

    /// Unlimited lines, word wrap, no extra spacing.
    public static let `default` = TextStyle()

    /// Checks the values a measurer cannot use.
    /// - Throws: ``TextMeasurementError/invalidStyle(_:)`` for negative or non-finite spacing.
    func validate() throws(TextMeasurementError) {
        guard lineSpacing.isFinite, lineSpacing >= 0 else {
            throw .invalidStyle("line spacing must be finite and non-negative, got \(lineSpacing)")
        }
    }
}

/// Where a line may break, and how text beyond the line limit is shown.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Break between words; a single word wider than the line breaks between its
    /// characters (Pango's `PANGO_WRAP_WORD_CHAR`, UIKit's `.byWordWrapping`).
    /// Text past the line limit is clipped.
    case wordWrap
    /// Break between any two characters (grapheme clusters), `.byCharWrapping`.
    /// Text past the line limit is clipped.
    case characterWrap
    /// Word wrap; when the line limit cuts text off, the last line ends in an ellipsis
    /// ("…") and fits the width (`.byTruncatingTail`). With unlimited lines this is
    /// the same as ``wordWrap``.
    case truncateTail
}
