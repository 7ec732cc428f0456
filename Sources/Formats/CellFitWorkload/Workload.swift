import JSONSupport
import Cassowary

/// A constraint system with edit variables and rounds of suggested values, in
/// the language-neutral `cassowary-workload/1` format (`shared/workloads/FORMAT.md`).
///
/// Variables are referred to by their index in ``variables``, so a workload is
/// plain data that any backend can play. A `Workload` is always valid: it
/// comes from ``init(parsing:file:)``, ``init(contentsOfFile:)`` or the
/// checking memberwise initialiser, each of which rejects what the format
/// forbids (unknown or duplicate variables, priorities outside `1...1000`,
/// weights that are not positive, required edit variables, rounds that
/// suggest values for variables that are not edit variables, an `expect` that
/// does not match the rounds, numbers that are not finite).
///
/// ```swift
/// let workload = try Workload(contentsOfFile: "chain-100.json")
/// let report = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
/// ```
public struct Workload: Sendable, Equatable {
    /// The format identifier this reader understands, the value of the `"format"` key.
    public static let formatIdentifier = "cassowary-workload/1"

    /// One `coefficient × variable` product of a constraint.
    public struct Term: Sendable, Equatable {
        /// The factor applied to the variable; finite.
        public var coefficient: Double
        /// Index into ``Workload/variables``.
        public var variable: Int

        /// Creates `coefficient × variables[variable]`.
        public init(_ coefficient: Double, _ variable: Int) {
            self.coefficient = coefficient
            self.variable = variable
        }
    }

    /// A constraint `Σ terms + constant OP 0`.
    public struct Constraint: Sendable, Equatable {
        /// The products, in file order; a variable may appear in several terms (they are summed).
        public var terms: [Term]
        /// The constant part of the left-hand side; finite.
        public var constant: Double
        /// How the left-hand side relates to zero.
        public var relation: Relation
        /// The priority, in `1...1000` (1000 is required).
        public var priority: Priority
        /// The factor applied to the violation within its priority level; positive and finite.
        public var weight: Double

        /// Creates `Σ terms + constant OP 0`.
        public init(
            terms: [Term], constant: Double = 0, relation: Relation,
            priority: Priority = .required, weight: Double = 1
        ) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.priority = priority
            self.weight = weight
        }
    }

    /// An edit variable: a variable whose value rounds suggest.
    public struct Edit: Sendable, Equatable {
        /// Index into ``Workload/variables``.
        public var variable: Int
        /// The priority of the suggestions, in `1...999` (edit variables cannot be required).
        public var priority: Priority

        /// Declares `variables[variable]` an edit variable at `priority`.
        public init(variable: Int, priority: Priority) {
            self.variable = variable
            self.priority = priority
        }
    }

    /// A variable paired with a value: a suggestion in a round, or an expected value.
    public struct Assignment: Sendable, Equatable {
        /// Index into ``Workload/variables``.
        public var variable: Int
        /// The suggested or expected value; finite.
        public var value: Double

        /// Pairs `variables[variable]` with `value`.
        public init(variable: Int, value: Double) {
            self.variable = variable
            self.value = value
        }
    }

    /// The workload's name (the file's `"name"`, or its file name without extension).
    public private(set) var name: String
    /// A free-text description; empty when the file has none.
    public private(set) var description: String
    /// The variable names, in file order; unique. Everything else refers to variables by index into this array.
    public private(set) var variables: [String]
    /// The constraints, in file order.
    public private(set) var constraints: [Constraint]
    /// The edit variables, in file order; each variable at most once.
    public private(set) var edits: [Edit]
    /// The rounds, in order: each suggests values for some edit variables (each at most once per round).
    public private(set) var rounds: [[Assignment]]
    /// The expected values: `nil` when the workload states none; otherwise one
    /// list per round, or a single list (checked after the build) when there
    /// are no rounds. Each variable at most once per list.
    public private(set) var expect: [[Assignment]]?

    /// Creates a workload from its parts and checks it.
    ///
    /// - Parameters:
    ///   - name: The workload's name.
    ///   - description: Free text.
    ///   - variables: Unique variable names; the other arguments refer to variables by index into this array.
    ///   - constraints: The constraints.
    ///   - edits: The edit variables.
    ///   - rounds: The suggestions of each round.
    ///   - expect: `nil`, or one list of expected values per round (a single list when `rounds` is empty).
    /// - Throws: ``WorkloadError`` with a path such as `constraints[3].weight` and no line or
    ///   column: ``WorkloadError/Code/duplicateVariable``, ``WorkloadError/Code/unknownVariable``
    ///   (an index out of range), ``WorkloadError/Code/invalidValue`` (a number that is not finite,
    ///   a priority outside `1...1000`, a weight that is not positive, a required edit variable,
    ///   a duplicate edit variable, a variable suggested or expected twice in one list, a round
    ///   naming a variable that is not an edit variable) and ``WorkloadError/Code/expectMismatch``
    ///   (the number of `expect` lists does not fit the rounds).
    public init(
        name: String, description: String = "", variables: [String], constraints: [Constraint],
        edits: [Edit] = [], rounds: [[Assignment]] = [], expect: [[Assignment]]? = nil
    ) throws(WorkloadError) {
        self.init(
            unchecked: name, description: description, variables: variables, constraints: constraints,
            edits: edits, rounds: rounds, expect: expect)
        try validate()
    }

    /// Creates a workload the caller has already checked (the parser checks
    /// with source positions as it reads).
    init(
        unchecked name: String, description: String, variables: [String], constraints: [Constraint],
        edits: [Edit], rounds: [[Assignment]], expect: [[Assignment]]?
    ) {
        self.name = name
        self.description = description
        self.variables = variables
        self.constraints = constraints
        self.edits = edits
        self.rounds = rounds
        self.expect = expect
    }

    /// The index of the variable called `name`, if it is listed.
    ///
    /// - Complexity: O(variables).
    public func index(ofVariable name: String) -> Int? {
        variables.firstIndex(of: name)
    }
}

