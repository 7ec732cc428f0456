import Cassowary
import CassowaryTestSupport
import LPCheck
import Testing

// Counterexamples the property tests found, shrunk, each kept as a named
// test. A scenario reads as the operations it performs: `C(terms, constant,
// relation, priority)` is `Σ terms + constant OP 0` (required when no
// priority is given) and `T(i, a)` is `a × x_i`. Each runs with every check
// of the property tests (ScenarioRunner): property 1 at every required add,
// property 2 at every `.check`.

private func C(
    _ terms: [TermSpec], _ constant: Double, _ relation: Relation, _ priority: Priority = .required,
    weight: Double = 1
) -> ConstraintSpec {
    ConstraintSpec(terms, constant: constant, relation, priority: priority, weight: weight)
}

private func T(_ variable: Int, _ coefficient: Double) -> TermSpec {
    TermSpec(variable, coefficient)
}

private func failure(of scenario: Scenario) -> String? {
    var runner = ScenarioRunner(scenario)
    return runner.run()
}

/// The first failure of property 2's generated system for `seed`, or nil:
/// for the counterexamples the shrinker could not reduce.
private func failure(ofSystemSeed seed: UInt64) -> String? {
    failure(of: ScenarioGenerator.scenario(.systems, seed: seed))
}

/// The first failure of property 6's hostile scenario for `seed` (even:
/// a whole system, odd: a sequence), or nil.
private func failure(ofHostileSeed seed: UInt64) -> String? {
    var profile: ScenarioGenerator.Profile = seed % 2 == 0 ? .systems : .sequences
    profile.domain = .hostile
    return failure(of: ScenarioGenerator.scenario(profile, seed: seed))
}

@Suite("Regressions found by the property tests")
struct Regressions {
    /// Property 6, fixed seed 0xce11f176000000ff (issue 20). A required
    /// equality that is a near copy of an earlier one (coefficients 7e-11
    /// apart) pins x0 through a coefficient of 3.4e-14, too small to pivot
    /// on; phase one left the artificial variable basic with only that
    /// external to leave by, and the add was rejected although exact GLPK
    /// finds it feasible. Such an entry, well above the inputs' round-off of
    /// the constraint's own coefficient for the variable, now leaves the
    /// verdict undecided: double-double throws `.illConditioned`.
    @Test func nearCopyOfARequiredEqualityIsNotProvenAConflict() {
        #expect(failure(ofHostileSeed: 0xce11_f176_0000_00ff) == nil)
    }

