import Cassowary

/// An error thrown by ``LPCheck/solve(constraints:edits:tolerance:arithmetic:holding:holdRule:)``.
///
/// Inputs are validated in Swift before GLPK sees them, because GLPK answers
/// an invalid index, bound or number by aborting the whole process.
public struct LPCheckError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// A coefficient, constant, weight, suggested value or the tolerance is NaN or infinite.
        public static let nonFiniteValue = Code("nonFiniteValue")
        /// A priority not in (0, 1000], a weight that is not positive, or a negative tolerance.
        public static let invalidArgument = Code("invalidArgument")
        /// The same variable is given two suggestions.
        public static let duplicateEditVariable = Code("duplicateEditVariable")
        /// The system is too large for GLPK's `Int32` indices.
        public static let tooLarge = Code("tooLarge")
        /// A coefficient, constant, weight or suggested value is outside the range GLPK
        /// takes (``LPCheck/numberRange``): GLPK's scaling aborts the process on such numbers.
        public static let outOfRange = Code("outOfRange")
        /// GLPK's simplex did not reach an optimum (numerical failure or iteration limit).
        public static let solverFailure = Code("solverFailure")

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

    init(_ code: Code, constraint: Constraint? = nil, variable: Variable? = nil, message: String) {
        self.code = code
        self.constraint = constraint
        self.variable = variable
        self.message = message
    }

    public var description: String { message }
}
