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
    /// Half a unit in the last place of 1, the arithmetic's own: the most one
    /// rounding moves a number, relative to it. Not a tolerance.
    static var unitRoundOff: Double { Double.ulpOfOne / 2 }

    /// `a + b`, or exactly 0 when the sum cancelled to round-off or is dust.
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let v = a + b
        return abs(v) <= cancellation * max(abs(a), abs(b)) || abs(v) < dust ? 0 : v
    }

    /// What `sum` dropped from `a + b` beyond round-off of its operands: a sum
    /// below dust in absolute terms only; 0 otherwise.
    @inline(__always)
    static func dustLost(_ a: Double, _ b: Double) -> Double {
        let v = abs(a + b)
        return v < dust && v > cancellation * max(abs(a), abs(b)) ? v : 0
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
}

/// The numbers that steer the solver and are not tolerances: when to change a rule, how
/// much work a call may do, how often to take stock. Each says why it is what it is; no
/// other number steers the solver from another file.
enum SolverLimits {
    /// Degenerate pivots in a row after which the primal simplex switches from Dantzig's
    /// rule to Bland's, which cannot cycle: Dantzig's is faster while it makes progress.
    static let degeneratePivotsBeforeBland = 50

    /// Pivots of one simplex run after which it stays with Bland's rule: a run this long
    /// means round-off is making "progress" that is not (steps of 1e-15 reset the
    /// degenerate count). Linear in the rows, since an honest run may visit each a few times.
    static func patience(rows: Int) -> Int { 20 * (rows + 50) }

    /// Pivots one public call may take before it ends `.illConditioned`: five times the
    /// patience, so that Bland's rule has room to finish what Dantzig's started.
    static func pivotBudget(rows: Int) -> Int { 5 * patience(rows: rows) }

    /// The most rows a refactorisation takes on: its matrix is dense, O(rows²) memory.
    static let refactorLimit = 2000

    /// Rounds of iterative refinement after a certificate: each gains about the digits
    /// the condition leaves; past three, what is left is not round-off.
    static let refinementRounds = 3

    /// Rounds of repair before an answer stands (a dual simplex for what the primal
    /// left below zero, then a certificate): the primal pivots that follow a repair
    /// can leave new dips, fewer each round on a basis doubles can hold; three, as
    /// for refinement, since a call still dipping after them is not converging.
    static let repairRounds = 3

    /// Rebuilds of the tableau one call may take when its certificate fails: a
    /// rebuild's rows and costs are as exact as the basis allows, and the pivots
    /// that follow put round-off back, which a rebuild for the new basis takes
    /// out again (dense systems of 500 variables took a second); three that
    /// each still pivot are a run that is not converging, and a rebuild
    /// costs O(rows² × symbols).
    static let rebuildsPerCall = 3

    /// A candidate subject's coefficient, as a share of the row's largest: a smaller one
    /// would divide the row by a small number and grow its other coefficients (threshold
    /// pivoting's usual tenth).
    static let subjectShare = 0.1


    /// Adds between two counts of the tableau's cells (each costs O(rows)): every rows/32
    /// adds, 16 at least, so that a small system's adds cost a decrement and the tableau
    /// passes the limit by what those adds fill in (about 3% on a chain) at most.
    static func addsBetweenCellCounts(rows: Int) -> Int { max(16, rows / 32) }

    /// Symbols and rows the per-symbol and per-slot arrays have room for from the start:
    /// a system of a few constraints has dozens of symbols, and growing the per-symbol arrays
    /// 1, 2, 4, … from empty reallocates each of them several times before a first answer.
    static let initialSymbolCapacity = 32
    static let initialSlotCapacity = 16
    /// Edit variables the per-edit arrays have room for from the start: a layout
    /// has a few, and growing two arrays 1, 2, 4, … reallocates each several times.
    static let initialEditCapacity = 8
    /// Edit variables of one call checked for one named twice by comparing each with
    /// those before it: a set's allocation and hashing cost a small build's five
    /// edits more than the rest of their checks; past this, the comparisons would.
    static let editsScannedForDuplicates = 16
    /// Rows a symbol usually sits in, and records an external is in: grown by
    /// appends from one, each list cost two reallocations while a small system
    /// was built.
    static let initialListCapacity = 4

    /// Terms the certificate's flat store of equations keeps before it compacts away
    /// removed equations (once they are half of it): below, compaction costs more than
    /// the dead terms.
    static let equationStoreFloor = 64
}
