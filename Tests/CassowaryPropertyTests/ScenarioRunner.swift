import Foundation
@_spi(Testing) import Cassowary
import CassowaryTestSupport
import LPCheck

/// The tolerances of the oracle comparison, in one place.
///
/// GLPK's least required violation `r` (``LPCheckResult/requiredViolation``)
/// classifies a set of required constraints: feasible if `r <= feasibleBelow`,
/// infeasible if `r >= infeasibleAbove`, and *marginal* in between, where
/// either answer of the solver is accepted (and counted). The generators'
/// planned conflicts have `r >= 1/3` and consistent systems have `r = 0`, so
/// only wild constraints can land in the marginal band.
enum OracleTolerance {
    /// GLPK's basic solutions of a feasible elastic program put the error
    /// columns at exactly 0 or within rounding of it.
    static let feasibleBelow = 1e-6
    /// Well below the smallest planned conflict (δ = 1 over at most 3 × a base).
    static let infeasibleAbove = 1e-3
    /// A required constraint holds if its violation is at most this times
    /// `1 + |constant| + Σ|coefficient × value|` (the magnitude of what cancels).
    static let requiredResidual = 1e-7
    /// A level's violation sum matches GLPK's optimum if they differ by at
    /// most this times `1 + |optimum|`, plus ``levelMagnitude``.
    static let levelOptimum = 1e-6
    /// ...plus this times the level's magnitude: Σ over its constraints of
    /// `weight × (|constant| + Σ|coefficient × value|)`, the size of what
    /// cancels when the sum is near 0 (rounding in the solver is relative to it).
    static let levelMagnitude = 1e-9
    /// ...and every comparison allows this times the *system's* magnitude:
    /// the largest `|constant| + Σ|coefficient × value|` over all live
    /// constraints at the solver's point. The tableau's row constants are
    /// sums of products of that size, so its round-off is relative to it,
    /// whichever constraint it lands in: when soft constraints push values to
    /// 1e12 (chains of 1e3 coefficients do), a required residual of 1e-1 is
    /// 1e-13 of the numbers the solver had to add up, and a conflict of that
    /// size is below what double precision can decide. A feasibility verdict
    /// within this band counts as marginal, like GLPK's own marginal band.
    static let systemRelative = 1e-11
    /// ...and this times the system's magnitude at *GLPK's* point: the
    /// inputs' precision (1.1e-16) times the most a level can multiply it
    /// by (coefficients to 1e3, weights to 10), rounded up. The user's numbers are
    /// doubles (0.3333333333333333 is not 1/3), and exact arithmetic reads
    /// their last bits as meant: `x2 == −3·x3` and
    /// `0.3333333333333333·x2 + x3 + x1 >= 1` leave x3 a coefficient of
    /// 5.6e-17, which GLPK uses to satisfy the constraint at x3 = 1.8e16.
    /// An optimum that needs numbers so large that the inputs' own round-off
    /// there is the difference is not decided by the inputs; the solver
    /// treats such residues as zero, as doubles cancel them
    /// (`inputResidueAtLargeValuesIsNotALevel`; through a chain that
    /// multiplies it by 397, `inputResidueThroughAChainIsNotALevel`).
    static let inputRelative = 1e-12
}

/// The largest `|constant| + Σ|coefficient × value|` of `constraints` at the solver's point.
func systemMagnitude(_ constraints: [Constraint], solver: Solver) -> Double {
    systemMagnitude(constraints) { solver.value(of: $0) }
}

/// The largest `|constant| + Σ|coefficient × value|` of `constraints` at the point `value` gives.
func systemMagnitude(_ constraints: [Constraint], at value: (Variable) -> Double) -> Double {
    constraints.reduce(0) { largest, constraint in
        max(largest, constraint.expression.terms.reduce(abs(constraint.expression.constant)) {
            $0 + abs($1.coefficient * value($1.variable))
        })
    }
}

