/// The heights of a table's rows at one width, in one contiguous array.
///
/// Storage is 8 bytes per row (``bytesPerRow``): one `Double` each, nothing else.
/// Heights are `Double`, not `Float`, because they are kept bit for bit as the height
/// function returned them: a height on the @3x pixel grid (a multiple of 1/3) is the
/// `Double` nearest to it, which no `Float` equals, and even heights on the @1x and @2x
/// grids are exact in `Float` only below 2^24 / scale points of *offset* — the sums a
/// scroll view needs. Halving the array is not worth a second rounding.
///
/// Compute all rows up front, in parallel, with
/// ``compute(rowCount:width:options:makeWorker:)``.
public struct RowHeights: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The width the rows were laid out at, in points.
    public let width: Double
    /// One height per row, in row order.
    public private(set) var heights: [Double]

    /// Wraps heights computed elsewhere.
    ///
    /// - Throws: ``TableSizingError`` with code
    ///   ``TableSizingError/Code-swift.struct/invalidHeight`` (naming the row) for a
    ///   height that is negative, not finite or above
    ///   ``TableSizingError/maximumRowHeight``, or
    ///   ``TableSizingError/Code-swift.struct/invalidWidth``.
    /// - Complexity: O(rows).
    public init(width: Double, heights: [Double]) throws(TableSizingError) {
        try TableSizingError.validate(width: width)
        for (row, height) in heights.enumerated() { try TableSizingError.validate(height, row: row) }
        self.width = width
        self.heights = heights
    }

    init(uncheckedWidth width: Double, heights: [Double]) {
        self.width = width
        self.heights = heights
    }

    /// Sizes rows `0..<rowCount` at `width`, on ``SizingOptions/workerCount`` threads.
    ///
    /// Each worker calls `makeWorker(width)` once, on its own thread, and sizes the
    /// chunks of rows it takes with the function it got (see ``HeightWorkerFactory``
    /// for the contract that makes the result independent of the worker count). The
    /// calling thread blocks until every row is sized, and works as one of the workers.
    ///
    /// - Parameters:
    ///   - rowCount: rows in the table.
    ///   - width: the width of the table, in points.
    ///   - options: workers, chunk size, cancellation token, progress callback.
    ///   - makeWorker: makes one worker's height function.
    /// - Returns: the heights; serial and parallel runs give bit-identical arrays.
    /// - Throws: `CancellationError` when the token is cancelled before the job ends;
    ///   ``TableSizingError`` for the lowest row whose height function threw
    ///   (``TableSizingError/Code-swift.struct/heightFunctionFailed``, with the error in
    ///   ``TableSizingError/underlying``) or returned an invalid height
    ///   (``TableSizingError/Code-swift.struct/invalidHeight``), for a factory that threw
    ///   (``TableSizingError/Code-swift.struct/workerCreationFailed``), or for an invalid
    ///   width.
    /// - Complexity: O(rows) height calls, spread over the workers; one allocation of
    ///   `8 × rowCount` bytes.
    public static func compute(
        rowCount: Int,
        width: Double,
        options: SizingOptions = SizingOptions(),
        makeWorker: @escaping HeightWorkerFactory
    ) throws -> RowHeights {
        precondition(rowCount >= 0, "rowCount must not be negative")
        try TableSizingError.validate(width: width)
        var calls = 0
        let heights = try ParallelSizer.run(
            jobCount: rowCount, options: options, rowOfJob: { $0 }, calls: &calls,
            makeWorker: { try makeWorker(width) })
        return RowHeights(uncheckedWidth: width, heights: heights)
    }

    /// Bytes of storage per row: 8 (one `Double`).
    public static let bytesPerRow = MemoryLayout<Double>.stride

    /// The sum of all heights, added in row order (so the same bits every time).
    ///
    /// - Complexity: O(rows).
    public var totalHeight: Double { heights.reduce(0, +) }

    /// Whether every height has the same bit pattern as in `other` (stricter than `==`,
    /// which calls `0.0` and `-0.0` equal).
    public func isBitIdentical(to other: RowHeights) -> Bool {
        width.bitPattern == other.width.bitPattern && heights.count == other.heights.count
            && zip(heights, other.heights).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { heights.count }
    /// The height of `row`.
    public subscript(row: Int) -> Double { heights[row] }

    public var description: String { "RowHeights(\(heights.count) rows at width \(width))" }
}
