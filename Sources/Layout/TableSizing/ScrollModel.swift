/// The scroll area of a table whose rows may be estimated until they are shown.
///
/// The model keeps every row's height — exact (measured) or estimated — in a Fenwick
/// tree, so the offset of a row, the row at an offset and the change of one row's height
/// each cost O(log n), and the content height O(1). Scrolling measures the rows that come
/// into view (and only those), turning their estimates exact.
///
/// **No visible jump.** When rows above the anchor change height — estimated → exact as
/// the table scrolls up into them, learned estimates refreshed, a row updated with
/// ``setHeight(_:ofRow:)`` — the content offset moves by the same amount, so the anchor
/// (the first visible row) stays where it was on screen. Rows are measured *before* the
/// step's scroll is applied, while they are still just outside the viewport, so the
/// content moves on screen by exactly the scrolled distance. Each step returns a
/// ``ScrollStep`` that reports the anchor's shift (0) and the content height's error
/// against ``referenceContentHeight``.
///
/// Exactness: heights and offsets are kept in fixed point (3 × 2^14 units per point; see
/// the notes in Docs/TableSizing.md): sums are exact, so offsets equal a naive prefix sum
/// bit for bit, repeated updates never drift, and the shift is 0, not 1e-13. Heights on
/// the @1x/@2x/@3x pixel grids round-trip exactly; others are rounded to 2e-5 pt.
///
/// Storage: 8 bytes per row for the tree and one bit for "exact": 8.125 bytes per row
/// (``bytesPerRow``). A row's own height is recovered from the tree in O(log n).
public struct ScrollModel: Sendable {
    /// Rows in the table.
    public let rowCount: Int
    /// The exact content height, when known (for instance from a ``RowHeights`` of the
    /// same rows computed for comparison): steps report their content height's error
    /// against it.
    public var referenceContentHeight: Double?

    private var tree: FenwickTree
    private var exact: RowFlags
    /// The content height, in units.
    var total: Int64 = 0
    /// The content offset, in units.
    var offsetUnits: Int64 = 0
    /// The viewport height, in units.
    var viewportUnits: Int64
    private let estimate: HeightEstimate?
    /// Learned estimates, by variant.
    private var means: [Int: RunningMean] = [:]

    struct RunningMean: Sendable {
        var sum = 0.0
        var count = 0
        /// The mean the current estimates use.
        var published: Double

        var mean: Double { count == 0 ? published : sum / Double(count) }
    }

    // MARK: - Making a model

    /// A model whose rows are all estimated, scrolled to the top.
    ///
    /// - Parameters:
    ///   - rowCount: rows in the table.
    ///   - viewportHeight: the height of the visible area, in points.
    ///   - estimate: where unmeasured heights come from.
    /// - Throws: ``TableSizingError`` with code
    ///   ``TableSizingError/Code-swift.struct/invalidHeight`` naming the first row whose
    ///   estimate is negative, not finite, or above ``TableSizingError/maximumRowHeight``
    ///   (also for a viewport height that is).
    /// - Complexity: O(rows), and one call of a per-row estimate per row.
    public init(rowCount: Int, viewportHeight: Double, estimate: HeightEstimate) throws(TableSizingError) {
        precondition(rowCount >= 0, "rowCount must not be negative")
        try TableSizingError.validate(viewportHeight, row: nil)
        self.rowCount = rowCount
        self.estimate = estimate
        self.viewportUnits = LayoutUnits.units(viewportHeight)
        var values = [Int64](repeating: 0, count: rowCount)
        switch estimate.kind {
        case .perRow(let height):
            for row in 0..<rowCount {
                let value = height(row)
                try TableSizingError.validate(value, row: row)
                values[row] = LayoutUnits.units(value)
            }
        case .learned(let initial, _, _):
            try TableSizingError.validate(initial, row: nil)
            values = Array(repeating: LayoutUnits.units(initial), count: rowCount)
        }
        total = values.reduce(0, +)
        tree = FenwickTree(values)
        exact = RowFlags(count: rowCount, value: false)
    }

