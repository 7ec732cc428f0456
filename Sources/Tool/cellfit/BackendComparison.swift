import JSONSupport
import Cassowary
import GLPKBackends
import CellFitWorkload
import LPCheck

/// `cellfit solve --compare`: plays a workload on the Cassowary and the GLPK
/// backend side by side and compares, after the build and after every round,
/// the violation sum of every priority level.
///
/// GLPK's figure for a level is its lexicographic optimum; Cassowary's is the
/// sum measured at Cassowary's solution with ``LPCheck/violations(of:edits:at:)``,
/// the same weighted sum of absolute violations. Optima are compared, not
/// variable values: a linear program can have many optimal points.
///
/// A level agrees when the two sums differ by at most
/// `tolerance × (1 + |optimum| + magnitude / 1000)`, where `magnitude` is the
/// size of the numbers that cancel in the level at Cassowary's solution: see
/// ``allowance(tolerance:optimum:magnitude:)``. At the default tolerance, 1e-6,
/// that is `1e-6 × (1 + |optimum|) + 1e-9 × magnitude`, the per-level part of
/// the allowance the GLPK property tests give a level (`OracleTolerance` in
/// Tests/CassowaryPropertyTests; the tests add 1e-11 of the whole system's
/// magnitude, for random systems whose values reach 1e12). On the shared workloads the two
/// backends differ by 2e-11 or less, some six orders of magnitude inside it.
/// The two backends agree about feasibility when Cassowary accepts every
/// required constraint exactly when GLPK finds the required part feasible.
struct BackendComparison {
    /// The default of `--tolerance`.
    static let defaultTolerance = 1e-6

    /// How much of a level's magnitude counts towards the scale of its allowance.
    static let magnitudeDivisor = 1e3

    /// The relative tolerance of a level's optimum.
    var tolerance: Double

    /// How far apart the two backends' sums for a level may be: `tolerance` relative to the
    /// scale of the level, `1 + |optimum| + magnitude / magnitudeDivisor`.
    ///
    /// `|optimum|` covers GLPK's own slack (each level may exceed its optimum by its
    /// tolerance relative to `1 + |optimum|`); `magnitude` (Σ over the level's constraints of
    /// `weight × (|constant| + Σ|coefficient × value|)`) covers rounding in either solver,
    /// which is relative to the numbers that cancel when a sum is near 0, not to the sum.
    /// It is divided by ``magnitudeDivisor`` because it adds up every constraint of the level,
    /// while rounding hits a few; without it, a level of a thousand constraints over values
    /// in the hundreds would allow a whole pixel.
    static func allowance(tolerance: Double, optimum: Double, magnitude: Double) -> Double {
        tolerance * (1 + abs(optimum) + magnitude / magnitudeDivisor)
    }

    /// One row of the comparison: the state after the build or after one round.
    struct Row {
        /// The workload's name.
        var name: String
        /// The round (0-based); `nil` for the state after the build, before any round.
        var round: Int?
        /// The number of priority levels, ``Priority/required`` included.
        var levels: Int
        /// Whether Cassowary accepted every required constraint.
        var cassowaryFeasible: Bool
        /// Whether GLPK found the required constraints feasible.
        var glpkFeasible: Bool
        /// The level whose difference is largest relative to its allowance (the highest such
        /// level on a tie, so `required` when every difference is 0); `nil` when the levels
        /// were not compared because a backend found the required part infeasible.
        var worst: Level?
        /// Every level whose difference exceeds its allowance, highest first.
        var failing: [Level]

        /// One level's figures.
        struct Level {
            /// The level.
            var priority: Priority
            /// The level's violation sum at Cassowary's solution.
            var cassowary: Double
            /// GLPK's optimum of the level.
            var glpk: Double
            /// How far apart the two may be (``BackendComparison/allowance(tolerance:optimum:magnitude:)``).
            var allowed: Double
            /// `|cassowary − glpk|`.
            var difference: Double { abs(cassowary - glpk) }
        }