/// The oracle's referee: GLPK answers in floating point first, and when its
/// answer disagrees with the solver's, in exact arithmetic
/// (``LPCheck/Arithmetic/exact``), which decides; `CELLFIT_ORACLE=float`
/// leaves floating point alone, to see what exact arithmetic changes.
let oracleArithmetic: LPCheck.Arithmetic =
    getenv("CELLFIT_ORACLE").map { String(cString: $0) } == "float" ? .floatingPoint : .exact

/// What to check while running a scenario.
struct CheckOptions: Sendable {
    /// Property 1: each required add is accepted iff GLPK finds the accepted
    /// required constraints plus the new one feasible.
    var feasibility = true
    /// Properties 2 and 3: at every `.check`, required constraints hold and
    /// every level's violation sum equals GLPK's lexicographic optimum.
    var optimality = true
    /// Whether `.illConditioned` is an acceptable outcome of a call: in the
    /// hostile domain (the solver must then be as it was before the call),
    /// never in the layout-like one.
    var allowsIllConditioned = true
}

/// Counts of what a run checked, for the summary each property prints.
struct RunStatistics: Sendable {
    var cases = 0
    var requiredAdds = 0
    var rejected = 0
    var marginal = 0
    var checkpoints = 0
    var skippedCheckpoints = 0
    /// Checkpoints whose levels trade at the precision of doubles, compared
    /// down to the first undecided level only (``ScenarioRunner/bracketAccepts(_:edits:solver:sums:inputRoundOff:)``).
    var undecidedCheckpoints = 0
    /// Calls that threw `.illConditioned` (hostile domain only).
    var illConditioned = 0

    mutating func merge(_ other: RunStatistics) {
        cases += other.cases
        requiredAdds += other.requiredAdds
        rejected += other.rejected
        illConditioned += other.illConditioned
        marginal += other.marginal
        checkpoints += other.checkpoints
        skippedCheckpoints += other.skippedCheckpoints
        undecidedCheckpoints += other.undecidedCheckpoints
    }
}

/// Runs a scenario on a ``Solver`` and holds every step against GLPK (and
/// against the solver's own contract: errors, rollback, bookkeeping).
struct ScenarioRunner {
    let scenario: Scenario
    let options: CheckOptions
    var statistics = RunStatistics()
    /// The oracle's referee (``oracleArithmetic`` unless a test sets it).
    var oracle = oracleArithmetic

    init(_ scenario: Scenario, options: CheckOptions = CheckOptions()) {
        self.scenario = scenario
        self.options = options
    }

    /// Why a call's `.illConditioned` fails the run, or nil: allowed in the
    /// hostile domain, when the solver's values are, bit for bit, what they
    /// were before the call.
    mutating func illConditionedFailure(
        _ error: SolverError?, before: [UInt64], variables: [Variable], solver: Solver
    ) -> String? {
        guard options.allowsIllConditioned else {
            return "threw illConditioned in the layout-like domain: \(error?.message ?? "")"
        }
        statistics.illConditioned += 1
        let after = variables.map { solver.value(of: $0).bitPattern }
        return after == before ? nil : "threw illConditioned but changed the solution"
    }

