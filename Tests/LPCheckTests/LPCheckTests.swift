import CGLPK
import Cassowary
import LPCheck
import Testing

// Known answers for the GLPK oracle. Every expected optimum below is derived
// by hand in the comment next to it; optima are compared to within
// `tolerance` (1e-9 absolute plus 1e-9 relative), values only where the
// optimum point is unique.

private let tolerance = 1e-9

private func close(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= tolerance * (1 + abs(expected))
}

// These tests are serialized because one of them redirects the process's
// stdout, and the others must not solve (or print) while it does.
@Suite(.serialized)
struct LPCheckKnownAnswers {
    @Test func requiredBoundBeatsPreference() throws {
        // x >= 10 (required), x == 0 @250: the preference yields by exactly 10.
        let x = Variable("x")
        let result = try LPCheck.solve(constraints: [x >= 10, (x == 0) ~ .defaultLow])
        #expect(result.feasible)
        #expect(close(result.requiredViolation, 0))
        #expect(result.levels == [.required, .defaultLow])
        #expect(close(result.optimum(at: .defaultLow), 10))
        #expect(close(result.value(of: x), 10))
    }

    @Test func levelsAreStrictNotWeighted() throws {
        // x == 0 @750 against x == 100 @250 with weight 1000: a numeric
        // strength would let the heavy weak constraint win; strict levels do not.
        // High level: 0 at x = 0; low level: 1000 × |0 − 100| = 100000.
        let x = Variable("x")
        let result = try LPCheck.solve(constraints: [
            (x == 0) ~ .defaultHigh,
            Constraint(Expression(x) - 100, .equal, priority: .defaultLow, weight: 1000, location: nil),
        ])
        #expect(close(result.optimum(at: .defaultHigh), 0))
        #expect(close(result.optimum(at: .defaultLow), 100_000))
        #expect(close(result.value(of: x), 0))
    }

    @Test func manyLowViolationsDoNotOutweighOneHigh() throws {
        // Ten copies of x == 1 @1 against x == 0 @2: x = 0, the low level pays 10 × 1.
        let x = Variable("x")
        var constraints = [(x == 0) ~ Priority(2)]
        for _ in 0..<10 { constraints.append((x == 1) ~ Priority(1)) }
        let result = try LPCheck.solve(constraints: constraints)
        #expect(close(result.optimum(at: Priority(2)), 0))
        #expect(close(result.optimum(at: Priority(1)), 10))
        #expect(close(result.value(of: x), 0))
    }

    @Test func weightsTradeOffWithinALevel() throws {
        // |x| + 3|x − 10| at one level is minimised at x = 10, with value 10.
        let x = Variable("x")
        let result = try LPCheck.solve(constraints: [
            (x == 0) ~ .defaultLow,
            Constraint(Expression(x) - 10, .equal, priority: .defaultLow, weight: 3, location: nil),
        ])
        #expect(close(result.optimum(at: .defaultLow), 10))
        #expect(close(result.value(of: x), 10))
    }

    @Test func threeLevelsOfInequalities() throws {
        // x + y == 10 (required); x >= 8 and y >= 8 @750; x <= 3 @250; x == 0 @1.
        // @750: (8 − x)⁺ + (8 − y)⁺ with y = 10 − x is 6 for every x in [2, 8].
        // @250: (x − 3)⁺ is 0 for x in [2, 3].
        // @1: |x| is smallest at x = 2, so the point is unique: x = 2, y = 8.
        let x = Variable("x"), y = Variable("y")
        let result = try LPCheck.solve(constraints: [
            x + y == 10,
            (x >= 8) ~ .defaultHigh, (y >= 8) ~ .defaultHigh,
            (x <= 3) ~ .defaultLow,
            (x == 0) ~ Priority(1),
        ])
        #expect(result.feasible)
        #expect(result.levels == [.required, .defaultHigh, .defaultLow, Priority(1)])
        #expect(close(result.optimum(at: .defaultHigh), 6))
        #expect(close(result.optimum(at: .defaultLow), 0))
        #expect(close(result.optimum(at: Priority(1)), 2))
        #expect(close(result.value(of: x), 2))
        #expect(close(result.value(of: y), 8))
    }

