import TextMetrics

/// The layout of one row by a ``ManualCell``: heights and frames, on the pixel
/// grid, in the same shape as the constraint engine's result.
public struct ManualLayoutResult: Sendable, CustomStringConvertible {
    /// The width the row was laid out at.
    public let width: Double
    /// The content height, rounded up to the pixel grid.
    public let height: Double
    /// The content height as the cell's arithmetic gave it, before rounding.
    public let exactHeight: Double
    /// The separator below the row.
    public let separatorHeight: Double
    /// The row's height in the table: ``height`` plus ``separatorHeight``, on the pixel grid.
    public let rowHeight: Double
    /// The names of the views in the order they were first placed.
    public let viewNames: [String]
    /// Every placed view's frame by name, in content-view coordinates, edges
    /// rounded to the nearest device pixel.
    public let frames: [String: Rect]

    init(
        width: Double, height: Double, exactHeight: Double, separatorHeight: Double, rowHeight: Double,
        placed: [(String, Rect)]
    ) {
        self.width = width
        self.height = height
        self.exactHeight = exactHeight
        self.separatorHeight = separatorHeight
        self.rowHeight = rowHeight
        var names: [String] = []
        var frames: [String: Rect] = [:]
        for (name, frame) in placed {
            if frames.updateValue(frame, forKey: name) == nil { names.append(name) }
        }
        self.viewNames = names
        self.frames = frames
    }

    /// The compressed-fitting size: the width and ``height``.
    public var size: Size { Size(width: width, height: height) }

    /// The frame of the view called `name`, or `nil` when the cell did not place it.
    public func frame(of name: String) -> Rect? { frames[name] }

    /// `375x131 (row 131.5): title (99, 54, 248, 20), ...`.
    public var description: String {
        let parts = viewNames.compactMap { name in frames[name].map { "\(name) \($0)" } }
        return "\(size) (row \(rowHeight.geometryText)): " + parts.joined(separator: ", ")
    }
}