    /// A model whose rows are all exact, scrolled to the top.
    ///
    /// - Throws: ``TableSizingError`` with code
    ///   ``TableSizingError/Code-swift.struct/invalidHeight`` for a viewport height that
    ///   is negative, not finite or above ``TableSizingError/maximumRowHeight``.
    /// - Complexity: O(rows).
    public init(heights: RowHeights, viewportHeight: Double) throws(TableSizingError) {
        try TableSizingError.validate(viewportHeight, row: nil)
        rowCount = heights.count
        estimate = nil
        viewportUnits = LayoutUnits.units(viewportHeight)
        let values = heights.map(LayoutUnits.units)
        total = values.reduce(0, +)
        tree = FenwickTree(values)
        exact = RowFlags(count: rowCount, value: true)
        referenceContentHeight = heights.totalHeight
    }

    // MARK: - Queries

    /// The height of the visible area, in points.
    public var viewportHeight: Double {
        get { LayoutUnits.points(viewportUnits) }
        set { viewportUnits = LayoutUnits.units(max(0, min(newValue, TableSizingError.maximumRowHeight))) }
    }

    /// The offset of the viewport's top edge in the content, in points.
    public var contentOffset: Double { LayoutUnits.points(offsetUnits) }

    /// The sum of all heights, exact and estimated. O(1).
    public var contentHeight: Double { LayoutUnits.points(total) }

    /// The largest content offset: content height less viewport height, at least 0.
    public var maximumContentOffset: Double { LayoutUnits.points(maximumOffsetUnits) }

    /// ``contentHeight`` minus ``referenceContentHeight``, when that is known.
    public var contentHeightError: Double? { referenceContentHeight.map { contentHeight - $0 } }

    /// Rows measured (or given exact) so far.
    public var exactRowCount: Int { exact.setCount }

