/// Distances inwards from the four edges of a rectangle, named by the direction of
/// layout rather than by side (UIKit's `NSDirectionalEdgeInsets`): `leading` is the
/// left inset when the view lays out left to right and the right inset when it
/// lays out right to left.
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading edge.
    public var leading: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing edge.
    public var trailing: Double

    /// Creates insets from their four parts.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
    }

    /// No inset.
    public static let zero = DirectionalEdgeInsets(all: 0)

    /// The insets by side for a view that lays out right to left (`rightToLeft`)
    /// or left to right.
    public func edgeInsets(rightToLeft: Bool) -> EdgeInsets {
        rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }

    public var description: String {
        "(top \(top.geometryText), leading \(leading.geometryText), bottom \(bottom.geometryText), trailing \(trailing.geometryText))"
    }
}
