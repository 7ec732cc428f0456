/// The solver's tolerances.
///
/// One epsilon, 1e-8, for decisions on values: a reduced cost or a ratio
/// this small is zero, so round-off never makes a symbol enter the basis for
/// nothing, and Harris's ratio test lets a restricted row dip at most this far
/// below zero (kiwi #15).
///
/// Numbers are treated apart from decisions, because a small number can
/// multiply a large one (1e-10 × 1e5 is a visible 1e-5): a sum of two
/// coefficients, or of two row constants, is zero when it cancels to within
/// `cancellation` of its operands (that is round-off, not information), and a
/// coefficient below `dust` is dropped. kiwi drops every coefficient below
/// 1e-8 and snaps every constant below 1e-8 to zero; the GLPK property tests
/// showed that both lose real values (a constant of 6e-9 that a coefficient
/// of 725 turns into a violation of 4e-6). Kept small coefficients are never
/// pivoted on: that is what `pivot` is for.
///
/// Feasibility decisions (does a new required constraint hold after phase
/// one, is a redundant equality's constant zero?) compare with the round-off
/// of the magnitude of the numbers that produced the value.
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

    /// Round-off relative to the magnitude of the numbers that produced a
    /// value: about 5,000 units in the last place, what a few hundred
    /// operations on such numbers can accumulate, and far below any conflict
    /// a user can mean (0.001 in 1e8).
    static let relativeRoundOff = 1.0e-12

    /// Whether `value` is zero up to round-off on numbers as large as `scale`:
    /// below `epsilon`, or below the round-off of `scale`.
    static func isNegligible(_ value: Double, comparedTo scale: Double) -> Bool {
        abs(value) < max(epsilon, relativeRoundOff * scale)
    }
}

@inline(__always)
func nearZero(_ value: Double) -> Bool {
    abs(value) < Tolerance.epsilon
}
