import Cassowary
import CassowaryTestSupport
import LPCheck
import Testing

// The counterexamples themselves are data (Fixtures/regressions.json, run by
// RegressionFixtures.swift). These tests hold the oracle to two fixtures that
// found faults in it rather than in the solver.

@Suite("The oracle on fixtures that found its faults")
struct OracleRegressions {
    /// Fixture `glpkToleranceAtOneLevelIsNotASolverError`: floating-point
    /// GLPK lets priority 100 go 3e-5 above its optimum (within its
    /// tolerance) and buys a lower priority-2 sum with it; the solver's
    /// exact sum then looks 1.4e-4 too high. Exact GLPK decides whenever
    /// floating point disagrees; alone, floating point still fails it.
    @Test func floatingPointGLPKAloneMisjudgesALevel() throws {
        let scenario = try RegressionFixtureFile.fixture(named: "glpkToleranceAtOneLevelIsNotASolverError").scenario
        var exact = ScenarioRunner(scenario)
        #expect(exact.run() == nil)
        var floatingPointOnly = ScenarioRunner(scenario)
        floatingPointOnly.oracle = .floatingPoint
        #expect(floatingPointOnly.run() != nil, "floating-point GLPK alone no longer disagrees: the test lost its point")
    }

    /// Fixture `levelTradeBeyondDoublePrecisionIsBracketed`: priority 250
    /// pays the same through two routes but for the last bit of 0.2 (1e-15
    /// in all), so priority 100 is 401 on the exact optimum's face and 78
    /// for a tie. The bracket (`ScenarioRunner.bracketAccepts`) takes the
    /// solver's sums, and neither a priority-100 sum below what the tie
    /// allows nor one above the exact optimum.
    @Test func undecidedLevelIsBracketed() throws {
        let tie = try RegressionFixtureFile.fixture(named: "levelTradeBeyondDoublePrecisionIsBracketed").scenario
        let variables = tie.makeVariables()
        var solver = Solver()
        for operation in tie.operations {
            guard case .add(_, let spec) = operation else { continue }
            try solver.add(spec.makeConstraint(variables))
        }
        let constraints = solver.constraints
        var sums = LPCheck.violations(of: constraints) { solver.value(of: $0) }
        sums[.required] = nil
        var runner = ScenarioRunner(tie)
        let accepted = runner.bracketAccepts(constraints, edits: [], solver: solver, sums: sums, inputRoundOff: 0)
        #expect(accepted)
        for outside in [50.0, 500] {
            sums[Priority(100)] = outside
            let acceptedOutside = runner.bracketAccepts(
                constraints, edits: [], solver: solver, sums: sums, inputRoundOff: 0)
            #expect(!acceptedOutside, "priority 100 at \(outside)")
        }
    }
}
