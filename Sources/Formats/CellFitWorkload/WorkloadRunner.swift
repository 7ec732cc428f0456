import JSONSupport

/// Plays workloads on a backend, times the build and the rounds, and checks the expectations.
///
/// Each of the ``repeats`` runs uses a fresh solver. The build time is the
/// time to add every constraint and edit variable; the rounds time is the time
/// to play every round (suggest its values, then read values). Each reported
/// time is the minimum over the runs, taken separately, as `shared/bench/kiwi_py.py`
/// does. A workload without rounds is timed as one read after the build.
///
/// What a round reads is ``Reads``: by default every variable, which is what
/// `kiwi_py.py` times (kiwi's `updateVariables()` writes every variable), so
/// the two are comparable. Names are resolved to indices before any timing;
/// nothing is looked up by name inside the timed loops.
public struct WorkloadRunner: Sendable {
    /// Which variables a timed round reads.
    public enum Reads: Sendable, Hashable {
        /// Every variable of the workload, every round (the default; what kiwi's benchmarks time).
        case allVariables
        /// Only the variables the round's expectation names (nothing when there is no `expect`).
        case expectedVariables
    }

    /// How many times to build and play, each on a fresh solver; values below 1 count as 1.
    public var repeats: Int
    /// Which variables each round reads.
    public var reads: Reads

    /// Creates a runner.
    public init(repeats: Int = 1, reads: Reads = .allVariables) {
        self.repeats = repeats
        self.reads = reads
    }

    /// Builds and plays `workload` on `backend` ``repeats`` times and checks its expectations.
    ///
    /// The expectations are checked against the values of the last run (runs are
    /// deterministic); a value matches when it is within 1e-6 of the expected value, or within
    /// 1e-6 × |expected| when that is larger.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` when the backend rejects a constraint, edit
    ///   variable or suggestion, with the path of the culprit (`constraints[12]`, `edits[0]`, `rounds[3]`).
    public func run<Backend: WorkloadSolver>(_ workload: Workload, on backend: Backend.Type) throws(WorkloadError) -> WorkloadReport {
        let plan = Plan(workload, reads: reads)
        let clock = ContinuousClock()
        var bestBuild: Duration?
        var bestRounds: Duration?
        var got = [Double](repeating: .nan, count: plan.checks.count)
        var values = [Double](repeating: 0, count: plan.bufferSize)
        var finalValues: [Double] = []

        for _ in 0..<max(repeats, 1) {
            var solver = try Backend(workload)

            let buildStart = clock.now
            try solver.build()
            let buildTime = buildStart.duration(to: clock.now)

            let roundsStart = clock.now
            for round in 0..<plan.roundCount {
                do {
                    try solver.play(plan.suggestions[round], reading: plan.reads[round], into: &values)
                } catch {
                    var located = error
                    if located.path.isEmpty { located.path = "rounds[\(round)]" }
                    throw located
                }
                // Keep the values the expectation needs; a few copies per round.
                for check in plan.checkRanges[round] {
                    got[check] = values[plan.checks[check].position]
                }
            }
            let roundsTime = roundsStart.duration(to: clock.now)

            bestBuild = min(bestBuild ?? buildTime, buildTime)
            bestRounds = min(bestRounds ?? roundsTime, roundsTime)
            finalValues = workload.variables.indices.map { solver.value(ofVariable: $0) }
        }

        var mismatches: [WorkloadReport.Mismatch] = []
        for (index, check) in plan.checks.enumerated() where !Self.matches(got[index], check.expected) {
            mismatches.append(
                WorkloadReport.Mismatch(
                    round: workload.rounds.isEmpty ? nil : check.round,
                    variable: workload.variables[check.variable], expected: check.expected, got: got[index]))
        }
        return WorkloadReport(
            name: workload.name, backend: Backend.backendName, variableNames: workload.variables,
            constraints: workload.constraints.count, edits: workload.edits.count, rounds: workload.rounds.count,
            repeats: max(repeats, 1), buildTime: bestBuild ?? .zero, roundsTime: bestRounds ?? .zero,
            expectation: workload.expect == nil ? .none : (mismatches.isEmpty ? .ok : .mismatch),
            checked: plan.checks.count, mismatches: mismatches, finalValues: finalValues)
    }

    /// Whether `got` is within the format's tolerance of `expected`: 1e-6
    /// absolute or relative, whichever is larger. NaN never matches.
    public static func matches(_ got: Double, _ expected: Double) -> Bool {
        abs(got - expected) <= max(1e-6, 1e-6 * abs(expected))
    }

    /// Everything the timed loop needs, resolved to indices beforehand.
    private struct Plan {
        /// Rounds to play: the workload's rounds, or one read-only round when it has none.
        var roundCount: Int
        var suggestions: [[Workload.Assignment]]
        var reads: [[Int]]
        var bufferSize: Int
        /// Every expected value, in round order.
        var checks: [(round: Int, variable: Int, expected: Double, position: Int)]
        /// The slice of `checks` belonging to each round.
        var checkRanges: [Range<Int>]

