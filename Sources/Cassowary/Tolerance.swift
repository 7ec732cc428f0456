/// The solver's tolerances.
///
/// One epsilon, 1e-8, for values: a row constant or a reduced cost whose
/// magnitude is below it is zero, so round-off never makes a restricted row
/// look infeasible (kiwi #15) or a symbol enter the basis for nothing.
///
/// Coefficients are treated apart, because a small coefficient can multiply a
/// large value (1e-10 × 1e5 is a visible 1e-5): a sum of two coefficients is
/// zero when it cancels to within `cancellation` of its operands (that is
/// round-off, not information), and any coefficient below `dust` is dropped.
/// kiwi drops every coefficient below 1e-8; the GLPK property tests showed
/// that loses real terms. Kept small coefficients are never pivoted on: that
/// is what `pivot` is for.
///
/// Feasibility decisions (is a phase-one optimum zero, is a redundant
/// equality's constant zero?) scale the epsilon by the magnitude of the
/// numbers that produced the value, so that round-off on large values is not
/// taken for a conflict.
enum Tolerance {
    static let epsilon = 1.0e-8

    /// The smallest magnitude a tableau entry must have to be pivoted on.
    /// Entries between `epsilon` and this are kept in rows (they may be real)
    /// but never divided by: an entry of that size is as likely to be the
    /// round-off left by a cancellation, and pivoting on it turns that
    /// round-off into values of 1e7 and more (found by the GLPK property tests).
    static let pivot = 1.0e-7
    /// A sum of coefficients this small relative to its operands has cancelled.
    static let cancellation = 1.0e-10
    /// Coefficients below this are dropped whatever their origin.
    static let dust = 1.0e-11

    /// `a + b`, or exactly 0 when the sum cancelled to round-off or is dust.
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let v = a + b
        return abs(v) <= cancellation * max(abs(a), abs(b)) || abs(v) < dust ? 0 : v
    }

    /// Whether a coefficient is to be dropped from a row.
    @inline(__always)
    static func isNegligibleCoefficient(_ c: Double) -> Bool {
        abs(c) < dust
    }

    /// Whether `value` is zero up to round-off on numbers as large as `scale`.
    static func isNegligible(_ value: Double, comparedTo scale: Double) -> Bool {
        abs(value) < epsilon * max(1, scale)
    }
}

@inline(__always)
func nearZero(_ value: Double) -> Bool {
    abs(value) < Tolerance.epsilon
}
