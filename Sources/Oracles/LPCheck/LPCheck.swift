import Cassowary

/// Solves ``Cassowary`` constraint systems with GLPK, one linear program per
/// priority level: the independent oracle the solver's property tests are
/// checked against.
///
/// Priorities are strict. Level by level, highest first (``Priority/required``
/// included), GLPK minimises the weighted sum of that level's absolute
/// violations, subject to every higher level's sum being at most its optimum
/// plus a small slack. An equality `e == 0` has two error variables
/// (`e + e⁻ − e⁺ == 0`); an inequality has one. Required constraints get error
/// variables too, each with weight 1: the required level's optimum measures how
/// far the required part is from feasible, and every later level is solved
/// with the required violations held at that optimum plus slack (so at
/// most the tolerance when the system is feasible).
///
/// GLPK is silenced (no output on stdout) and every problem is created,
/// solved, read and deleted inside one synchronous call, so `solve` is safe
/// to call from any thread and from several threads at once.
///
/// ```swift
/// let x = Variable("x")
/// let result = try LPCheck.solve(constraints: [x >= 10, (x == 0) ~ .defaultLow])
/// result.optimum(at: .defaultLow)   // 10
/// ```
public enum LPCheck {
    /// The magnitudes of coefficients and weights GLPK is given, and the largest of
    /// constants and suggested values: outside it GLPK's scaling aborts the process,
    /// so LPCheck throws ``LPCheckError/Code/outOfRange`` instead. A layout's numbers
    /// are far inside it; the range is wide enough for any system doubles can solve.
    public static let numberRange: ClosedRange<Double> = Solver.numberRange

    /// A suggested value for an edit variable: the equality
    /// `variable == value` at `priority`, with weight 1.
    public struct Edit: Sendable {
        /// The edit variable.
        public var variable: Variable
        /// The priority of the equality `variable == value`.
        public var priority: Priority
        /// The suggested value.
        public var value: Double

        /// Creates the suggestion `variable == value` at `priority`.
        public init(_ variable: Variable, priority: Priority, value: Double) {
            self.variable = variable
            self.priority = priority
            self.value = value
        }
    }

    /// The default tolerance: GLPK's own primal feasibility tolerance.
    public static let defaultTolerance = 1e-7

    /// How GLPK computes each level's optimum.
    public enum Arithmetic: Sendable {
        /// GLPK's floating-point simplex (`glp_simplex`), with its tolerances:
        /// fast, and each level may give up to `tolerance × (1 + |optimum|)`
        /// of its optimum to the levels below it.
        case floatingPoint
        /// The floating-point simplex, then `glp_exact` (GLPK's simplex in
        /// rational arithmetic) from its basis. Every row is handed to GLPK
        /// multiplied by the power of two that makes its numbers integers,
        /// because glp_exact reads other doubles as the simplest fraction
        /// within 1e-10 of them (`0.3333333333333333` would be `1/3`): so it
        /// solves exactly the doubles it is given. Every level's
        /// optimum is then exact, reported as a double,
        /// and held exactly while the lower levels are solved (the required
        /// level too, at its least violation, which `tolerance` still judges
        /// feasible or not). Slower (GMP rationals); meant for oracles, on
        /// small systems.
        case exact
    }

    /// How ``solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)``
    /// reads a held sum close to its level's optimum.
    public enum HoldRule: Sendable {
        /// A sum within the level's slack of its optimum holds the level at
        /// the optimum (in exact arithmetic, on its optimal face): such a sum
        /// differs from the optimum only by the rounding of the two, and a
        /// bound row at it would let the levels below trade on that
        /// rounding. The default.
        case snapsToOptimum
        /// Every sum above the optimum bounds the level at that sum; only a
        /// sum at or below the optimum holds the optimal face. For the two
        /// ends of a bracket around a point known only to the precision of
        /// doubles.
        case asGiven
    }

    /// The most GLPK solves ``conflict(among:)`` makes.
    public static let conflictSolveBudget = 2_000