    /// Exact arithmetic solves the system it is given: 0.1 is the double
    /// 0.1000000000000000055511151231257827, so `0.1·x == 1` puts x at
    /// 9.99999999999999944…, 5.6e-16 short of 10. glp_exact alone would read
    /// 0.1 as 1/10 and find x = 10 exactly.
    @Test func exactArithmeticReadsTheDoublesItIsGiven() throws {
        let x = Variable("x")
        let result = try LPCheck.solve(
            constraints: [0.1 * x == 1, (x == 10) ~ .defaultLow], arithmetic: .exact)
        // 10 − 1/(0.1 + δ) = 100·δ − …, with δ = 5.551115123125783e-18.
        let optimum = try #require(result.optimum(at: .defaultLow))
        #expect(abs(optimum - 5.551115123125783e-16) < 1e-25)
    }

    @Test func aHeldSumNearTheOptimumSnapsUnlessHeldAsGiven() throws {
        // x == 0 @750 has optimum 0; 1e12·x == 1e12 @250 then misses by 1e12.
        // Held at 1e-10 (within the exact slack, 2e-9): the default reads it
        // as the optimum; as given it lets x reach 1e-10, and the lower level
        // gains 1e12 × 1e-10 = 100.
        let x = Variable("x")
        let constraints = [(x == 0) ~ .defaultHigh, (1e12 * x == 1e12) ~ .defaultLow]
        let snapped = try LPCheck.solve(
            constraints: constraints, arithmetic: .exact, holding: [.defaultHigh: 1e-10])
        // (`close` allows 1e-9 relative, 1000 here: these compare to 1e-3.)
        #expect(abs(try #require(snapped.optimum(at: .defaultLow)) - 1e12) < 1e-3)
        let asGiven = try LPCheck.solve(
            constraints: constraints, arithmetic: .exact, holding: [.defaultHigh: 1e-10], holdRule: .asGiven)
        #expect(abs(try #require(asGiven.optimum(at: .defaultLow)) - (1e12 - 100)) < 1e-3)
        #expect(abs(asGiven.value(of: x) - 1e-10) < 1e-20)
        // A sum at or below the optimum holds the optimum under either rule.
        let below = try LPCheck.solve(
            constraints: constraints, arithmetic: .exact, holding: [.defaultHigh: 0], holdRule: .asGiven)
        #expect(abs(try #require(below.optimum(at: .defaultLow)) - 1e12) < 1e-3)
    }

    @Test func fractionalCoefficients() throws {
        // 0.5x + 0.25y == 3 (required), x == 2 @750, y >= 0 @750, y == 100 @250.
        // @750 both hold (x = 2, y = 8): optimum 0; @250: |8 − 100| = 92.
        let x = Variable("x"), y = Variable("y")
        let result = try LPCheck.solve(constraints: [
            0.5 * x + 0.25 * y == 3,
            (x == 2) ~ .defaultHigh, (y >= 0) ~ .defaultHigh,
            (y == 100) ~ .defaultLow,
        ])
        #expect(close(result.optimum(at: .defaultHigh), 0))
        #expect(close(result.optimum(at: .defaultLow), 92))
        #expect(close(result.value(of: y), 8))
    }

    @Test func editSuggestionsAreEqualitiesAtTheirPriority() throws {
        // Edit x @750 suggested 40, but x <= 30 is required: @750 pays 10.
        // y == x + 5 @250 then holds: y = 35.
        let x = Variable("x"), y = Variable("y")
        let constraints = [x <= 30, (y == x + 5) ~ .defaultLow]
        let result = try LPCheck.solve(
            constraints: constraints, edits: [LPCheck.Edit(x, priority: .defaultHigh, value: 40)])
        #expect(close(result.optimum(at: .defaultHigh), 10))
        #expect(close(result.optimum(at: .defaultLow), 0))
        #expect(close(result.value(of: x), 30))
        #expect(close(result.value(of: y), 35))

        let tuples = try LPCheck.solve(constraints: constraints, edits: [(x, .defaultHigh, 40)])
        #expect(close(tuples.optimum(at: .defaultHigh), 10))
    }