    /// Runs the scenario; returns a description of the first failure, or nil.
    mutating func run() -> String? {
        statistics.cases += 1
        let variables = scenario.makeVariables()
        var solver = Solver()
        // The model of what the solver should contain.
        var live: [(id: Int, constraint: Constraint)] = []
        var created: [Int: Constraint] = [:]
        var edits: [(variable: Int, priority: Priority, value: Double)] = []

        for (step, operation) in scenario.operations.enumerated() {
            let before = variables.map { solver.value(of: $0).bitPattern }
            func failure(_ message: String) -> String {
                "step \(step) \(operation): \(message)"
            }
            var threw: SolverError?
            switch operation {
            case .add(let id, let spec):
                guard spec.terms.allSatisfy({ $0.variable < variables.count }) else { continue }
                let constraint = spec.makeConstraint(variables)
                created[id] = constraint
                let magnitudeBefore = systemMagnitude(live.map(\.constraint) + [constraint], solver: solver)
                do {
                    try solver.add(constraint)
                } catch {
                    threw = error
                }
                if threw?.code == .illConditioned {
                    if let message = illConditionedFailure(threw, before: before, variables: variables, solver: solver) {
                        return failure(message)
                    }
                    continue
                }
                if spec.priority.isRequired, options.feasibility {
                    statistics.requiredAdds += 1
                    let required = live.map(\.constraint).filter { $0.priority.isRequired } + [constraint]
                    let accepted = threw == nil
                    let verdict: Verdict
                    do {
                        // Floating point first; the referee when it disagrees or fails.
                        let floatingPoint = try? classify(required, arithmetic: .floatingPoint)
                        if let floatingPoint, oracle != .exact || floatingPoint.agrees(accepted: accepted) {
                            verdict = floatingPoint
                        } else {
                            verdict = try classify(required, arithmetic: oracle)
                        }
                    } catch {
                        return failure("GLPK failed: \(error)")
                    }
                    let magnitude = max(
                        magnitudeBefore, systemMagnitude(live.map(\.constraint) + [constraint], solver: solver))
                    if !accepted, threw?.code != .unsatisfiableConstraint {
                        return failure("threw \(threw?.code.description ?? "?") instead of accepting or .unsatisfiableConstraint: \(threw?.message ?? "")")
                    }
                    switch verdict {
                    case .feasible where !accepted:
                        return failure("rejected as unsatisfiable, but GLPK finds the required part feasible")
                    case .infeasible(let violation) where accepted && violation <= OracleTolerance.systemRelative * magnitude:
                        statistics.marginal += 1
                    case .infeasible(let violation) where accepted:
                        return failure("accepted, but GLPK finds the required part infeasible (least violation \(violation))")
                    case .marginal:
                        statistics.marginal += 1
                    default:
                        break
                    }
                }
                if let threw {
                    if threw.code != .unsatisfiableConstraint || !spec.priority.isRequired {
                        return failure("threw \(threw.code)")
                    }
                    statistics.rejected += 1
                } else {
                    live.append((id, constraint))
                }

            case .remove(let id):
                guard let constraint = created[id] else { continue }
                do { try solver.remove(constraint) } catch { threw = error }
                if threw?.code == .illConditioned {
                    if let message = illConditionedFailure(threw, before: before, variables: variables, solver: solver) {
                        return failure(message)
                    }
                    continue
                }
                if let index = live.firstIndex(where: { $0.id == id }) {
                    if let threw { return failure("removing a live constraint threw \(threw.code)") }
                    live.remove(at: index)
                } else if threw?.code != .unknownConstraint {
                    return failure("removing a constraint not in the solver did not throw .unknownConstraint")
                }

            case .addEdit(let variable, let priority):
                guard variable < variables.count else { continue }
                do { try solver.addEditVariable(variables[variable], priority: priority) } catch { threw = error }
                if threw?.code == .illConditioned {
                    if let message = illConditionedFailure(threw, before: before, variables: variables, solver: solver) {
                        return failure(message)
                    }
                    continue
                }
                if edits.contains(where: { $0.variable == variable }) {
                    if threw?.code != .duplicateEditVariable {
                        return failure("a duplicate edit variable did not throw .duplicateEditVariable")
                    }
                } else if let threw {
                    return failure("threw \(threw.code)")
                } else {
                    edits.append((variable, priority, 0))
                }

            case .removeEdit(let variable):
                guard variable < variables.count else { continue }
                do { try solver.removeEditVariable(variables[variable]) } catch { threw = error }
                if threw?.code == .illConditioned {
                    if let message = illConditionedFailure(threw, before: before, variables: variables, solver: solver) {
                        return failure(message)
                    }
                    continue
                }
                if let index = edits.firstIndex(where: { $0.variable == variable }) {
                    if let threw { return failure("threw \(threw.code)") }
                    edits.remove(at: index)
                } else if threw?.code != .unknownEditVariable {
                    return failure("removing an unknown edit variable did not throw .unknownEditVariable")
                }

            case .suggest(let variable, let value):
                guard variable < variables.count else { continue }
                do { try solver.suggest(variables[variable], value: value) } catch { threw = error }
                if threw?.code == .illConditioned {
                    if let message = illConditionedFailure(threw, before: before, variables: variables, solver: solver) {
                        return failure(message)
                    }
                    continue
                }
                if let index = edits.firstIndex(where: { $0.variable == variable }) {
                    if let threw { return failure("threw \(threw.code)") }
                    edits[index].value = value
                } else if threw?.code != .unknownEditVariable {
                    return failure("suggesting for a non-edit variable did not throw .unknownEditVariable")
                }

            case .check:
                #if CELLFIT_INTERNAL_CHECKS
                // The tableau's own invariants, at every checkpoint of every property.
                let broken = solver.invariantViolations()
                if !broken.isEmpty { return failure("broken invariants: \(broken.prefix(3).joined(separator: "; "))") }
                #endif
                guard options.optimality else { continue }
                statistics.checkpoints += 1
                let lpEdits = edits.map { LPCheck.Edit(variables[$0.variable], priority: $0.priority, value: $0.value) }
                if let message = compareWithGLPK(
                    live.map(\.constraint), edits: lpEdits, solver: solver)
                {
                    return failure(message)
                }
            }

            // A failed call leaves the solver exactly as it was.
            if let threw {
                let after = variables.map { solver.value(of: $0).bitPattern }
                if after != before {
                    return failure("threw \(threw.code) but changed the solution")
                }
            }
            // The solver's bookkeeping matches the model.
            let listed = solver.constraints.map(ObjectIdentifier.init)
            if listed != live.map({ ObjectIdentifier($0.constraint) }) {
                return failure("solver.constraints lists \(listed.count) constraints, expected \(live.count) in order")
            }
        }
        return nil
    }

