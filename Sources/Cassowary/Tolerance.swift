/// The solver's tolerances: five named numbers per arithmetic, and what is
/// derived from them (Docs/Solver.md, "Precision"). `Double.tolerances` and
/// `DoubleDouble.tolerances` (SolverScalar.swift) give the values.
///
/// Each arithmetic has a unit round-off `u`, the relative error of one
/// operation: 2⁻⁵³ ≈ 1.1e-16 for doubles, about 1e-32 for double-double. The
/// user's numbers are doubles in either arithmetic, so their own round-off
/// is that of doubles (0.6666666666666666 is not 2/3):
///
/// - `epsilon`: zero, for decisions on values (reduced costs, ratios, a row
///   dipping below zero in Harris's ratio test). In doubles it is the
///   round-off of one operation on the largest value doubles are trusted with
///   (`largeValue` × u ≈ 1.1e-8 → 1e-8); in double-double, 1e-13, far above
///   its own round-off and far below any difference the inputs can mean.
///   Nothing below `pivot` = 10 × epsilon is divided by.
/// - `roundOff`: the relative round-off a computed number carries after the
///   few hundred operations of a call, about 10⁴ u (1e-12 in doubles, 1e-24
///   in double-double). A gap this small next to the numbers the tableau
///   summed to reach it is the arithmetic's, a refactorisation's pivot this
///   small next to its column is singular. The inputs' round-off is the
///   `roundOff` of doubles in either arithmetic (`inputRoundOff`).
/// - `dust`: a coefficient, constant or residual this small in absolute
///   terms (1e-11 in doubles, 1e-20 in double-double) is round-off whatever
///   its origin: dropped from rows, and the allowance of the residual check
///   (relative to the magnitude summed; `residualFloor` = 100 × dust
///   absolutely, for sums near zero). A sum cancels to 0 within
///   `cancellation` = dust / 10 of its operands.
/// - `largeValue`: a row constant past this is a hazard. In doubles, where
///   one unit in the last place reaches `epsilon` (1e8; Qt's maximum size
///   16777215 stays below it). In double-double, 1e16, where the doubles
///   results are read in stop holding fractions.
/// - `pivotGrowth`: a pivot that makes a row's coefficients grow past this
///   multiplies that row's round-off as much: a hazard (100 in doubles, where
///   layout pivots stay at 1 or 2; 1e6 in double-double).
struct Tolerances<Scalar: SolverScalar>: Sendable {
    let epsilon: Scalar
    let roundOff: Scalar
    let dust: Scalar
    let largeValue: Scalar
    let pivotGrowth: Scalar

    /// The largest magnitude of the numbers in a constraint (its terms'
    /// products at the point) for which the contract promises exact verdicts
    /// and values: `largeValue` of doubles.
    static var domainMagnitude: Double { Double.tolerances.largeValue }

    @inline(__always) var pivot: Scalar { 10 * epsilon }
    @inline(__always) var cancellation: Scalar { dust / 10 }
    @inline(__always) var residual: Scalar { dust }
    @inline(__always) var residualFloor: Scalar { 100 * dust }
    /// The inputs' round-off: doubles', in either arithmetic.
    @inline(__always) var inputRoundOff: Scalar { Scalar(Double.tolerances.roundOff) }

    /// `a + b`, or exactly 0 when the sum cancelled to round-off or is dust.
    @inline(__always)
    func sum(_ a: Scalar, _ b: Scalar) -> Scalar {
        let v = a + b
        if Scalar.screensOnLeadingParts {
            // Most sums neither cancel nor are dust, and the leading doubles
            // show it: |v| ≥ |v.high|(1 - 2⁻⁵³) ≥ 2 × dust passes the dust test,
            // and |v.high| > 2 × (dust / 10) × max(|a.high|, |b.high|), with a
            // factor of 2 to spare over the rounding of either side (and an
            // underflowing bound far below |v.high| ≥ 2 × dust), puts |v|'s
            // high part above that of cancellation × max(|a|, |b|): the full
            // test below would return v too. Infinities and NaNs fail the
            // screen and get the full test.
            let h = abs(v.leadingPart)
            let bound = (dust.leadingPart / 5) * max(abs(a.leadingPart), abs(b.leadingPart))
            if h >= 2 * dust.leadingPart && h > bound && h < .infinity { return v }
        }
        return abs(v) <= cancellation * max(abs(a), abs(b)) || abs(v) < dust ? 0 : v
    }

    /// Whether a coefficient is to be dropped from a row.
    @inline(__always)
    func isNegligibleCoefficient(_ c: Scalar) -> Bool {
        if Scalar.screensOnLeadingParts {
            // `abs` flips both parts or neither, and `<` compares high parts
            // first: unless the high parts tie, they decide.
            let h = abs(c.leadingPart)
            if h != dust.leadingPart { return h < dust.leadingPart }
        }
        return abs(c) < dust
    }

    /// Whether a constraint's gap is the round-off of the arithmetic: below
    /// `epsilon`, or below `roundOff` of the numbers the tableau summed to
    /// get there (`scale`).
    func isGapArithmeticRoundOff(_ gap: Scalar, scale: Scalar) -> Bool {
        abs(gap) < max(epsilon, roundOff * scale)
    }

    /// Whether a constraint's gap is within the inputs' round-off of its own
    /// numbers at the current point (`magnitude`).
    func isGapInputRoundOff(_ gap: Scalar, magnitude: Scalar) -> Bool {
        abs(gap) < inputRoundOff * magnitude
    }

    /// Whether an original constraint's residual is round-off.
    @inline(__always)
    func isResidualNegligible(_ value: Scalar, comparedTo magnitude: Scalar) -> Bool {
        abs(value) <= max(residualFloor, residual * magnitude)
    }

    /// Whether a value is zero for a decision: below `epsilon`.
    @inline(__always)
    func nearZero(_ value: Scalar) -> Bool {
        abs(value) < epsilon
    }
}
