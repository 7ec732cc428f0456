extension ScrollModel {
    /// A height function for the rows a step shows: called on the calling thread with a
    /// row index, returns the row's exact height in points (a fitter's
    /// `fit(row, width:).rowHeight`, say).
    public typealias MeasureRow = (_ row: Int) throws -> Double

    /// Scrolls by `delta` points (positive: towards the end), measuring the rows that
    /// come into view.
    ///
    /// The anchor is the first visible row before the step. First the rows that will be
    /// visible after the scroll and are still estimated are measured — repeatedly, since
    /// their heights change what will be visible — while the content offset is corrected
    /// for every change above the anchor; then the scroll is applied, clamped to
    /// `0...maximumContentOffset`. So every row in the viewport afterwards is exact, and
    /// the rows seen before move on screen by exactly ``ScrollStep/scrolledBy``.
    ///
    /// - Returns: the step's report; its ``ScrollStep/firstVisibleRowShift`` is 0.
    /// - Throws: ``TableSizingError``: ``TableSizingError/Code-swift.struct/heightFunctionFailed``
    ///   or ``TableSizingError/Code-swift.struct/invalidHeight`` naming the row
    ///   (``TableSizingError/Code-swift.struct/invalidHeight`` without a row for a
    ///   `delta` that is NaN; an infinite one scrolls to an end). The model
    ///   stays consistent: rows measured before the failure keep their exact heights and
    ///   the anchor its place; the scroll is not applied.
    /// - Complexity: O((m + 1) log n) for m rows measured, plus O(rows) when learned
    ///   estimates are refreshed.
    @discardableResult
    public mutating func scroll(by delta: Double, measure: MeasureRow) throws -> ScrollStep {
        guard !delta.isNaN else { throw TableSizingError(.invalidHeight, value: delta) }
        let bounded = max(-contentHeight - 1, min(delta, contentHeight + 1))
        guard let anchor = anchorRow else {
            return finish(anchor: nil, settled: Settled(scrolled: 0, correction: 0, measured: 0), shift: 0)
        }
        let screenBefore = prefix(anchor) - offsetUnits
        let settled = try settle(anchor: anchor, delta: LayoutUnits.units(bounded), measure: measure)
        let screenAfter = prefix(anchor) - offsetUnits
        let shift = screenAfter + settled.scrolled - screenBefore
        return finish(anchor: anchor, settled: settled, shift: shift)
    }

    /// Measures the estimated rows in the viewport without scrolling: `scroll(by: 0)`.
    /// Call it once after making the model, as a table lays out its first screen.
    ///
    /// - Throws: as ``scroll(by:measure:)``.
    @discardableResult
    public mutating func layoutVisibleRows(measure: MeasureRow) throws -> ScrollStep {
        try scroll(by: 0, measure: measure)
    }

    /// Jumps so that `row` is at the top of the viewport (UIKit's `.top`), or as far up
    /// as the end of the content allows, measuring the rows that come into view.
    ///
    /// The rows above `row` stay estimated; scrolling up into them later measures them
    /// with the anchor correction. The anchor is `row` itself, and its shift is measured
    /// from the position the jump gave it.
    ///
    /// - Throws: as ``scroll(by:measure:)``; then the content offset has changed but not
    ///   every visible row is exact (the next step measures them).
    /// - Complexity: O((m + 1) log n) for m rows measured.
    @discardableResult
    public mutating func scrollToRow(_ row: Int, measure: MeasureRow) throws -> ScrollStep {
        precondition(row >= 0 && row < rowCount, "row out of range")
        let before = offsetUnits
        offsetUnits = prefix(row)
        let settled = try settle(anchor: row, delta: 0, measure: measure)
        // Measured from where the jump put the row (the top), plus the end's clamp.
        let shift = prefix(row) - offsetUnits + settled.scrolled
        let jump = Settled(
            scrolled: offsetUnits - before - settled.correction, correction: settled.correction,
            measured: settled.measured)
        return finish(anchor: row, settled: jump, shift: shift)
    }

    /// Gives `row` a new height — exact by default (a height computed elsewhere, or a
    /// row whose content changed, like an expanded description) — keeping the first
    /// visible row in place. Rows that come into view because the row shrank are not
    /// measured here; the next step measures them.
    ///
    /// - Throws: ``TableSizingError/Code-swift.struct/invalidHeight`` for a height that is
    ///   negative, not finite or above ``TableSizingError/maximumRowHeight``.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func setHeight(_ height: Double, ofRow row: Int, isExact: Bool = true) throws -> ScrollStep {
        precondition(row >= 0 && row < rowCount, "row out of range")
        try TableSizingError.validate(height, row: row)
        let anchor = anchorRow
        let screenBefore = anchor.map { prefix($0) - offsetUnits } ?? 0
        let correction = replace(row: row, units: LayoutUnits.units(height), isExact: isExact, anchor: anchor)
        if isExact { learn(row: row, height: height) }
        let shift = anchor.map { prefix($0) - offsetUnits - screenBefore } ?? 0
        return finish(anchor: anchor, settled: Settled(scrolled: 0, correction: correction, measured: 0), shift: shift)
    }

    // MARK: - The step

    struct Settled {
        var scrolled: Int64
        var correction: Int64
        var measured: Int
    }

    /// Measures the estimated rows visible at `offset + delta` until none is left,
    /// correcting the offset for changes above `anchor`; then applies `delta`, clamped.
    ///
    /// Rows are measured one at a time, nearest the anchor first (the rows from the
    /// anchor down, then the rows above it, upwards), and the visible range is worked
    /// out again after each: a row is measured only if it is visible once the rows
    /// between it and the anchor are exact. So a jump into rows estimated too small
    /// measures one screenful, not every row the estimates would have shown.
    private mutating func settle(anchor: Int, delta: Int64, measure: MeasureRow) throws -> Settled {
        var correction: Int64 = 0
        var measured = 0
        while let row = nextRowToMeasure(anchor: anchor, delta: delta) {
            let height: Double
            do {
                height = try measure(row)
            } catch {
                throw TableSizingError(.heightFunctionFailed, row: row, underlying: error)
            }
            try TableSizingError.validate(height, row: row)
            correction += replace(row: row, units: LayoutUnits.units(height), isExact: true, anchor: anchor)
            learn(row: row, height: height)
            measured += 1
        }
        let before = offsetUnits
        offsetUnits = clamped(before + delta)
        return Settled(scrolled: offsetUnits - before, correction: correction, measured: measured)
    }

    /// The estimated row nearest `anchor` among those visible at `offset + delta`.
    ///
    /// - Complexity: O(log n + visible rows).
    private func nextRowToMeasure(anchor: Int, delta: Int64) -> Int? {
        let rows = visibleRows(top: clamped(offsetUnits + delta), height: viewportUnits)
        if let below = rows.clamped(to: anchor..<rowCount).first(where: { !isExact(row: $0) }) { return below }
        return rows.clamped(to: 0..<anchor).last(where: { !isExact(row: $0) })
    }

    /// Refreshes learned estimates if due, and writes the report.
    private mutating func finish(anchor: Int?, settled: Settled, shift: Int64) -> ScrollStep {
        var correction = settled.correction
        let reestimation = reestimateIfNeeded()
        correction += reestimation ?? 0
        return ScrollStep(
            contentOffset: contentOffset,
            visibleRows: visibleRows,
            anchorRow: anchor,
            scrolledBy: LayoutUnits.points(settled.scrolled),
            offsetCorrection: LayoutUnits.points(correction),
            firstVisibleRowShift: LayoutUnits.points(shift),
            rowsMeasured: settled.measured,
            reestimated: reestimation != nil,
            contentHeight: contentHeight,
            contentHeightError: contentHeightError)
    }
}
