/// Row heights cached by stable row identifier and width.
///
/// The cache holds one column of heights per width it has seen: a contiguous `[Double]`
/// in the order of ``rowIDs`` (8 bytes per row per width), where NaN marks a height that
/// is not known (never computed, or dropped by ``invalidate(_:)``). Changing the width
/// with ``setWidth(_:)`` keeps the old column, so rotating back computes nothing; only
/// missing heights are ever computed, in parallel as ``RowHeights`` does. Changing one
/// row's content is ``invalidate(_:)``: that row is re-sized at the current width and
/// marked unknown at every other width, to be re-sized when the table returns to it.
///
/// Widths are compared bit for bit: pass the same `Double` each time (a width rounded to
/// the pixel grid, say), not one recomputed with different rounding.
///
/// ``heightFunctionCalls`` counts every call of the height function, so a test can
/// check that a rotation back cost none and an invalidation cost one.
public struct HeightCache<RowID: Hashable & Sendable>: Sendable {
    /// Makes one worker's height function for rows at a width, looked up by identifier.
    /// The same contract as ``HeightWorkerFactory``: a row's height depends only on the
    /// row's content and the width.
    public typealias WorkerFactory = @Sendable (_ width: Double) throws -> (_ row: RowID) throws -> Double

    /// The rows, in table order.
    public let rowIDs: [RowID]
    /// How missing heights are computed: workers, chunks, cancellation, progress.
    public var options: SizingOptions
    /// The width of ``heights``, or nil before the first ``setWidth(_:)``.
    public private(set) var width: Double?
    /// How many times the height function has been called, in total.
    public private(set) var heightFunctionCalls = 0

    private let indexOfID: [RowID: Int]
    private let makeWorker: WorkerFactory
    /// One column per width, keyed by the width's bit pattern.
    private var columns: [UInt64: Column] = [:]

    /// The heights at one width; NaN where unknown.
    private struct Column: Sendable {
        var heights: [Double]
        var missing: Int
    }

    /// Creates an empty cache for the rows `rowIDs`. Computes nothing.
    ///
    /// - Throws: ``TableSizingError`` with code
    ///   ``TableSizingError/Code-swift.struct/duplicateRowID`` naming the second of two
    ///   equal identifiers.
    /// - Complexity: O(rows).
    public init(
        rowIDs: [RowID], options: SizingOptions = SizingOptions(), makeWorker: @escaping WorkerFactory
    ) throws(TableSizingError) {
        var index: [RowID: Int] = [:]
        index.reserveCapacity(rowIDs.count)
        for (row, id) in rowIDs.enumerated() {
            guard index.updateValue(row, forKey: id) == nil else {
                throw TableSizingError(.duplicateRowID, row: row)
            }
        }
        self.rowIDs = rowIDs
        self.indexOfID = index
        self.options = options
        self.makeWorker = makeWorker
    }

    /// Makes `width` the current width, computing the heights not cached at it.
    ///
    /// A width seen before costs only its missing rows (none, unless rows were
    /// invalidated since): rotating back is free. On failure or cancellation nothing
    /// changes — not the current width, not any cached height.
    ///
    /// - Throws: `CancellationError` when ``SizingOptions/cancellation`` is cancelled
    ///   before the job ends; ``TableSizingError`` as
    ///   ``RowHeights/compute(rowCount:width:options:makeWorker:)`` throws, with
    ///   ``TableSizingError/row`` the index of the row in ``rowIDs``.
    /// - Complexity: O(1) when every row is cached at `width`; otherwise O(rows) plus one
    ///   height call per missing row.
    public mutating func setWidth(_ width: Double) throws {
        try TableSizingError.validate(width: width)
        let key = width.bitPattern
        if let column = columns[key] {
            if column.missing > 0 {
                let missingRows = column.heights.indices.filter { column.heights[$0].isNaN }
                let computed = try size(rows: missingRows.count, at: width) { missingRows[$0] }
                var filled = column
                for (job, row) in missingRows.enumerated() { filled.heights[row] = computed[job] }
                filled.missing = 0
                columns[key] = filled
            }
        } else {
            // A width never seen: every row, straight into the new column.
            let computed = try size(rows: rowIDs.count, at: width) { $0 }
            columns[key] = Column(heights: computed, missing: 0)
        }
        self.width = width
    }

    /// Sizes `count` rows at `width`, job `j` being the row `rowOfJob(j)`.
    private mutating func size(rows count: Int, at width: Double, rowOfJob: @escaping @Sendable (Int) -> Int) throws
        -> [Double]
    {
        let ids = rowIDs
        let factory = makeWorker
        return try ParallelSizer.run(
            jobCount: count, options: options, rowOfJob: rowOfJob, calls: &heightFunctionCalls,
            makeWorker: {
                let height = try factory(width)
                return { job in try height(ids[rowOfJob(job)]) }
            })
    }

