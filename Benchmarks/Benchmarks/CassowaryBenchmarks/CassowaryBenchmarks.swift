// The solver on the bundled workloads (Examples/Workloads), timed the way
// shared/bench/kiwi_py.py times kiwi: "build" adds every constraint and edit
// variable to a fresh solver; "round" suggests one round's values and reads
// every variable. Compare ratios with kiwi measured in the same run.

import Benchmark
import Cassowary
import CellFitWorkload

/// Examples/Workloads, found from this file's path (Benchmarks/Benchmarks/CassowaryBenchmarks/).
let workloadDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/") + "/Examples/Workloads"
}()

struct Prepared {
    let system: Workload.CassowarySystem
    let rounds: [[(Variable, Double)]]
}

func prepare(_ name: String) -> Prepared? {
    guard let workload = try? Workload(contentsOfFile: workloadDirectory + "/\(name).json") else { return nil }
    let system = workload.makeCassowarySystem()
    let rounds = workload.rounds.map { round in round.map { (system.variables[$0.variable], $0.value) } }
    return Prepared(system: system, rounds: rounds)
}

func build(_ prepared: Prepared) throws -> Solver {
    var solver = Solver()
    for constraint in prepared.system.constraints { try solver.add(constraint) }
    for edit in prepared.system.edits { try solver.addEditVariable(edit.variable, priority: edit.priority) }
    return solver
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3))

    for name in ["cells-1000", "enaml-like-1", "enaml-like-10", "chain-1000", "grid-30x30"] {
        guard let prepared = prepare(name) else { continue }
        Benchmark("build \(name)", configuration: .init(maxIterations: name == "chain-1000" ? 5 : 1000)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try build(prepared))
            }
        }
        // Many rounds per sample (scaled iterations), so the clock's own cost
        // and the solver's teardown after stopMeasurement() stay out of the figure.
        Benchmark("round \(name)", configuration: .init(scalingFactor: .kilo)) { benchmark in
            var solver = try build(prepared)
            let reader = solver.makeReader(for: prepared.system.variables)
            var values: [Double] = []
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for (variable, value) in prepared.rounds[next] { try solver.suggest(variable, value: value) }
                solver.read(reader, into: &values)
                blackHole(values)
                next = (next + 1) % prepared.rounds.count
            }
            benchmark.stopMeasurement()
            withExtendedLifetime(solver) {}
        }
    }
}
