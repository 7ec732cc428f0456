// Serial against parallel sizing of 1,000,000 rows with a synthetic height function.
//
// The function stands in for a cell fitter (MessageCellsSizing.swift fits the real
// MessageCells cell): per row, 40
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

/// Registers a benchmark sizing 1M rows with `workers` workers; `makeFactory` is called
/// once per benchmark run, outside the timed loop (a template is built there).
func register(
    _ name: String, workers: Int, maxDuration: Duration = .seconds(20), maxIterations: Int = 10,
    makeFactory: @escaping @Sendable () throws -> HeightWorkerFactory
) {
    Benchmark(
        "\(name) 1M rows (\(workers) worker\(workers == 1 ? "" : "s"))",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
            timeUnits: .milliseconds,
            warmupIterations: 1,
            maxDuration: maxDuration,
            maxIterations: maxIterations
        )
    ) { benchmark in
        let factory = try makeFactory()
        for _ in benchmark.scaledIterations {
            let heights = try RowHeights.compute(
                rowCount: rowCount, width: width, options: SizingOptions(workerCount: workers),
                makeWorker: factory)
            blackHole(heights.totalHeight)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    register("serial  ", workers: 1) { makeWorker }
    register("parallel", workers: ProcessorCount.active) { makeWorker }
    for engine in [MessageEngine.constraints, .manual] {
        for workers in [1, ProcessorCount.active] {
            // Several seconds a run: fewer iterations than the synthetic function's.
            register("MessageCellsSizing \(engine.rawValue)", workers: workers, maxDuration: .seconds(60), maxIterations: 5) {
                try engine.makeWorker()
            }
        }
    }
}