    /// Re-sizes the row `id` after its content changed, with a new worker from the
    /// factory, at the current width; marks its height unknown at every other width.
    ///
    /// Costs one factory call and one height call. When a worker of your own is at
    /// hand (a fitter on the calling thread), ``invalidate(_:height:)`` saves the factory.
    ///
    /// - Returns: the row's new height at the current width, or nil when no width is set
    ///   (then the row is only marked unknown).
    /// - Throws: ``TableSizingError``: ``TableSizingError/Code-swift.struct/unknownRowID``
    ///   when `id` is not one of ``rowIDs``; otherwise
    ///   (``TableSizingError/Code-swift.struct/workerCreationFailed``,
    ///   ``TableSizingError/Code-swift.struct/heightFunctionFailed`` or
    ///   ``TableSizingError/Code-swift.struct/invalidHeight``); the row then stays unknown
    ///   at every width, the current one included, and the next ``setWidth(_:)`` re-sizes it.
    /// - Complexity: O(widths cached) plus one height call.
    @discardableResult
    public mutating func invalidate(_ id: RowID) throws -> Double? {
        let row = try row(of: id)
        guard let width else {
            markUnknown(row: row)
            return nil
        }
        let height: (RowID) throws -> Double
        do {
            height = try makeWorker(width)
        } catch {
            markUnknown(row: row)
            throw TableSizingError(.workerCreationFailed, underlying: error)
        }
        return try invalidate(id, height: height)
    }

    /// Re-sizes the row `id` after its content changed with `height` (a height function
    /// for the current width, already at hand), and marks its height unknown at every
    /// other width.
    ///
    /// - Returns: the new height at the current width, or nil when no width is set.
    /// - Throws: ``TableSizingError``: ``TableSizingError/Code-swift.struct/unknownRowID``
    ///   when `id` is not one of ``rowIDs``; otherwise
    ///   (``TableSizingError/Code-swift.struct/heightFunctionFailed``
    ///   or ``TableSizingError/Code-swift.struct/invalidHeight``); the row then stays
    ///   unknown at every width.
    /// - Complexity: O(widths cached) plus one height call.
    @discardableResult
    public mutating func invalidate(_ id: RowID, height: (RowID) throws -> Double) throws -> Double? {
        let row = try row(of: id)
        markUnknown(row: row)
        guard let width else { return nil }
        heightFunctionCalls += 1
        let value: Double
        do {
            value = try height(id)
        } catch {
            throw TableSizingError(.heightFunctionFailed, row: row, underlying: error)
        }
        try TableSizingError.validate(value, row: row)
        columns[width.bitPattern]?.heights[row] = value
        columns[width.bitPattern]?.missing -= 1
        return value
    }

    /// Forgets every height at every width (the current width stays, with all rows unknown).
    public mutating func invalidateAll() {
        columns = [:]
    }

    /// Forgets the heights at `width`, to free memory.
    public mutating func removeWidth(_ width: Double) {
        columns[width.bitPattern] = nil
    }

    /// The heights at the current width, when every row is known there.
    ///
    /// - Complexity: O(1) (the array is shared, copy on write).
    public var heights: RowHeights? {
        guard let width else { return nil }
        return heights(atWidth: width)
    }

    /// The heights at `width`, when every row is known there.
    public func heights(atWidth width: Double) -> RowHeights? {
        guard let column = columns[width.bitPattern], column.missing == 0 else { return nil }
        return RowHeights(uncheckedWidth: width, heights: column.heights)
    }

    /// The cached height of `id` at `width` (the current width by default), nil when unknown.
    ///
    /// - Complexity: O(1).
    public func height(of id: RowID, atWidth width: Double? = nil) -> Double? {
        guard let width = width ?? self.width, let row = indexOfID[id],
            let value = columns[width.bitPattern]?.heights[row], !value.isNaN
        else { return nil }
        return value
    }

    /// The widths with a column of heights, ascending.
    public var cachedWidths: [Double] {
        columns.keys.map { Double(bitPattern: $0) }.sorted()
    }

    /// Heights not known at `width` (all rows for a width never seen).
    public func missingRowCount(atWidth width: Double) -> Int {
        columns[width.bitPattern]?.missing ?? rowIDs.count
    }

    /// Bytes the cache holds per row: 8 per cached width for the heights, plus the
    /// identifier array and the identifier-to-index dictionary (by their capacities;
    /// the dictionary's own metadata is not counted).
    public var bytesPerRow: Double {
        guard !rowIDs.isEmpty else { return 0 }
        let heights = columns.values.reduce(0) { $0 + $1.heights.capacity * MemoryLayout<Double>.stride }
        let ids = rowIDs.capacity * MemoryLayout<RowID>.stride
        let index = indexOfID.capacity * (MemoryLayout<RowID>.stride + MemoryLayout<Int>.stride)
        return Double(heights + ids + index) / Double(rowIDs.count)
    }

    private func row(of id: RowID) throws(TableSizingError) -> Int {
        guard let row = indexOfID[id] else { throw TableSizingError(.unknownRowID) }
        return row
    }

    private mutating func markUnknown(row: Int) {
        for key in columns.keys {
            guard let old = columns[key]?.heights[row], !old.isNaN else { continue }
            columns[key]?.heights[row] = .nan
            columns[key]?.missing += 1
        }
    }
}
