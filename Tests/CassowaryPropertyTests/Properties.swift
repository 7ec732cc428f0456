import Cassowary
import CassowaryTestSupport
import LPCheck
import Testing

// The solver against GLPK, on generated scenarios (see ScenarioGenerator for
// what they contain and PropertyDriver for seeds and shrinking). Each
// property is split into chunks so Swift Testing can run them in parallel;
// each chunk prints a one-line summary.
//
// Cases per run: 800 + 700 + 500 + 400 fixed (2400), plus 4 per property
// from one seed drawn fresh per run and printed (2416 in all;
// CELLFIT_PROPERTY_FRESH=<n> draws n per property, 0 none).

private let chunks = 4

/// Fixed seeds the solver fails, if any (issue 3; README.md here): they run
/// in every `make test` and are recorded as known issues, and a listed seed
/// that starts passing fails the run until it is taken off. Every other
/// seed, fixed or fresh, must pass. Both lists are empty.
enum KnownFailures {
    /// Property 1: none of 800 fixed seeds (0xce11f17100000282 was the last;
    /// `phaseOneRoundOffIsNotAConflict`).
    static let property1: Set<UInt64> = []
    /// Property 2: none of 700 fixed seeds. The 24 listed until the solver
    /// moved hard systems to double-double (Docs/Solver.md) all pass.
    static let property2: Set<UInt64> = []
}

@Suite("Solver properties against GLPK")
struct SolverProperties {
    /// Property 1: adding a required constraint throws `.unsatisfiableConstraint`
    /// if and only if GLPK finds the accepted required constraints plus the new one infeasible.
    @Test(arguments: 0..<chunks)
    func rejectsExactlyTheInfeasibleRequiredConstraints(chunk: Int) {
        let seeds = PropertyDriver.seeds(property: 1, chunk: chunk, chunks: chunks, fixedCount: 800)
        // Conflicts are the point here: raise their rate.
        var profile = ScenarioGenerator.Profile.systems
        profile.conflictRate = 0.7
        profile.wildRate = 0.3
        let statistics = PropertyDriver.check(
            "property 1 (unsatisfiable iff infeasible)", profile: profile, seeds: seeds,
            knownFailures: KnownFailures.property1
        ) {
            var runner = ScenarioRunner($0, options: CheckOptions(feasibility: true, optimality: false))
            return (runner.run(), runner.statistics)
        }
        print(
            "property 1 chunk \(chunk): \(statistics.cases) runs, \(statistics.requiredAdds) required adds, "
                + "\(statistics.rejected) rejected, \(statistics.marginal) marginal")
    }

    /// Property 2: at the solver's solution every required constraint holds and
    /// every level's violation sum equals GLPK's lexicographic optimum — after
    /// all constraints are added, after edit variables are added, and after each suggestion round.
    @Test(arguments: 0..<chunks)
    func optimalAtEveryPriorityLevel(chunk: Int) {
        let seeds = PropertyDriver.seeds(property: 2, chunk: chunk, chunks: chunks, fixedCount: 700)
        let statistics = PropertyDriver.check(
            "property 2 (lexicographic optimum)", profile: .systems, seeds: seeds,
            knownFailures: KnownFailures.property2
        ) {
            var runner = ScenarioRunner($0)
            return (runner.run(), runner.statistics)
        }
        print(
            "property 2 chunk \(chunk): \(statistics.cases) runs, \(statistics.checkpoints) checkpoints "
                + "(\(statistics.skippedCheckpoints) marginal, skipped; \(statistics.undecidedCheckpoints) undecided "
                + "at double precision, compared down to that level), \(statistics.rejected) rejected adds")
    }

    /// Property 3: interleaved adds, removes, edit variables and suggestions
    /// agree with a from-scratch GLPK solve after every step.
    @Test(arguments: 0..<chunks)
    func incrementalStepsAgreeWithFromScratchSolves(chunk: Int) {
        let seeds = PropertyDriver.seeds(property: 3, chunk: chunk, chunks: chunks, fixedCount: 500)
        let statistics = PropertyDriver.check("property 3 (incremental = from scratch)", profile: .sequences, seeds: seeds) {
            var runner = ScenarioRunner($0)
            return (runner.run(), runner.statistics)
        }
        print(
            "property 3 chunk \(chunk): \(statistics.cases) runs, \(statistics.checkpoints) checkpoints "
                + "(\(statistics.skippedCheckpoints) marginal, skipped; \(statistics.undecidedCheckpoints) undecided "
                + "at double precision, compared down to that level), \(statistics.rejected) rejected adds")
    }

    /// Property 4: the same sequence of calls, run twice, gives bit-identical values after every call.
    @Test(arguments: 0..<chunks)
    func sameCallsGiveBitIdenticalValues(chunk: Int) {
        let seeds = PropertyDriver.seeds(property: 4, chunk: chunk, chunks: chunks, fixedCount: 400)
        let half = seeds.count / 2
        PropertyDriver.check("property 4 (determinism, sequences)", profile: .sequences, seeds: Array(seeds[..<half])) {
            (determinismFailure($0), RunStatistics())
        }
        PropertyDriver.check("property 4 (determinism, systems)", profile: .systems, seeds: Array(seeds[half...])) {
            (determinismFailure($0), RunStatistics())
        }
    }
}
