import Cancellation
import Locking
import Synchronization
import Testing
@testable import TableSizing

@Suite struct RowHeightsTests {
    static let factory: HeightWorkerFactory = { width in
        { row in syntheticHeight(row: row, width: width) }
    }

    @Test func parallelResultsAreBitIdenticalToSerialOnes() throws {
        let serial = try RowHeights.compute(rowCount: 20_000, width: 375, options: .serial, makeWorker: Self.factory)
        #expect(serial.count == 20_000)
        for (workers, chunk) in [(2, nil), (4, 1), (3, 7), (8, 1000), (16, nil)] as [(Int, Int?)] {
            let parallel = try RowHeights.compute(
                rowCount: 20_000, width: 375, options: SizingOptions(workerCount: workers, chunkSize: chunk),
                makeWorker: Self.factory)
            #expect(parallel.isBitIdentical(to: serial), "\(workers) workers, chunks of \(chunk ?? -1)")
        }
        // And each height is what the function gives for that row alone.
        for row in stride(from: 0, to: 20_000, by: 997) {
            #expect(serial[row].bitPattern == syntheticHeight(row: row, width: 375).bitPattern)
        }
    }

    @Test func eachWorkerMakesItsFunctionOnce() throws {
        let factoryCalls = CallCounter()
        let heightCalls = CallCounter()
        _ = try RowHeights.compute(
            rowCount: 5000, width: 320, options: SizingOptions(workerCount: 4, chunkSize: 10)
        ) { width in
            factoryCalls.increment()
            // State that is not thread-safe, owned by this worker alone.
            var memo: [Int: Double] = [:]
            return { row in
                heightCalls.increment()
                if let hit = memo[row] { return hit }
                let value = syntheticHeight(row: row, width: width)
                memo[row] = value
                return value
            }
        }
        #expect(factoryCalls.count >= 1 && factoryCalls.count <= 4)
        #expect(heightCalls.count == 5000)
    }

    @Test func emptyTable() throws {
        let heights = try RowHeights.compute(rowCount: 0, width: 320, makeWorker: Self.factory)
        #expect(heights.isEmpty)
        #expect(heights.totalHeight == 0)
    }

    @Test func theLowestFailingRowIsReportedWhateverTheScheduling() throws {
        let failing: Set<Int> = [4321, 777, 9000]
        for workers in [1, 2, 4, 8] {
            let error = #expect(throws: TableSizingError.self) {
                try RowHeights.compute(
                    rowCount: 10_000, width: 320, options: SizingOptions(workerCount: workers, chunkSize: 13)
                ) { width in
                    { row in
                        if failing.contains(row) { throw RowFailure(row: row) }
                        return syntheticHeight(row: row, width: width)
                    }
                }
            }
            #expect(error?.code == .heightFunctionFailed)
            #expect(error?.row == 777, "\(workers) workers")
            #expect(error?.underlying as? RowFailure == RowFailure(row: 777))
        }
    }

    @Test func invalidHeightsAreRejected() {
        for bad in [-1, Double.nan, .infinity, TableSizingError.maximumRowHeight * 2] {
            let error = #expect(throws: TableSizingError.self) {
                try RowHeights.compute(rowCount: 100, width: 320, options: SizingOptions(workerCount: 2, chunkSize: 8)) {
                    _ in { row in row == 42 ? bad : 44 }
                }
            }
            #expect(error?.code == .invalidHeight)
            #expect(error?.row == 42)
        }
        #expect(throws: TableSizingError.self) { try RowHeights(width: 320, heights: [44, -2]) }
        #expect(throws: TableSizingError.self) { try RowHeights(width: .nan, heights: [44]) }
    }

    @Test func aFailingFactoryIsReported() {
        let error = #expect(throws: TableSizingError.self) {
            try RowHeights.compute(rowCount: 100, width: 320, options: SizingOptions(workerCount: 2)) { _ in
                throw RowFailure(row: -1)
            }
        }
        #expect(error?.code == .workerCreationFailed)
        #expect(error?.row == nil)
    }

    @Test func cancellationStopsTheJobWithinAChunk() {
        let token = CancellationToken()
        let calls = CallCounter()
        #expect(throws: CancellationError.self) {
            try RowHeights.compute(
                rowCount: 1_000_000, width: 320,
                options: SizingOptions(
                    workerCount: 2, chunkSize: 100, cancellation: token,
                    progress: { progress in if progress.rowsDone >= 1000 { token.cancel() } })
            ) { width in
                { row in
                    calls.increment()
                    return syntheticHeight(row: row, width: width)
                }
            }
        }
        // Each worker finishes at most the chunk it holds, plus the chunks taken between
        // the cancel and the check: far fewer than the million rows.
        #expect(calls.count < 10_000)
    }

    @Test func aCancelledTokenSizesNothing() {
        let token = CancellationToken()
        token.cancel()
        let calls = CallCounter()
        #expect(throws: CancellationError.self) {
            try RowHeights.compute(rowCount: 10, width: 320, options: SizingOptions(cancellation: token)) { _ in
                { _ in
                    calls.increment()
                    return 44
                }
            }
        }
        #expect(calls.count == 0)
    }

    @Test func progressIsReportedPerChunkOneCallAtATime() throws {
        let reportsSeen = Locked<[Int]>([])
        let inside = Atomic<Bool>(false)
        let overlapped = Atomic<Bool>(false)
        _ = try RowHeights.compute(
            rowCount: 10_000, width: 320,
            options: SizingOptions(
                workerCount: 4, chunkSize: 64,
                progress: { progress in
                    if inside.exchange(true, ordering: .acquiring) { overlapped.store(true, ordering: .relaxed) }
                    reportsSeen.withLock { $0.append(progress.rowsDone) }
                    #expect(progress.rowCount == 10_000)
                    inside.store(false, ordering: .releasing)
                }),
            makeWorker: Self.factory)
        let reports = reportsSeen.withLock { $0 }
        let overlappedCalls = overlapped.load(ordering: .relaxed)
        #expect(!overlappedCalls)
        #expect(reports.count == (10_000 + 63) / 64)
        #expect(reports == reports.sorted())
        #expect(reports.last == 10_000)
    }

    @Test func defaultWorkerCountIsTheProcessorCount() {
        #expect(SizingOptions().workerCount == ProcessorCount.active)
        #expect(ProcessorCount.active >= 1)
    }
}
