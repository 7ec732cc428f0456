/// A real-valued unknown of a constraint system.
///
/// Variables have identity: two variables with the same name are different
/// unknowns. A variable holds no value of its own, so one variable can take part
/// in several solvers on several threads at once; read its value from the
/// solver with ``Solver/value(of:)``.
///
/// `Variable` deliberately does not conform to `Equatable`: `==` between
/// variables builds a ``Constraint``. Compare identities with `===` or ``id``.
public final class Variable: Sendable, Identifiable, CustomStringConvertible {
    /// The name used in descriptions, error messages and dumps.
    public let name: String

    /// Creates a variable.
    /// - Parameter name: A name for descriptions and error messages; it need not be unique.
    public init(_ name: String = "") {
        self.name = name
    }

    /// The identity of this variable, usable as a dictionary key.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    public var description: String { name.isEmpty ? "v@\(UInt(bitPattern: id.hashValue))" : name }
}
