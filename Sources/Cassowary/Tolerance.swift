/// The solver's tolerance: one epsilon, 1e-8.
///
/// A coefficient or constant whose magnitude is below it is zero: such cells
/// are dropped from rows, such reduced costs do not make a symbol enter the
/// basis, and row constants that small are snapped to exactly zero so that
/// round-off never makes a restricted row look infeasible (kiwi #15). Layout
/// values live in points, between about 1e-3 and 1e6, far from it.
///
/// Known limit (found by the GLPK property tests): a coefficient below 1e-8
/// that is real, not round-off, is lost too, and matters when it multiplies a
/// value near 1e5 or more. Keeping such cells instead (a relative
/// cancellation test) kept round-off that later served as a pivot; a sound
/// fix needs pivoting that avoids small elements. See Docs/Solver.md.
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
    /// `a + b`, or exactly 0 when the sum is below the epsilon.
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let v = a + b
        return abs(v) < epsilon ? 0 : v
    }

    /// Whether a coefficient is to be dropped from a row.
    @inline(__always)
    static func isNegligibleCoefficient(_ c: Double) -> Bool {
        abs(c) < epsilon
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
