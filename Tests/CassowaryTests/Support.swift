@_spi(Testing) import Cassowary
import Testing

/// A small deterministic generator (a 64-bit LCG), so that the tests that
/// draw numbers draw the same ones in every run.
struct SeededGenerator {
    var state: UInt64

    /// The next state; its high bits are the random ones.
    mutating func step() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A number in `0..<2^31`.
    mutating func next() -> UInt64 { step() >> 33 }
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
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
