import Cancellation
/// Makes the height function of one worker, for rows laid out at `width`.
///
/// TableSizing knows neither layout engine: it takes heights from a function. Each
/// worker thread calls the factory once and then calls the function it returned for
/// every row it sizes, so the function may keep state that is not thread-safe — a
/// `CellFitter` with its compiled templates, a text measurer — because it never leaves
/// the thread that made it. The factory itself runs on several threads at once and
/// must be `Sendable`.
///
/// ```swift
/// let heights = try RowHeights.compute(rowCount: rows.count, width: 375) { width in
///     var fitter = template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
///     return { row in try fitter.fit(rows[row], width: width).rowHeight }
/// }
/// ```
///
/// **The contract the function must keep**: a row's height depends only on the row
/// and the width — not on which worker computes it, nor on the rows that worker sized
/// before. Caches inside a worker are fine as long as a hit returns the same bits as a
/// miss. Under that contract a parallel run is bit-identical to a serial one, whatever
/// the worker count, the chunk size and the scheduling.
///
/// The function returns a height in points: finite, at least 0 and at most
/// ``TableSizingError/maximumRowHeight``; anything else fails the job with
/// ``TableSizingError/Code-swift.struct/invalidHeight``.
public typealias HeightWorkerFactory = @Sendable (_ width: Double) throws -> (_ row: Int) throws -> Double

/// How a sizing job runs: worker count, chunk size, cancellation and progress.
public struct SizingOptions: Sendable {
    /// Worker threads, at least 1. Defaults to the active processor count. With 1,
    /// rows are sized on the calling thread, in order.
    public var workerCount: Int

    /// Rows per chunk, or nil to choose from the row and worker counts (about 64 chunks
    /// per worker, between 16 and 4096 rows each). Workers take chunks one at a time
    /// from a shared counter, so a slow chunk delays only its own worker; smaller chunks
    /// balance better and report progress more often, larger ones cost fewer atomic
    /// operations.
    public var chunkSize: Int?

    /// Checked before every chunk; once cancelled, the job throws `CancellationError`.
    public var cancellation: CancellationToken?

    /// Called after each chunk with the rows done so far. Calls never overlap: they are
    /// made one at a time, under a lock, with `rowsDone` increasing — but from whichever
    /// worker thread finished the chunk. Keep it short, and do not start another sizing
    /// job from inside it.
    public var progress: (@Sendable (SizingProgress) -> Void)?

    /// Options with the given values; by default one worker per active processor.
    public init(
        workerCount: Int = ProcessorCount.active,
        chunkSize: Int? = nil,
        cancellation: CancellationToken? = nil,
        progress: (@Sendable (SizingProgress) -> Void)? = nil
    ) {
        self.workerCount = workerCount
        self.chunkSize = chunkSize
        self.cancellation = cancellation
        self.progress = progress
    }

    /// One worker, on the calling thread: the serial reference.
    public static var serial: SizingOptions { SizingOptions(workerCount: 1) }

    /// The chunk size a job of `rowCount` rows uses.
    func resolvedChunkSize(rowCount: Int, workers: Int) -> Int {
        if let chunkSize { return max(1, chunkSize) }
        return min(4096, max(16, rowCount / max(1, workers * 64)))
    }
}