    /// The top of `row` in the content (the sum of the heights above it), in points.
    ///
    /// - Complexity: O(log n).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= rowCount, "row out of range")
        return LayoutUnits.points(tree.prefixSum(row))
    }

    /// The height of `row`, exact or estimated, in points.
    ///
    /// - Complexity: O(log n).
    public func height(ofRow row: Int) -> Double {
        precondition(row >= 0 && row < rowCount, "row out of range")
        return LayoutUnits.points(tree.value(at: row))
    }

    /// Whether `row`'s height is exact (measured or given) rather than estimated.
    public func isExact(row: Int) -> Bool { exact[row] }

    /// The top of `row` relative to the viewport's top edge, in points: negative when it
    /// starts above. Computed in fixed point, so it is exact.
    ///
    /// - Complexity: O(log n).
    public func screenPosition(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= rowCount, "row out of range")
        return LayoutUnits.points(tree.prefixSum(row) - offsetUnits)
    }

    /// The row whose extent `[offset(row), offset(row) + height(row))` contains `offset`;
    /// nil outside the content. Rows of height 0 contain no offset.
    ///
    /// - Complexity: O(log n).
    public func row(atOffset offset: Double) -> Int? {
        guard offset.isFinite else { return nil }
        let units = LayoutUnits.units(max(-1, min(offset, contentHeight + 1)))
        guard units >= 0, units < total else { return nil }
        return tree.count(withPrefixSumAtMost: units)
    }

    /// The rows that intersect a viewport of `height` points whose top is at `offset`.
    ///
    /// - Complexity: O(log n).
    public func visibleRows(inViewportAt offset: Double, height: Double) -> Range<Int> {
        let top = LayoutUnits.units(max(-1, min(offset, contentHeight + 1)))
        let size = LayoutUnits.units(max(0, min(height, contentHeight + 1)))
        return visibleRows(top: top, height: size)
    }

    /// The rows in the viewport now.
    public var visibleRows: Range<Int> { visibleRows(top: offsetUnits, height: viewportUnits) }

    /// Bytes of storage per row: 8 for the Fenwick tree, 1/8 for the exact flag, by the
    /// arrays' capacities.
    public var bytesPerRow: Double {
        guard rowCount > 0 else { return 0 }
        let bytes = tree.tree.capacity * MemoryLayout<Int64>.stride + exact.words.capacity * MemoryLayout<UInt64>.stride
        return Double(bytes) / Double(rowCount)
    }

    // MARK: - Internals shared with the scrolling code

    var maximumOffsetUnits: Int64 { max(0, total - viewportUnits) }

    func clamped(_ units: Int64) -> Int64 { min(max(units, 0), maximumOffsetUnits) }

    func visibleRows(top: Int64, height: Int64) -> Range<Int> {
        let start = max(top, 0)
        let end = min(top + height, total)
        guard end > start else {
            let row = min(tree.count(withPrefixSumAtMost: max(start, 0)), rowCount)
            return row..<row
        }
        let first = tree.count(withPrefixSumAtMost: start)
        let last = tree.count(withPrefixSumAtMost: end - 1)
        return first..<min(last + 1, rowCount)
    }

    /// The first row in the viewport (the anchor of a scroll step); nil for an empty table.
    var anchorRow: Int? {
        guard rowCount > 0 else { return nil }
        return min(tree.count(withPrefixSumAtMost: max(offsetUnits, 0)), rowCount - 1)
    }

    func prefix(_ row: Int) -> Int64 { tree.prefixSum(row) }

    /// Gives `row` the height `units`, keeping `anchor` where it is on screen.
    ///
    /// - Returns: the correction made to the content offset (nonzero only when `row` is
    ///   above `anchor` and its height changed).
    /// - Complexity: O(log n).
    mutating func replace(row: Int, units: Int64, isExact: Bool, anchor: Int?) -> Int64 {
        let delta = units - tree.value(at: row)
        exact[row] = isExact
        guard delta != 0 else { return 0 }
        tree.add(delta, at: row)
        total += delta
        // The anchor's top moves by the change of any row above it, and so does the
        // content offset: anchor top − content offset stays the same integer.
        guard let anchor, row < anchor else { return 0 }
        offsetUnits += delta
        return delta
    }

    /// Feeds a measured height to the learned estimates.
    mutating func learn(row: Int, height: Double) {
        guard case .learned(let initial, _, let variant)? = estimate?.kind else { return }
        let key = variant(row)
        means[key, default: RunningMean(published: initial)].sum += height
        means[key, default: RunningMean(published: initial)].count += 1
    }

    /// Re-estimates the unmeasured rows when a learned mean drifted past its threshold,
    /// keeping the first visible row in place.
    ///
    /// - Returns: the content offset correction, or nil when nothing was re-estimated.
    /// - Complexity: O(rows) when it re-estimates, O(variants) otherwise.
    mutating func reestimateIfNeeded() -> Int64? {
        guard case .learned(let initial, let threshold, let variant)? = estimate?.kind,
            means.values.contains(where: { $0.count > 0 && abs($0.mean - $0.published) > threshold })
        else { return nil }
        let anchor = anchorRow
        let anchorTop = anchor.map(prefix) ?? 0
        for (key, learned) in means { means[key]?.published = learned.mean }
        let estimates = means.mapValues { LayoutUnits.units($0.published) }
        let fallback = LayoutUnits.units(initial)
        let flags = exact
        tree.rewrite { row, value in
            flags[row] ? value : estimates[variant(row)] ?? fallback
        }
        total = tree.prefixSum(rowCount)
        guard let anchor else { return 0 }
        let correction = prefix(anchor) - anchorTop
        offsetUnits += correction
        return correction
    }

    #if CELLFIT_INTERNAL_CHECKS
    /// The Fenwick tree's invariant against the heights it reports (tests only).
    func checkInvariants() -> Bool {
        let values = (0..<rowCount).map(tree.value(at:))
        return tree.checkInvariants(against: values) && values.reduce(0, +) == total
    }
    #endif
}