    enum Verdict {
        case feasible, infeasible(Double), marginal

        /// Whether the verdict agrees with the solver's answer, before any tolerance.
        func agrees(accepted: Bool) -> Bool {
            switch self {
            case .feasible: return accepted
            case .infeasible: return !accepted
            case .marginal: return true
            }
        }
    }

    func classify(_ required: [Constraint], arithmetic: LPCheck.Arithmetic) throws -> Verdict {
        let result = try LPCheck.solve(constraints: required, arithmetic: arithmetic)
        let violation = result.requiredViolation
        // In exact arithmetic a positive least violation, however small, is a
        // conflict in the user's numbers: the solver may reject it, and may
        // accept it as round-off below `infeasibleAbove`. The least violation
        // spreads a conflict over every constraint it combines, and a
        // multiplier of 2.8e6 on one of them made a conflict of 1.5 read as
        // 5.4e-7 (`exactConflictBelowTheFeasibleBand`).
        if arithmetic == .exact, violation > 0, violation < OracleTolerance.infeasibleAbove { return .marginal }
        if violation <= OracleTolerance.feasibleBelow { return .feasible }
        if violation >= OracleTolerance.infeasibleAbove { return .infeasible(violation) }
        return .marginal
    }

    /// Property 2 at one point: required constraints hold, and each level's
    /// violation sum equals GLPK's lexicographic optimum (levels highest
    /// first; the first mismatch is reported).
    ///
    /// A lexicographic optimum is not continuous: within a tolerance at one
    /// level, a solver may stand 1e-9 above or below its optimum, and the
    /// levels below can then be far better or worse than at the exact
    /// optimum (a coefficient of 1e3 on one side of a trade and 1e-3 on the
    /// other). So when the solver's sums are not those of the exact
    /// optimum, a second solve holds each level at the solver's own sum
    /// (``LPCheck/solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)``)
    /// and asks whether each level below was the best possible given those;
    /// the point passes if either comparison holds at every level.
    mutating func compareWithGLPK(
        _ constraints: [Constraint], edits: [LPCheck.Edit], solver: Solver
    ) -> String? {
        var holding = LPCheck.violations(of: constraints, edits: edits) { solver.value(of: $0) }
        holding[.required] = nil
        // GLPK in floating point first (fast); when it disagrees, exact
        // arithmetic decides, at the exact optimum and then at the solver's sums.
        var oracles: [(LPCheck.Arithmetic, [Priority: Double])] = [(.floatingPoint, [:])]
        if oracle == .exact { oracles += [(.exact, [:]), (.exact, holding)] }
        var firstFailure: String?
        // Input round-off at the point where the optimum is reached: the
        // exact, unheld solve's, which a held solve reports the optima of.
        var inputRoundOff = 0.0
        for (arithmetic, hold) in oracles {
            let result: LPCheckResult
            do {
                result = try LPCheck.solve(
                    constraints: constraints, edits: edits, arithmetic: arithmetic, holding: hold)
            } catch {
                // Floating-point GLPK can fail where exact arithmetic does not
                // (it called a bounded level unbounded on a 12-variable system
                // of property 2): let the referee answer.
                if arithmetic == .floatingPoint, oracle == .exact { continue }
                return "GLPK failed: \(error)"
            }
            // (Floating-point GLPK's point does not count when the exact
            // referee is on: its own round-off can put it at 1e17.)
            if hold.isEmpty, arithmetic == .exact || oracle != .exact {
                inputRoundOff = OracleTolerance.inputRelative * systemMagnitude(constraints) { result.value(of: $0) }
            }
            guard
                let failure = checkAgainst(
                    result, constraints, edits: edits, solver: solver, inputRoundOff: inputRoundOff)
            else { return nil }
            if firstFailure == nil || arithmetic == .exact && hold.isEmpty {
                let solverLargest = result.variables.reduce(0) { max($0, abs(solver.value(of: $1))) }
                let glpkLargest = result.variables.reduce(0) { max($0, abs(result.value(of: $1))) }
                firstFailure = "\(failure) [largest |value|: solver \(solverLargest), GLPK \(glpkLargest)]"
            }
        }
        if oracle == .exact, bracketAccepts(
            constraints, edits: edits, solver: solver, sums: holding, inputRoundOff: inputRoundOff)
        {
            return nil
        }
        return firstFailure
    }

