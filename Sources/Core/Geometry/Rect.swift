/// A rectangle: an origin (its top-left corner) and a size, in logical pixels.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var x: Double { origin.x }
    /// The top edge.
    public var y: Double { origin.y }
    /// The horizontal extent.
    public var width: Double { size.width }
    /// The vertical extent.
    public var height: Double { size.height }
    /// The left edge (`x`).
    public var minX: Double { origin.x }
    /// The top edge (`y`).
    public var minY: Double { origin.y }
    /// The right edge, `x + width`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `insets` on each edge (grown, for negative insets).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.horizontal, height: size.height - insets.vertical)
    }

    /// The rectangle in the coordinates of a space whose origin is at `origin`
    /// in this rectangle's space (a frame made relative to its superview).
    public func relative(to origin: Point) -> Rect {
        offsetBy(dx: -origin.x, dy: -origin.y)
    }

    /// The rectangle with each *edge* rounded to the nearest device pixel, the
    /// way UIKit snaps a frame: the size is the difference of the rounded edges,
    /// so adjacent frames that share an edge still share it.
    /// Sizes are computed in whole device pixels, so a size on the grid comes out
    /// as the same number `DisplayScale.roundUp` gives for it (17⅔ is `53 / 3`,
    /// not `53 / 3 - 50 / 3 + ...`).
    public func rounded(to scale: DisplayScale) -> Rect {
        let f = scale.factor
        let left = (minX * f).rounded(), top = (minY * f).rounded()
        let right = (maxX * f).rounded(), bottom = (maxY * f).rounded()
        return Rect(x: left / f, y: top / f, width: (right - left) / f, height: (bottom - top) / f)
    }

    public var description: String {
        "(\(x.geometryText), \(y.geometryText), \(width.geometryText), \(height.geometryText))"
    }
}
