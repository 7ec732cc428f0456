import Locking
import Testing
@testable import TableSizing

@Suite struct StreamingSizerTests {
    /// A row of the tests: its index, which the synthetic height depends on.
    struct Row: Sendable { let index: Int }

    static func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init) }

    @Test func batchesOfAStreamGiveWhatOneSerialPassGives() throws {
        let widths = [320.0, 375, 414]
        let serial = try widths.map { width in
            try RowHeights.compute(rowCount: 5000, width: width, options: .serial) { width in
                { row in syntheticHeight(row: row, width: width) }
            }
        }
        for workers in [1, 2, 5] {
            let sizer = StreamingSizer<Row>(workerCount: workers) { { row, width in syntheticHeight(row: row.index, width: width) } }
            var start = 0
            // Batches of uneven sizes, one of them empty.
            for size in [1, 0, 999, 7, 2048, 1945] {
                let results = try sizer.heights(of: Self.rows(start..<start + size), widths: widths)
                #expect(results.count == size * widths.count)
                for (job, result) in results.enumerated() {
                    let (offset, w) = job.quotientAndRemainder(dividingBy: widths.count)
                    #expect(try result.get().bitPattern == serial[w][start + offset].bitPattern, "\(workers) workers, job \(job)")
                }
                start += size
            }
            #expect(start == 5000)
        }
    }

    @Test func workersKeepTheirFunctionFromBatchToBatch() throws {
        let made = CallCounter(), calls = CallCounter()
        let sizer = StreamingSizer<Row>(workerCount: 3) {
            made.increment()
            // State that is not thread-safe, owned by this worker alone, and kept.
            var seen = 0
            return { row, width in
                seen += 1
                calls.increment()
                return syntheticHeight(row: row.index, width: width)
            }
        }
        for batch in 0..<20 {
            _ = try sizer.heights(of: Self.rows(batch * 500..<(batch + 1) * 500), widths: [375])
        }
        #expect(made.count >= 1 && made.count <= 3)
        #expect(calls.count == 10_000)
    }

    @Test func everyRowGetsItsOwnResultAndAFailureNamesItsRow() throws {
        let failing: Set<Int> = [3, 64, 65, 999]
        let sizer = StreamingSizer<Row>(workerCount: 4) {
            { row, width in
                if failing.contains(row.index), width == 375 { throw RowFailure(row: row.index) }
                if row.index == 500 { return -1 }
                if row.index == 501 { return .nan }
                return syntheticHeight(row: row.index, width: width)
            }
        }
        let results = try sizer.heights(of: Self.rows(0..<1000), widths: [320, 375])
        for (job, result) in results.enumerated() {
            let (row, w) = job.quotientAndRemainder(dividingBy: 2)
            switch result {
            case .success(let height):
                #expect(!(failing.contains(row) && w == 1) && row != 500 && row != 501)
                #expect(height == syntheticHeight(row: row, width: [320.0, 375][w]))
            case .failure(let error):
                #expect(error.row == row)
                if row == 500 || row == 501 {
                    #expect(error.code == .invalidHeight)
                } else {
                    #expect(failing.contains(row) && w == 1)
                    #expect(error.code == .heightFunctionFailed)
                    #expect(error.underlying as? RowFailure == RowFailure(row: row))
                }
            }
        }
        #expect(results.filter { (try? $0.get()) == nil }.count == failing.count + 4)
    }

    /// The first worker made fails, the others (when there are others) are fine: the
    /// batch fails as a whole, and the next one makes the missing worker again.
    @Test(arguments: [(1, 10), (4, 4000)])
    func aWorkerThatCannotBeMadeFailsTheBatchAndALaterBatchTriesAgain(workers: Int, rows: Int) throws {
        let attempts = CallCounter()
        let sizer = StreamingSizer<Row>(workerCount: workers) {
            attempts.increment()
            if attempts.count == 1 { throw RowFailure(row: -1) }
            return { row, width in syntheticHeight(row: row.index, width: width) }
        }
        let error = #expect(throws: TableSizingError.self) { try sizer.heights(of: Self.rows(0..<rows), widths: [375]) }
        #expect(error?.code == .workerCreationFailed)
        #expect(error?.underlying as? RowFailure == RowFailure(row: -1))
        let retried = try sizer.heights(of: Self.rows(0..<rows), widths: [375])
        #expect(retried.enumerated().allSatisfy { (try? $1.get()) == syntheticHeight(row: $0, width: 375) })
        #expect(attempts.count <= workers + 1)
    }

    @Test func widthsAreChecked() throws {
        let sizer = StreamingSizer<Row> { { row, width in syntheticHeight(row: row.index, width: width) } }
        for widths in [[], [375, -1], [.infinity], [.nan]] as [[Double]] {
            let error = #expect(throws: TableSizingError.self) { try sizer.heights(of: Self.rows(0..<3), widths: widths) }
            #expect(error?.code == .invalidWidth, "\(widths)")
        }
        #expect(try sizer.heights(of: [], widths: [375]).isEmpty)
    }

    @Test func batchesFromSeveralThreadsRunOneAtATimeAndGetTheirOwnResults() async throws {
        let sizer = StreamingSizer<Row>(workerCount: 2) { { row, width in syntheticHeight(row: row.index, width: width) } }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for start in stride(from: 0, to: 8000, by: 1000) {
                group.addTask {
                    let results = try sizer.heights(of: Self.rows(start..<start + 1000), widths: [320])
                    return results.enumerated().allSatisfy { offset, result in
                        (try? result.get()) == syntheticHeight(row: start + offset, width: 320)
                    }
                }
            }
            for try await matched in group { #expect(matched) }
        }
    }
}
