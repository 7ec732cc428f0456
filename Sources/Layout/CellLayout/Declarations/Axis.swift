/// A layout axis: horizontal (x, widths) or vertical (y, heights).
public enum Axis: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }

    public var description: String { rawValue }
}

/// A priority for each axis: content hugging or compression resistance.
public struct AxisPriorities: Hashable, Sendable, CustomStringConvertible {
    /// The priority along the horizontal axis (widths).
    public var horizontal: Priority
    /// The priority along the vertical axis (heights).
    public var vertical: Priority

    /// Creates per-axis priorities.
    public init(horizontal: Priority, vertical: Priority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same priority on both axes.
    public init(_ both: Priority) {
        self.init(horizontal: both, vertical: both)
    }

    /// The priority along `axis`.
    public subscript(axis: Axis) -> Priority {
        get { axis == .horizontal ? horizontal : vertical }
        set {
            if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
        }
    }

    public var description: String { "h \(horizontal), v \(vertical)" }
}
