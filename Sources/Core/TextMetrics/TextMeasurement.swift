/// The measured size of a piece of text, and where its baselines are.
///
/// All values are in logical pixels and rounded **up** to the pixel grid of the
/// measurer's ``DisplayScale`` (`ceil(x * scale) / scale`), the way UIKit rounds
/// `sizeThatFits`. Baselines are measured from the top of the text box and rounded
/// the same way, so `0 <= firstBaseline <= lastBaseline <= height` always holds.
///
/// The empty string measures `.zero`: no lines, zero size, baselines at 0.
public struct TextMeasurement: Hashable, Sendable, CustomStringConvertible {
    /// The width of the widest line shown (at most the `maxWidth` asked for, unless a
    /// single grapheme cluster is wider than that).
    public var width: Double
    /// The height of the lines shown, including the line spacing between them.
    public var height: Double
    /// The number of lines shown (after the `lines` limit).
    public var lineCount: Int
    /// Distance from the top to the first line's baseline.
    public var firstBaseline: Double
    /// Distance from the top to the last shown line's baseline.
    public var lastBaseline: Double

    /// Creates a measurement from its parts (no rounding is applied).
    public init(width: Double, height: Double, lineCount: Int, firstBaseline: Double, lastBaseline: Double) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }

    /// The measurement of the empty string.
    public static let zero = TextMeasurement(width: 0, height: 0, lineCount: 0, firstBaseline: 0, lastBaseline: 0)

    public var description: String {
        "\(width.formatted)x\(height.formatted), \(lineCount) line\(lineCount == 1 ? "" : "s")"
            + ", baselines \(firstBaseline.formatted)/\(lastBaseline.formatted)"
    }
}
