import Cassowary
import CellFitWorkload
import LPCheck

/// The GLPK backend of `cellfit solve --backend glpk`: plays a ``Workload``
/// through ``LPCheck``, one lexicographic solve (one LP per priority level,
/// highest first) from scratch per round.
///
/// It lives in `GLPKBackends`, a library of its own, so that neither side has to
/// know the other: `CellFitWorkload` stays a pure-Swift format library with no
/// system library behind it, and `LPCheck` stays an oracle over `Cassowary`
/// constraints that knows nothing of workload files; the `cellfit` tool and the
/// tests use it alike.
///
/// The semantics follow the Cassowary backend: an edit variable is the
/// equality `variable == suggestion` at its priority, and its suggestion is 0
/// until a round sets it (Cassowary's `addEditVariable` starts at 0, see
/// Docs/Solver.md); a suggestion stays in force until another replaces it.
/// GLPK is not incremental, so ``build()`` is one solve with every edit at 0,
/// and each round that suggests anything is one more solve of the whole
/// system with the current suggestions.
///
/// When the required constraints cannot all hold, GLPK's optimum says so but
/// names no culprit: the error has the path `constraints` and lists a minimal
/// set GLPK finds infeasible together (``LPCheck/conflict(among:tolerance:)``),
/// as the Cassowary backend lists the rejected constraint's conflict set.
package struct GLPKWorkloadSolver: WorkloadSolver {
    /// `"glpk"`.
    package static let backendName = "glpk"

    private let system: Workload.CassowarySystem
    /// The current suggestion of every edit, in the order of ``Workload/edits``.
    private var suggestions: [Double]
    /// The edit (index into ``Workload/edits``) of each variable that is an edit variable.
    private let editOfVariable: [Int: Int]
    /// The index in ``Workload/variables`` of each variable object.
    private let indexOfVariable: [ObjectIdentifier: Int]
    /// The result of the last solve; `nil` before the first.
    package private(set) var result: LPCheckResult?

    /// Creates the Cassowary variables and constraints of `workload`, with every suggestion at 0.
    package init(_ workload: Workload) {
        system = workload.makeCassowarySystem()
        suggestions = [Double](repeating: 0, count: workload.edits.count)
        var editOfVariable: [Int: Int] = [:]
        for (index, edit) in workload.edits.enumerated() { editOfVariable[edit.variable] = index }
        self.editOfVariable = editOfVariable
        var indexOfVariable: [ObjectIdentifier: Int] = [:]
        for (index, variable) in system.variables.enumerated() { indexOfVariable[variable.id] = index }
        self.indexOfVariable = indexOfVariable
    }

    /// Solves the system with every edit at 0.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` with the path `constraints` when GLPK
    ///   finds the required constraints infeasible, or when GLPK fails.
    package mutating func build() throws(WorkloadError) {
        let solved = try solve()
        try requireFeasible(solved)
    }

    /// Records the suggestions and, when there are any, solves the whole system again;
    /// then reads the requested variables from GLPK's point.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` when GLPK fails; the runner adds the round's path.
    package mutating func play(
        _ suggestions: [Workload.Assignment], reading reads: [Int], into values: inout [Double]
    ) throws(WorkloadError) {
        suggest(suggestions)
        let solved: LPCheckResult
        if let result, suggestions.isEmpty {
            solved = result
        } else {
            solved = try solve()
            try requireFeasible(solved)
        }
        for (position, variable) in reads.enumerated() {
            values[position] = solved.value(of: system.variables[variable])
        }
    }

    /// GLPK's value for the variable at `index` after the last solve (0 before the first).
    package func value(ofVariable index: Int) -> Double {
        result?.value(of: system.variables[index]) ?? 0
    }

    // MARK: - For `--compare`

    /// Sets the suggestions of a round, without solving.
    package mutating func suggest(_ assignments: [Workload.Assignment]) {
        for assignment in assignments {
            // A valid workload only suggests values for its edit variables.
            if let edit = editOfVariable[assignment.variable] { suggestions[edit] = assignment.value }
        }
    }

    /// Solves the whole system with the current suggestions, from scratch, and keeps the result.
    /// An infeasible required part is a result (``LPCheckResult/feasible`` is false), not an error.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` with GLPK's message when LPCheck rejects the
    ///   system or GLPK's simplex fails.
    @discardableResult
    package mutating func solve() throws(WorkloadError) -> LPCheckResult {
        do {
            let solved = try LPCheck.solve(constraints: system.constraints, edits: currentEdits())
            result = solved
            return solved
        } catch {
            throw WorkloadError(.solver, message: "GLPK: \(error.message)")
        }
    }

    /// The violation sum of every priority level at a point given by variable index (one value
    /// per entry of ``Workload/variables``), measured as ``LPCheck`` measures its optima, with
    /// the current suggestions.
    package func violations(at values: [Double]) -> [Priority: Double] {
        LPCheck.violations(of: system.constraints, edits: currentEdits()) { variable in
            index(of: variable).map { values[$0] } ?? 0
        }
    }

    /// The size of the numbers that cancel in each level at a point: Σ over the level's
    /// constraints of `weight × (|constant| + Σ|coefficient × value|)`, and over its edits of
    /// `|suggestion| + |value|` (required constraints with weight 1).
    package func magnitudes(at values: [Double]) -> [Priority: Double] {
        var sums: [Priority: Double] = [:]
        for constraint in system.constraints {
            var size = abs(constraint.expression.constant)
            for term in constraint.expression.terms {
                size += abs(term.coefficient * (index(of: term.variable).map { values[$0] } ?? 0))
            }
            sums[constraint.priority, default: 0] += (constraint.priority.isRequired ? 1 : constraint.weight) * size
        }
        for (edit, suggestion) in zip(system.edits, suggestions) {
            let value = index(of: edit.variable).map { values[$0] } ?? 0
            sums[edit.priority, default: 0] += abs(suggestion) + abs(value)
        }
        return sums
    }

    // MARK: - Private

    private func index(of variable: Variable) -> Int? { indexOfVariable[variable.id] }

    private func currentEdits() -> [LPCheck.Edit] {
        zip(system.edits, suggestions).map { LPCheck.Edit($0.0.variable, priority: $0.0.priority, value: $0.1) }
    }

    /// Throws when GLPK finds the required constraints infeasible, naming a minimal
    /// set of them that GLPK finds infeasible together (``LPCheck/conflict(among:tolerance:)``).
    private func requireFeasible(_ solved: LPCheckResult) throws(WorkloadError) {
        guard !solved.feasible else { return }
        var detail = "cannot say which constraint is at fault"
        if let found = try? LPCheck.conflict(among: system.constraints) {
            let list = found.constraints.map { c in c.location.map { "\($0): \(c)" } ?? "\(c)" }.joined(separator: "; ")
            detail = (found.minimal ? "these cannot hold together: " : "among these: ") + list
        }
        throw WorkloadError(
            .solver, path: "constraints",
            message: "the required constraints cannot all hold (GLPK finds their least total violation "
                + "to be \(solved.requiredViolation); \(detail))")
    }
}
