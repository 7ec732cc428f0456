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
    var isFinite: Bool { get }
    static var infinity: Self { get }
    static func / (a: Self, b: Self) -> Self
    static func /= (a: inout Self, b: Self)
    /// The tolerances that suit this arithmetic's round-off.
    static var tolerances: Tolerances<Self> { get }
}

extension Double: SolverScalar {
    @inline(__always)
    var double: Double { self }

    @inline(__always)
    static var tolerances: Tolerances<Double> {
        // Built in place, so that every tolerance folds to a constant.
        Tolerances<Double>(
        epsilon: 1.0e-8, pivot: 1.0e-7, cancellation: 1.0e-12, dust: 1.0e-11,
        relativeRoundOff: 1.0e-12, residual: 1.0e-11, residualFloor: 1.0e-10,
        largeValue: 1.0e8, pivotGrowth: 100, singularPivot: 1.0e-14, refactorDrop: 1.0e-14)
    }
}

/// Double arithmetic carries about 1.1e-16 of relative round-off per
/// operation, and pivots amplify it: every value below was tuned on the GLPK
/// property tests and the shared workloads (Docs/Solver.md, "Tolerances").

extension DoubleDouble: SolverScalar {
    @inline(__always)
    static var tolerances: Tolerances<DoubleDouble> {
        // Built in place, so that every tolerance folds to a constant.
        Tolerances<DoubleDouble>(
        epsilon: 1.0e-13, pivot: 1.0e-12, cancellation: 1.0e-20, dust: 1.0e-20,
        relativeRoundOff: 1.0e-12, residual: 1.0e-20, residualFloor: 1.0e-18,
        largeValue: 1.0e16, pivotGrowth: 1.0e6, singularPivot: 1.0e-24, refactorDrop: 1.0e-24)
    }
}

/// In double-double the arithmetic's own round-off (about 1e-32 relative per
/// operation) is far below the precision of the inputs, which are doubles: a
/// coefficient written 0.2 is 0.2000000000000000111, and 0.2 × 5 − 1 is
/// 5.6e-17, not 0. So what counts as "cancelled" is set by the inputs, a few
/// hundred units in their last place (1e-14 of the operands), and a sum that
/// cancels that far is the zero the user wrote. The decision tolerances sit
/// a little above it; everything that can only come from the arithmetic
/// (dust, residuals, singular pivots) is far below. Real numbers that
/// doubles lose, like a reduced cost of -4.9e-9 on an entry of -4.9e-9
/// (the regression `realTinyReducedCostIsDroppedAsNoise`), are then far
/// above every tolerance. The largeValue and pivotGrowth checks stay on, at
/// magnitudes where even 106 bits start to run out.
