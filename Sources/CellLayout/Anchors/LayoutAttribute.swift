/// A part of a view's frame that a constraint can relate: an edge, a centre,
/// a dimension or a baseline.
///
/// Layout runs left to right, so `leading` is `left` and `trailing` is `right`.
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge (the left edge: layout is left to right).
    case leading
    /// The trailing edge (the right edge).
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal centre.
    case centerX
    /// The vertical centre.
    case centerY
    /// The baseline of the first line of text (the bottom edge for views without text).
    case firstBaseline
    /// The baseline of the last line of text (the bottom edge for views without text).
    case lastBaseline

    /// The axis the attribute lies along: x positions and widths are horizontal.
    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        }
    }

    /// Whether the attribute is a size (`width`, `height`) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute is a baseline.
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    public var description: String { rawValue }
}