// MARK: - Validation of hand-built workloads

extension Workload {
    /// Checks every rule of the format on the model; the parser checks the
    /// same rules with line and column while it reads, through the shared
    /// `Rules` messages, so both report a fault in the same words.
    private func validate() throws(WorkloadError) {
        func fail(_ code: WorkloadError.Code, _ path: [PathComponent], _ message: String) -> WorkloadError {
            WorkloadError(code, path: PathComponent.render(path), message: message)
        }
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(variables.count)
        for (index, name) in variables.enumerated() {
            if let earlier = firstIndex.updateValue(index, forKey: name) {
                throw fail(.duplicateVariable, [.key("variables"), .index(index)],
                           Rules.duplicateVariable(name, earlier: earlier))
            }
        }
        func checkIndex(_ variable: Int, _ path: [PathComponent]) throws(WorkloadError) {
            if !variables.indices.contains(variable) {
                throw fail(.unknownVariable, path, Rules.variableIndexOutOfRange(variable, count: variables.count))
            }
        }
        func checkFinite(_ value: Double, _ path: [PathComponent]) throws(WorkloadError) {
            if !value.isFinite { throw fail(.invalidValue, path, Rules.nonFinite(value)) }
        }

        for (c, constraint) in constraints.enumerated() {
            let at: [PathComponent] = [.key("constraints"), .index(c)]
            for (t, term) in constraint.terms.enumerated() {
                try checkIndex(term.variable, at + [.key("terms"), .index(t)])
                try checkFinite(term.coefficient, at + [.key("terms"), .index(t), .index(0)])
            }
            try checkFinite(constraint.constant, at + [.key("constant")])
            if let message = Rules.priorityProblem(Double(constraint.priority.rawValue)) {
                throw fail(.invalidValue, at + [.key("strength")], message)
            }
            if let message = Rules.weightProblem(constraint.weight) {
                throw fail(.invalidValue, at + [.key("weight")], message)
            }
        }

        var editOf: [Int: Int] = [:]
        for (e, edit) in edits.enumerated() {
            let at: [PathComponent] = [.key("edits"), .index(e)]
            try checkIndex(edit.variable, at + [.key("variable")])
            if let message = Rules.editPriorityProblem(Double(edit.priority.rawValue)) {
                throw fail(.invalidValue, at + [.key("strength")], message)
            }
            if let earlier = editOf.updateValue(e, forKey: edit.variable) {
                throw fail(.invalidValue, at + [.key("variable")],
                           Rules.duplicateEdit(variables[edit.variable], earlier: earlier))
            }
        }

        func checkList(
            _ list: [Assignment], _ at: [PathComponent], editsOnly: Bool
        ) throws(WorkloadError) {
            var seen = Set<Int>()
            for assignment in list {
                try checkIndex(assignment.variable, at)
                let name = variables[assignment.variable]
                let path = at + [.key(name)]
                try checkFinite(assignment.value, path)
                if !seen.insert(assignment.variable).inserted {
                    throw fail(.invalidValue, path, Rules.duplicateKey(name))
                }
                if editsOnly, editOf[assignment.variable] == nil {
                    throw fail(.invalidValue, path, Rules.notAnEditVariable(name))
                }
            }
        }
        for (r, round) in rounds.enumerated() {
            try checkList(round, [.key("rounds"), .index(r)], editsOnly: true)
        }
        if let expect {
            if let message = Rules.expectCountProblem(lists: expect.count, rounds: rounds.count) {
                throw fail(.expectMismatch, [.key("expect")], message)
            }
            for (r, list) in expect.enumerated() {
                try checkList(list, rounds.isEmpty ? [.key("expect")] : [.key("expect"), .index(r)], editsOnly: false)
            }
        }
    }
}

