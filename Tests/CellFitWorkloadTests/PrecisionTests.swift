import Cassowary
import CellFitWorkload
import LPCheck
import Testing

/// A call whose certificate fails twice throws `.illConditioned`
/// (Docs/Solver.md). Layouts are inside the domain where that never happens:
/// every layout workload answers every call of its build and its rounds.
@Suite("Layout workloads answer every call")
struct WorkloadPrecisionTests {
    @Test(arguments: [
        "cells-1000.json", "chain-100.json", "enaml-like-1.json", "enaml-like-10.json", "grid-10x10.json",
        "grid-30x30.json",
    ])
    func layoutAnswersEveryCall(file: String) throws {
        let workload = try Workload(contentsOfFile: sharedWorkloads + "/" + file)
        var solver = CassowaryWorkloadSolver(workload)
        try solver.build()
        var values: [Double] = []
        for round in workload.rounds {
            try solver.play(round, reading: [], into: &values)
        }
        #expect(values.allSatisfy { $0.isFinite }, "\(file)")
    }

    /// A dense system of the shared `random-dense` family, 250 variables
    /// (`Benchmarks/scripts/random_dense.py 1 250`): coefficients of ±0.5, ±1
    /// and ±2, rows of 250 cells once built. Its one-call build ended
    /// `.illConditioned`: the objective's stored costs gathered round-off
    /// the rows do not have (-6e-6 where the rows price exactly 0), the
    /// simplex pivoted on them, and a pivot on an element that is zero in
    /// exact arithmetic left a singular basis. Priced again from the rows
    /// before each pivot, it answers, and every level is GLPK's optimum.
    @Test("a dense system of layout numbers answers its build, and every level is GLPK's optimum")
    func denseSystemAnswersAtTheOptimum() throws {
        let workload = try Workload(contentsOfFile: repositoryRoot + "/Tests/CellFitWorkloadTests/Fixtures/dense-250-seed1.json")
        let system = workload.makeCassowarySystem()
        var solver = Solver()
        try solver.add(system.constraints)
        try solver.addEditVariables(system.edits)
        let edits = system.edits.map { LPCheck.Edit($0.variable, priority: $0.priority, value: 0) }
        let oracle = try LPCheck.solve(constraints: system.constraints, edits: edits)
        #expect(oracle.feasible)
        let sums = LPCheck.violations(of: system.constraints, edits: edits) { solver.value(of: $0) }
        for level in oracle.levels {
            let optimum = try #require(oracle.optimum(at: level))
            let sum = sums[level] ?? 0
            // GLPK's own tolerance, relative to the level's size.
            #expect(abs(sum - optimum) <= 1e-6 * (1 + abs(optimum)), "level \(level): \(sum) against GLPK's \(optimum)")
        }
    }
}
