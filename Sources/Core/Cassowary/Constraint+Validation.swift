extension Constraint {
    /// Checks that the constraint's numbers can be solved with: finite
    /// coefficients, constant and weight, a priority in (0, 1000] and a
    /// positive weight. ``Solver/add(_:)`` runs this check before it changes
    /// anything; other consumers of constraints (the GLPK oracle) share it.
    ///
    /// - Throws: ``SolverError/Code/nonFiniteValue`` or ``SolverError/Code/invalidPriority``,
    ///   naming the constraint and the number at fault.
    public func validate() throws(SolverError) {
        let constraint = self
        try checkNumbers(
            .nonFiniteValue, accepting: { $0.isFinite },
            coefficient: { "a non-finite coefficient \($0)" }, number: { "\($0) is not finite" })
        guard constraint.priority.isValid else {
            throw SolverError(
                .invalidPriority, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint): priority \(constraint.priority.rawValue) is not in (0, 1000]")
        }
        guard constraint.weight > 0 else {
            throw SolverError(
                .invalidPriority, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint): the weight \(constraint.weight) is not positive")
        }
    }

    /// Whether `validate()` and `validateRange()` would both pass: one pass
    /// over the numbers, with no error to word (a number within the range
    /// is finite), so that the solver's adds pay for the two checks' messages
    /// only when one fails.
    var isPlainlyValid: Bool {
        guard priority.isValid, weight > 0, Solver.isInRange(weight), Solver.isInRange(expression.constant) else {
            return false
        }
        // Indexed: a term copied out retained its variable.
        let terms = expression.terms
        for i in terms.indices where !Solver.isInRange(terms[i].coefficient) { return false }
        return true
    }

    /// Checks that the constraint's coefficients, constant and weight are within
    /// ``Solver/numberRange``.
    /// - Throws: ``SolverError/Code/outOfRange`` naming the constraint and the number.
    func validateRange() throws(SolverError) {
        try checkNumbers(
            .outOfRange, accepting: Solver.isInRange,
            coefficient: { "the coefficient \($0), outside \(Solver.numberRangeText)" },
            number: { "\($0) is outside \(Solver.numberRangeText)" })
    }

    /// Throws `code` for the first of the coefficients, then the constant, then
    /// the weight that `accepting` rejects; `coefficient` words a term's number
    /// ("term 2 (x) has …"), `number` the constant's and the weight's ("the weight …").
    /// Inlined, so that the test is a comparison rather than a call through a
    /// closure (a key path's, for `isFinite`) per number: every add runs it.
    @inline(__always)
    private func checkNumbers(
        _ code: SolverError.Code, accepting isAccepted: (Double) -> Bool,
        coefficient: (Double) -> String, number: (Double) -> String
    ) throws(SolverError) {
        for (i, term) in expression.terms.enumerated() where !isAccepted(term.coefficient) {
            throw SolverError(
                code, constraint: self, variable: term.variable,
                message: "constraint \(self)\(where: self): term \(i) (\(term.variable)) has \(coefficient(term.coefficient))")
        }
        guard isAccepted(expression.constant) else {
            throw SolverError(
                code, constraint: self,
                message: "constraint \(self)\(where: self): the constant \(number(expression.constant))")
        }
        guard isAccepted(weight) else {
            throw SolverError(
                code, constraint: self,
                message: "constraint \(self)\(where: self): the weight \(number(weight))")
        }
    }
}

extension Solver {
    /// The magnitudes the solver takes for coefficients, constants, weights and
    /// suggested values (zero aside). Beyond them a product of two numbers already
    /// leaves double precision, and the fuzz suite found NaN answers there (constants
    /// of 1e308, coefficients of 1e300); the solver throws
    /// ``SolverError/Code/outOfRange`` instead. It is the GLPK oracle's range too, and
    /// a layout's numbers (below 1e6, coefficients small rationals) are far inside it.
    /// Inside it the answer is not guaranteed for every system: Docs/Solver.md,
    /// "Precision", states the domain where it is.
    public static let numberRange: ClosedRange<Double> = 1e-100...1e100

    /// ``numberRange`` as error messages give it.
    static var numberRangeText: String {
        "the solver's range (magnitudes from \(numberRange.lowerBound) to \(numberRange.upperBound))"
    }

    /// Whether `value` is zero or has a magnitude within ``numberRange``.
    @inline(__always)
    static func isInRange(_ value: Double) -> Bool {
        value == 0 || numberRange.contains(abs(value))
    }
}