    @Test func emptySystem() throws {
        let result = try LPCheck.solve(constraints: [])
        #expect(result.feasible)
        #expect(result.levels == [.required])
        #expect(result.optimum(at: .required) == 0)
        #expect(result.value(of: Variable("unknown")) == 0)
    }

    @Test func contradictoryBounds() throws {
        // x >= 10 and x <= 5 (both required): the least total violation is 5.
        let x = Variable("x")
        let result = try LPCheck.solve(constraints: [x >= 10, x <= 5, (x == 0) ~ .defaultLow])
        #expect(!result.feasible)
        #expect(close(result.requiredViolation, 5))
        #expect(close(result.optimum(at: .required), 5))
        #expect(result.optimum(at: .defaultLow) == nil)
    }

    @Test func contradictoryEqualities() throws {
        // x + y == 1 and 2x + 2y == 6 (both required): moving x + y by d costs
        // |s − 1| + 2|s − 3| over s = x + y, least at s = 3: violation 2.
        let x = Variable("x"), y = Variable("y")
        let result = try LPCheck.solve(constraints: [x + y == 1, 2 * x + 2 * y == 6])
        #expect(!result.feasible)
        #expect(close(result.requiredViolation, 2))
    }

    @Test func infeasibilityNeedsThreeConstraints() throws {
        // Any two of x − y >= 1, y − z >= 1, z − x >= 1 hold together; the
        // three sum to 0 >= 3. Least violation: 3 (put it all on one).
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let result = try LPCheck.solve(constraints: [x - y >= 1, y - z >= 1, z - x >= 1])
        #expect(!result.feasible)
        #expect(close(result.requiredViolation, 3))
        let pair = try LPCheck.solve(constraints: [x - y >= 1, y - z >= 1])
        #expect(pair.feasible)
    }

    @Test func constantConstraints() throws {
        // `5 == 0` cannot hold (violation 5); `0 == 0` and `−1 <= 0` always do.
        let impossible = try LPCheck.solve(constraints: [Constraint(Expression(5), .equal, location: nil)])
        #expect(!impossible.feasible)
        #expect(close(impossible.requiredViolation, 5))
        let trivial = try LPCheck.solve(constraints: [
            Constraint(Expression(0), .equal, location: nil),
            Constraint(Expression(-1), .lessThanOrEqual, location: nil),
        ])
        #expect(trivial.feasible)
    }

    @Test func repeatedTermsAreSummed() throws {
        // x + 2x == 9 is 3x == 9.
        let x = Variable("x")
        let constraint = Constraint(Expression(terms: [Term(x, 1), Term(x, 2)], constant: -9), .equal, location: nil)
        let result = try LPCheck.solve(constraints: [constraint])
        #expect(close(result.value(of: x), 3))
    }

    @Test func violationsAtAPoint() {
        // At x = 4: |4 − 10| × 2 at @250; (4 − 3)⁺ for x <= 3 required; x >= 0 holds.
        let x = Variable("x")
        let sums = LPCheck.violations(
            of: [
                Constraint(Expression(x) - 10, .equal, priority: .defaultLow, weight: 2, location: nil),
                x <= 3, x >= 0,
            ],
            edits: [LPCheck.Edit(x, priority: .defaultHigh, value: 1)],
            at: { _ in 4 })
        #expect(sums[.defaultLow] == 12)
        #expect(sums[.required] == 1)
        #expect(sums[.defaultHigh] == 3)
    }

