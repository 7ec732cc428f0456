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

    /// Double arithmetic carries about 1.1e-16 of relative round-off per
    /// operation, and pivots amplify it: every value was tuned on the GLPK
    /// property tests and the shared workloads (Docs/Solver.md, "Tolerances"
    /// and "Refactorisation"). Built in place, so every tolerance folds to a
    /// constant in the specialised code.
    @inline(__always)
    static var tolerances: Tolerances<Double> {
        Tolerances<Double>(
            epsilon: 1.0e-8, pivot: 1.0e-7, cancellation: 1.0e-12, dust: 1.0e-11,
            relativeRoundOff: 1.0e-12, arithmeticRoundOff: 1.0e-12, residual: 1.0e-11, residualFloor: 1.0e-10,
            largeValue: 1.0e8, pivotGrowth: 100, driftBeforeRefactor: .infinity, singularPivot: 1.0e-14, refactorDrop: 1.0e-14,
            rebuildsObjectiveOnTinyCosts: false)
    }
}

extension DoubleDouble: SolverScalar {
    /// The arithmetic's own round-off (about 1e-32 relative per operation)
    /// is far below the precision of the inputs, which are doubles
    /// (0.6666666666666666 is not 2/3). So:
    /// - sums cancel only within 1e-20 of their operands: far above the
    ///   arithmetic's round-off, below any real difference (1e-14 snapped a
    ///   real 4.6e-14 between numbers near 352;
    ///   `doubleDoubleCancellationSnapsARealDifference`);
    /// - feasibility is decided within 1e-12 of the constraint's own
    ///   numbers, as in doubles, because input round-off propagates the same
    ///   way in both (`inputRoundOffIsNotAConflictInDoubleDouble`); but the
    ///   round-off of the numbers the tableau summed on the way is the
    ///   arithmetic's, 1e-24 of them, not 1e-12: a conflict of 9 was taken
    ///   for round-off because phase one started at values of 1e13
    ///   (`doubleDoubleSeesAConflictAcrossLargeValues`); and a gap only
    ///   the 1e-12 explains is decided by the required constraints alone, at
    ///   their own point, not where soft constraints took the values
    ///   (`conflictWithinTheInputsRoundOffAtAFarPoint`);
    /// - decisions on reduced costs and ratios take 1e-13, and nothing below
    ///   1e-12 is pivoted on or made a subject, which keeps the residues of
    ///   input round-off (0.2 × 5 − 1 = 5.6e-17) out of the basis
    ///   (`inputResidueIsNeverASubject`), while real numbers that doubles
    ///   lose, like a reduced cost of −4.9e-9 on an entry of −4.9e-9
    ///   (`realTinyReducedCostIsDroppedAsNoise`), are far above them;
    /// - dust, residuals and singular pivots, which only the arithmetic
    ///   makes, are set near its round-off; the largeValue and pivotGrowth
    ///   checks stay on, where even 106 bits start to run out, and a call
    ///   that raised them refactorises as soon as its point drifts 1e4 times
    ///   past the residual allowance (`driftWithinOneCallIsRefactored`).
    @inline(__always)
    static var tolerances: Tolerances<DoubleDouble> {
        Tolerances<DoubleDouble>(
            epsilon: 1.0e-13, pivot: 1.0e-12, cancellation: 1.0e-20, dust: 1.0e-20,
            relativeRoundOff: 1.0e-12, arithmeticRoundOff: 1.0e-24, residual: 1.0e-20, residualFloor: 1.0e-18,
            largeValue: 1.0e16, pivotGrowth: 1.0e6, driftBeforeRefactor: 1.0e4, singularPivot: 1.0e-24, refactorDrop: 1.0e-24,
            rebuildsObjectiveOnTinyCosts: true)
    }
}
