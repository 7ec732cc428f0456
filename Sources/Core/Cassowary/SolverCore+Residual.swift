extension SolverCore {
    // MARK: - A constraint's residual at the current point
    //
    // Phase one decides "can the new required constraint hold?" by measuring
    // the constraint itself at the point phase one reached, not by reading
    // the artificial objective's constant: that constant is the sum of every
    // pivot's round-off in phase one, while the direct residual carries only
    // the round-off of the current values: on values of 1e9 the constant's
    // round-off can exceed a real conflict of a few units.

    /// The coefficients of a constraint's marker and other symbol in its equation
    /// `expression + σm·marker + σo·other = 0`, as ``makeRow(for:)`` builds it.
    ///
    /// A slack or a dummy enters in the constraint's own unit (``rowUnit(of:)``):
    /// the row is as if scaled so that its largest coefficient lies in [1, 2),
    /// and the slack's value, which the simplex and the certificate hold to
    /// `epsilon`, is measured in its variables' units whatever the coefficients
    /// (a slack of −4e-13 on a row of coefficients 3e-6 is a variable 1.4e-7
    /// past its bound). An error keeps the unit its weight prices.
    func symbolSigns(of constraint: Constraint) -> (marker: Double, other: Double) {
        switch constraint.relation {
        case .lessThanOrEqual: return (Self.rowUnit(of: constraint.expression), -1)
        case .greaterThanOrEqual: return (-Self.rowUnit(of: constraint.expression), 1)
        case .equal: return constraint.priority.isRequired ? (Self.rowUnit(of: constraint.expression), 0) : (-1, 1)
        }
    }

    /// The power of two at or below the expression's largest coefficient when
    /// that is below 1, else 1: a factor that scales exactly in binary.
    ///
    /// Only small rows are scaled. A row of large coefficients already holds its
    /// slack to `epsilon` in units finer than its variables'; scaled down, its
    /// residual's floor would grow with it and hide what a near copy differs by
    /// (two rows of coefficient 6425 that differ by 1e-11 in another pinned a
    /// value at 202 where the scaled pair let it run to 1.5e8). Nor does the
    /// unit go below `epsilon`: a row whose every coefficient is zero for a
    /// decision would turn its own round-off into whole units.
    static func rowUnit(of expression: Expression) -> Double {
        var largest = 0.0
        for term in expression.terms { largest = max(largest, abs(Double(term.coefficient))) }
        guard largest < 1 else { return 1 }
        let smallest = Double(sign: .plus, exponent: Tolerances.epsilon.exponent, significand: 1)
        guard largest > smallest else { return smallest }
        return Double(sign: .plus, exponent: largest.exponent, significand: 1)
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
        of constraint: Constraint, variables: [Symbol], marker: Symbol, other: Symbol
    ) -> (residual: Double, magnitude: Double) {
        let expression = constraint.expression
        var r = Double(expression.constant)
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