/// The rules of the format and the words for breaking them, shared by the
/// parser (which adds line and column) and the model's own validation.
enum Rules {
    /// The named strengths and their priorities (FORMAT.md).
    static func namedPriority(_ name: String) -> Double? {
        switch name {
        case "required": 1000
        case "strong": 750
        case "medium": 250
        case "weak": 1
        default: nil
        }
    }

    static func unknownStrength(_ name: String) -> String {
        "unknown strength \(quoted(name)); expected \"required\", \"strong\", \"medium\", \"weak\" or a number in 1...1000"
    }

    static func unknownOp(_ op: String) -> String {
        "unknown op \(quoted(op)); expected \"==\", \"<=\" or \">=\""
    }

    /// `nil` when `value` is a valid priority.
    static func priorityProblem(_ value: Double) -> String? {
        value >= 1 && value <= 1000 ? nil : "priority \(formatted(value)) is out of range 1...1000"
    }

    /// `nil` when `value` is a valid edit-variable priority.
    static func editPriorityProblem(_ value: Double) -> String? {
        if let problem = priorityProblem(value) { return problem }
        return value < 1000 ? nil : "an edit variable must be below required (got priority \(formatted(value)))"
    }

    /// `nil` when `value` is a valid weight.
    static func weightProblem(_ value: Double) -> String? {
        if !value.isFinite { return nonFinite(value) }
        return value > 0 ? nil : "weight must be positive, got \(formatted(value))"
    }

    static func nonFinite(_ value: Double) -> String {
        "number \(value) is not finite"
    }

    static func duplicateVariable(_ name: String, earlier: Int) -> String {
        "duplicate variable \(quoted(name)) (already listed at variables[\(earlier)])"
    }

    static func unknownVariable(_ name: String) -> String {
        "unknown variable \(quoted(name))"
    }

    static func variableIndexOutOfRange(_ index: Int, count: Int) -> String {
        "variable index \(index) is out of range 0..<\(count)"
    }

    static func duplicateEdit(_ name: String, earlier: Int) -> String {
        "\(quoted(name)) is already an edit variable (edits[\(earlier)])"
    }

    static func notAnEditVariable(_ name: String) -> String {
        "\(quoted(name)) is not an edit variable; rounds may only suggest values for variables listed in \"edits\""
    }

    static func duplicateKey(_ key: String) -> String {
        "duplicate key \(quoted(key))"
    }

    /// `nil` when `lists` expectation lists fit `rounds` rounds.
    static func expectCountProblem(lists: Int, rounds: Int) -> String? {
        if rounds == 0 {
            return lists == 1 ? nil : "there are no rounds, so \"expect\" must be a single object"
        }
        return lists == rounds
            ? nil : "\"expect\" has \(lists) entr\(lists == 1 ? "y" : "ies") but there \(rounds == 1 ? "is 1 round" : "are \(rounds) rounds")"
    }

    /// A number as the file would show it: no trailing `.0` for whole numbers.
    static func formatted(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// `text` as a JSON string literal, so names with quotes or control characters print unambiguously.
    static func quoted(_ text: String) -> String {
        var out = "\""
        JSONText.appendEscaped(text, to: &out)
        out += "\""
        return out
    }
}
