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
        let expression = constraint.expression
        for (i, term) in expression.terms.enumerated() where !term.coefficient.isFinite {
            throw SolverError(
                .nonFiniteValue, constraint: constraint, variable: term.variable,
                message: "constraint \(constraint)\(where: constraint): term \(i) (\(term.variable)) has a non-finite coefficient \(term.coefficient)")
        }
        guard expression.constant.isFinite else {
            throw SolverError(
                .nonFiniteValue, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint): the constant \(expression.constant) is not finite")
        }
        guard constraint.weight.isFinite else {
            throw SolverError(
                .nonFiniteValue, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint): the weight \(constraint.weight) is not finite")
        }
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
}
