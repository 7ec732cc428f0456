import Dispatch
import Locking
import Synchronization

/// Sizes a table that arrives in batches — a stream of rows too long to hold at once —
/// on workers whose height functions outlive each batch.
///
/// ``RowHeights/compute(rowCount:width:options:makeWorker:)`` sizes a table it can
/// index whole, and stops at the first row that fails. A stream needs two other
/// things: each batch is sized as it comes, by workers that keep their height
/// function (and with it a fitter's compiled templates and caches) from one batch to
/// the next; and every row gets its own result, so a caller can report a failing row
/// and go on.
///
/// ```swift
/// let sizer = StreamingSizer<CellContent> {
///     var fitter = template.makeFitter(measurer: measurer)
///     return { row, width in try fitter.fit(row, width: width).rowHeight }
/// }
/// while let batch = nextBatch() {
///     for result in try sizer.heights(of: batch, widths: [320, 375]) { … }
/// }
/// ```
///
/// The height function keeps the contract of ``HeightWorkerFactory``: a row's height
/// depends only on the row and the width, so results are bit-identical to a serial
/// run whatever the worker count and the batch sizes.
///
/// Calls to ``heights(of:widths:)`` from several threads are safe but run one at a
/// time: the workers belong to one batch at a time. So a height function, or
/// `makeWorker`, must not call ``heights(of:widths:)`` on its own sizer: it would
/// wait for the batch it is part of.
public final class StreamingSizer<Row: Sendable>: Sendable {
    /// One worker's height function: a row and a width in, the row's height out.
    public typealias Worker = (_ row: Row, _ width: Double) throws -> Double

    /// Worker threads, at least 1.
    public let workerCount: Int
    private let makeWorker: @Sendable () throws -> Worker
    private let pool: Pool
    /// Held for a whole batch: the workers belong to one batch at a time.
    private let busy = Locked<Void>(())

    /// A sizer whose workers make their height function with `makeWorker`, each once,
    /// on its own thread, when it first has a row to size.
    /// - Parameters:
    ///   - workerCount: threads; defaults to the active processors; values below 1 count as 1.
    ///   - makeWorker: makes one worker's height function (see ``HeightWorkerFactory``
    ///     for the contract it keeps).
    public init(workerCount: Int = ProcessorCount.active, makeWorker: @escaping @Sendable () throws -> Worker) {
        self.workerCount = max(1, workerCount)
        self.makeWorker = makeWorker
        self.pool = Pool(count: self.workerCount)
    }

    /// Sizes every row of a batch at every width.
    ///
    /// - Parameters:
    ///   - rows: the batch.
    ///   - widths: the widths, in points; at least one.
    /// - Returns: `rows.count × widths.count` results, row-major: row `r` at
    ///   `widths[w]` is at `r * widths.count + w`. A failure is a ``TableSizingError``
    ///   naming the row's index in the batch: ``TableSizingError/Code-swift.struct/heightFunctionFailed``
    ///   with the error in ``TableSizingError/underlying``, or
    ///   ``TableSizingError/Code-swift.struct/invalidHeight``.
    /// - Throws: ``TableSizingError`` with code ``TableSizingError/Code-swift.struct/invalidWidth``
    ///   for a width that is negative or not finite, or when `widths` is empty; with
    ///   ``TableSizingError/Code-swift.struct/workerCreationFailed`` when a worker's
    ///   `makeWorker` threw (the batch's results are dropped; a later call tries again).
    public func heights(of rows: [Row], widths: [Double]) throws(TableSizingError) -> [Result<Double, TableSizingError>] {
        guard !widths.isEmpty else { throw TableSizingError(.invalidWidth, value: .nan) }
        for width in widths { try TableSizingError.validate(width: width) }
        let jobCount = rows.count * widths.count
        guard jobCount > 0 else { return [] }
        let batch = Batch(rows: rows, widths: widths, makeWorker: makeWorker, pool: pool)
        let threads = min(workerCount, (jobCount + Batch.chunk - 1) / Batch.chunk)
        busy.withLock { _ in
            if threads == 1 {
                batch.work(slot: 0)
            } else {
                DispatchQueue.concurrentPerform(iterations: threads) { slot in batch.work(slot: slot) }
            }
        }
        if let failure = batch.creationFailure.withLock({ $0 }) {
            throw TableSizingError(.workerCreationFailed, underlying: failure)
        }
        return batch.results()
    }

