import CellFitWorkload
import Testing

/// The solver moves a system to double-double when doubles lose precision
/// (Docs/Solver.md). Layouts must never pay for it: every layout workload
/// stays in doubles through its build and all its rounds.
@Suite("Layout workloads stay in doubles")
struct WorkloadPrecisionTests {
    @Test(arguments: [
        "cells-1000.json", "chain-100.json", "enaml-like-1.json", "enaml-like-10.json", "grid-10x10.json",
        "grid-30x30.json",
    ])
    func layoutStaysInDoubles(file: String) throws {
        let workload = try Workload(contentsOfFile: sharedWorkloads + "/" + file)
        var solver = CassowaryWorkloadSolver(workload)
        try solver.build()
        #expect(!solver.usesExtendedPrecision, "\(file): moved to double-double while building")
        var values: [Double] = []
        for round in workload.rounds {
            try solver.play(round, reading: [], into: &values)
        }
        #expect(!solver.usesExtendedPrecision, "\(file): moved to double-double during the rounds")
    }
}