    /// Property 6, held-out fresh seed 0xa54bd6b8fa294dec, case
    /// 0x10070ce00197a695 (issue 33), shrunk. Two required equalities whose
    /// x1 coefficients differ by 8.7e-12 and constants by 9.9e-10 fix x1 at
    /// their ratio, 114.0037; the tableau's elimination divides by
    /// −7.09 and loses those last digits, so the solver held both within
    /// round-off at x1 = 114.0126 and the soft `x1 ≥ 118` paid 1.9937
    /// instead of exact GLPK's 1.9981. Refinement measures the two
    /// residuals with compensated sums and corrects x1 through the tableau's
    /// dummy columns (`−B⁻¹·r`): the level is the exact one.
    @Test func nearCopiesAreRefinedToTheExactBasicSolution() {
        let scenario = Scenario(variableCount: 3, operations: [
            .add(id: 0, C([T(1, 0.5)], -59, .greaterThanOrEqual, 750)),
            .add(id: 1, C([T(2, -7.087786880096104), T(0, -0.125), T(1, -0.0011133707071083352)], 476.9208583469532, .equal)),
            .add(id: 2, C([T(2, -7.087786880096104), T(0, -0.125), T(1, -0.0011133707158170613)], 476.920858347946, .equal)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 6, held-out fresh seed 0xa54bd6b8fa294dec, case
    /// 0x10070ce00197a62b (issue 33), shrunk. Two required equalities that
    /// are near copies (x0's coefficients 5e-9 apart relatively); removing
    /// the first left the second's dummy basic at 1.4e6 and the variables
    /// at 0, so the second missed by 1.4e6. The certificate counted the
    /// dummy's value into the equation, which then held. A dummy stands
    /// for 0 and is now left out: the removal throws `.illConditioned` and
    /// the solver keeps the answer it had.
    @Test func basicDummyIsNotPartOfTheAnswer() {
        let scenario = Scenario(variableCount: 2, operations: [
            .add(id: 0, C([T(1, 1.4253115413326978e-06), T(0, 22557.713860261927)], -1443693.6870610393, .equal)),
            .add(id: 1, C([T(1, 1.4253116584410525e-06), T(0, 22557.713860261927)], 0, .greaterThanOrEqual)),
            .add(id: 2, C([T(1, 1.4253115413326978e-06), T(0, 22557.713974170158)], -1443693.694351166, .equal)),
            .remove(id: 0),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 6, fresh seed 0x39ed4ea1898b2c56 (issue 33), shrunk. After
    /// a soft `−17978·x + 4 ≥ 0`, the required `−6.49e-5·x ≥ 0` (x ≤ 0,
    /// which x = 0 satisfies) left phase one with the soft constraint's slack
    /// at a coefficient of −3.6e-9, too small to pivot on in doubles, and was
    /// rejected. The first Farkas check took −3.6e-9 for zero within its
    /// tolerance; but that slack takes the constant (1.4e-8) to zero at a
    /// value of 4, so the proof leaks inside the domain and the rejection is
    /// undecided: double-double pivots on the entry and accepts the constraint.
    @Test func rejectionWhoseProofLeaksInsideTheDomainIsUndecided() {
        let scenario = Scenario(variableCount: 1, operations: [
            .add(id: 1, C([T(0, -17978)], 4, .greaterThanOrEqual, 750)),
            .add(id: 2, C([T(0, -6.488965579530552e-05)], 0, .greaterThanOrEqual)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 6, fixed seed 0xce11f17600000011 (issue 20). A near copy of
    /// a required equality (763 against 763.0000000040711) let a planned
    /// conflict of 2 hold by moving x5 to 5e8, among numbers of 4e14, where
    /// 2 is within 1e-11 of the magnitude. The end-of-call check of
    /// double-double caps the allowance at the domain's magnitude (1e-3
    /// absolute) and throws `.illConditioned`; checking only after calls
    /// that raised a hazard let the point through.
    @Test func conflictAmongHugeNumbersIsNotRoundOff() {
        #expect(failure(ofHostileSeed: 0xce11_f176_0000_0011) == nil)
    }

    /// Property 1, seed 0xce11f17100000037. `3·x4 == 703` is the only
    /// required constraint on x4 (x4 appears otherwise only in a soft
    /// constraint), so it can always hold; the solver rejected it as unsatisfiable.
    @Test func requiredEqualityOnAVariableOnlySoftConstraintsTouchIsRejected() {
        let scenario = Scenario(variableCount: 5, operations: [
            .add(id: 0, C([T(1, -1), T(3, -694)], 0, .equal)),
            .add(id: 2, C([T(0, -1), T(4, -1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 6, C([T(2, 1)], -1088, .equal, 750)),
            .add(id: 7, C([T(0, 1), T(1, 549)], 0, .equal)),
            .add(id: 9, C([T(3, -35), T(2, 3)], 0, .greaterThanOrEqual)),
            .add(id: 11, C([T(4, 3)], -703, .equal)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 1, seed 0xce11f17100000018. The required
    /// `−0.2·x6 − x4 + x5 − 1 == 0` makes `0.5·(x5 − x4 − 0.2·x6) = 0.5`, so
    /// the required `−0.1·x6 − 0.5·x4 + 0.5·x5 <= 0` cannot hold (by 0.5);
    /// the solver accepted it.
    @Test func contradictoryRequiredInequalityIsAccepted() {
        let scenario = Scenario(variableCount: 12, operations: [
            .add(id: 68, C([T(9, -1), T(10, 1), T(7, 161)], 0, .equal, 750)),
            .add(id: 74, C([T(6, -1), T(2, -1), T(8, 1), T(7, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 75, C([T(6, -0.2), T(4, -1), T(5, 1)], -1, .equal)),
            .add(id: 76, C([T(8, 1), T(11, 1), T(9, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 81, C([T(3, 1), T(9, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 88, C([T(11, -944), T(0, -1)], 0, .equal, 750)),
            .add(id: 89, C([T(1, 1), T(0, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 90, C([T(2, -0.125), T(1, 4)], 0, .equal, 750)),
            .add(id: 94, C([T(3, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 107, C([T(8, -488), T(7, -1)], 0, .equal, 750)),
            .add(id: 122, C([T(6, -0.1), T(4, -0.5), T(5, 0.5)], 0, .lessThanOrEqual)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 1, seed 0xce11f17100000031. x2 = 298, x5 = 3100 and every
    /// other variable 0 satisfy all the required constraints, yet the last
    /// was rejected as unsatisfiable.
    @Test func homogeneousRequiredInequalityIsRejected() {
        let scenario = Scenario(variableCount: 6, operations: [
            .add(id: 10, C([T(3, 761), T(2, 1)], 0, .greaterThanOrEqual)),
            .add(id: 15, C([T(4, 2), T(0, 5)], 0, .greaterThanOrEqual)),
            .add(id: 41, C([T(5, -0.75)], 2314, .lessThanOrEqual)),
            .add(id: 51, C([T(3, -3), T(5, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 53, C([T(2, 1), T(1, 2.5)], -298, .equal)),
            .add(id: 65, C([T(1, 1774), T(4, -4), T(0, -10)], 0, .greaterThanOrEqual)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 1, seed 0xce11f1710000000a. x4 is in no other required
    /// constraint: x4 = 0, x6 + x7 = −5835 (and x0 = x1 = x2 = x3 = x5 = 0)
    /// satisfy all of them, yet the last equality was rejected.
    @Test func requiredEqualityOverFreeVariablesIsRejected() {
        let scenario = Scenario(variableCount: 8, operations: [
            .add(id: 47, C([T(0, 1), T(1, -1)], 0, .equal)),
            .add(id: 49, C([T(5, 1), T(4, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 64, C([T(1, 1), T(2, 1)], 0, .equal, 750)),
            .add(id: 79, C([T(5, -0.1), T(3, -1)], 0, .equal)),
            .add(id: 85, C([T(3, 1), T(2, -1)], 0, .lessThanOrEqual)),
            .add(id: 112, C([T(0, -1)], -145426, .equal, 750)),
            .add(id: 113, C([T(7, -1), T(6, -1)], 0, .greaterThanOrEqual)),
            .add(id: 115, C([T(7, -1), T(4, 66), T(6, -1)], -5835, .equal)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 1, seeds 0xce11f1710000014e and 0xce11f1710000014f: `Solver.add`
    /// never returned (stack: `add` → `optimize` → `pivot`, so the simplex
    /// cycles). Delta debugging kept 74 of the scenario's operations, so the
    /// scenario is referred to by seed: it is the generator's output for
    /// property 1's profile. Run under a watchdog so a hang fails the test
    /// instead of hanging the suite.
    @Test(arguments: [0xce11_f171_0000_014e, 0xce11_f171_0000_014f] as [UInt64])
    func addReturnsInsteadOfCycling(seed: UInt64) {
        var profile = ScenarioGenerator.Profile.systems
        profile.conflictRate = 0.7
        profile.wildRate = 0.3
        let scenario = ScenarioGenerator.scenario(profile, seed: seed)
        let outcome = withWatchdog {
            var runner = ScenarioRunner(scenario, options: CheckOptions(feasibility: true, optimality: false))
            return runner.run()
        }
        #expect(outcome != nil, "the solver did not return within \(PropertyDriver.hangSeconds) s")
        #expect(outcome.flatMap { $0 } == nil)
    }

    /// Property 2, seed 0xce11f1720000000e, shrunk. x0's row needs the
    /// coefficient 3.5e-12 (1/725 of a chain of 1/361, 1/320, 1/86) of the
    /// slack whose value becomes 3440; dropped as dust, it left x0 at 0
    /// instead of -1.2e-8, and the soft `725·x0 − x3 <= 0` violated by 8.7e-6
    /// where GLPK's optimum is 0. The end-of-call check against the original
    /// constraints now finds the drift and refactorises.
    @Test func droppedDustCoefficientIsRepairedByRefactorisation() {
        let scenario = Scenario(variableCount: 8, operations: [
            .add(id: 0, C([T(7, -1)], 0, .equal, 750)),
            .add(id: 1, C([T(2, -1), T(3, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 2, C([T(1, 86)], 0, .lessThanOrEqual)),
            .add(id: 3, C([T(5, -1), T(2, -361)], 0, .lessThanOrEqual, 750)),
            .add(id: 4, C([T(6, 1), T(5, 320)], 0, .equal, 750)),
            .add(id: 5, C([T(4, 0.1), T(6, -1)], 0, .lessThanOrEqual)),
            .add(id: 6, C([T(7, -1), T(6, -1)], -1, .equal)),
            .add(id: 7, C([T(0, 725), T(3, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 8, C([T(4, -4), T(1, 1)], 0, .lessThanOrEqual)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 2, seed 0xce11f17200000276, shrunk. `x1 ≤ (⅔·x0 − 9⅓)/918`
    /// with `x0 ≤ 2679/191` leaves x1 at most 1.9e-5, which the 750 level
    /// needs (its optimum is 0.9999874, not 1). x1's row computed that bound
    /// as −220835 + 27695·7.9738…, and a sum that small next to its operands
    /// (8.6e-11 of them) was snapped to 0 as cancellation; the threshold is
    /// now 1e-12 of the operands, still far above double round-off.
    @Test func smallDifferenceOfLargeProductsIsKept() {
        let scenario = Scenario(variableCount: 3, operations: [
            .add(id: 2, C([T(0, 1)], -22, .lessThanOrEqual)),
            .add(id: 5, C([T(0, 191), T(2, 1)], -2679, .lessThanOrEqual)),
            .add(id: 9, C([T(2, -145), T(1, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 14, C([T(1, 918), T(0, -0.6666666666666666)], 9.333333333333332, .lessThanOrEqual)),
            .add(id: 15, C([T(2, 96)], -1, .greaterThanOrEqual, 750)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// A fresh seed of property 2 (0x9e641b2464628f11), shrunk: the
    /// oracle's tolerance, not the solver. With `x2 == −3·x3`, the required
    /// `0.3333333333333333·x2 + x3 + x1 >= 1` leaves x3 the coefficient
    /// 1 − 3 × 0.3333333333333333 = 5.6e-17: input round-off, which the
    /// solver never pivots on (the user meant 1/3). GLPK's exact arithmetic reads it
    /// as meant and meets the priority-750 edit `x1 == 0` with x3 = 1.8e16,
    /// where the solver's priority 750 misses by 1. At numbers of 1e16 the
    /// inputs' own round-off is 1 and more: the oracle now allows 1e-12 of
    /// the system's magnitude at GLPK's point (OracleTolerance.inputRelative).
    @Test func inputResidueAtLargeValuesIsNotALevel() throws {
        let scenario = Scenario(variableCount: 4, operations: [
            .add(id: 1, C([T(0, -1)], 0, .greaterThanOrEqual, 250)),
            .add(id: 2, C([T(2, 1), T(3, 3)], 0, .equal)),
            .add(id: 3, C([T(2, 1)], 0, .greaterThanOrEqual, 250)),
            .add(id: 8, C([T(3, -1), T(0, 55)], -1, .greaterThanOrEqual, 750)),
            .add(id: 10, C([T(2, 0.3333333333333333), T(3, 1), T(1, 1)], -1, .greaterThanOrEqual)),
            .addEdit(variable: 1, priority: 750),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
        // The point of the test: exact arithmetic does reach 0 at priority
        // 750, through the residue, at values past 1e16.
        let x = scenario.makeVariables()
        var constraints: [Constraint] = []
        for case .add(_, let spec) in scenario.operations { constraints.append(spec.makeConstraint(x)) }
        let exact = try LPCheck.solve(
            constraints: constraints, edits: [LPCheck.Edit(x[1], priority: 750, value: 0)], arithmetic: .exact)
        #expect(exact.optimum(at: 750) == 0)
        #expect(abs(exact.value(of: x[3])) > 1e16)
    }

    /// A fresh seed of property 2 (0xe36208186fbc26e4), shrunk by the
    /// shrinker to another case of the same kind: `x4 == x3 + 1.5·x2` and
    /// `x2 <= 0.6666666666666666·x4` leave x2 a residue of 5.6e-17, and the
    /// chain `397·x3 <= −x1` multiplies what it buys; GLPK meets priority
    /// 251 at values of 4.5e13, where 1e-14 of the magnitude was 0.7 and the
    /// solver misses by 1. Input round-off times the multipliers a level can
    /// apply (coefficients to 1e3, weights to 10): 1e-12.
    @Test func inputResidueThroughAChainIsNotALevel() {
        let scenario = Scenario(variableCount: 6, operations: [
            .add(id: 8, C([T(2, 1), T(4, -0.6666666666666666)], 0, .lessThanOrEqual, 750)),
            .add(id: 15, C([T(2, -1), T(5, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 20, C([T(3, -397), T(1, -1)], 0, .greaterThanOrEqual)),
            .add(id: 34, C([T(4, 1), T(3, -1), T(2, -1.5)], 0, .equal)),
            .add(id: 51, C([T(5, -1), T(0, -1)], 0, .lessThanOrEqual, 10)),
            .add(id: 60, C([T(4, 1)], 0, .equal, 10, weight: 0.5)),
            .add(id: 69, C([T(0, -1)], -1, .greaterThanOrEqual, 750)),
            .add(id: 72, C([T(1, -1)], 1, .lessThanOrEqual, 251)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// A fresh seed of property 2 (0xe36208186fbc26e4), shrunk. In
    /// double-double, `x1 == 1.5·x0` and `x0 <= 0.6666666666666666·x1` leave
    /// x0 a residue of 5.6e-17, and the error of the second constraint a
    /// cost of −1.1e-19 on the error of `x3 >= 0` (priority 10). The simplex
    /// took it: a step of 153872 that "gained" 1.7e-14 at priority 750 by
    /// taking that error to −1.7e-14, which the ratio test allows (entries
    /// below the pivot tolerance are not bounds), and cost priority 10 all
    /// of 153872. A step whose gain at its level is below the epsilon now
    /// drops the cost as noise.
    @Test func negligibleGainDoesNotMoveThePoint() {
        let scenario = Scenario(variableCount: 4, operations: [
            .add(id: 8, C([T(0, 1), T(1, -0.6666666666666666)], 0, .lessThanOrEqual, 750)),
            .add(id: 15, C([T(0, -489), T(3, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 34, C([T(1, 1), T(0, -1.5)], 0, .equal)),
            .add(id: 51, C([T(3, -1)], 0, .lessThanOrEqual, 10)),
            .add(id: 68, C([T(2, 1)], -1, .equal, 750)),
            .add(id: 70, C([T(1, -1), T(2, -472)], 0, .lessThanOrEqual)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// The same fresh seed (0xe36208186fbc26e4), shrunk differently. In
    /// double-double, after an add that raised no flag, priority 251 read
    /// `10·e39 + 1.6e-20·(s10 + s23 − e24)`: its one error is parametric, so
    /// the level is `10·e39` and nothing else; the rest is a real residue
    /// snapped as cancellation in a row but kept in the objective. Those
    /// stray costs blocked priority 2 at 4 where 0 is possible. Double-double
    /// now rebuilds the objective from the rows after every call.
    @Test func strayCostInDoubleDoubleBlocksALowerLevel() {
        let scenario = Scenario(variableCount: 13, operations: [
            .add(id: 8, C([T(4, 1), T(6, -0.6666666666666666), T(11, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 20, C([T(5, -1), T(2, -1), T(10, 1)], 0, .greaterThanOrEqual)),
            .add(id: 27, C([T(4, 22), T(3, 1)], 0, .lessThanOrEqual)),
            .add(id: 28, C([T(7, -1), T(8, 1)], -1, .greaterThanOrEqual, 750)),
            .add(id: 29, C([T(5, -1)], 0, .lessThanOrEqual)),
            .add(id: 32, C([T(10, 1), T(12, 1)], 0, .lessThanOrEqual)),
            .add(id: 34, C([T(6, 1), T(5, -1), T(7, -1), T(4, -1.5)], 0, .equal)),
            .add(id: 36, C([T(9, -1), T(0, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 38, C([T(3, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 44, C([T(8, 1)], 0, .lessThanOrEqual, 10)),
            .add(id: 45, C([T(1, 131), T(11, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 48, C([T(0, 1), T(10, 1), T(1, -0.3333333333333333)], 0, .greaterThanOrEqual, 750)),
            .add(id: 51, C([T(3, -1), T(9, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 52, C([T(11, -1)], 0, .equal, 750)),
            .add(id: 59, C([T(0, 90), T(1, -1)], -1, .equal, 2)),
            .add(id: 72, C([T(12, -1), T(2, -0.25)], 1, .lessThanOrEqual, 251, weight: 10)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Fresh seeds of property 2 (0x48525adfd078af20, 0xb3fe38c21d700c6f).
    /// Both systems run in double-double with values past 1e8, and one call
    /// sent values to 1e19 and beyond, where GLPK's optimum has values of
    /// 1.4e4 (the first). On the first, the soft add of `x9 + x57 == 164`
    /// at step 130 pivoted on an entry of −4.7e-12 in a row whose largest is
    /// 1.05e5: 4.5e-17 of it, the residue of input round-off carried
    /// through the row, above the pivot tolerance (1e-12) but 0 for the
    /// user's system. The basis turned singular (a pivot of 1.4e-37 of its
    /// column), and the repair could not refactorise. Double-double now
    /// never pivoted on an entry below 1e-14 of its row's largest (the row
    /// still bounded the step; the entering cost was dropped as noise), until
    /// that rule dropped a real cost (`realCostOnASmallElementIsNotNoise`);
    /// the refactorisation inside a call (`driftWithinOneCallIsRefactored`)
    /// now keeps these bases sound, and the rule is gone.
    /// The shrinker does not keep this kind of failure (it finds others on
    /// the way), so the cases are referred to by seed.
    @Test(arguments: [0x4852_5adf_d078_af20, 0xb3fe_38c2_1d70_0c6f] as [UInt64])
    func residueIsNeverAPivot(seed: UInt64) {
        #expect(failure(ofSystemSeed: seed) == nil)
    }

    /// Fresh seed 0xa007a2b9e37eed56 of property 2 (not shrunk). Soft
    /// constraints had taken values to 4.5e10 when a planned conflict of 10
    /// came (GLPK: infeasible by 3.3). After phase one the constraint missed
    /// by 10 on its own numbers of 1e13, within the 1e-12 of them that the
    /// inputs' round-off can explain, and double-double accepted it, leaving
    /// its slack basic at −10; by the checkpoint the values were at 7e28. A
    /// gap in that band is now decided by the required constraints alone, at
    /// their own point (`SolverCore.requiredPartAccepts`; the plain unit
    /// test is `conflictWithinTheInputsRoundOffAtAFarPoint`). Since the
    /// precision contract (issue 20) that replay is gone: a gap in the band
    /// at numbers past the domain (1e8) is undecided, and double-double
    /// throws `.illConditioned` with the solver unchanged. The runner still
    /// fails an acceptance, and checks the values are untouched.
    @Test func farPointGapIsDecidedByTheRequiredPart() {
        #expect(failure(ofSystemSeed: 0xa007_a2b9_e37e_ed56) == nil)
    }

    /// Fresh seeds 0x2dc67b37c67d919e and 0x1d6b5e048343efbd of property 2
    /// (not shrunk). On the first, in double-double, one required equality
    /// sent the primal simplex through 150 pivots whose rows grew to 1e9: the
    /// point drifted off the constraints about tenfold every few pivots, the
    /// pivots chosen on drifted numbers left a singular basis, values reached
    /// 2e22 where GLPK's optimum is at 3e11, the end-of-call repair could not
    /// refactorise, and a later conflict of 110 went through. The second ended
    /// a level at 9e21 against GLPK's 9e7. Inside a call that raised the
    /// hazard flag, the simplex now refactorises as soon as the point drifts
    /// (`SolverCore.refactorIfDrifted`).
    @Test(arguments: [0x2dc6_7b37_c67d_919e, 0x1d6b_5e04_8343_efbd] as [UInt64])
    func driftWithinOneCallIsRefactored(seed: UInt64) {
        #expect(failure(ofSystemSeed: seed) == nil)
    }

    /// Fresh seed 0x175d8bb729ad5771 of property 2 (not shrunk). In
    /// double-double the simplex dropped a real cost of −0.21 at priority 100
    /// because its element, 1.5e-4, was below 1e-14 of its row's largest
    /// (1e11), a rule meant for residues of input round-off; priority 100
    /// ended at 2.5e10 where its optimum is 1.4e9. A real cost is no longer
    /// dropped for its element alone.
    @Test func realCostOnASmallElementIsNotNoise() {
        #expect(failure(ofSystemSeed: 0x175d_8bb7_29ad_5771) == nil)
    }

    /// Fresh seed 0x0894fef9b5eebd95 of properties 1 and 2, shrunk. Ten
    /// required equalities over nine variables; in exact arithmetic the last
    /// one misses by 1.5 in its own units, and the solver rejects it, rightly.
    /// GLPK's least violation is only 5.4e-7 (it can put the whole conflict
    /// on `−4·x4 + 552 == 0`, whose multiplier in the combination is 2.8e6),
    /// below the oracle's feasible band (1e-6), so the oracle called the
    /// rejection wrong. The oracle's fault: a positive exact least violation
    /// now counts as marginal (either answer), not feasible.
    @Test func exactConflictBelowTheFeasibleBand() throws {
        let scenario = Scenario(variableCount: 9, operations: [
            .add(id: 4, C([T(6, 67), T(4, -55), T(5, 23), T(7, 1)], -5269, .equal)),
            .add(id: 7, C([T(3, -11), T(5, -1), T(1, 0.2), T(4, 4)], 55.89999999999998, .equal)),
            .add(id: 8, C([T(2, -5), T(8, 1)], -266, .equal)),
            .add(id: 17, C([T(8, 5)], -180, .equal)),
            .add(id: 20, C([T(5, 0.125), T(0, -0.3333333333333333), T(4, 155)], -21347.166666666668, .equal)),
            .add(id: 24, C([T(7, -50), T(6, 0.25)], 232, .equal)),
            .add(id: 25, C([T(5, -1), T(4, 0.5), T(3, -1)], 63, .equal)),
            .add(id: 28, C([T(4, -4)], 552, .equal)),
            .add(id: 30, C([T(0, 389), T(6, -4), T(2, 0.2)], -61578.8, .equal)),
            .add(id: 32, C([T(3, 682), T(1, 167), T(5, -1)], -36075, .equal)),
        ])
        #expect(failure(of: scenario) == nil)
        // The point of the test: exact GLPK's least violation is positive
        // and below the feasible band, and the solver rejects the last add.
        let variables = scenario.makeVariables()
        let constraints = scenario.operations.compactMap { operation -> Constraint? in
            guard case .add(_, let spec) = operation else { return nil }
            return spec.makeConstraint(variables)
        }
        let exact = try LPCheck.solve(constraints: constraints, arithmetic: .exact)
        #expect(exact.requiredViolation > 0 && exact.requiredViolation < OracleTolerance.feasibleBelow)
        var solver = Solver()
        try solver.add(constraints.dropLast())
        #expect(throws: SolverError.self) { try solver.add(constraints[constraints.count - 1]) }
    }

    /// Fresh seed 0xe709ceb17860b1a6 of property 2, shrunk. 0.1 is
    /// 0.1 + 5.6e-18 in binary, so at priority 750 `x1 == 0` against
    /// `10 × (0.1·x1 == −309)` is not quite flat: x1 = −3090 beats x1 = 0 by
    /// 1.7e-13. In double-double the simplex saw that as a cost of −3.8e-16
    /// over a step of 203, bounded by an entry of 0.68, and dropped it as
    /// noise (a gain below the epsilon). That zeroed the cost, but a slack
    /// that would have cut priority 500 (a cost of −0.019 there) kept its
    /// cost of +2.1e-18 at 750, which blocked it, and priority 500 ended at
    /// 16414 where 0 is possible, in exact arithmetic and in floating point
    /// alike. A gain below the epsilon is now dropped only when it comes
    /// from taking a row the ratio test did not count below zero.
    @Test func realGainBelowTheEpsilonIsTaken() {
        let scenario = Scenario(variableCount: 8, operations: [
            .add(id: 0, C([T(2, 215)], -16776, .greaterThanOrEqual, 750)),
            .add(id: 8, C([T(3, 3), T(5, 0.125), T(2, -88)], 6451, .equal, 750)),
            .add(id: 10, C([T(1, -1)], 0, .equal, 750)),
            .add(id: 12, C([T(7, -1)], 47484, .lessThanOrEqual, 750)),
            .add(id: 18, C([T(0, 1), T(3, -15)], 1925, .equal, 750)),
            .add(id: 41, C([T(4, 1), T(6, -1)], 0, .equal, 750)),
            .add(id: 47, C([T(1, -0.1)], -309, .equal, 750, weight: 10)),
            .add(id: 49, C([T(5, 54), T(4, -2)], 0, .greaterThanOrEqual, 750)),
            .add(id: 51, C([T(4, 3), T(7, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 58, C([T(0, 96), T(1, 29)], 0, .equal)),
            .add(id: 65, C([T(6, 1), T(5, 1)], 0, .greaterThanOrEqual, 500)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// The same seed, not shrunk: the same drop, of a cost of −2.9e-19 at
    /// priority 750 over a step of 2333, left priority 500 at 451.58. Exact
    /// GLPK reaches 3500.68 there with 750 at its optimum, and 442.06 with
    /// 750 one unit in the last place above it (4.5e-13): the two levels
    /// trade at a slope beyond 1e15, and the solver now stands at the
    /// exact optimum of both.
    @Test func levelTradeAtRoundOffScale() {
        #expect(failure(ofSystemSeed: 0xe709_ceb1_7860_b1a6) == nil)
    }

    /// Property 1, fresh seed 0xd40382a58e4b6601 (the held-out soak after
    /// double-double went, issue 33), shrunk. After the tenth add, slack s19
    /// costs 1.05e-9 at priority 750 and −3.3e-5 at priority 500: past the
    /// band of round-off that `checkOrder` allows priority 750 while its
    /// largest weight is 1. The last add brings weight 10 to priority 750,
    /// and the band grows tenfold past s19's cost; s19's costs did not
    /// change, so the call's certificate did not look at it again, while a
    /// full check at the checkpoint failed. Every nonbasic symbol's order is
    /// now checked again when a level's band grows (or a level goes).
    @Test func orderIsCheckedAgainWhenItsBandGrows() {
        let scenario = Scenario(variableCount: 9, operations: [
            .add(id: 3, C([T(6, -1), T(1, 704)], 0, .equal, 750)),
            .add(id: 6, C([T(6, -1), T(5, -1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 16, C([T(6, -1)], 0, .equal, 500)),
            .add(id: 17, C([T(5, 95), T(7, 1)], 0, .greaterThanOrEqual)),
            .add(id: 18, C([T(3, -1), T(1, -1)], 0, .equal)),
            .add(id: 19, C([T(0, -1), T(3, -6)], 0, .equal)),
            .add(id: 20, C([T(4, -1)], 1, .lessThanOrEqual, 750)),
            .add(id: 22, C([T(2, 647)], 0, .greaterThanOrEqual, 750)),
            .add(id: 24, C([T(7, 1), T(2, 2)], -1, .equal, 750)),
            .add(id: 37, C([T(4, 528), T(0, -2)], 0, .lessThanOrEqual)),
            .add(id: 42, C([T(8, -1)], 0, .greaterThanOrEqual, 750, weight: 10)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 6, fixed seed 0xce11f17600000087, shrunk. The required
    /// `0.00436·x0 == 0` arrives when x0 is basic in
    /// `x0 = (751·s − 751·e + x2 + 1 + e⁺ − e⁻) / 112967`: substituted, the
    /// new row carries a factor of 3.9e-8 on every entry but its dummy's, and
    /// x2's coefficient fell below the absolute pivot tolerance (1e-7). With
    /// no subject the add went through phase one, left x2 parametric with a
    /// cost of −1/751, and the call ended `.illConditioned` (or, with other
    /// changes, answered 1/751 at priority 750 where 0 is the optimum). The
    /// tolerance is now relative to the row's largest entry: x2 is solved for
    /// and the answer is the optimum (x2 within an ulp of −1).
    @Test func smallRowIsScaledBeforeItsPivot() throws {
        let scenario = Scenario(variableCount: 3, operations: [
            .add(id: 0, C([T(1, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 1, C([T(1, 751), T(2, 1), T(0, -112967)], 1, .equal, 750)),
            .add(id: 2, C([T(0, 0.004360286516714322)], 0, .equal)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
        let x = scenario.makeVariables()
        var solver = Solver()
        for case .add(_, let spec) in scenario.operations { try solver.add(spec.makeConstraint(x)) }
        #expect(solver.value(of: x[0]) == 0)
        #expect(solver.value(of: x[1]) == 0)
        #expect(abs(solver.value(of: x[2]) + 1) <= 1e-15)
    }

    /// Property 6, fresh seed 0xfb4491f64a72cdda (the held-out soak after
    /// double-double went, issue 33). Step 14 adds
    /// `−6·x0 − 2.5000022813486975·x1 + 1221.8753028490396 >= 0`, and the
    /// solver rejected it with a Farkas combination whose variable columns
    /// did not cancel: a remainder far past the round-off of the products it
    /// summed, so the proof held only for values up to the domain's 1e8, and
    /// exact GLPK finds the required part feasible. A remainder past round-off
    /// is a real direction: such a combination proves nothing, and the add
    /// is `.illConditioned` or accepted (`provesConflict`).
    @Test func conflictOnlyWithinTheDomainIsNotProven() {
        #expect(failure(ofHostileSeed: 0xfb44_91f6_4a72_cdda) == nil)
    }

    /// Property 2, fixed seed 0xce11f172000000c0, shrunk: once double-double
    /// went, the solver ended with the fitting level at 905562 where exact
    /// GLPK reaches 0 (with values of 4.8e8), and the answer passed its
    /// certificate. The slack s31 cost 1.1e-10 at priority 500, within the
    /// round-off its multiplier is known to (about 6.4e-9 there), and −1.2 at
    /// the fitting level: round-off, not the priorities, kept it out of the
    /// basis. The certificate now says so (`checkOrder`), and the add is
    /// `.illConditioned` or answered right.
    @Test func levelOrderWithinRoundOffIsNotDecided() {
        let scenario = Scenario(variableCount: 12, operations: [
            .add(id: 3, C([T(1, 70), T(4, 92)], 0, .greaterThanOrEqual)),
            .add(id: 6, C([T(8, 1)], 0, .equal, 500)),
            .add(id: 9, C([T(4, -1), T(0, -1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 11, C([T(10, -1), T(0, 3)], 0, .equal, 50)),
            .add(id: 12, C([T(7, 1)], -225, .equal, 750)),
            .add(id: 14, C([T(8, -1), T(11, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 15, C([T(1, 1)], 0, .greaterThanOrEqual, 500, weight: 10)),
            .add(id: 16, C([T(6, -914), T(9, -1)], 0, .equal)),
            .add(id: 18, C([T(10, -1)], 0, .lessThanOrEqual)),
            .add(id: 19, C([T(5, -2.5), T(7, -156)], 31406, .equal)),
            .add(id: 20, C([T(9, -1), T(10, 66)], 0, .greaterThanOrEqual)),
            .add(id: 22, C([T(3, -1), T(6, 1), T(2, -637)], 0, .greaterThanOrEqual, 750)),
            .add(id: 23, C([T(2, -1)], -58, .lessThanOrEqual, 750)),
            .add(id: 25, C([T(4, -34), T(3, 2), T(11, 33), T(1, 4)], -6571.5, .greaterThanOrEqual)),
            .add(id: 26, C([T(8, -4), T(7, 261), T(9, -0.75)], 0, .lessThanOrEqual, 750, weight: 0.5)),
            .add(id: 31, C([T(4, 5), T(2, 2), T(5, 966), T(6, -1)], -79902, .greaterThanOrEqual, 999)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
        #expect(failure(ofSystemSeed: 0xce11_f172_0000_00c0) == nil)
    }

    /// Fresh seed 0x54d4de03f4854233 of property 2, found once
    /// `realGainBelowTheEpsilonIsTaken` was fixed, shrunk with the bracket
    /// below turned off: the oracle's fault. Priority 250 pays 0.0625 per
    /// unit of the required `x11 + 2·x3 >= 323` either way, through x11 or
    /// through x3 = 3 × 0.2 × 40 × x9, except that 0.2 is 0.2 + 1.1e-17 in
    /// binary: in exact arithmetic the x3 route is cheaper by 1e-15 in all,
    /// and priority 100, which x11 serves, ends at 401; read as a tie, it
    /// ends at 78 (floating-point GLPK). The solver has 80. Priority 100's
    /// optimum is not decided at the precision of doubles, and the oracle
    /// now brackets such a level (`ScenarioRunner.bracketAccepts`).
    @Test func levelTradeBeyondDoublePrecisionIsBracketed() {
        var runner = ScenarioRunner(tieAtTheLastBit)
        #expect(runner.run() == nil)
        // In doubles only (issue 33) the solver answers this scenario where
        // the oracle needs no bracket; the bracket's own test follows.
        #expect(failure(ofSystemSeed: 0x54d4_de03_f485_4233) == nil)
    }

    /// The bracket of `levelTradeBeyondDoublePrecisionIsBracketed`: it takes
    /// the solver's sums, and neither a priority-100 sum below what the tie
    /// allows (78) nor one above the exact optimum (401).
    @Test func undecidedLevelIsBracketed() throws {
        let variables = tieAtTheLastBit.makeVariables()
        var solver = Solver()
        for operation in tieAtTheLastBit.operations {
            guard case .add(_, let spec) = operation else { continue }
            try solver.add(spec.makeConstraint(variables))
        }
        let constraints = solver.constraints
        var sums = LPCheck.violations(of: constraints) { solver.value(of: $0) }
        sums[.required] = nil
        var runner = ScenarioRunner(tieAtTheLastBit)
        let accepted = runner.bracketAccepts(constraints, edits: [], solver: solver, sums: sums, inputRoundOff: 0)
        #expect(accepted)
        for outside in [50.0, 500] {
            sums[Priority(100)] = outside
            let acceptedOutside = runner.bracketAccepts(
                constraints, edits: [], solver: solver, sums: sums, inputRoundOff: 0)
            #expect(!acceptedOutside, "priority 100 at \(outside)")
        }
    }

    /// The shrunk system of `levelTradeBeyondDoublePrecisionIsBracketed`.
    private let tieAtTheLastBit = Scenario(variableCount: 12, operations: [
        .add(id: 8, C([T(0, -1), T(6, 1)], 0, .greaterThanOrEqual, 750)),
        .add(id: 10, C([T(8, -1)], 1, .lessThanOrEqual, 750)),
        .add(id: 11, C([T(4, 75)], 0, .lessThanOrEqual, 750)),
        .add(id: 12, C([T(1, -0.2), T(2, 1)], 0, .equal, 750)),
        .add(id: 17, C([T(1, 2), T(9, -80)], 0, .equal, 750)),
        .add(id: 18, C([T(0, -1)], 0, .equal, 100)),
        .add(id: 20, C([T(3, -1), T(2, 3)], 0, .equal)),
        .add(id: 32, C([T(7, 1), T(6, 1)], 0, .lessThanOrEqual, 750)),
        .add(id: 50, C([T(11, 1), T(3, 2), T(10, 712)], -53011, .greaterThanOrEqual)),
        .add(id: 58, C([T(11, 0.125)], 0, .equal, 250, weight: 0.5)),
        .add(id: 62, C([T(9, -3)], 0, .greaterThanOrEqual, 250)),
        .add(id: 71, C([T(4, -0.1), T(3, -1)], 1, .greaterThanOrEqual)),
        .add(id: 77, C([T(10, -1)], 74, .equal)),
        .add(id: 83, C([T(5, 1), T(7, 1)], 0, .greaterThanOrEqual, 750)),
        .add(id: 90, C([T(5, -1), T(8, -401), T(11, 1)], 0, .equal, 750)),
        .check,
    ])

    /// Fresh seed 0xff98789f66aa91c5 of property 2 (not shrunk). A required
    /// equality (step 12) holds only at values of 3.5e15, through a residue
    /// of the inputs' round-off; the solver took it, at the edge of
    /// feasibility, and the point went to 6e15. Then
    /// `182·x5 + 1024·x7 + 922·x2 >= 202603` (step 14) misses
    /// `91·x5 + 512·x7 + 485·x2 == 103459` and `x2 == 90` by 5 at any values
    /// (GLPK's least violation: 2.5). At 6e15 that gap is within the inputs'
    /// round-off, so the required part decided alone; its tableau rejected
    /// step 12's equality on the way, and the solver kept its own verdict
    /// and accepted. The required part then left that equality out and
    /// found the conflict with the rest; since the precision contract
    /// (issue 20) the add ends in `.illConditioned` (a gap within the
    /// inputs' round-off at 6e15), never in an acceptance.
    @Test func requiredPartLeavesOutWhatItRejects() {
        let scenario = ScenarioGenerator.scenario(.systems, seed: 0xff98_789f_66aa_91c5)
        #expect(failure(of: scenario) == nil)
        let variables = scenario.makeVariables()
        var solver = Solver()
        for (step, operation) in scenario.operations.prefix(15).enumerated() {
            guard case .add(_, let spec) = operation else { continue }
            let constraint = spec.makeConstraint(variables)
            if step == 14 {
                #expect(throws: SolverError.self) { try solver.add(constraint) }
            } else {
                try? solver.add(constraint)
            }
        }
    }

    /// Property 3, seed 0xce11f17300000176: the solver was right and GLPK's
    /// floating-point lexicographic solve was not. It let priority 100 go
    /// 3e-5 above its optimum (within its tolerance) and bought a lower
    /// priority-2 sum with it, so the solver's exact priority-2 sum looked
    /// 1.4e-4 too high. The oracle now has GLPK's exact arithmetic decide
    /// (LPCheck.Arithmetic.exact) whenever floating point disagrees.
    @Test func glpkToleranceAtOneLevelIsNotASolverError() {
        let scenario = ScenarioGenerator.scenario(.sequences, seed: 0xce11_f173_0000_0176)
        #expect(failure(of: scenario) == nil)
        var floatingPointOnly = ScenarioRunner(scenario)
        floatingPointOnly.oracle = .floatingPoint
        #expect(floatingPointOnly.run() != nil, "floating-point GLPK alone no longer disagrees: the test lost its point")
    }

    /// Property 2, seed 0xce11f1720000014f, shrunk. Everything can be 0, but
    /// the last add (`x4 >= −1`, already true) was solved for x6, whose
    /// coefficient in its row was 9.9e-10 (a chain of 1/31, 1/422, 1/71, 0.2,
    /// 1/217): x6 became 1e9, and x7's row, which had lost its 4.7e-12 of x6
    /// as dust, missed the required `x3 == 211·x7` by 1. Solving a new row for
    /// its subject now raises the repair's flag like a pivot that grows a
    /// row, and the end-of-call check refactorises.
    @Test func tinySubjectCoefficientRaisesTheRepairFlag() {
        let scenario = Scenario(variableCount: 8, operations: [
            .add(id: 12, C([T(0, -1), T(2, -1)], 0, .equal)),
            .add(id: 17, C([T(7, -211), T(3, 1)], 0, .equal)),
            .add(id: 20, C([T(2, 1), T(1, -422)], 0, .greaterThanOrEqual, 750)),
            .add(id: 33, C([T(5, -217), T(6, 1)], 0, .equal, 750)),
            .add(id: 35, C([T(3, 1), T(4, -1)], 0, .equal)),
            .add(id: 41, C([T(3, -31), T(1, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 43, C([T(0, -71), T(5, -0.2)], 0, .equal)),
            .add(id: 47, C([T(4, -1)], -1, .lessThanOrEqual, 750)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 1, seed 0xce11f17100000282, shrunk. The last constraint is
    /// satisfiable (x3 is otherwise only in a soft constraint). Phase one
    /// brought the artificial variable to 0, but the constraint's residual
    /// at that point was 1.0e-7 on numbers of 26,000, above the 1e-12 of the
    /// magnitude phase one allowed, and the add was rejected. Phase one now
    /// allows what the end-of-call residual check allows (1e-11).
    @Test func phaseOneRoundOffIsNotAConflict() {
        let scenario = Scenario(variableCount: 37, operations: [
      .add(id: 1, C([T(22, 657), T(25, -42)], -100549, .greaterThanOrEqual, 750)),
      .add(id: 2, C([T(8, 1)], 0, .lessThanOrEqual)),
      .add(id: 5, C([T(10, 2), T(9, 32), T(7, -1), T(11, 1)], -3005, .equal)),
      .add(id: 7, C([T(11, -3), T(14, -4), T(10, 15), T(9, -0.3333333333333333)], 410, .greaterThanOrEqual)),
      .add(id: 8, C([T(27, -6)], 66, .greaterThanOrEqual)),
      .add(id: 9, C([T(30, -100), T(33, 387)], 27618, .greaterThanOrEqual, 1)),
      .add(id: 15, C([T(28, -0.75)], 59.25, .equal, 500)),
      .add(id: 16, C([T(32, -26), T(34, 53), T(35, 796), T(30, 0.6666666666666666)], 29370.666666666668, .greaterThanOrEqual, 1)),
      .add(id: 17, C([T(22, -3), T(23, 6), T(20, 2), T(34, 1)], -223, .equal)),
      .add(id: 21, C([T(21, -25)], -800, .greaterThanOrEqual)),
      .add(id: 22, C([T(20, 0.25), T(19, 506)], 50449.75, .greaterThanOrEqual, 500)),
      .add(id: 23, C([T(19, -4), T(20, 5), T(2, -1)], -1297, .lessThanOrEqual, 500)),
      .add(id: 25, C([T(4, -5), T(5, -2), T(6, -876), T(2, -1)], -13368, .greaterThanOrEqual, 10)),
      .add(id: 30, C([T(26, 1), T(31, 3), T(24, -5)], -460, .equal, 1, weight: 2)),
      .add(id: 31, C([T(0, 100), T(31, -0.5), T(2, 1), T(1, -725)], 113072.75, .equal, 250)),
      .add(id: 38, C([T(23, 902)], -30668, .equal)),
      .add(id: 41, C([T(30, -0.75), T(6, 0.3333333333333333)], 116.75, .equal)),
      .add(id: 42, C([T(6, -0.1)], -1.5, .equal)),
      .add(id: 43, C([T(18, 1), T(3, -5), T(16, 402), T(15, -4)], 12496, .equal, 500)),
      .add(id: 45, C([T(11, 895), T(12, -2), T(28, 18), T(14, 3)], -155190, .greaterThanOrEqual)),
      .add(id: 46, C([T(12, 2), T(11, 3)], -487, .greaterThanOrEqual)),
      .add(id: 47, C([T(31, -4), T(29, -2), T(30, 1), T(34, 3)], -3, .equal)),
      .add(id: 60, C([T(29, -5), T(2, -0.2)], 601.4, .equal, 10)),
      .add(id: 61, C([T(8, 1), T(11, 5), T(5, -3), T(9, 2)], -1278.5, .lessThanOrEqual, 500, weight: 2)),
      .add(id: 82, C([T(10, -0.5), T(9, 3)], -248, .equal)),
      .add(id: 83, C([T(22, 0.1), T(13, 2), T(19, 1), T(24, 4)], 58.25, .lessThanOrEqual, 2)),
      .add(id: 85, C([T(36, -0.2)], 65.4, .lessThanOrEqual, 1, weight: 2)),
      .add(id: 86, C([T(1, 5), T(22, 306), T(4, 5), T(21, -0.75)], -51093.25, .lessThanOrEqual, 2, weight: 0.5)),
      .add(id: 87, C([T(28, -4), T(26, 0.2), T(31, -1)], 344.4, .greaterThanOrEqual, 10, weight: 10)),
      .add(id: 93, C([T(29, 5), T(32, 5), T(24, 1), T(27, -1)], -1244, .lessThanOrEqual)),
      .add(id: 94, C([T(0, 25), T(7, -86), T(1, 1)], 4659.75, .greaterThanOrEqual)),
      .add(id: 96, C([T(29, -3)], 419, .equal, 10)),
      .add(id: 97, C([T(36, -2), T(34, -5), T(35, 640), T(33, 942)], 58830, .equal, 10)),
      .add(id: 98, C([T(25, -0.3333333333333333), T(22, -1), T(26, 0.6666666666666666)], 210.66666666666666, .lessThanOrEqual)),
      .add(id: 99, C([T(2, 1), T(0, -2), T(4, -2.5), T(28, -35)], 3373, .lessThanOrEqual, 250, weight: 10)),
      .add(id: 101, C([T(11, -1), T(10, -1), T(12, -3)], 171.25, .lessThanOrEqual, 10)),
      .add(id: 102, C([T(19, 2), T(14, -70), T(17, -282), T(21, -1)], 3085.5, .lessThanOrEqual, 2)),
      .add(id: 103, C([T(21, -3), T(24, -0.125), T(18, -3), T(30, -801)], 119172.875, .greaterThanOrEqual, 500)),
      .add(id: 104, C([T(12, -5), T(13, -4), T(15, 120), T(11, -65)], 6990.75, .greaterThanOrEqual)),
      .add(id: 106, C([T(29, -3), T(8, 0.2), T(27, 0.6666666666666666), T(28, 3)], 104.66666666666669, .equal)),
      .add(id: 107, C([T(9, -2), T(7, -1), T(12, 474)], 6739.5, .greaterThanOrEqual)),
      .add(id: 111, C([T(17, 1), T(18, 0.1), T(16, 208), T(20, 3)], 5484.5, .equal)),
      .add(id: 112, C([T(1, -5), T(3, 1), T(19, 19)], 2530.5, .greaterThanOrEqual)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 2, seed 0xce11f172000000f2, shrunk. Both 750 constraints
    /// can hold (x4 = −1, x6 = 37), at a cost of 808 × 252,969 at priority
    /// 250; the solver left priority 750 violated by 1 instead. The
    /// priority-250 error enters with a real level-750 cost of −4.9e-9 (a
    /// chain of 1/159, 1/43, 1/37, 1/808), and the only row that bounds it
    /// has an entry of −4.9e-9, below the pivot tolerance in doubles (1e-7):
    /// the simplex took the direction for unbounded and dropped the cost as
    /// round-off. No tolerance in doubles fixed it without breaking other
    /// seeds. Dropping a cost as noise now raises the hazard flag, the
    /// system moves to double-double, and there (tolerances 1e-12 and
    /// below) the cost and the entry are plainly real.
    @Test func realTinyReducedCostIsDroppedAsNoise() {
        let scenario = Scenario(variableCount: 7, operations: [
            .add(id: 18, C([T(0, -1), T(1, 1)], 0, .equal)),
            .add(id: 43, C([T(5, -1), T(4, -1)], 0, .equal)),
            .add(id: 47, C([T(6, 159), T(3, 1)], 0, .equal)),
            .add(id: 51, C([T(1, 1), T(5, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 53, C([T(6, 1), T(4, 37)], 0, .greaterThanOrEqual, 750)),
            .add(id: 55, C([T(2, -1), T(3, -43)], 0, .equal)),
            .add(id: 56, C([T(2, -808)], 0, .greaterThanOrEqual, 250)),
            .add(id: 61, C([T(0, -1)], 1, .equal)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    // Found while moving hard systems to double-double (Docs/Solver.md):
    // each fails with the tolerance it names set as it first was.

    /// Property 2, seed 0xce11f1720000019b, shrunk. In double-double, a sum
    /// that cancelled to within 1e-14 of its operands was snapped to 0: that
    /// killed a real difference of 4.6e-14 between two numbers near 352
    /// (integers and their reciprocals, no input round-off anywhere), left
    /// a level-999 reduced cost of 2.5e-11 that blocks the error that should
    /// enter, and priority 750 at 546.003 instead of 1. Double-double now
    /// cancels only within 1e-20, far above its own round-off and far below
    /// anything real.
    @Test func doubleDoubleCancellationSnapsARealDifference() {
        let scenario = Scenario(variableCount: 11, operations: [
            .add(id: 3, C([T(2, -849), T(5, 1)], 0, .equal, 750)),
            .add(id: 6, C([T(9, 1), T(10, 546)], 0, .equal, 750)),
            .add(id: 12, C([T(0, 1), T(6, -1)], 0, .equal, 750)),
            .add(id: 13, C([T(4, 1), T(1, -1)], 0, .equal, 750)),
            .add(id: 14, C([T(7, 1)], -1, .equal)),
            .add(id: 17, C([T(1, -1), T(0, 1), T(3, 222)], 0, .lessThanOrEqual, 750)),
            .add(id: 18, C([T(2, -1)], 0, .equal, 999)),
            .add(id: 19, C([T(8, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 21, C([T(10, 1), T(8, -1), T(7, 1)], 0, .equal)),
            .add(id: 22, C([T(9, 1), T(6, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 23, C([T(3, 1), T(5, 598)], 0, .greaterThanOrEqual, 750)),
            .add(id: 24, C([T(4, 1)], -810, .greaterThanOrEqual, 750)),
            .add(id: 25, C([T(9, 352), T(10, -1)], 0, .equal, 999)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 2, seed 0xce11f17200000282, shrunk. `0.6666666666666666·x1
    /// == 132` and `177·x1 + 8·x0 == 35230` give x0 = 23 − 2.5e-13, so
    /// `x0 == 23` misses by 1.2e-12 on numbers of 115: input round-off
    /// (0.6666666666666666 is not 2/3). Double-double decided feasibility
    /// within 1e-14 of the magnitude and rejected it; it now allows 1e-12,
    /// as doubles do, because the inputs are doubles either way.
    @Test func inputRoundOffIsNotAConflictInDoubleDouble() {
        let scenario = Scenario(variableCount: 2, operations: [
            .add(id: 16, C([T(1, -0.6666666666666666)], 132, .equal)),
            .add(id: 21, C([T(1, 177), T(0, 8)], -35230, .equal)),
            .add(id: 39, C([T(0, -5)], 115, .equal)),
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// Property 2, seed 0xce11f17200000074, shrunk. Without the cancellation
    /// doubles apply, a residue of the inputs' round-off (0.6666666666666666
    /// against 2/3, 5.6e-17 of its row) survived in double-double as a
    /// coefficient, a new row was solved for it, and values of 9e15 made a
    /// required constraint that GLPK finds infeasible by 1/3 look satisfied.
    /// A row is now never solved for a subject coefficient below the pivot
    /// tolerance (1e-12 in double-double, 1e-7 in doubles); phase one takes
    /// such a row instead.
    @Test func inputResidueIsNeverASubject() {
        let scenario = Scenario(variableCount: 7, operations: [
            .add(id: 4, C([T(3, -1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 7, C([T(3, -1), T(5, -0.6666666666666666), T(4, 108), T(0, 1)], 0, .lessThanOrEqual)),
            .add(id: 8, C([T(3, -563), T(1, -1)], 0, .equal)),
            .add(id: 14, C([T(6, 1), T(2, -703), T(5, -77)], 1, .equal)),
            .add(id: 15, C([T(3, -3), T(5, -79), T(4, 324), T(0, 3), T(6, 1), T(2, -703)], 0, .greaterThanOrEqual)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// A fresh seed of property 2 (0xad04bfa1b35c17de), shrunk; the oracle's
    /// fault. With x1 = −0.3333333333333333·x0 / 5, priority 251 costs
    /// 1114 + x0 × (4 − 12 × 0.3333333333333333) on x0 ∈ [−278.5, 0]: the
    /// last bit of the coefficient makes x0 = −278.5 better by 1.2e-13, and
    /// priority 50 then pays 278.5, which the solver (in double-double)
    /// does. glp_exact read 0.3333333333333333 as 1/3, found a tie, and
    /// x0 = 0 at priority 50; it now reads every row scaled to integers, so
    /// it solves the doubles the solver is given.
    @Test func oracleReadsTheDoublesItIsGiven() {
        let scenario = Scenario(variableCount: 3, operations: [
            .add(id: 0, C([T(2, -1)], -1, .equal, 750)),
            .add(id: 2, C([T(1, -5), T(0, -0.3333333333333333)], 0, .equal)),
            .add(id: 11, C([T(1, 30)], 0, .lessThanOrEqual, 251, weight: 2)),
            .add(id: 20, C([T(0, -1)], 0, .lessThanOrEqual, 50)),
            .add(id: 35, C([T(0, 2), T(2, -557)], 0, .equal, 251, weight: 2)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// A fresh seed of property 2 (0x0f6eaeb83cde1353), shrunk. In
    /// double-double, products dropped as dust left priority 999 a cost of
    /// +1.8e-20 on an error whose priority-750 cost is −0.5, and that
    /// level's sum at −5.4e-18 where its errors sum to 0: the objective had
    /// drifted from the rows, and the tiny cost kept priority 750 at 2269
    /// instead of 2142. After a call that raised the hazard flag, a level
    /// whose sum disagrees with its errors is now rebuilt from the rows (and
    /// the rebuild kept only if it does not make the point worse).
    @Test func objectiveDriftBlocksALowerLevel() {
        let scenario = Scenario(variableCount: 7, operations: [
            .add(id: 0, C([T(5, 1.5), T(6, 3), T(4, 5), T(3, 1)], -1076, .equal, 750)),
            .add(id: 1, C([T(2, -0.125)], 51, .lessThanOrEqual, 999)),
            .add(id: 2, C([T(0, 3)], -443, .greaterThanOrEqual, 999)),
            .add(id: 5, C([T(3, -5)], 590, .greaterThanOrEqual)),
            .add(id: 6, C([T(3, -616), T(0, -5), T(5, -3)], 73684, .lessThanOrEqual, 750)),
            .add(id: 8, C([T(6, -1), T(2, 982)], -57795, .greaterThanOrEqual, 750)),
            .add(id: 9, C([T(5, 0.3333333333333333)], -363, .greaterThanOrEqual, 750)),
            .add(id: 10, C([T(4, 1), T(0, -5)], 98, .lessThanOrEqual, 750)),
            .add(id: 11, C([T(4, 1), T(1, -0.75)], 0, .greaterThanOrEqual, 999)),
            .add(id: 12, C([T(3, -1), T(4, 3)], 0, .lessThanOrEqual, 750, weight: 0.5)),
            .add(id: 13, C([T(4, -0.3333333333333333), T(3, -4), T(6, -0.6666666666666666), T(1, -1)], 662, .equal)),
            .add(id: 15, C([T(2, -5), T(5, 1)], 0, .greaterThanOrEqual, 750)),
            .add(id: 16, C([T(1, -3), T(2, 1), T(0, -1), T(4, 1)], 199, .equal)),
            .check,
        ])
        #expect(failure(of: scenario) == nil)
    }

    /// A fresh seed of property 2 (0x4fda39e1eb1292d8), shrunk. Constraint
    /// 94 is −½ × constraint 74 plus required equalities, and misses by 9:
    /// a planned conflict. Doubles reject it through a hazard, so
    /// double-double decides. Phase one ends with a gap of −9 on a
    /// constraint whose own numbers are 1e4, but the row had been built at a
    /// point where values reach 1e13, and the gap was compared with 1e-12 of
    /// that: 13. Double-double accepted the conflict, and the next required
    /// add, feasible on its own, met GLPK's "infeasible by 9". The gap is
    /// now compared with the input round-off of the constraint's own numbers
    /// and with the *arithmetic's* round-off of the row's (1e-24 of them in
    /// double-double, 1e-12 in doubles, as before).
    @Test func doubleDoubleSeesAConflictAcrossLargeValues() {
        let scenario = Scenario(variableCount: 14, operations: [
            .add(id: 5, C([T(8, -1), T(7, 0.1), T(10, 1)], 0, .equal)),
            .add(id: 12, C([T(0, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 58, C([T(13, -1), T(12, 1)], 0, .equal)),
            .add(id: 60, C([T(1, 1)], 0, .lessThanOrEqual, 750)),
            .add(id: 61, C([T(5, -875), T(6, -1)], 0, .lessThanOrEqual)),
            .add(id: 74, C([T(1, -3), T(0, -5), T(2, 539)], -10300, .greaterThanOrEqual)),
            .add(id: 78, C([T(9, -310)], -2790, .equal)),
            .add(id: 82, C([T(11, 756), T(12, -1)], 0, .greaterThanOrEqual)),
            .add(id: 84, C([T(5, 1)], 59, .equal, 750)),
            .add(id: 85, C([T(2, -1), T(13, -1)], 0, .lessThanOrEqual, 750)),
            .add(id: 87, C([T(11, 1), T(6, 1242)], 0, .equal)),
            .add(id: 94, C(
                [T(1, 1.5), T(0, 2.5), T(2, -269.5), T(8, 0.5), T(7, -0.05), T(10, -0.5), T(9, 9)], 5222,
                .greaterThanOrEqual)),
            .add(id: 95, C([T(3, 1), T(4, -3), T(2, 0.25)], -211.25, .lessThanOrEqual)),
        ])
        #expect(failure(of: scenario) == nil)
    }
}
