import Foundation
import Testing

/// The same calls must give bit-identical values in every process. Each run of
/// `cellfit` is a new process with a new hash seed, so anything that let hash
/// order decide a pivot would show up as a difference here.
@Suite("Determinism across processes")
struct DeterminismTests {
    static let workloads = ["random-dense-50-1", "enaml-like-10", "random-500-1", "grid-10x10"]

    /// The `"values"` object of each JSON line: every variable after the last round,
    /// printed so that it round-trips to the same bits.
    static func values(_ result: CellFit.Result) -> [String] {
        result.lines.compactMap { line in
            line.range(of: "\"values\"").map { String(line[$0.lowerBound...]) }
        }
    }

    @Test("two processes give the same values, bit for bit", arguments: workloads)
    func sameValuesInTwoProcesses(workload: String) throws {
        let path = repositoryRoot + "/Examples/Workloads/\(workload).json"
        let first = try CellFit.run(["solve", "--json", "--values", path])
        let second = try CellFit.run(["solve", "--json", "--values", path])
        #expect(first.status == 0, "\(first.stderr)")
        let a = Self.values(first), b = Self.values(second)
        #expect(a.count == 1)
        #expect(a == b)
    }
}
