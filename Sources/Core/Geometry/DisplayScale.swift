/// A display's pixels per logical pixel (UIKit's `UIScreen.scale`): 1, 2 or 3.
///
/// Both layout engines and the text measurers snap to this grid: text sizes and
/// fitted heights round **up** (``roundUp(_:)``, so nothing is clipped), frame
/// edges round to the **nearest** grid line (``round(_:)``, as UIKit does when
/// it applies a layout).
public enum DisplayScale: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// One device pixel per logical pixel.
    case x1 = 1
    /// Two device pixels per logical pixel (Retina).
    case x2 = 2
    /// Three device pixels per logical pixel.
    case x3 = 3

    /// The scale as a number.
    public var factor: Double { Double(rawValue) }

    /// The size of one device pixel in logical pixels: `1 / scale`.
    public var pixel: Double { 1 / factor }

    /// Rounds `value` up to the nearest multiple of `1 / scale`.
    ///
    /// A tiny tolerance (``gridTolerance`` of a device pixel) absorbs floating-point
    /// noise, so that a value that *is* on the grid, like `0.1 * 3 * 10 / 3`, does not
    /// round up a whole device pixel.
    public func roundUp(_ value: Double) -> Double {
        let device = value * factor
        let nearest = device.rounded()
        if abs(device - nearest) <= Self.gridTolerance { return nearest / factor }
        return device.rounded(.up) / factor
    }

    /// Rounds `value` down to the nearest multiple of `1 / scale`, with the same
    /// tolerance as ``roundUp(_:)``: a value a hair below a grid line counts as on it.
    public func roundDown(_ value: Double) -> Double {
        let device = value * factor
        let nearest = device.rounded()
        if abs(device - nearest) <= Self.gridTolerance { return nearest / factor }
        return device.rounded(.down) / factor
    }

    /// Rounds `value` to the nearest multiple of `1 / scale` (halves away from zero).
    public func round(_ value: Double) -> Double {
        (value * factor).rounded() / factor
    }

    /// How far (in device pixels) a value may sit off a grid line and still count as
    /// on it. Pango works in 1/1024 pixel units, so anything below that is noise.
    public static let gridTolerance = 1e-6

    public var description: String { "@\(rawValue)x" }
}
