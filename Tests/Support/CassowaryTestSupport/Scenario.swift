import Cassowary

/// One `coefficient × variable` term of a ``ConstraintSpec``; the variable is
/// an index into the scenario's variables.
public struct TermSpec: Sendable, Hashable {
    /// Index of the variable in ``Scenario/variableCount``.
    public var variable: Int
    /// The coefficient.
    public var coefficient: Double

    /// Creates `coefficient × x[variable]`.
    public init(_ variable: Int, _ coefficient: Double) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A constraint as plain values, so that a scenario can be printed, compared,
/// shrunk and rebuilt with fresh ``Variable`` objects.
public struct ConstraintSpec: Sendable, Hashable, CustomStringConvertible {
    /// The terms; each variable at most once.
    public var terms: [TermSpec]
    /// The constant of `Σ terms + constant OP 0`.
    public var constant: Double
    /// The relation to zero.
    public var relation: Relation
    /// The priority.
    public var priority: Priority
    /// The weight within its priority level.
    public var weight: Double

    /// Creates `Σ terms + constant OP 0`.
    public init(
        _ terms: [TermSpec], constant: Double, _ relation: Relation,
        priority: Priority = .required, weight: Double = 1
    ) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.weight = weight
    }

    /// The ``Constraint`` over `variables` (indexed by ``TermSpec/variable``).
    public func makeConstraint(_ variables: [Variable]) -> Constraint {
        Constraint(
            Expression(terms: terms.map { Term(variables[$0.variable], $0.coefficient) }, constant: constant),
            relation, priority: priority, weight: weight, location: nil)
    }

    /// The value of `Σ terms + constant` at `point`.
    public func residual(at point: [Double]) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * point[$1.variable] }
    }

    /// Swift source that rebuilds this spec.
    public var description: String {
        let termList = terms.map { "T(\($0.variable), \(swiftLiteral($0.coefficient)))" }.joined(separator: ", ")
        var text = "C([\(termList)], \(swiftLiteral(constant)), \(relationLiteral(relation))"
        if !priority.isRequired { text += ", \(swiftLiteral(Double(priority.rawValue)))" }
        if weight != 1 { text += ", weight: \(swiftLiteral(weight))" }
        return text + ")"
    }
}

/// One call on a solver.
public enum Operation: Sendable, Hashable, CustomStringConvertible {
    /// Add a constraint; `id` names it for a later ``remove(id:)``.
    case add(id: Int, ConstraintSpec)
    /// Remove the constraint added with `id` (which must then throw
    /// `.unknownConstraint` if it is not in the solver).
    case remove(id: Int)
    /// Make a variable an edit variable at a priority (initial suggestion 0).
    case addEdit(variable: Int, priority: Priority)
    /// Stop editing a variable.
    case removeEdit(variable: Int)
    /// Suggest a value for an edit variable.
    case suggest(variable: Int, value: Double)
    /// Compare the solver's current solution with GLPK's.
    case check

    public var description: String {
        switch self {
        case .add(let id, let spec): ".add(id: \(id), \(spec))"
        case .remove(let id): ".remove(id: \(id))"
        case .addEdit(let variable, let priority):
            ".addEdit(variable: \(variable), priority: \(swiftLiteral(Double(priority.rawValue))))"
        case .removeEdit(let variable): ".removeEdit(variable: \(variable))"
        case .suggest(let variable, let value): ".suggest(variable: \(variable), value: \(swiftLiteral(value)))"
        case .check: ".check"
        }
    }

    /// Whether the operation is ``check``.
    public var isCheck: Bool { self == .check }
}

/// A sequence of solver calls over `variableCount` variables: the input of
/// every property test, and the form a counterexample is written in.
public struct Scenario: Sendable, Hashable, CustomStringConvertible {
    /// Variables are `x0 ..< x(variableCount)`.
    public var variableCount: Int
    /// The calls, in order.
    public var operations: [Operation]

    /// Creates a scenario.
    public init(variableCount: Int, operations: [Operation]) {
        self.variableCount = variableCount
        self.operations = operations
    }

    /// Fresh variables for one run: `x0`, `x1`, ...
    public func makeVariables() -> [Variable] {
        (0..<variableCount).map { Variable("x\($0)") }
    }

    /// The number of `add` operations.
    public var addCount: Int {
        operations.count { if case .add = $0 { true } else { false } }
    }

    /// Swift source that rebuilds this scenario, for a regression test
    /// (with `C` and `T` as the short names of ``ConstraintSpec`` and ``TermSpec``).
    public var description: String {
        var lines = ["Scenario(variableCount: \(variableCount), operations: ["]
        for operation in operations { lines.append("    \(operation),") }
        lines.append("])")
        return lines.joined(separator: "\n")
    }
}

/// `Relation` as Swift source.
func relationLiteral(_ relation: Relation) -> String {
    switch relation {
    case .equal: ".equal"
    case .lessThanOrEqual: ".lessThanOrEqual"
    case .greaterThanOrEqual: ".greaterThanOrEqual"
    }
}

/// A Double as Swift source that reads back to the same bits (Swift's
/// `description` is the shortest round-tripping form); whole numbers without `.0`.
func swiftLiteral(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return value == 0 ? "0" : String(Int64(value))
    }
    return value.description
}
