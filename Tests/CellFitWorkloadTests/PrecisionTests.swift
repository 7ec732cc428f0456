import CellFitWorkload
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
}
