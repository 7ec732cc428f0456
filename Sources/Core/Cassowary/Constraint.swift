/// The relation between a constraint's expression and zero.
public enum Relation: String, Sendable, Hashable, CaseIterable {
    /// `expression == 0`
    case equal = "=="
    /// `expression <= 0`
    case lessThanOrEqual = "<="
    /// `expression >= 0`
    case greaterThanOrEqual = ">="
}

/// A linear constraint `expression OP 0` with a priority.
///
/// Constraints have identity: add a constraint to a ``Solver`` and remove the
/// same object later. A constraint is immutable; ``withPriority(_:)`` and the
/// `~` operator make a new one.
///
/// ```swift
/// let c = left + width <= right - 8         // required
/// let hug = (width == 100) ~ .defaultLow   // a preference
/// ```
public final class Constraint: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The expression, with the terms of each variable summed (see ``Expression/reduced()``).
    public let expression: Expression
    /// How ``expression`` relates to zero.
    public let relation: Relation
    /// The priority; ``Priority/required`` constraints must hold.
    public let priority: Priority
    /// The factor applied to this constraint's violation within its priority level.
    public let weight: Double
    /// Where the constraint was written (`#fileID:#line`), for error messages;
    /// `nil` for constraints built with operators, which cannot see their call site.
    public let location: String?

    /// Creates `expression OP 0`.
    /// - Parameters:
    ///   - expression: The left-hand side; the right-hand side is zero.
    ///   - relation: `==`, `<=` or `>=`.
    ///   - priority: Defaults to ``Priority/required``.
    ///   - weight: Scales the violation within its priority level; must be positive and finite.
    public convenience init(
        _ expression: Expression, _ relation: Relation, priority: Priority = .required,
        weight: Double = 1, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(expression, relation, priority: priority, weight: weight, location: "\(fileID):\(line)")
    }

    /// Creates `expression OP 0` with an explicit source location (or none).
    public init(
        _ expression: Expression, _ relation: Relation, priority: Priority = .required,
        weight: Double = 1, location: String?
    ) {
        self.expression = expression.reduced()
        self.relation = relation
        self.priority = priority
        self.weight = weight
        self.location = location
    }

    private init(copying other: Constraint, priority: Priority, weight: Double) {
        self.expression = other.expression
        self.relation = other.relation
        self.priority = priority
        self.weight = weight
        self.location = other.location
    }

    /// A new constraint, identical but for its priority.
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(copying: self, priority: priority, weight: weight)
    }

    /// A new constraint, identical but for its weight within its priority level.
    public func withWeight(_ weight: Double) -> Constraint {
        Constraint(copying: self, priority: priority, weight: weight)
    }

    /// The identity of this constraint.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        var text = "\(expression) \(relation.rawValue) 0"
        if !priority.isRequired { text += " @\(priority)" }
        if weight != 1 { text += " weight \(formatNumber(weight))" }
        return text
    }
}
