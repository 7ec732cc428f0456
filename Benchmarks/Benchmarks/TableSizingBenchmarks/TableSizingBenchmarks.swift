// Serial against parallel sizing of 1,000,000 rows with a synthetic height function.
//
// The function stands in for a cell fitter until the example cells land: per row, 40
// rounds of square roots and divisions seeded by the row and the width (about a
// microsecond of arithmetic), snapped up to the @2x pixel grid; no memory traffic
// beyond the result. Each worker builds its own function (a small per-worker scratch
// array stands for a fitter's compiled templates). One benchmark iteration sizes all
// the rows once.
//
// "serial" runs one worker on the calling thread; "parallel" one worker per active
// processor (ProcessorCount.active). The speed-up is the ratio of their wall-clock times.

import Benchmark
import TableSizing

let rowCount = 1_000_000
let width = 375.0

/// About a microsecond of arithmetic per row; depends only on `row` and `width`.
@inline(never)
func syntheticHeight(row: Int, width: Double, scratch: inout [Double]) -> Double {
    for slot in scratch.indices { scratch[slot] = 0 }  // no state carried from row to row
    var x = Double(row % 9973) * 0.7 + width * 0.01 + 1
    for i in 0..<40 {
        x = (x * 1.000_1 + Double(i)).squareRoot() + 1 / (x + 1)
        scratch[i & 7] += x
    }
    let lines = Double(Int(scratch[row & 7]) % 7 + 1)
    return ((20 + lines * 17.6) * 2).rounded(.up) / 2
}

let makeWorker: HeightWorkerFactory = { width in
    var scratch = [Double](repeating: 0, count: 8)
    return { row in syntheticHeight(row: row, width: width, scratch: &scratch) }
}

func register(_ name: String, workers: Int) {
    Benchmark(
        "\(name) 1M rows (\(workers) worker\(workers == 1 ? "" : "s"))",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: .seconds(20),
            maxIterations: 10
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let heights = try RowHeights.compute(
                rowCount: rowCount, width: width, options: SizingOptions(workerCount: workers),
                makeWorker: makeWorker)
            blackHole(heights.totalHeight)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    register("serial  ", workers: 1)
    register("parallel", workers: ProcessorCount.active)
}
