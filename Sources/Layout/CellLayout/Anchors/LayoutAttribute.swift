/// A part of a view's frame that a constraint can relate: an edge, a centre,
/// a dimension or a baseline.
///
/// `leading` and `trailing` follow the direction of the view they belong to: its
/// `left` and `right` edges where it lays out left to right (the default), its
/// `right` and `left` edges where it lays out right to left (``CellTemplate/laidOut(in:)``,
/// ``SemanticContentAttribute``). `left`, `right`, `centerX` and `width` never flip.
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: the left edge, or the right edge where the view lays out right to left.
    case leading
    /// The trailing edge: the right edge, or the left edge where the view lays out right to left.
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

    /// Whether the attribute is `leading` or `trailing`, whose side depends on the direction of layout.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// The side the attribute means for a view that lays out right to left
    /// (`rightToLeft`) or left to right: `leading` and `trailing` become `left` or
    /// `right`; every other attribute is itself.
    func resolved(rightToLeft: Bool) -> LayoutAttribute {
        switch self {
        case .leading: rightToLeft ? .right : .left
        case .trailing: rightToLeft ? .left : .right
        default: self
        }
    }

    public var description: String { rawValue }
}
