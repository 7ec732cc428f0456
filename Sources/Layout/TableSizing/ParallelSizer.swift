import Cancellation
import Dispatch
import Locking
import Synchronization

/// The engine under ``RowHeights/compute(rowCount:width:options:makeWorker:)`` and
/// ``HeightCache``: runs `jobCount` height calls on `workerCount` threads.
///
/// How it works: jobs are cut into contiguous chunks; each worker takes the next chunk
/// from one atomic counter (so a slow chunk idles nobody), sizes it with its own height
/// function, and writes the heights into its chunk's slots of one preallocated buffer.
/// Nothing else is shared: the counter, two flags, and two locks (the first failure, the
/// progress count).
///
/// Failures are deterministic: a worker that fails stops at the failing job and raises
/// a stop flag; other workers finish the chunk they hold but take no new one. Chunks are
/// handed out in increasing order, so every chunk below the failing one was taken and
/// finished, and the failure kept — the lowest job index — is the one a serial run
/// would meet first.
enum ParallelSizer {
    /// What one job's height function is: row index in, height out.
    typealias Worker = (Int) throws -> Double

    /// Computes `jobCount` heights.
    ///
    /// - Parameters:
    ///   - rowOfJob: the table row a job sizes, to name it in errors.
    ///   - calls: incremented by the number of height-function calls made, also when
    ///     the job fails or is cancelled.
    ///   - makeWorker: called once per worker, on the worker's thread, before its first
    ///     chunk; the function it returns is called with job indices.
    /// - Returns: heights in job order.
    /// - Throws: `CancellationError` when ``SizingOptions/cancellation`` is cancelled
    ///   before the last chunk was taken; otherwise ``TableSizingError`` for the lowest
    ///   failing row (``TableSizingError/Code-swift.struct/heightFunctionFailed``,
    ///   ``TableSizingError/Code-swift.struct/invalidHeight``) or
    ///   ``TableSizingError/Code-swift.struct/workerCreationFailed``.
    static func run(
        jobCount: Int,
        options: SizingOptions,
        rowOfJob: @escaping @Sendable (Int) -> Int,
        calls: inout Int,
        makeWorker: @escaping @Sendable () throws -> Worker
    ) throws -> [Double] {
        precondition(jobCount >= 0, "jobCount must not be negative")
        if options.cancellation?.isCancelled == true { throw CancellationError() }
        guard jobCount > 0 else { return [] }
        let requestedWorkers = max(1, options.workerCount)
        let chunkSize = options.resolvedChunkSize(rowCount: jobCount, workers: requestedWorkers)
        let chunkCount = (jobCount + chunkSize - 1) / chunkSize
        let workerCount = min(requestedWorkers, chunkCount)
        let job = Job(
            jobCount: jobCount, chunkSize: chunkSize, chunkCount: chunkCount,
            cancellation: options.cancellation, progress: options.progress)

        let heights = [Double](unsafeUninitializedCapacity: jobCount) { buffer, initializedCount in
            let slots = Slots(buffer: buffer)
            if workerCount == 1 {
                job.work(slots, makeWorker: makeWorker)
            } else {
                DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
                    job.work(slots, makeWorker: makeWorker)
                }
            }
            // Double is trivial, so claiming every slot is safe even on failure; the
            // array is then dropped without being read.
            initializedCount = jobCount
        }
        calls += job.calls.load(ordering: .relaxed)
        if let failure = job.failure.withLock({ $0 }) {
            throw failure.error(rowOfJob: rowOfJob)
        }
        if job.cancelled.load(ordering: .relaxed) { throw CancellationError() }
        return heights
    }

    /// The output buffer, shared by the workers.
    ///
    /// `@unchecked Sendable` because workers write only the slots of the chunks they
    /// took from the atomic counter, and chunks are disjoint.
    struct Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Double>
    }

    /// The first failure: lowest job index wins; worker creation (job -1) before any row.
    struct Failure: Sendable {
        var job: Int
        var error: any Error

        func error(rowOfJob: (Int) -> Int) -> TableSizingError {
            if job < 0 { return TableSizingError(.workerCreationFailed, underlying: error) }
            if var sizing = error as? TableSizingError {
                sizing.row = rowOfJob(job)
                return sizing
            }
            return TableSizingError(.heightFunctionFailed, row: rowOfJob(job), underlying: error)
        }
    }

    /// The state the workers of one run share; everything in it is thread-safe.
    final class Job: Sendable {
        let jobCount: Int
        let chunkSize: Int
        let chunkCount: Int
        let cancellation: CancellationToken?
        let progress: (@Sendable (SizingProgress) -> Void)?
        let nextChunk = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let cancelled = Atomic<Bool>(false)
        let calls = Atomic<Int>(0)
        let failure = Locked<Failure?>(nil)
        let rowsDone = Locked<Int>(0)

        init(
            jobCount: Int, chunkSize: Int, chunkCount: Int, cancellation: CancellationToken?,
            progress: (@Sendable (SizingProgress) -> Void)?
        ) {
            self.jobCount = jobCount
            self.chunkSize = chunkSize
            self.chunkCount = chunkCount
            self.cancellation = cancellation
            self.progress = progress
        }

        /// One worker's loop: take a chunk, size it, report, repeat.
        func work(_ slots: Slots, makeWorker: @Sendable () throws -> Worker) {
            var height: Worker?
            var callsMade = 0
            defer { calls.add(callsMade, ordering: .relaxed) }
            while !stop.load(ordering: .relaxed) {
                if let cancellation, cancellation.isCancelled {
                    cancelled.store(true, ordering: .relaxed)
                    stop.store(true, ordering: .relaxed)
                    return
                }
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { return }
                let worker: Worker
                if let height {
                    worker = height
                } else {
                    do {
                        worker = try makeWorker()
                        height = worker
                    } catch {
                        record(Failure(job: -1, error: error))
                        return
                    }
                }
                let start = chunk * chunkSize
                let end = min(jobCount, start + chunkSize)
                for index in start..<end {
                    callsMade += 1
                    do {
                        let value = try worker(index)
                        try TableSizingError.validate(value, row: index)
                        slots.buffer[index] = value
                    } catch {
                        record(Failure(job: index, error: error))
                        return
                    }
                }
                if let progress {
                    rowsDone.withLock { done in
                        done += end - start
                        progress(SizingProgress(rowsDone: done, rowCount: jobCount))
                    }
                }
            }
        }

        private func record(_ new: Failure) {
            failure.withLock { current in
                if current == nil || new.job < current?.job ?? .max { current = new }
            }
            stop.store(true, ordering: .relaxed)
        }
    }
}
