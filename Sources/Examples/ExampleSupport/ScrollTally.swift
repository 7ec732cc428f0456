import TableSizing

/// What a scroll through a ``ScrollModel`` did, step by step: how many steps and rows
/// measured, and the worst the model did against its promises (content-height error
/// against the exact total, on-screen shift of the first visible row).
public struct ScrollTally: Sendable {
    /// Steps taken.
    public var steps = 0
    /// Rows measured by the steps.
    public var rowsMeasured = 0
    /// The content-height error before the first step: every unmeasured row at its estimate.
    public var startError = 0.0
    /// The largest content-height error after a step, by magnitude, with its sign: what
    /// the scroll indicator was off by while the table scrolled.
    public var maximumError = 0.0
    /// The largest on-screen shift of a step's first visible row, by magnitude.
    public var maximumShift = 0.0
    /// The content-height error after the last step (or when the scroll began).
    public var finalError = 0.0
    /// The first step after which every row was exact, if one was.
    public var convergedAtStep: Int?

    /// An empty tally.
    public init() {}

    /// Notes the model as it is before the first step.
    public mutating func begin(_ model: ScrollModel) {
        startError = model.contentHeightError ?? 0
        finalError = startError
        noteConvergence(model)
    }

    /// Counts one step of `model`.
    public mutating func add(_ step: ScrollStep, of model: ScrollModel) {
        steps += 1
        rowsMeasured += step.rowsMeasured
        if abs(step.firstVisibleRowShift) > abs(maximumShift) { maximumShift = step.firstVisibleRowShift }
        note(error: model.contentHeightError ?? 0)
        noteConvergence(model)
    }

    private mutating func noteConvergence(_ model: ScrollModel) {
        if convergedAtStep == nil, model.exactRowCount == model.rowCount { convergedAtStep = steps }
    }

    /// Adds `other`'s steps and keeps the worse of each maximum.
    public mutating func include(_ other: ScrollTally) {
        steps += other.steps
        rowsMeasured += other.rowsMeasured
        if abs(other.maximumError) > abs(maximumError) { maximumError = other.maximumError }
        if abs(other.maximumShift) > abs(maximumShift) { maximumShift = other.maximumShift }
    }

    private mutating func note(error: Double) {
        finalError = error
        if abs(error) > abs(maximumError) { maximumError = error }
    }

    /// Scrolls `model` one `delta` at a time (positive: down) until it reaches that end
    /// of the content, measuring with `measure`; `onStep` sees every step.
    /// - Throws: what ``ScrollModel/scroll(by:measure:)`` throws.
    public mutating func scrollToEnd(
        _ model: inout ScrollModel, by delta: Double, measure: ScrollModel.MeasureRow,
        onStep: (_ model: ScrollModel, _ tally: ScrollTally) -> Void = { _, _ in }
    ) throws {
        precondition(delta != 0 && delta.isFinite, "a scroll needs a finite, non-zero delta")
        func atEnd() -> Bool { delta > 0 ? model.contentOffset >= model.maximumContentOffset : model.contentOffset <= 0 }
        while !atEnd() {
            let step = try model.scroll(by: delta, measure: measure)
            add(step, of: model)
            onStep(model, self)
            // The end moves as rows turn exact, but a step that scrolled nothing is at it.
            if step.scrolledBy == 0 { break }
        }
    }
}
