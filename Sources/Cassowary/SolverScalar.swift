/// The arithmetic of a tableau: `Double`, or `DoubleDouble` for systems too
/// ill-conditioned for doubles (see `Solver`'s "Precision" notes and
/// `SolverCore+Precision.swift`).
///
/// The user's numbers are doubles whatever the tableau's arithmetic, so
/// values are read in and out through `init(_:)` and `double`.
protocol SolverScalar: SignedNumeric, Comparable, ExpressibleByFloatLiteral, Sendable, Hashable,
    CustomStringConvertible
where Magnitude == Self {
    init(_ value: Double)
    /// The nearest double.
    var double: Double { get }
    static var infinity: Self { get }
    static func / (a: Self, b: Self) -> Self
    /// The tolerances that suit this arithmetic's round-off.
    static var tolerances: Tolerances<Self> { get }
    /// Whether a system that loses precision here can be redone in a wider
    /// arithmetic (doubles: yes, in double-double; double-double: no, it
    /// throws `.illConditioned`).
    static var hasWiderArithmetic: Bool { get }
    /// The leading double of the number: the number itself for doubles, the
    /// high part for double-double, whose low part is at most half an ulp of it.
    var leadingPart: Double { get }
    /// Whether `Tolerances.sum` and `isNegligibleCoefficient` first decide
    /// on the leading parts: worth it where magnitudes, comparisons and
    /// products take several branches and a multiply-add each
    /// (double-double), not where they take one instruction (doubles).
    static var screensOnLeadingParts: Bool { get }
}

extension Double: SolverScalar {
    @inline(__always)
    var double: Double { self }
    static var hasWiderArithmetic: Bool { true }
    @inline(__always)
    var leadingPart: Double { self }
    static var screensOnLeadingParts: Bool { false }

    /// Built in place, so every tolerance folds to a constant in the
    /// specialised code (the values and why: Tolerance.swift).
    @inline(__always)
    static var tolerances: Tolerances<Double> {
        Tolerances<Double>(epsilon: 1.0e-8, roundOff: 1.0e-12, dust: 1.0e-11, largeValue: 1.0e8, pivotGrowth: 100)
    }
}

extension DoubleDouble: SolverScalar {
    static var hasWiderArithmetic: Bool { false }
    @inline(__always)
    var leadingPart: Double { high }
    static var screensOnLeadingParts: Bool { true }

    /// Regression tests that set these: sums cancel only within 1e-21 of
    /// their operands (1e-14 snapped a real 4.6e-14,
    /// `doubleDoubleCancellationSnapsARealDifference`); decisions take 1e-13
    /// and nothing below 1e-12 is a pivot, which keeps residues of input
    /// round-off (0.2 × 5 − 1 = 5.6e-17) out of the basis
    /// (`inputResidueIsNeverASubject`) while real numbers doubles lose (a
    /// reduced cost of −4.9e-9, `realTinyReducedCostIsDroppedAsNoise`) are
    /// far above them; the arithmetic's round-off is 1e-24 of the numbers
    /// summed, not the inputs' 1e-12 (`doubleDoubleSeesAConflictAcrossLargeValues`).
    @inline(__always)
    static var tolerances: Tolerances<DoubleDouble> {
        Tolerances<DoubleDouble>(epsilon: 1.0e-13, roundOff: 1.0e-24, dust: 1.0e-20, largeValue: 1.0e16, pivotGrowth: 1.0e6)
    }
}
