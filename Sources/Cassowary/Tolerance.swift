/// The solver's tolerances, one set per arithmetic (`Double.tolerances`,
/// `DoubleDouble.tolerances`; the values and why are in `SolverScalar.swift`).
///
/// One epsilon (1e-8 for doubles) for decisions on values: a reduced cost or a ratio
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
struct Tolerances<Scalar: SolverScalar>: Sendable {
    let epsilon: Scalar

    /// The smallest magnitude a tableau entry must have to be pivoted on.
    /// Entries between `epsilon` and this are kept in rows (they may be real)
    /// but never divided by: an entry of that size is as likely to be the
    /// round-off left by a cancellation, and pivoting on it turns that
    /// round-off into values of 1e7 and more (found by the GLPK property tests).
    let pivot: Scalar
    /// A sum of coefficients this small relative to its operands has cancelled.
    let cancellation: Scalar
    /// Coefficients below this are dropped whatever their origin.
    let dust: Scalar

    /// `a + b`, or exactly 0 when the sum cancelled to round-off or is dust.
    @inline(__always)
    func sum(_ a: Scalar, _ b: Scalar) -> Scalar {
        let v = a + b
        return abs(v) <= cancellation * max(abs(a), abs(b)) || abs(v) < dust ? 0 : v
    }

    /// Whether a coefficient is to be dropped from a row.
    @inline(__always)
    func isNegligibleCoefficient(_ c: Scalar) -> Bool {
        abs(c) < dust
    }

    /// Round-off of the *inputs* relative to the magnitude of the numbers
    /// that produced a value: about 5,000 units in the last place of a
    /// double, what a few hundred operations on such numbers can accumulate,
    /// and far below any conflict a user can mean (0.001 in 1e8). The user's
    /// numbers are doubles in either arithmetic (0.6666666666666666 is not
    /// 2/3), so this is the same in both.
    let relativeRoundOff: Scalar
    /// Round-off of the *arithmetic* relative to the numbers that went
    /// through the tableau to produce a value (a row built at a point where
    /// values reach 1e13 sums products of 1e13). In doubles it is the input
    /// round-off again; in double-double it is 1e12 times smaller, so a
    /// conflict of 9 between constraints whose own numbers are 1e4 is not
    /// taken for round-off just because the point phase one started from
    /// was at 1e13 (`doubleDoubleSeesAConflictAcrossLargeValues`).
    let arithmeticRoundOff: Scalar

    /// Whether a constraint's gap is the round-off of the arithmetic: below
    /// `epsilon`, or below the arithmetic's round-off of the numbers the
    /// tableau summed to get there (`scale`).
    func isGapArithmeticRoundOff(_ gap: Scalar, scale: Scalar) -> Bool {
        abs(gap) < max(epsilon, arithmeticRoundOff * scale)
    }

    /// Whether a constraint's gap is within the inputs' round-off of its own
    /// numbers at the current point (`magnitude`).
    func isGapInputRoundOff(_ gap: Scalar, magnitude: Scalar) -> Bool {
        abs(gap) < relativeRoundOff * magnitude
    }

    // MARK: Checking and refactorising (SolverCore+Refactor.swift)

    /// How far an original constraint may miss at the solver's point, relative
    /// to the magnitude of what it sums, before the tableau counts as drifted
    /// and is refactorised. A refactorised tableau misses by about 1e-15 of
    /// that magnitude; a drifted one by far more (a dropped coefficient of
    /// 3.5e-12 on a slack of 3440 misses by 1e-8 on numbers of 1e-5).
    let residual: Scalar
    /// ...and, for sums near zero, this much absolutely: well below what the
    /// GLPK comparison can see (1e-6), above the round-off of small numbers.
    let residualFloor: Scalar

    /// Whether an original constraint's residual is round-off.
    @inline(__always)
    func isResidualNegligible(_ value: Scalar, comparedTo magnitude: Scalar) -> Bool {
        abs(value) <= max(residualFloor, residual * magnitude)
    }

    /// A row constant (a value) past this makes the end of the call check the
    /// tableau against the constraints. Below it, the round-off a value
    /// carries (1.1e-16 of it) stays under `epsilon`, which the solver cannot
    /// see anyway; the systems whose tableau drifts (found by the GLPK
    /// property tests) reach 1e9 to 1e12. It must stay above the sizes
    /// layouts use as "unbounded": Qt's maximum widget size, 16777215, set
    /// the flag at 1e6 on every suggestion of enaml-like layouts and made
    /// their rounds 9 times slower for a check that never failed.
    let largeValue: Scalar

    /// A pivot whose row's coefficients come out larger than this (the
    /// pivot element is small next to the rest of its row) amplifies the
    /// round-off of that row as much, so the end of the call checks the
    /// tableau. Layout pivots stay at 1 or 2 (every shared workload; 36 for
    /// random-500-1); a property-test system whose pivots grow to 900 drifts
    /// by 300,000 in a level's violation sum at values of only 1e7 (property
    /// 3, seed 0xce11f1730000019b).
    let pivotGrowth: Scalar

    /// Inside a call that raised the hazard flag, the primal simplex
    /// refactorises as soon as the point is this many times the residual
    /// allowance off the original constraints (`tableauAgreesWithConstraints`
    /// is 1), rather than waiting for the end of the call. Infinite turns it
    /// off (doubles: a call that raises the flag moves the system to
    /// double-double anyway).
    let driftBeforeRefactor: Scalar

    /// A refactorisation gives up on a basis whose pivot is this small
    /// relative to its column: the basis is singular up to round-off.
    let singularPivot: Scalar
    /// A refactorised row keeps the coefficients above this fraction of its
    /// largest one; what is smaller is elimination round-off (the exact
    /// value is 0 where no path links the symbols).
    let refactorDrop: Scalar

    /// Whether the objective is rebuilt from the rows after any call that
    /// leaves a cost below the epsilon in it, not only after one that raised
    /// the hazard flag. In double-double a cost of 1e-20 decides a level,
    /// and the objective, updated in place, carries inconsistencies that
    /// size (SolverCore+Refactor.swift, `repairIfNeeded`); in doubles such
    /// costs are as likely round-off and are handled by the simplex.
    let rebuildsObjectiveOnTinyCosts: Bool

    /// Whether a value is zero for a decision: below `epsilon`.
    @inline(__always)
    func nearZero(_ value: Scalar) -> Bool {
        abs(value) < epsilon
    }
}