        init(_ workload: Workload, reads policy: Reads) {
            roundCount = max(workload.rounds.count, 1)
            suggestions = workload.rounds.isEmpty ? [[]] : workload.rounds
            let expect = workload.expect ?? []
            checks = []
            checkRanges = []
            reads = []
            let everything = Array(workload.variables.indices)
            for round in 0..<roundCount {
                let expected = round < expect.count ? expect[round] : []
                let start = checks.count
                switch policy {
                case .allVariables:
                    // The same array for every round: no copies.
                    reads.append(everything)
                    for assignment in expected {
                        checks.append((round, assignment.variable, assignment.value, assignment.variable))
                    }
                case .expectedVariables:
                    reads.append(expected.map(\.variable))
                    for (position, assignment) in expected.enumerated() {
                        checks.append((round, assignment.variable, assignment.value, position))
                    }
                }
                checkRanges.append(start..<checks.count)
            }
            bufferSize = reads.map(\.count).max() ?? 0
        }
    }
}

/// The figures of one workload run: sizes, best times, and the expectation check.
public struct WorkloadReport: Sendable {
    /// Whether the workload's expectations held.
    public enum Expectation: String, Sendable {
        /// Every expected value matched.
        case ok
        /// At least one expected value did not match.
        case mismatch
        /// The workload states no expectations.
        case none
    }

    /// An expected value that did not match.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// The round (0-based); `nil` when the workload has no rounds and the expectation is checked after the build.
        public var round: Int?
        /// The variable's name.
        public var variable: String
        /// The value the workload expects.
        public var expected: Double
        /// The value the backend gave.
        public var got: Double

        /// Creates a mismatch record.
        public init(round: Int?, variable: String, expected: Double, got: Double) {
            self.round = round
            self.variable = variable
            self.expected = expected
            self.got = got
        }

        /// `expect[3].y1: expected 39.0, got 40.5` (the path of the expectation in the file).
        public var description: String {
            let place = PathComponent.render(
                [.key("expect")] + (round.map { [.index($0)] } ?? []) + [.key(variable)])
            return "\(place): expected \(expected), got \(got)"
        }
    }

    /// The workload's name.
    public var name: String
    /// The backend's name (``WorkloadSolver/backendName``).
    public var backend: String
    /// The workload's variable names, in file order (the order of ``finalValues``).
    public var variableNames: [String]
    /// The number of variables.
    public var variables: Int { variableNames.count }
    /// The number of constraints (edit variables not counted).
    public var constraints: Int
    /// The number of edit variables.
    public var edits: Int
    /// The number of rounds in the workload.
    public var rounds: Int
    /// How many runs the times are the best of.
    public var repeats: Int
    /// The shortest time to add every constraint and edit variable.
    public var buildTime: Duration
    /// The shortest time to play every round (or, without rounds, to read the values once).
    public var roundsTime: Duration
    /// Whether the expectations held.
    public var expectation: Expectation
    /// How many expected values were checked.
    public var checked: Int
    /// The expected values that did not match, in round order.
    public var mismatches: [Mismatch]
    /// The value of every variable after the last round, in the order of ``variableNames``.
    public var finalValues: [Double]

    /// ``roundsTime`` divided by the number of rounds (by 1 when there are none).
    public var perRoundTime: Duration { roundsTime / max(rounds, 1) }

    /// Creates a report.
    public init(
        name: String, backend: String, variableNames: [String], constraints: Int, edits: Int, rounds: Int,
        repeats: Int, buildTime: Duration, roundsTime: Duration, expectation: Expectation, checked: Int,
        mismatches: [Mismatch], finalValues: [Double]
    ) {
        self.name = name
        self.backend = backend
        self.variableNames = variableNames
        self.constraints = constraints
        self.edits = edits
        self.rounds = rounds
        self.repeats = repeats
        self.buildTime = buildTime
        self.roundsTime = roundsTime
        self.expectation = expectation
        self.checked = checked
        self.mismatches = mismatches
        self.finalValues = finalValues
    }

    /// One line of JSON with the report's figures, keys in this order:
    /// `name, backend, variables, constraints, build_us, rounds, rounds_us,
    /// per_round_us, expect, mismatches`, then `values` (an object from each
    /// variable's name to its final value, in file order) when `includingValues`.
    ///
    /// Times are microseconds with nanosecond resolution; values are printed so
    /// that they read back as the same `Double`. Separators follow Python's
    /// `json.dumps` (`", "` and `": "`), as `kiwi_py.py` prints.
    public func jsonLine(includingValues: Bool = false) -> String {
        var out = "{\"name\": "
        JSONText.appendString(name, to: &out)
        out += ", \"backend\": "
        JSONText.appendString(backend, to: &out)
        out += ", \"variables\": \(variables), \"constraints\": \(constraints)"
        out += ", \"build_us\": " + Self.microseconds(buildTime)
        out += ", \"rounds\": \(rounds)"
        out += ", \"rounds_us\": " + Self.microseconds(roundsTime)
        out += ", \"per_round_us\": " + Self.microseconds(perRoundTime)
        out += ", \"expect\": \"\(expectation.rawValue)\", \"mismatches\": \(mismatches.count)"
        if includingValues {
            out += ", \"values\": {"
            for (index, name) in variableNames.enumerated() {
                if index > 0 { out += ", " }
                JSONText.appendString(name, to: &out)
                out += ": "
                JSONText.appendNumber(finalValues[index], to: &out)
            }
            out += "}"
        }
        return out + "}"
    }

    /// A duration as microseconds with three decimals (nanoseconds), as a JSON number.
    public static func microseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Double(seconds) * 1e9 + (Double(attoseconds) / 1e9).rounded()
        return String(nanoseconds / 1000)
    }
}
