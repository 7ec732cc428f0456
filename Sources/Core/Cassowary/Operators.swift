// Operators that read like the math: `x + 2 * y == 10`, `left >= right + 8`,
// `(width == 100) ~ .defaultLow`.
//
// The overloads are concrete (Variable, Expression, Double) rather than generic
// over a protocol: generic operators make the type checker slow on long
// expressions, and concrete ones keep `x == 10` unambiguous.

// MARK: - Arithmetic

extension Variable {
    public static func * (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs, rhs)])
    }
    public static func * (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs, lhs)])
    }
    public static func / (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs, 1 / rhs)])
    }
    public static prefix func - (operand: Variable) -> Expression {
        Expression(terms: [Term(operand, -1)])
    }
    public static func + (lhs: Variable, rhs: Variable) -> Expression {
        Expression(terms: [Term(lhs), Term(rhs)])
    }
    public static func - (lhs: Variable, rhs: Variable) -> Expression {
        Expression(terms: [Term(lhs), Term(rhs, -1)])
    }
    public static func + (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs)], constant: rhs)
    }
    public static func - (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs)], constant: -rhs)
    }
    public static func + (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs)], constant: lhs)
    }
    public static func - (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs, -1)], constant: lhs)
    }
}

extension Expression {
    public static func * (lhs: Expression, rhs: Double) -> Expression {
        Expression(
            terms: lhs.terms.map { Term($0.variable, $0.coefficient * rhs) },
            constant: lhs.constant * rhs)
    }
    public static func * (lhs: Double, rhs: Expression) -> Expression { rhs * lhs }
    public static func / (lhs: Expression, rhs: Double) -> Expression { lhs * (1 / rhs) }
    public static prefix func - (operand: Expression) -> Expression { operand * -1 }

    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    public static func - (lhs: Expression, rhs: Expression) -> Expression { lhs + -rhs }
    public static func + (lhs: Expression, rhs: Variable) -> Expression {
        Expression(terms: lhs.terms + [Term(rhs)], constant: lhs.constant)
    }
    public static func - (lhs: Expression, rhs: Variable) -> Expression {
        Expression(terms: lhs.terms + [Term(rhs, -1)], constant: lhs.constant)
    }
    public static func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
    public static func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }
    public static func + (lhs: Expression, rhs: Double) -> Expression {
        Expression(terms: lhs.terms, constant: lhs.constant + rhs)
    }
    public static func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
    public static func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
    public static func - (lhs: Double, rhs: Expression) -> Expression { -rhs + lhs }
}

// MARK: - Relations

/// Builds `lhs - rhs OP 0`, the normal form of every constraint.
@inline(__always)
private func relate(_ lhs: Expression, _ relation: Relation, _ rhs: Expression) -> Constraint {
    Constraint(lhs - rhs, relation, location: nil)
}

extension Expression {
    public static func == (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .equal, rhs) }
    public static func <= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .lessThanOrEqual, rhs) }
    public static func >= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .greaterThanOrEqual, rhs) }

    public static func == (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .equal, Expression(rhs)) }
    public static func <= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .lessThanOrEqual, Expression(rhs)) }
    public static func >= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .greaterThanOrEqual, Expression(rhs)) }

    public static func == (lhs: Variable, rhs: Expression) -> Constraint { relate(Expression(lhs), .equal, rhs) }
    public static func <= (lhs: Variable, rhs: Expression) -> Constraint { relate(Expression(lhs), .lessThanOrEqual, rhs) }
    public static func >= (lhs: Variable, rhs: Expression) -> Constraint { relate(Expression(lhs), .greaterThanOrEqual, rhs) }

    public static func == (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .equal, Expression(rhs)) }
    public static func <= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .lessThanOrEqual, Expression(rhs)) }
    public static func >= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .greaterThanOrEqual, Expression(rhs)) }

    public static func == (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(lhs), .equal, rhs) }
    public static func <= (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(lhs), .lessThanOrEqual, rhs) }
    public static func >= (lhs: Double, rhs: Expression) -> Constraint { relate(Expression(lhs), .greaterThanOrEqual, rhs) }
}

extension Variable {
    public static func == (lhs: Variable, rhs: Variable) -> Constraint { relate(Expression(lhs), .equal, Expression(rhs)) }
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint { relate(Expression(lhs), .lessThanOrEqual, Expression(rhs)) }
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint { relate(Expression(lhs), .greaterThanOrEqual, Expression(rhs)) }

    public static func == (lhs: Variable, rhs: Double) -> Constraint { relate(Expression(lhs), .equal, Expression(rhs)) }
    public static func <= (lhs: Variable, rhs: Double) -> Constraint { relate(Expression(lhs), .lessThanOrEqual, Expression(rhs)) }
    public static func >= (lhs: Variable, rhs: Double) -> Constraint { relate(Expression(lhs), .greaterThanOrEqual, Expression(rhs)) }

    public static func == (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(lhs), .equal, Expression(rhs)) }
    public static func <= (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(lhs), .lessThanOrEqual, Expression(rhs)) }
    public static func >= (lhs: Double, rhs: Variable) -> Constraint { relate(Expression(lhs), .greaterThanOrEqual, Expression(rhs)) }
}

// MARK: - Priority

precedencegroup ConstraintPriorityPrecedence {
    associativity: left
    lowerThan: ComparisonPrecedence
}

/// `constraint ~ priority`: the same constraint at another priority.
infix operator ~ : ConstraintPriorityPrecedence

extension Constraint {
    /// The same constraint at `priority`: `(width == 100) ~ .defaultLow`.
    public static func ~ (constraint: Constraint, priority: Priority) -> Constraint {
        constraint.withPriority(priority)
    }
}
