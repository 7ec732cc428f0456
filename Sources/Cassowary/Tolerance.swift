/// The solver's tolerances: five named numbers, and what is derived from
/// them (Docs/Solver.md, "Precision"). The solver works in `Double`, whose
/// unit round-off u is 2⁻⁵³ ≈ 1.1e-16:
///
/// - `epsilon`: zero, for decisions on values (reduced costs, ratios, a row
///   dipping below zero in Harris's ratio test): the round-off of one
///   operation on the largest value doubles are trusted with
///   (`largeValue` × u ≈ 1.1e-8 → 1e-8). Nothing below `pivot` = 10 ×
///   epsilon is divided by.
/// - `roundOff`: the relative round-off a computed number carries after the
///   few hundred operations of a call, about 10⁴ u (1e-12). A gap this small
///   next to the numbers the tableau summed to reach it is the arithmetic's,
///   a refactorisation's pivot this small next to its column is singular;
///   the inputs' own round-off (`inputRoundOff`: 0.6666666666666666 is not
///   2/3) is the same.
/// - `dust`: a coefficient, constant or residual this small in absolute
///   terms (1e-11) is round-off whatever its origin: dropped from rows, and
///   the allowance of the residual check (relative to the magnitude summed;
///   `residualFloor` = 100 × dust absolutely, for sums near zero). A sum
///   cancels to 0 within `cancellation` = dust / 10 of its operands.
/// - `largeValue`: where one unit in the last place reaches `epsilon` (1e8;
///   Qt's maximum size 16777215 stays below it): the largest magnitude of the
///   numbers in a constraint for which the contract promises exact verdicts
///   and values (`domainMagnitude`).
/// - `pivotGrowth`: a pivot that makes a row's coefficients grow past this
///   multiplies that row's round-off as much (100: layout pivots stay at 1
///   or 2); an entering cost below `epsilon` does not justify one.
enum Tolerances {
    static let epsilon = 1.0e-8
    static let roundOff = 1.0e-12
    static let dust = 1.0e-11
    static let largeValue = 1.0e8
    static let pivotGrowth = 100.0

    static var domainMagnitude: Double { largeValue }
    @inline(__always) static var pivot: Double { 10 * epsilon }
    @inline(__always) static var cancellation: Double { dust / 10 }
    @inline(__always) static var residual: Double { dust }
    @inline(__always) static var residualFloor: Double { 100 * dust }
    @inline(__always) static var inputRoundOff: Double { roundOff }

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

    /// Whether a constraint's gap is the round-off of the arithmetic: below
    /// `epsilon`, or below `roundOff` of the numbers the tableau summed to
    /// get there (`scale`).
    static func isGapArithmeticRoundOff(_ gap: Double, scale: Double) -> Bool {
        abs(gap) < max(epsilon, roundOff * scale)
    }

    /// Whether a constraint's gap is within the inputs' round-off of its own
    /// numbers at the current point (`magnitude`).
    static func isGapInputRoundOff(_ gap: Double, magnitude: Double) -> Bool {
        abs(gap) < inputRoundOff * magnitude
    }

    /// Whether an original constraint's residual is round-off.
    @inline(__always)
    static func isResidualNegligible(_ value: Double, comparedTo magnitude: Double) -> Bool {
        abs(value) <= max(residualFloor, residual * magnitude)
    }

    /// Whether a value is zero for a decision: below `epsilon`.
    @inline(__always)
    static func nearZero(_ value: Double) -> Bool {
        abs(value) < epsilon
    }
}