        /// Whether the backends agree: the same feasibility and every level within its allowance.
        var agree: Bool { cassowaryFeasible == glpkFeasible && failing.isEmpty }

        /// `build` or `rounds[3]`: where this row is in the workload, as error paths name it.
        var place: String { round.map { "rounds[\($0)]" } ?? "build" }
    }

    /// Compares the two backends on `workload`, after the build and after every round.
    ///
    /// When either backend finds the required constraints infeasible, there is one row
    /// (the build) and no levels are compared.
    ///
    /// - Returns: The rows, and for each disagreement a sentence saying what differs.
    /// - Throws: ``WorkloadError/Code/solver`` when a backend fails for another reason
    ///   than infeasibility (GLPK's simplex failing, say).
    func compare(_ workload: Workload) throws(WorkloadError) -> (rows: [Row], disagreements: [String]) {
        var cassowary = CassowaryWorkloadSolver(workload)
        var glpk = GLPKWorkloadSolver(workload)
        var rows: [Row] = []
        var disagreements: [String] = []

        var rejection: WorkloadError?
        do {
            try cassowary.build()
        } catch {
            // A valid workload gives Cassowary nothing else to reject at the build.
            rejection = error
        }
        let built = try glpk.solve()
        if rejection != nil || !built.feasible {
            let row = Row(
                name: workload.name, round: nil, levels: built.levels.count,
                cassowaryFeasible: rejection == nil, glpkFeasible: built.feasible, worst: nil, failing: [])
            if row.cassowaryFeasible != row.glpkFeasible {
                disagreements.append(row.place + ": " + Self.feasibilityDisagreement(rejection, built))
            }
            return ([row], disagreements)
        }

        let everything = Array(workload.variables.indices)
        var values = [Double](repeating: 0, count: everything.count)
        let rounds: [[Workload.Assignment]?] = [nil] + workload.rounds.map { $0 }
        for (step, suggestions) in rounds.enumerated() {
            let round: Int? = step == 0 ? nil : step - 1
            let solved: LPCheckResult
            do {
                try cassowary.play(suggestions ?? [], reading: everything, into: &values)
            } catch {
                var located = error
                if located.path.isEmpty, let round { located.path = "rounds[\(round)]" }
                located.message = "cassowary: " + located.message
                throw located
            }
            if let suggestions {
                glpk.suggest(suggestions)
                do {
                    solved = try glpk.solve()
                } catch {
                    var located = error
                    if located.path.isEmpty, let round { located.path = "rounds[\(round)]" }
                    throw located
                }
            } else {
                solved = built
            }
            guard solved.feasible else {
                // Cassowary holds a solution; GLPK says none exists. Stop here, as at the build.
                let row = Row(
                    name: workload.name, round: round, levels: solved.levels.count,
                    cassowaryFeasible: true, glpkFeasible: false, worst: nil, failing: [])
                rows.append(row)
                disagreements.append(row.place + ": " + Self.feasibilityDisagreement(nil, solved))
                break
            }
            let row = compareLevels(
                name: workload.name, round: round, glpk: solved,
                cassowary: glpk.violations(at: values), magnitudes: glpk.magnitudes(at: values))
            for level in row.failing {
                disagreements.append(
                    "\(row.place): level \(Self.priorityText(level.priority)): cassowary \(level.cassowary), "
                        + "glpk \(level.glpk) (difference \(level.difference), allowed \(level.allowed))")
            }
            rows.append(row)
        }
        return (rows, disagreements)
    }

