/// One laid-out line, in unrounded logical pixels, measured from the top of the text.
///
/// Both measurers reduce their layout to a list of these, so the rules that turn lines
/// into a ``TextMeasurement`` (which extents count, how rounding happens) live in
/// one place. `PangoTextMeasurer.lineBoxes(_:font:style:maxWidth:)` gives them
/// unrounded, to compare layouts to the Pango unit.
public struct LineBox: Hashable, Sendable {
    /// The line's advance width (logical extent, not ink).
    public var width: Double
    /// Top of the line's logical box.
    public var top: Double
    /// Bottom of the line's logical box.
    public var bottom: Double
    /// The line's baseline.
    public var baseline: Double

    /// A line with the given extents, in logical pixels from the top of the text.
    public init(width: Double, top: Double, bottom: Double, baseline: Double) {
        self.width = width
        self.top = top
        self.bottom = bottom
        self.baseline = baseline
    }
}

extension TextMeasurement {
    /// The measurement of `lines` (top to bottom), rounded up to `scale`'s pixel grid.
    ///
    /// The text box starts at the first line's top, so its height is the last line's
    /// bottom minus that; the width is the widest line. No lines give ``zero``.
    package init(lines: [LineBox], scale: DisplayScale) {
        guard let first = lines.first, let last = lines.last else {
            self = .zero
            return
        }
        let origin = first.top
        let widest = lines.reduce(0) { max($0, $1.width) }
        self.init(
            width: scale.roundUp(widest),
            height: scale.roundUp(last.bottom - origin),
            lineCount: lines.count,
            firstBaseline: scale.roundUp(first.baseline - origin),
            lastBaseline: scale.roundUp(last.baseline - origin)
        )
    }
}
