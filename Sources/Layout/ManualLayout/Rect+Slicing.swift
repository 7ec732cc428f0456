import Geometry

/// The edge of a rectangle a slice is cut from.
public enum RectEdge: Sendable, Hashable, CaseIterable {
    case top, left, bottom, right
}

/// Where a smaller size sits inside a rectangle along one axis.
public enum RectAlignment: Sendable, Hashable, CaseIterable {
    /// Against the top or left edge.
    case start
    /// Centred (on the pixel grid when a scale is given).
    case center
    /// Against the bottom or right edge.
    case end
}

extension Rect {
    /// Cuts `distance` off the `edge`: the slice, and what is left.
    ///
    /// `distance` is clamped to `0...` the rectangle's extent, so slicing more
    /// than there is leaves an empty remainder rather than a negative one
    /// (CoreGraphics' `divided(atDistance:from:)`).
    public func divided(atDistance distance: Double, from edge: RectEdge) -> (slice: Rect, remainder: Rect) {
        switch edge {
        case .left:
            let d = Swift.min(Swift.max(distance, 0), width)
            return (Rect(x: x, y: y, width: d, height: height), Rect(x: x + d, y: y, width: width - d, height: height))
        case .right:
            let d = Swift.min(Swift.max(distance, 0), width)
            return (Rect(x: maxX - d, y: y, width: d, height: height), Rect(x: x, y: y, width: width - d, height: height))
        case .top:
            let d = Swift.min(Swift.max(distance, 0), height)
            return (Rect(x: x, y: y, width: width, height: d), Rect(x: x, y: y + d, width: width, height: height - d))
        case .bottom:
            let d = Swift.min(Swift.max(distance, 0), height)
            return (Rect(x: x, y: maxY - d, width: width, height: d), Rect(x: x, y: y, width: width, height: height - d))
        }
    }

    /// The slice of `distance` at `edge` (see ``divided(atDistance:from:)``).
    public func slice(_ distance: Double, from edge: RectEdge) -> Rect {
        divided(atDistance: distance, from: edge).slice
    }

    /// What is left after cutting `distance` off `edge` (see ``divided(atDistance:from:)``).
    public func remainder(after distance: Double, from edge: RectEdge) -> Rect {
        divided(atDistance: distance, from: edge).remainder
    }

    /// A rectangle of `size` placed inside this one, aligned on each axis.
    ///
    /// With a `scale`, a centred offset is rounded down to the pixel grid, so the
    /// result does not straddle a device pixel.
    public func aligned(
        _ size: Size, horizontally: RectAlignment = .start, vertically: RectAlignment = .start,
        scale: DisplayScale? = nil
    ) -> Rect {
        func offset(_ free: Double, _ alignment: RectAlignment) -> Double {
            switch alignment {
            case .start: return 0
            case .end: return free
            case .center: return scale.map { $0.roundDown(free / 2) } ?? free / 2
            }
        }
        return Rect(
            x: x + offset(width - size.width, horizontally), y: y + offset(height - size.height, vertically),
            width: size.width, height: size.height)
    }

    /// This rectangle with its height set to `height`, top edge kept.
    public func withHeight(_ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// This rectangle with its width set to `width`, left edge kept.
    public func withWidth(_ width: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: self.height)
    }
}
