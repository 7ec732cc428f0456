@_spi(Testing) import Cassowary
import CassowaryTestSupport
import CellFitSamples
import Testing

extension SplitMix64 {
    /// A number in `range`, by the package's seeded generator, so that the tests that
    /// draw numbers draw the same ones in every run.
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + next(below: range.count) }
}

/// The tolerance for comparing solver values with known answers.
let tolerance = 1e-6

func near(_ a: Double, _ b: Double, _ tol: Double = tolerance) -> Bool {
    abs(a - b) <= tol * max(1, abs(a), abs(b))
}

/// Fails the test with the solver's dump when an invariant is broken.
func expectSound(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = solver.invariantViolations()
    #expect(problems.isEmpty, "\(problems)\n\(solver.dump())", sourceLocation: sourceLocation)
}

func expectError(
    _ code: SolverError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(SolverError) -> Void
) {
    do {
        try body()
        Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    }
}