    /// ``compareWithGLPK(_:edits:solver:)`` once GLPK has answered.
    ///
    /// `inputRoundOff` is added to every level's allowance: the input
    /// round-off at the optimum's point (``OracleTolerance/inputRelative``).
    mutating func checkAgainst(
        _ result: LPCheckResult, _ constraints: [Constraint], edits: [LPCheck.Edit], solver: Solver,
        inputRoundOff: Double
    ) -> String? {
        let levels = LevelAllowance(constraints, edits: edits, solver: solver, inputRoundOff: inputRoundOff)
        if result.requiredViolation > OracleTolerance.feasibleBelow {
            if result.requiredViolation < OracleTolerance.infeasibleAbove {
                statistics.skippedCheckpoints += 1
                return nil
            }
            return "the solver holds required constraints GLPK finds infeasible (least violation \(result.requiredViolation))"
        }
        if let failure = levels.requiredFailure(constraints, solver: solver) { return failure }
        let sums = LPCheck.violations(of: constraints, edits: edits) { solver.value(of: $0) }
        for level in result.levels.dropFirst() {
            guard let optimum = result.optimum(at: level) else { continue }
            let actual = sums[level] ?? 0
            if abs(actual - optimum) > levels.allowed(at: level, optimum: optimum) {
                return "level \(level): the solver's violation sum is \(actual), GLPK's optimum is \(optimum)"
            }
        }
        return nil
    }

