@_spi(Testing) import Cassowary
import Testing

/// Counterexamples found by the GLPK property tests, kept as named cases.
@Suite("Regressions")
struct RegressionTests {
    /// Choosing a restricted subject for a row that still held a parametric
    /// external left that external in a restricted row; solving a later row
    /// for it then made the restricted row negative, and the conflicting
    /// `x3 >= 1` was accepted against `x3 <= 0`.
    @Test("externals are always chosen as subjects first")
    func externalSubjectFirst() throws {
        var solver = Solver()
        let x = (0..<4).map { Variable("x\($0)") }
        try solver.add(x[3] <= 0)
        try solver.add((x[3] - x[0] >= 0) ~ 750)
        try solver.add(x[2] + x[1] <= 0)
        try solver.add((x[0] + x[2] == 0) ~ 750)
        expectError(.unsatisfiableConstraint) { () throws(SolverError) in try solver.add(1 - x[3] <= 0) }
        expectSound(solver)
    }
}