    /// A minimal set of the required constraints among `constraints` that GLPK finds
    /// infeasible together, in their order — GLPK's own verdict, found by deletion
    /// filtering: the shortest infeasible prefix (by bisection), then each member
    /// dropped in turn and kept out when the rest stays infeasible — or `nil` when
    /// they are feasible. Past ``conflictSolveBudget`` solves the set found so far is
    /// returned (`minimal` false); it is still infeasible.
    /// - Throws: as ``solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)``.
    public static func conflict(
        among constraints: [Constraint], tolerance: Double = defaultTolerance
    ) throws(LPCheckError) -> (constraints: [Constraint], minimal: Bool)? {
        let required = constraints.filter(\.priority.isRequired)
        var solves = 0
        func feasible(_ set: ArraySlice<Constraint>) throws(LPCheckError) -> Bool {
            solves += 1
            return try solve(constraints: Array(set), tolerance: tolerance).feasible
        }
        guard !(try feasible(required[...])) else { return nil }
        // The shortest infeasible prefix: feasibility only shrinks as constraints are added.
        var low = 0, high = required.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if try feasible(required[..<middle]) { low = middle } else { high = middle }
        }
        var core = Array(required[..<high])
        var i = 0
        while i < core.count - 1 {
            guard solves < conflictSolveBudget else { return (core, false) }
            var trial = core
            trial.remove(at: i)
            if try feasible(trial[...]) { i += 1 } else { core = trial }
        }
        return (core, true)
    }


    /// Solves `constraints` and `edits` lexicographically.
    ///
    /// - Parameters:
    ///   - constraints: The constraints; their order decides only the order of ``LPCheckResult/variables``.
    ///   - edits: Edit variables with their current suggestions, each an equality at its priority.
    ///   - tolerance: The slack given to each solved level: a later level may let
    ///     an earlier level's violation sum exceed its optimum `opt` by
    ///     `tolerance × (1 + |opt|)`. Also the feasibility threshold (see ``LPCheckResult/feasible``).
    ///     With ``Arithmetic/exact`` only the feasibility threshold: levels are held exactly.
    ///   - arithmetic: Floating point (the default) or exact rational arithmetic.
    ///   - holding: Violation sums to hold soft levels at, instead of at their
    ///     optima, while the levels below them are solved (a level is held at
    ///     the larger of its optimum and the given sum). Pass another solver's
    ///     sums (``violations(of:edits:at:)``) to ask, level by level, whether
    ///     anything better was possible *given what that solver achieved above
    ///     it*: the fair question for a solver with tolerances, whose tiny
    ///     loss at a high level can buy a large gain below it. Levels not in
    ///     the dictionary are held at their optima.
    ///   - holdRule: Whether a held sum within its level's slack of the
    ///     optimum holds the optimum (the default) or itself.
    /// - Returns: Feasibility, the optimum of every level and GLPK's point.
    /// - Throws: ``LPCheckError/Code/nonFiniteValue``, ``LPCheckError/Code/invalidArgument``
    ///   or ``LPCheckError/Code/duplicateEditVariable`` for bad input (a non-finite
    ///   sum in `holding`, or one for ``Priority/required``, included);
    ///   ``LPCheckError/Code/tooLarge`` for more rows or columns than GLPK can index;
    ///   ``LPCheckError/Code/solverFailure`` if GLPK's simplex fails.
    /// - Complexity: one simplex solve per priority level, each warm-started from the last.
    public static func solve(
        constraints: [Constraint], edits: [Edit] = [], tolerance: Double = defaultTolerance,
        arithmetic: Arithmetic = .floatingPoint, holding: [Priority: Double] = [:],
        holdRule: HoldRule = .snapsToOptimum
    ) throws(LPCheckError) -> LPCheckResult {
        guard tolerance.isFinite else {
            throw LPCheckError(.nonFiniteValue, message: "The tolerance \(tolerance) is not finite.")
        }
        guard tolerance >= 0 else {
            throw LPCheckError(.invalidArgument, message: "The tolerance \(tolerance) is negative.")
        }
        let system = try LinearSystem(constraints: constraints, edits: edits)
        let program = system.program()
        let threshold = tolerance * (1 + system.requiredMagnitude)
        for (priority, sum) in holding {
            guard sum.isFinite else {
                throw LPCheckError(.nonFiniteValue, message: "The sum \(sum) to hold level \(priority) at is not finite.")
            }
            guard !priority.isRequired else {
                throw LPCheckError(
                    .invalidArgument, message: "The required level is always held at its least violation.")
            }
        }
        let holds = system.levels.map { holding[$0] }
        let solution = try GLPKSolver.solveLexicographically(
            program, tolerance: tolerance, stopIfFirstLevelExceeds: threshold, exact: arithmetic == .exact,
            holds: holds, holdsSnapToOptimum: holdRule == .snapsToOptimum)

        var optima: [Priority: Double] = [:]
        for (index, optimum) in solution.optima.enumerated() {
            optima[system.levels[index]] = optimum
        }
        let requiredViolation = solution.optima.first ?? 0
        var values: [ObjectIdentifier: Double] = [:]
        for (index, variable) in system.variables.enumerated() {
            values[variable.id] = solution.values[index]
        }
        return LPCheckResult(
            feasible: requiredViolation <= threshold,
            requiredViolation: requiredViolation,
            levels: system.levels,
            optima: optima,
            variables: system.variables,
            values: values)
    }

    /// Solves `constraints` and `edits` lexicographically; `edits` as
    /// `(variable, priority, suggestion)` triples.
    ///
    /// - Throws: As ``solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)``.
    public static func solve(
        constraints: [Constraint], edits: [(Variable, Priority, Double)], tolerance: Double = defaultTolerance,
        arithmetic: Arithmetic = .floatingPoint
    ) throws(LPCheckError) -> LPCheckResult {
        try solve(
            constraints: constraints,
            edits: edits.map { Edit($0.0, priority: $0.1, value: $0.2) },
            tolerance: tolerance, arithmetic: arithmetic)
    }

    /// The violation sum of every priority level at a given point, measured the
    /// way ``solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)`` measures it: the weighted sum
    /// of absolute violations (`|e|` for `e == 0`, `max(0, e)` for `e <= 0`,
    /// `max(0, −e)` for `e >= 0`), with weight 1 for required constraints and for edits.
    ///
    /// Use it to compare another solver's solution with ``LPCheckResult/optima``.
    ///
    /// - Parameters:
    ///   - constraints: The constraints.
    ///   - edits: Edit variables with their suggestions.
    ///   - value: The value of each variable at the point.
    /// - Returns: One entry per priority level that occurs (``Priority/required`` always).
    public static func violations(
        of constraints: [Constraint], edits: [Edit] = [], at value: (Variable) -> Double
    ) -> [Priority: Double] {
        var sums: [Priority: Double] = [.required: 0]
        for constraint in constraints {
            var residual = constraint.expression.constant
            for term in constraint.expression.terms {
                residual += term.coefficient * value(term.variable)
            }
            let violation: Double
            switch constraint.relation {
            case .equal: violation = abs(residual)
            case .lessThanOrEqual: violation = max(0, residual)
            case .greaterThanOrEqual: violation = max(0, -residual)
            }
            let weight = constraint.priority.isRequired ? 1 : constraint.weight
            sums[constraint.priority, default: 0] += weight * violation
        }
        for edit in edits {
            sums[edit.priority, default: 0] += abs(value(edit.variable) - edit.value)
        }
        return sums
    }
}