    /// The last resort of ``compareWithGLPK(_:edits:solver:)``: whether the
    /// levels trade at the precision of doubles, and the solver stands
    /// within what that leaves undecided.
    ///
    /// The solver's sums (`sums`) are measured at its values rounded to
    /// doubles, so each is known only to about its rounding,
    /// ``LevelAllowance/reportedRoundOff(at:)``: the point it
    /// reached may be anywhere in that band. Two held solves bracket it:
    /// every level held at its sum plus the band (a bound row, however close
    /// to the optimum: ``LPCheck/HoldRule/asGiven``) and at its sum minus the
    /// band (the optimal face where that is at or below the optimum). Level
    /// by level, highest first, the solver's sum must match the first
    /// solve's optimum, except at a level whose two optima differ by more
    /// than its allowance: that level's optimum is not decided at the
    /// precision of doubles. The solver passes if its sum there lies between
    /// the two, and the levels below are not compared (they depend on where
    /// in that range it stands). In `levelTradeBeyondDoublePrecisionIsBracketed`
    /// priority 250 is met the same way through two routes but for the last
    /// bit of 0.2 (1e-15 in all), and priority 100 is 401 on the exact face,
    /// 78 for a tie; the solver has 80.
    ///
    /// What this gives up: a solver that misses a level by a gain of that
    /// size passes at the levels below it. Without the fix that
    /// `realGainBelowTheEpsilonIsTaken` keeps, fresh seed 0xe709ceb17860b1a6
    /// passes here (priority 500 at 451.58, between 442.06 and 3500.68);
    /// its shrunk form is well conditioned, both ends agree, and the
    /// bracket does not hide it.
    mutating func bracketAccepts(
        _ constraints: [Constraint], edits: [LPCheck.Edit], solver: Solver, sums: [Priority: Double],
        inputRoundOff: Double
    ) -> Bool {
        let levels = LevelAllowance(constraints, edits: edits, solver: solver, inputRoundOff: inputRoundOff)
        guard levels.requiredFailure(constraints, solver: solver) == nil else { return false }
        var above: [Priority: Double] = [:]
        var below: [Priority: Double] = [:]
        for (level, sum) in sums {
            let band = levels.reportedRoundOff(at: level)
            above[level] = sum + band
            below[level] = max(0, sum - band)
        }
        guard
            let loose = try? LPCheck.solve(
                constraints: constraints, edits: edits, arithmetic: .exact, holding: above, holdRule: .asGiven),
            let tight = try? LPCheck.solve(
                constraints: constraints, edits: edits, arithmetic: .exact, holding: below, holdRule: .asGiven),
            loose.requiredViolation <= OracleTolerance.feasibleBelow
        else { return false }
        for level in loose.levels.dropFirst() {
            guard let low = loose.optimum(at: level), let high = tight.optimum(at: level) else { return false }
            let actual = sums[level] ?? 0
            let allowed = levels.allowed(at: level, optimum: low)
            if abs(actual - low) <= allowed { continue }
            guard high - low > allowed, actual > low, actual <= high + levels.allowed(at: level, optimum: high)
            else { return false }
            statistics.undecidedCheckpoints += 1
            return true
        }
        return true
    }
}

/// What a level's violation sum may differ from an optimum by at one
/// checkpoint, with the magnitudes that sets it from (``OracleTolerance``).
struct LevelAllowance {
    /// Per level: Σ over its constraints of `weight × (|constant| + Σ|coefficient × value|)`,
    /// and over its edits of `|suggestion| + |value|`, at the solver's point.
    private(set) var magnitudes: [Priority: Double] = [:]
    /// Per level: the number of products and violations its sum adds up.
    private(set) var terms: [Priority: Int] = [:]
    /// The system's round-off at the solver's point (``OracleTolerance/systemRelative``).
    let roundOff: Double
    /// The inputs' round-off at the optimum's point (``OracleTolerance/inputRelative``).
    let inputRoundOff: Double

