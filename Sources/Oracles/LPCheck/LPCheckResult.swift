import Cassowary

/// The lexicographic optimum of a constraint system, as found by GLPK.
///
/// Compare optima, not variable values: a linear program can have many optimal
/// points, and GLPK's is just one of them.
public struct LPCheckResult: Sendable {
    /// Whether the required constraints can all hold:
    /// ``requiredViolation`` is at most the tolerance the solve was given,
    /// scaled by `1 + ` the largest absolute coefficient or constant of a required constraint.
    public let feasible: Bool

    /// The smallest possible sum of the absolute violations of the required
    /// constraints (each with weight 1): about 0 when they are feasible, and a
    /// measure of how far from feasible they are when they are not. Use it to
    /// tell a clear conflict from a marginal one.
    public let requiredViolation: Double

    /// The priority levels of the system, highest first; ``Priority/required`` is always the first.
    public let levels: [Priority]

    /// The optimum of each priority level: the smallest weighted sum of absolute
    /// violations of that level's constraints, given that every higher level is
    /// at its own optimum. The entry for ``Priority/required`` is
    /// ``requiredViolation``. When the system is infeasible only that entry is present.
    public let optima: [Priority: Double]

    /// The variables of the system, in order of first appearance.
    public let variables: [Variable]

    // Keyed by identity; `variables` keeps the objects alive so that no
    // identifier is reused by another object while this result exists.
    let values: [ObjectIdentifier: Double]

    /// The optimum of the level `priority`, or `nil` if the system has no such level
    /// (or it was not solved because the required constraints are infeasible).
    public func optimum(at priority: Priority) -> Double? { optima[priority] }

    /// The value of `variable` at the point GLPK found for the last level it
    /// solved; 0 for a variable the system does not mention.
    public func value(of variable: Variable) -> Double { values[variable.id] ?? 0 }
}
