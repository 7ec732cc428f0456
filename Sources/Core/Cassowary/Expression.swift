/// One `coefficient × variable` product of a linear ``Expression``.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable this term multiplies.
    public var variable: Variable
    /// The factor applied to ``variable``.
    public var coefficient: Double

    /// Creates `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// A linear expression `Σ coefficientᵢ × variableᵢ + constant`.
///
/// Build expressions with the arithmetic operators (`x + 2 * y - 8`) or with
/// ``init(terms:constant:)``. A variable may appear in several terms; the
/// terms are summed when a ``Constraint`` is made from the expression.
public struct Expression: Sendable, CustomStringConvertible {
    /// The products of the expression, in the order they were written.
    public var terms: [Term]
    /// The constant part of the expression.
    public var constant: Double

    /// Creates an expression from its terms and constant.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 × variable`.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)], constant: 0)
    }

    /// Creates a constant expression.
    public init(_ constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// The same expression with the terms of each variable summed into one
    /// term, in order of first appearance, and terms whose sum is exactly zero
    /// dropped.
    ///
    /// - Complexity: O(terms) expected.
    public func reduced() -> Expression {
        if terms.count <= 1 {
            return terms.first?.coefficient == 0 ? Expression(constant: constant) : self
        }
        var order: [ObjectIdentifier] = []
        var sums: [ObjectIdentifier: Term] = [:]
        order.reserveCapacity(terms.count)
        for term in terms {
            let key = term.variable.id
            if let existing = sums[key] {
                sums[key] = Term(existing.variable, existing.coefficient + term.coefficient)
            } else {
                sums[key] = term
                order.append(key)
            }
        }
        var merged: [Term] = []
        merged.reserveCapacity(order.count)
        for key in order {
            if let term = sums[key], term.coefficient != 0 { merged.append(term) }
        }
        return Expression(terms: merged, constant: constant)
    }

    public var description: String {
        guard let first = terms.first else { return formatNumber(constant) }
        var text = first.description
        for term in terms.dropFirst() {
            if term.coefficient < 0 {
                text += " - " + Term(term.variable, -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if constant != 0 {
            text += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))"
        }
        return text
    }
}

/// Prints whole numbers without a trailing `.0`, so descriptions read like the math.
func formatNumber(_ value: Double) -> String {
    // Avoids `rounded()`, which needs libm at link time on Linux.
    if value.isFinite, abs(value) < 1e15, value == Double(Int64(value)) {
        return String(Int64(value))
    }
    return String(value)
}