    init(_ constraints: [Constraint], edits: [LPCheck.Edit], solver: Solver, inputRoundOff: Double) {
        roundOff = OracleTolerance.systemRelative * systemMagnitude(constraints, solver: solver)
        self.inputRoundOff = inputRoundOff
        for constraint in constraints {
            let size = constraint.expression.terms.reduce(abs(constraint.expression.constant)) {
                $0 + abs($1.coefficient * solver.value(of: $1.variable))
            }
            magnitudes[constraint.priority, default: 0] += constraint.weight * size
            terms[constraint.priority, default: 0] += constraint.expression.terms.count + 1
        }
        for edit in edits {
            magnitudes[edit.priority, default: 0] += abs(edit.value) + abs(solver.value(of: edit.variable))
            terms[edit.priority, default: 0] += 2
        }
    }

    /// How far the solver's sum at `level`, measured at its values rounded
    /// to doubles, may be from the sum at the point it reached: each value
    /// rounds by at most 2⁻⁵³ of itself, and a floating-point sum of n terms
    /// adds at most n × 2⁻⁵³ of their magnitude.
    func reportedRoundOff(at level: Priority) -> Double {
        Double((terms[level] ?? 0) + 1) * 0x1p-53 * (magnitudes[level] ?? 0)
    }

    /// How far the solver's sum at `level` may be from `optimum`.
    func allowed(at level: Priority, optimum: Double) -> Double {
        OracleTolerance.levelOptimum * (1 + abs(optimum))
            + OracleTolerance.levelMagnitude * (magnitudes[level] ?? 0) + roundOff + inputRoundOff
    }

    /// The first required constraint the solver's point misses by more than
    /// round-off, described; nil if they all hold.
    func requiredFailure(_ constraints: [Constraint], solver: Solver) -> String? {
        for constraint in constraints where constraint.priority.isRequired {
            var residual = constraint.expression.constant
            var magnitude = 1 + abs(constraint.expression.constant)
            for term in constraint.expression.terms {
                let product = term.coefficient * solver.value(of: term.variable)
                residual += product
                magnitude += abs(product)
            }
            let violation: Double
            switch constraint.relation {
            case .equal: violation = abs(residual)
            case .lessThanOrEqual: violation = max(0, residual)
            case .greaterThanOrEqual: violation = max(0, -residual)
            }
            if violation > OracleTolerance.requiredResidual * magnitude + roundOff {
                return "required constraint \(constraint) is violated by \(violation)"
            }
        }
        return nil
    }
}

/// Property 4: runs the scenario twice, each time with fresh variables and
/// constraints (so hash-ordered collections see other identities), and
/// compares the outcome of every call and the bits of every value after it.
func determinismFailure(_ scenario: Scenario) -> String? {
    struct Step: Equatable {
        var outcome: String
        var values: [UInt64]
    }
    func trace() -> [Step] {
        let variables = scenario.makeVariables()
        var solver = Solver()
        var created: [Int: Constraint] = [:]
        var record: [Step] = []
        for operation in scenario.operations {
            var outcome = "ok"
            do {
                switch operation {
                case .add(let id, let spec):
                    let constraint = spec.makeConstraint(variables)
                    created[id] = constraint
                    try solver.add(constraint)
                case .remove(let id):
                    if let constraint = created[id] { try solver.remove(constraint) }
                case .addEdit(let variable, let priority):
                    try solver.addEditVariable(variables[variable], priority: priority)
                case .removeEdit(let variable):
                    try solver.removeEditVariable(variables[variable])
                case .suggest(let variable, let value):
                    try solver.suggest(variables[variable], value: value)
                case .check:
                    break
                }
            } catch {
                outcome = error.code.description
            }
            record.append(Step(outcome: outcome, values: variables.map { solver.value(of: $0).bitPattern }))
        }
        return record
    }
    let first = trace()
    let second = trace()
    for (step, (a, b)) in zip(first, second).enumerated() where a != b {
        return "step \(step) \(scenario.operations[step]): the two runs differ"
    }
    return nil
}
