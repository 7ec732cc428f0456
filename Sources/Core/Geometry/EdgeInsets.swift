/// Distances inwards from the four edges of a rectangle, in logical pixels
/// (UIKit's `UIEdgeInsets`): left and right are sides, whatever the direction of
/// layout; ``DirectionalEdgeInsets`` names them leading and trailing.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// Creates insets from their four parts.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// `vertical` at the top and bottom, `horizontal` at the left and right.
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }

    public var description: String {
        "(top \(top.geometryText), left \(left.geometryText), bottom \(bottom.geometryText), right \(right.geometryText))"
    }
}
