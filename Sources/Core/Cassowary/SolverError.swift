/// An error thrown by ``Solver``, carrying the constraint or variable at fault.
///
/// A failed call leaves the solver exactly as it was before the call.
/// Match on ``code``: `catch let error as SolverError where error.code == .unsatisfiableConstraint`.
public struct SolverError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// A required constraint conflicts with the required constraints already in the solver.
        public static let unsatisfiableConstraint = Code("unsatisfiableConstraint")
        /// The constraint object is already in the solver.
        public static let duplicateConstraint = Code("duplicateConstraint")
        /// The constraint object is not in the solver.
        public static let unknownConstraint = Code("unknownConstraint")
        /// The variable is already an edit variable.
        public static let duplicateEditVariable = Code("duplicateEditVariable")
        /// The variable is not an edit variable.
        public static let unknownEditVariable = Code("unknownEditVariable")
        /// Edit variables cannot be required: a suggestion must be able to yield.
        public static let requiredEditVariable = Code("requiredEditVariable")
        /// A coefficient, constant, weight or suggested value is NaN or infinite.
        public static let nonFiniteValue = Code("nonFiniteValue")
        /// A priority not in (0, 1000], or a weight that is not positive.
        public static let invalidPriority = Code("invalidPriority")
        /// A coefficient, constant, weight or suggested value whose magnitude is outside
        /// ``Solver/numberRange`` (zero aside): products of such numbers leave double
        /// precision, and the solver refuses them rather than answer NaN.
        public static let outOfRange = Code("outOfRange")
        /// The system is beyond what the solver's arithmetic can decide: a
        /// verdict or an optimum whose certificate fails in doubles even after the
        /// tableau is rebuilt from the constraints, or a call that could not
        /// settle within its pivot budget.
        /// Thrown before a result could be wrong; the solver is as it was
        /// before the call (Docs/Solver.md, "Precision").
        public static let illConditioned = Code("illConditioned")
        /// An add would take the tableau past ``Solver/maximumTableauCells``: the
        /// system is too large or too densely coupled (a chain of thousands of views
        /// fills the tableau quadratically) to solve within the limit. Thrown before
        /// the add changes anything; raise the limit to go on.
        public static let limitExceeded = Code("limitExceeded")
        /// ``Solver/cancellation`` was cancelled while the call ran: it stopped
        /// at its start or in its phase one, and the solver is as it was before the call.
        public static let cancelled = Code("cancelled")

        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// The constraint at fault, when there is one.
    public let constraint: Constraint?
    /// The variable at fault, when there is one.
    public let variable: Variable?
    /// A sentence a person can act on.
    public let message: String
    /// For ``Code/unsatisfiableConstraint``: required constraints that cannot hold
    /// together — the rejected one and those already in the solver it conflicts
    /// with —, in the order they were added. Minimal (each is needed for the
    /// conflict) unless ``conflictsAreMinimal`` is false; empty for other codes.
    public private(set) var conflicts: [Constraint] = []
    /// Whether ``conflicts`` was minimised fully; false when the system was too large
    /// for the search's budget (the set still conflicts).
    public private(set) var conflictsAreMinimal = true

    init(_ code: Code, constraint: Constraint? = nil, variable: Variable? = nil, message: String) {
        self.code = code
        self.constraint = constraint
        self.variable = variable
        self.message = message
    }

    /// This error with its conflict set, named in the message.
    func withConflicts(_ conflicts: [Constraint], minimal: Bool) -> SolverError {
        let others = conflicts.filter { $0 !== constraint }
        let list = others.map { c in c.location.map { "\($0): \(c)" } ?? "\(c)" }.joined(separator: "; ")
        var copy = SolverError(
            code, constraint: constraint, variable: variable,
            message: message + (others.isEmpty ? "" : ": \(minimal ? "" : "among ")\(list)"))
        copy.conflicts = conflicts
        copy.conflictsAreMinimal = minimal
        return copy
    }

    public var description: String { message }
}
