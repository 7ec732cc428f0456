/// What one step of a ``ScrollModel`` did and how well the model kept its promise.
public struct ScrollStep: Hashable, Sendable, CustomStringConvertible {
    /// The content offset after the step, in points.
    public var contentOffset: Double
    /// The rows in the viewport after the step (all of them exact).
    public var visibleRows: Range<Int>
    /// The row held in place: the first visible row before a scroll, the row jumped to
    /// by a jump; nil for an empty table.
    public var anchorRow: Int?
    /// How far the content scrolled, in points: the requested delta, less what the ends
    /// of the content cut off. For a jump, the whole change of the content offset that
    /// is not an ``offsetCorrection``.
    public var scrolledBy: Double
    /// The change of the content offset made to compensate for rows above the anchor
    /// that changed height (estimated → exact, re-estimates), in points.
    public var offsetCorrection: Double
    /// How far the anchor moved on screen beyond ``scrolledBy``: 0 exactly, or the
    /// model has broken its promise. (For a jump, measured from where the jump placed the
    /// row.)
    public var firstVisibleRowShift: Double
    /// Rows measured in this step.
    public var rowsMeasured: Int
    /// Whether learned estimates were refreshed in this step.
    public var reestimated: Bool
    /// The content height after the step, in points.
    public var contentHeight: Double
    /// ``contentHeight`` minus ``ScrollModel/referenceContentHeight`` (the exact total),
    /// when that is known.
    public var contentHeightError: Double?

    public var description: String {
        var text = "offset \(contentOffset), rows \(visibleRows), scrolled \(scrolledBy)"
        text += ", correction \(offsetCorrection), shift \(firstVisibleRowShift), measured \(rowsMeasured)"
        text += ", content \(contentHeight)"
        if let contentHeightError { text += " (error \(contentHeightError))" }
        return text
    }
}
