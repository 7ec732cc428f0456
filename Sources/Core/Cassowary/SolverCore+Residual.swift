extension SolverCore {
    // MARK: - A constraint's residual at the current point
    //
    // Phase one decides "can the new required constraint hold?" by measuring
    // the constraint itself at the point phase one reached, not by reading
    // the artificial objective's constant: that constant is the sum of every
    // pivot's round-off in phase one, while the direct residual carries only
    // the round-off of the current values: on values of 1e9 the constant's
    // round-off can exceed a real conflict of a few units.

    /// The signs of a constraint's marker and other symbol in its equation
    /// `expression + σm·marker + σo·other = 0`, as ``makeRow(for:)`` builds it.
    func symbolSigns(of constraint: Constraint) -> (marker: Double, other: Double) {
        switch constraint.relation {
        case .lessThanOrEqual: return (1, -1)
        case .greaterThanOrEqual: return (-1, 1)
        case .equal: return constraint.priority.isRequired ? (1, 0) : (-1, 1)
        }
    }

    @inline(__always)
    func symbolValue(_ s: Symbol) -> Double {
        guard s != invalidSymbol else { return 0 }
        let k = slotOf[Int(s)]
        return k >= 0 ? slots[Int(k)].constant : 0
    }

    /// `expression − suggestion + σm·marker + σo·other` at the current point
    /// (zero when the constraint holds exactly), and the magnitude of what
    /// was summed. `suggestion` is an edit constraint's current suggestion,
    /// 0 for every other constraint.
    func residual(
        of constraint: Constraint, variables: [Symbol], marker: Symbol, other: Symbol, suggestion: Double = 0
    ) -> (residual: Double, magnitude: Double) {
        let expression = constraint.expression
        var r = Double(expression.constant) - suggestion
        var magnitude = abs(r)
        for (term, s) in zip(expression.terms, variables) {
            let product = Double(term.coefficient) * symbolValue(s)
            r += product
            magnitude += abs(product)
        }
        let signs = symbolSigns(of: constraint)
        let m = signs.marker * symbolValue(marker)
        let o = other == invalidSymbol ? 0 : signs.other * symbolValue(other)
        return (r + m + o, magnitude + abs(m) + abs(o))
    }
}