    /// The row for one state in which both backends hold a solution.
    private func compareLevels(
        name: String, round: Int?, glpk: LPCheckResult, cassowary sums: [Priority: Double],
        magnitudes: [Priority: Double]
    ) -> Row {
        var worst: (level: Row.Level, ratio: Double)?
        var failing: [Row.Level] = []
        // Every level GLPK solved, plus any the sums name (the same set when feasible).
        let priorities = Set(glpk.levels).union(sums.keys).sorted(by: >)
        for priority in priorities {
            let optimum = glpk.optimum(at: priority) ?? 0
            let level = Row.Level(
                priority: priority, cassowary: sums[priority] ?? 0, glpk: optimum,
                allowed: Self.allowance(tolerance: tolerance, optimum: optimum, magnitude: magnitudes[priority] ?? 0))
            // NaN never passes.
            if !(level.difference <= level.allowed) { failing.append(level) }
            let ratio = level.allowed > 0 ? level.difference / level.allowed : (level.difference > 0 ? .infinity : 0)
            if worst == nil || !(ratio <= (worst?.ratio ?? 0)) { worst = (level, ratio) }
        }
        return Row(
            name: name, round: round, levels: priorities.count, cassowaryFeasible: true,
            glpkFeasible: true, worst: worst?.level, failing: failing)
    }

    private static func feasibilityDisagreement(_ rejection: WorkloadError?, _ glpk: LPCheckResult) -> String {
        if let rejection {
            return "cassowary rejects \(rejection.path.isEmpty ? "a constraint" : rejection.path) "
                + "(\(rejection.message)), but GLPK finds the required constraints feasible "
                + "(least total violation \(glpk.requiredViolation))"
        }
        return "cassowary accepts every required constraint, but GLPK finds them infeasible "
            + "(least total violation \(glpk.requiredViolation))"
    }

    /// A priority as a number: `1000`, `750`, `999.5`.
    static func priorityText(_ priority: Priority) -> String {
        let raw = priority.rawValue
        return raw == raw.rounded() && abs(raw) < 1e9 ? String(Int(raw)) : String(raw)
    }
}

// MARK: - Output

extension BackendComparison.Row {
    /// The columns of the human table, one row per ``BackendComparison/Row``.
    static let tableHeader = [
        "workload", "round", "levels", "cassowary", "glpk", "level", "difference", "allowed", "verdict",
    ]
    /// The columns of ``tableHeader`` that hold figures, which are right-aligned.
    static let rightAlignedColumns: Set<Int> = [1, 2, 5, 6, 7]

    /// The cells of this row in the human table: `-` where the levels were not compared.
    var tableCells: [String] {
        [
            name, round.map(String.init) ?? "build", String(levels),
            cassowaryFeasible ? "feasible" : "infeasible", glpkFeasible ? "feasible" : "infeasible",
            worst.map { BackendComparison.priorityText($0.priority) } ?? "-",
            worst.map { HumanTable.scientific($0.difference) } ?? "-",
            worst.map { HumanTable.scientific($0.allowed) } ?? "-",
            agree ? "agree" : "differ",
        ]
    }

    /// One line of JSON, keys in this order: `name, round` (`null` after the build),
    /// `levels, cassowary_feasible, glpk_feasible`, then for the level whose difference is
    /// largest relative to its allowance `level` (its priority), `cassowary_sum`,
    /// `glpk_optimum`, `difference` and `allowed` (all `null` when the levels were not
    /// compared), and `agree`. Written with the same writer and separators as the other
    /// lines of `cellfit solve --json`.
    func jsonLine() -> String {
        var out = "{\"name\": "
        JSONText.appendString(name, to: &out)
        out += ", \"round\": " + (round.map(String.init) ?? "null")
        out += ", \"levels\": \(levels)"
        out += ", \"cassowary_feasible\": \(cassowaryFeasible), \"glpk_feasible\": \(glpkFeasible)"
        out += ", \"level\": " + (worst.map { BackendComparison.priorityText($0.priority) } ?? "null")
        let figures: [(key: String, value: Double?)] = [
            ("cassowary_sum", worst?.cassowary), ("glpk_optimum", worst?.glpk),
            ("difference", worst?.difference), ("allowed", worst?.allowed),
        ]
        for (key, value) in figures {
            out += ", \"\(key)\": "
            if let value { JSONText.appendNumber(value, to: &out) } else { out += "null" }
        }
        return out + ", \"agree\": \(agree)}"
    }
}