    @Test func rejectsBadInputBeforeGLPKSeesIt() {
        let x = Variable("x")
        #expect {
            try LPCheck.solve(constraints: [Constraint(Expression(terms: [Term(x, .nan)]), .equal, location: nil)])
        } throws: { ($0 as? LPCheckError)?.code == .nonFiniteValue }
        #expect {
            try LPCheck.solve(constraints: [Constraint(Expression(x) - .infinity, .equal, location: nil)])
        } throws: { ($0 as? LPCheckError)?.code == .nonFiniteValue }
        #expect {
            try LPCheck.solve(constraints: [(x == 1) ~ Priority(0)])
        } throws: { ($0 as? LPCheckError)?.code == .invalidArgument }
        #expect {
            try LPCheck.solve(constraints: [(x == 1) ~ Priority(.nan)])
        } throws: { ($0 as? LPCheckError)?.code == .invalidArgument }
        #expect {
            try LPCheck.solve(constraints: [(x == 1).withWeight(0)])
        } throws: { ($0 as? LPCheckError)?.code == .invalidArgument }
        #expect {
            try LPCheck.solve(constraints: [(x == 1).withWeight(.infinity)])
        } throws: { ($0 as? LPCheckError)?.code == .nonFiniteValue }
        #expect {
            try LPCheck.solve(constraints: [], edits: [LPCheck.Edit(x, priority: .defaultLow, value: .nan)])
        } throws: { ($0 as? LPCheckError)?.code == .nonFiniteValue }
        #expect {
            try LPCheck.solve(constraints: [], edits: [LPCheck.Edit(x, priority: 1001, value: 1)])
        } throws: { ($0 as? LPCheckError)?.code == .invalidArgument }
        #expect {
            try LPCheck.solve(
                constraints: [],
                edits: [LPCheck.Edit(x, priority: .defaultLow, value: 1), LPCheck.Edit(x, priority: .defaultHigh, value: 2)])
        } throws: { ($0 as? LPCheckError)?.code == .duplicateEditVariable }
        #expect {
            try LPCheck.solve(constraints: [x == 1], tolerance: -1)
        } throws: { ($0 as? LPCheckError)?.code == .invalidArgument }
    }

    @Test func solvesFromManyThreadsAtOnce() async throws {
        // Each thread has its own GLPK environment; results must not depend on which.
        let expected = try chainResult()
        let results = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<16 { group.addTask { try chainResult() } }
            var all: [[Double]] = []
            for try await result in group { all.append(result) }
            return all
        }
        for result in results { #expect(result == expected) }
    }

    @Test func printsNothingOnStandardOutput() throws {
        let captured = try StandardOutputCapture.run {
            // A control line proves the capture works.
            StandardOutputCapture.writeLine("control")
            _ = try chainResult()
            let x = Variable("x")
            _ = try LPCheck.solve(constraints: [x >= 10, x <= 5])
        }
        #expect(captured == "control\n")
    }

    @Test func captureSeesGLPKWhenItIsNotSilenced() throws {
        // The negative control for `printsNothingOnStandardOutput`: GLPK with
        // its defaults does write to stdout, and the capture sees it.
        let captured = try StandardOutputCapture.run {
            let previous = glp_term_out(GLP_ON)
            defer { glp_term_out(previous) }
            let problem: OpaquePointer = glp_create_prob()
            defer { glp_delete_prob(problem) }
            glp_add_cols(problem, 1)
            glp_set_col_bnds(problem, 1, GLP_LO, 1, 0)
            glp_set_obj_coef(problem, 1, 1)
            _ = glp_simplex(problem, nil)
        }
        #expect(captured.contains("OPTIMAL"))
    }
}

/// A 40-variable chain with preferences at three levels; returns its optima.
private func chainResult() throws -> [Double] {
    let variables = (0..<40).map { Variable("v\($0)") }
    var constraints: [Constraint] = [variables[0] == 0]
    for index in 1..<variables.count {
        constraints.append(variables[index] >= variables[index - 1] + 8)
        constraints.append((variables[index] == Double(index) * 5) ~ .defaultHigh)
        constraints.append((variables[index] == Double(index) * 9) ~ .defaultLow)
        constraints.append((variables[index] <= 100) ~ Priority(10))
    }
    let result = try LPCheck.solve(constraints: constraints)
    return result.levels.compactMap { result.optimum(at: $0) }
}
