/// A width and a height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero width and height.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width.geometryText)x\(height.geometryText)" }
}
