import Foundation
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
    /// Property 2: none of 700 fixed seeds. 0x…c0 was one from the day
    /// double-double went until the certificate checked the order of the
    /// levels at each slack and error (`checkOrder`, issue 33).
    static let property2: Set<UInt64> = []
    /// Property 6 (hostile domain): none of 300 fixed seeds. The last three
    /// (0x…60, 0x…ee, 0x…124) pass since every call answers with a
    /// certificate or throws with the solver as it was (Docs/Solver.md).
    static let property6: Set<UInt64> = []
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

    /// Property 5, the layout-like domain (Docs/Solver.md, "Precision"):
    /// coefficients cells declare, rows over neighbouring views. Whole systems
    /// and interleaved sequences; every checkpoint matches GLPK, every
    /// required add is rejected iff GLPK finds it infeasible, and no call may
    /// throw `.illConditioned`.
    @Test(arguments: 0..<chunks)
    func layoutDomainMatchesGLPKWithoutExcuses(chunk: Int) {
        let seeds = PropertyDriver.seeds(property: 5, chunk: chunk, chunks: chunks, fixedCount: 400)
        var options = CheckOptions()
        options.allowsIllConditioned = false
        let statistics = checkDomain(.layout, "property 5 (layout-like domain)", seeds: seeds, options: options)
        print(
            "property 5 chunk \(chunk): \(statistics.cases) runs, \(statistics.checkpoints) checkpoints, "
                + "\(statistics.requiredAdds) required adds, \(statistics.rejected) rejected, \(statistics.illConditioned) ill-conditioned")
    }

    /// Property 6, the hostile domain: coefficients across 1e-6...1e6, dense
    /// rows, near-singular bases. Every call either matches GLPK (exact
    /// arithmetic decides where floating-point GLPK disagrees) or throws
    /// `.illConditioned` and leaves the values as they were, bit for bit.
    /// The summary reports how often each happens.
    @Test(arguments: 0..<chunks)
    func hostileDomainMatchesGLPKOrSaysIllConditioned(chunk: Int) {
        let seeds = PropertyDriver.seeds(
            property: 6, chunk: chunk, chunks: chunks, fixedCount: 300,
            fresh: getenv("CELLFIT_PROPERTY_FRESH") != nil)
        let statistics = checkDomain(
            .hostile, "property 6 (hostile domain)", seeds: seeds, options: CheckOptions(),
            knownFailures: KnownFailures.property6)
        print(
            "property 6 chunk \(chunk): \(statistics.cases) runs, \(statistics.checkpoints) checkpoints, "
                + "\(statistics.requiredAdds) required adds, \(statistics.rejected) rejected, "
                + "\(statistics.illConditioned) ill-conditioned calls, \(statistics.skippedCheckpoints) marginal")
    }

    /// Checks the seeds of one domain: even seeds as whole systems, odd seeds
    /// as sequences (so that CELLFIT_PROPERTY_CASE replays a seed with its
    /// own profile).
    private func checkDomain(
        _ domain: ScenarioGenerator.Profile.Domain, _ name: String, seeds: [UInt64], options: CheckOptions,
        knownFailures: Set<UInt64> = []
    ) -> RunStatistics {
        var statistics = RunStatistics()
        for (profile, parity) in [(ScenarioGenerator.Profile.systems, UInt64(0)), (.sequences, 1)] {
            var profile = profile
            profile.domain = domain
            statistics.merge(
                PropertyDriver.check(
                    name, profile: profile, seeds: seeds.filter { $0 % 2 == parity }, knownFailures: knownFailures
                ) {
                    var runner = ScenarioRunner($0, options: options)
                    return (runner.run(), runner.statistics)
                })
        }
        return statistics
    }
}