    /// The workers' height functions, slot `i` for `concurrentPerform`'s iteration `i`.
    ///
    /// `@unchecked Sendable`: a slot is touched only by its iteration, and batches run
    /// one at a time (``StreamingSizer/busy``), so no two threads reach a slot at once;
    /// the lock and `concurrentPerform`'s join order one batch's accesses before the next's.
    final class Pool: @unchecked Sendable {
        let workers: UnsafeMutableBufferPointer<Worker?>

        init(count: Int) {
            workers = .allocate(capacity: count)
            workers.initialize(repeating: nil)
        }

        deinit { workers.deinitialize().deallocate() }
    }

    /// One batch: its jobs, handed out in chunks from one counter, and their results.
    ///
    /// `@unchecked Sendable`: each result slot is written by the one worker that took
    /// its chunk from the counter, and read after `concurrentPerform` has joined.
    final class Batch: @unchecked Sendable {
        /// Jobs per chunk: small, because a batch is already a bounded slice of the
        /// stream and a worker idle at its end is time lost.
        static var chunk: Int { 8 }

        let rows: [Row]
        let widths: [Double]
        let jobCount: Int
        let makeWorker: @Sendable () throws -> Worker
        let pool: Pool
        let output: UnsafeMutableBufferPointer<Result<Double, TableSizingError>?>
        let next = Atomic<Int>(0)
        let creationFailure = Locked<(any Error)?>(nil)

        init(rows: [Row], widths: [Double], makeWorker: @escaping @Sendable () throws -> Worker, pool: Pool) {
            self.rows = rows
            self.widths = widths
            self.jobCount = rows.count * widths.count
            self.makeWorker = makeWorker
            self.pool = pool
            output = .allocate(capacity: jobCount)
            output.initialize(repeating: nil)
        }

        deinit { output.deinitialize().deallocate() }

        func work(slot: Int) {
            while true {
                let start = next.wrappingAdd(Self.chunk, ordering: .relaxed).oldValue
                guard start < jobCount else { return }
                guard let height = worker(slot: slot) else { return }
                // Jobs are taken width by width (a fitter that keeps its width from
                // one row to the next reuses its solver), results stored row-major.
                for job in start..<min(jobCount, start + Self.chunk) {
                    let (w, row) = job.quotientAndRemainder(dividingBy: rows.count)
                    output[row * widths.count + w] = Self.size(rows[row], row: row, width: widths[w], with: height)
                }
            }
        }

        /// The slot's height function, made now if this is its first job; nil when
        /// making it failed (recorded, and the slot stays empty for a later batch).
        private func worker(slot: Int) -> Worker? {
            if let made = pool.workers[slot] { return made }
            do {
                let made = try makeWorker()
                pool.workers[slot] = made
                return made
            } catch {
                creationFailure.withLock { $0 = $0 ?? error }
                return nil
            }
        }

        /// The results in job order; call once every worker has returned.
        func results() -> [Result<Double, TableSizingError>] {
            // Without a creation failure every chunk was taken and sized.
            output.map { $0 ?? .failure(TableSizingError(.workerCreationFailed)) }
        }

        static func size(_ row: Row, row index: Int, width: Double, with worker: Worker) -> Result<Double, TableSizingError> {
            do {
                let value = try worker(row, width)
                try TableSizingError.validate(value, row: index)
                return .success(value)
            } catch let error as TableSizingError {
                var error = error
                error.row = index
                return .failure(error)
            } catch {
                return .failure(TableSizingError(.heightFunctionFailed, row: index, underlying: error))
            }
        }
    }
}
