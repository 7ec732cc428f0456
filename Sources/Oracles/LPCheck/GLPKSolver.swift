import CGLPK

/// The one place that calls GLPK.
///
/// GLPK keeps one environment per thread, and a problem object belongs to the
/// environment of the thread that created it. So a problem never outlives the
/// synchronous call that creates it: create, solve, read and delete happen in
/// ``solveLexicographically(_:tolerance:stopIfFirstLevelExceeds:)`` on one
/// thread, and no `glp_prob` is ever stored, shared or freed from a `deinit`.
///
/// GLPK aborts the process on an invalid index, count or bound rather than
/// returning an error, so every number passed in is checked first
/// (``LinearSystem`` has rejected non-finite input; the index checks here are
/// preconditions because a bad index would be a bug in this module).
enum GLPKSolver {
    struct Solution {
        /// One optimum per level solved, highest level first.
        var optima: [Double]
        /// The value of each free column, from the last linear program solved.
        var values: [Double]
    }

    /// Solves `program` one level at a time.
    ///
    /// After level k is solved with optimum `opt`, the row
    /// `Σ weight × error(level k) <= opt + tolerance × (1 + opt)` is added and
    /// the next level's objective replaces level k's; the simplex is warm
    /// started from the previous basis, which stays feasible.
    ///
    /// - Parameters:
    ///   - threshold: If the first level's optimum exceeds it (the required
    ///     constraints are infeasible), the later levels are not solved.
    ///   - exact: Re-solve every level with `glp_exact`, GLPK's simplex in
    ///     rational arithmetic, from the floating-point optimal basis. Each
    ///     level's optimal face is then fixed exactly (every non-zero reduced
    ///     cost, however small, pins its column or row), so no slack row is
    ///     added, and `tolerance` is not used (`threshold` still is).
    ///   - holds: Per level (indexed like `program.objectives`), a sum to hold
    ///     that level at instead of its optimum: when it exceeds the optimum
    ///     by more than the level's slack, a row bounds the level by it and
    ///     the optimal face is not fixed; otherwise the level is held at its
    ///     optimum. `nil` entries (and a missing array) hold the level at its optimum.
    ///   - holdsSnapToOptimum: false bounds a level by any held sum above its
    ///     optimum, however close (`LPCheck.HoldRule.asGiven`).
    static func solveLexicographically(
        _ program: LinearProgram, tolerance: Double, stopIfFirstLevelExceeds threshold: Double,
        exact: Bool = false, holds: [Double?] = [], holdsSnapToOptimum: Bool = true
    ) throws(LPCheckError) -> Solution {
        let rowLimit = Int(Int32.max) - program.objectives.count - 1
        guard program.columnCount < Int(Int32.max), program.rows.count < rowLimit else {
            throw LPCheckError(
                .tooLarge,
                message: "\(program.rows.count) rows and \(program.columnCount) columns exceed GLPK's index range.")
        }
        // glp_add_rows and glp_add_cols abort on a count of 0.
        guard !program.rows.isEmpty else {
            return Solution(
                optima: Array(repeating: 0, count: program.objectives.count),
                values: Array(repeating: 0, count: program.freeColumns))
        }

        // Terminal output is a per-thread setting: switch it off for this
        // call and restore it after, so that nothing reaches stdout.
        let previousTerminalOutput = glp_term_out(GLP_OFF)
        defer { glp_term_out(previousTerminalOutput) }

        let problem: OpaquePointer = glp_create_prob()
        defer { glp_delete_prob(problem) }
        glp_set_obj_dir(problem, GLP_MIN)

        glp_add_cols(problem, Int32(program.columnCount))
        for column in 0..<program.columnCount {
            let kind = column < program.freeColumns ? GLP_FR : GLP_LO
            glp_set_col_bnds(problem, Int32(column + 1), kind, 0, 0)
        }

        glp_add_rows(problem, Int32(program.rows.count))
        for (index, row) in program.rows.enumerated() {
            setRow(problem, Int32(index + 1), row, columnCount: program.columnCount, exact: exact)
        }
        glp_scale_prob(problem, GLP_SF_AUTO)

        var parameters = glp_smcp()
        glp_init_smcp(&parameters)
        parameters.msg_lev = GLP_MSG_OFF
        // The presolver would discard the basis that warm-starts each next level.
        parameters.presolve = GLP_OFF
        // GLPK's simplex can stall on badly scaled systems (values of 1e12
        // and more): bound every solve, so a failure is reported, never a hang.
        parameters.it_lim = Self.iterationLimit
        parameters.tm_lim = Self.timeLimitMilliseconds

        var optima: [Double] = []
        var previousObjective: [(column: Int, weight: Double)] = []
        var solvedAny = false
        for (level, objective) in program.objectives.enumerated() {
            guard !objective.isEmpty else {
                optima.append(0)
                continue
            }
            for term in previousObjective { glp_set_obj_coef(problem, Int32(term.column + 1), 0) }
            for term in objective { glp_set_obj_coef(problem, Int32(term.column + 1), term.weight) }

            previousObjective = objective

            // Level 0 was feasible, or the loop would have stopped: from the
            // first soft level on, the required constraints are hard.
            // Exact face fixing already holds them at their least violation.
            let hardensRequired = !exact && level > 0 && level == firstSoftLevel(program)
            if hardensRequired { setRequiredErrors(problem, program, fixed: true) }
            var solved = simplexSucceeds(problem, &parameters, exact: exact)
            if !solved, hardensRequired {
                // A marginal system, feasible only within the tolerance: keep
                // the required constraints elastic, held within tolerance by
                // level 0's bound row.
                setRequiredErrors(problem, program, fixed: false)
                solved = simplexSucceeds(problem, &parameters, exact: exact)
            }
            guard solved else {
                throw LPCheckError(
                    .solverFailure,
                    message: "GLPK's simplex failed at priority level \(level) (status \(glp_get_status(problem))).")
            }
            solvedAny = true
            // Errors are non-negative; a tiny negative optimum is rounding noise.
            let optimum = max(0, glp_get_obj_val(problem))
            optima.append(optimum)
            if level == 0, optimum > threshold { break }

            // A held sum within the slack of the optimum is the optimum: the
            // exact face is fixed rather than a bound row added at a sum
            // that may differ from it only by the rounding of the two.
            let slack = exact ? Self.exactBoundSlack * (1 + optimum) : tolerance * (1 + optimum)
            let limit: Double
            if level < holds.count, let hold = holds[level], hold > optimum + (holdsSnapToOptimum ? slack : 0) {
                limit = hold
            } else {
                // Held at the optimum. Exact duals fix the optimal face exactly,
                // and a bound row holding a rounded optimum could only cut into it.
                restrictToOptimalFace(problem, program: program, threshold: exact ? 0 : reducedCostThreshold)
                if exact { continue }
                limit = optimum + slack
            }
            let bound = LinearProgram.Row(
                columns: objective.map(\.column), coefficients: objective.map(\.weight),
                relation: .lessThanOrEqual, rightHandSide: limit)
            let row = glp_add_rows(problem, 1)
            setRow(problem, row, bound, columnCount: program.columnCount, exact: exact)
        }

        var values = Array(repeating: 0.0, count: program.freeColumns)
        if solvedAny {
            for column in 0..<program.freeColumns {
                values[column] = glp_get_col_prim(problem, Int32(column + 1))
            }
        }
        return Solution(optima: optima, values: values)
    }

    /// Sets row `index` (1-based) to `row`, checking what GLPK would abort on.
    ///
    /// With `exact`, the row is first multiplied by the power of two that
    /// makes every coefficient and the right-hand side an integer, which
    /// changes no solution and rounds nothing: glp_exact reads integral
    /// doubles exactly, but every other double as the simplest fraction
    /// within 1e-10 of it (`set_d_eps` in GLPK's glpapi07.c), so
    /// 0.3333333333333333 would become 1/3 and the oracle would solve a
    /// system the solver was never given. On a tie that only the last bit of
    /// such a coefficient breaks (a level whose cost along an edge is
    /// 4 − 12 × 0.3333333333333333 = 4.4e-16), the two readings have
    /// different lexicographic optima.
    private static func setRow(
        _ problem: OpaquePointer, _ index: Int32, _ row: LinearProgram.Row, columnCount: Int, exact: Bool
    ) {
        precondition(row.columns.count == row.coefficients.count && !row.columns.isEmpty)
        precondition(row.rightHandSide.isFinite)
        let row = exact ? integral(row) : row
        // GLPK's arrays are 1-based: element 0 is ignored.
        var columns: [Int32] = [0]
        var coefficients: [Double] = [0]
        columns.reserveCapacity(row.columns.count + 1)
        coefficients.reserveCapacity(row.columns.count + 1)
        var seen: Set<Int> = []
        for (column, coefficient) in zip(row.columns, row.coefficients) {
            precondition(column >= 0 && column < columnCount, "column \(column) out of range")
            precondition(seen.insert(column).inserted, "column \(column) repeated in a row")
            precondition(coefficient.isFinite)
            columns.append(Int32(column + 1))
            coefficients.append(coefficient)
        }
        glp_set_mat_row(problem, index, Int32(row.columns.count), columns, coefficients)
        switch row.relation {
        case .equal: glp_set_row_bnds(problem, index, GLP_FX, row.rightHandSide, row.rightHandSide)
        case .greaterThanOrEqual: glp_set_row_bnds(problem, index, GLP_LO, row.rightHandSide, 0)
        case .lessThanOrEqual: glp_set_row_bnds(problem, index, GLP_UP, 0, row.rightHandSide)
        }
    }

    /// `row` times the smallest power of two that makes all its numbers
    /// integers; `row` itself if that would overflow.
    static func integral(_ row: LinearProgram.Row) -> LinearProgram.Row {
        var shift = 0
        for value in row.coefficients + [row.rightHandSide] where value != 0 {
            // value = 1.f × 2^exponent with significandWidth bits of f.
            shift = max(shift, value.significandWidth - Int(value.exponent))
        }
        guard shift > 0 else { return row }
        let factor = Double(sign: .plus, exponent: shift, significand: 1)
        var scaled = row
        scaled.coefficients = row.coefficients.map { $0 * factor }
        scaled.rightHandSide = row.rightHandSide * factor
        guard factor.isFinite, scaled.coefficients.allSatisfy(\.isFinite), scaled.rightHandSide.isFinite else {
            return row
        }
        return scaled
    }

    /// Fixes the required constraints' error columns at 0, or frees them again.
    private static func setRequiredErrors(_ problem: OpaquePointer, _ program: LinearProgram, fixed: Bool) {
        for term in program.objectives[0] {
            glp_set_col_bnds(problem, Int32(term.column + 1), fixed ? GLP_FX : GLP_LO, 0, 0)
        }
    }

    /// The index of the first level after level 0 that has an objective.
    private static func firstSoftLevel(_ program: LinearProgram) -> Int? {
        program.objectives.indices.dropFirst().first { !program.objectives[$0].isEmpty }
    }

    /// Fixes every variable the optimum pins down, so that later levels
    /// cannot trade this level's optimum away.
    ///
    /// By complementary slackness, the optimal points of a level are exactly
    /// the feasible points where every column or row with a non-zero reduced
    /// cost sits at the bound it is at now. Fixing those keeps the optimum
    /// exact; the bound row added after each level (optimum plus slack) only
    /// covers reduced costs at or below `threshold`, too small to trust in
    /// floating point, which are left alone (with exact duals it is 0).
    private static func restrictToOptimalFace(
        _ problem: OpaquePointer, program: LinearProgram, threshold: Double
    ) {
        for column in 1...Int32(program.columnCount) {
            let status = glp_get_col_stat(problem, column)
            let reducedCost = glp_get_col_dual(problem, column)
            if status == GLP_NL, reducedCost > threshold {
                let bound = glp_get_col_lb(problem, column)
                glp_set_col_bnds(problem, column, GLP_FX, bound, bound)
            } else if status == GLP_NU, reducedCost < -threshold {
                let bound = glp_get_col_ub(problem, column)
                glp_set_col_bnds(problem, column, GLP_FX, bound, bound)
            }
        }
        for row in 1...glp_get_num_rows(problem) {
            let status = glp_get_row_stat(problem, row)
            let dual = glp_get_row_dual(problem, row)
            if status == GLP_NL, dual > threshold {
                let bound = glp_get_row_lb(problem, row)
                glp_set_row_bnds(problem, row, GLP_FX, bound, bound)
            } else if status == GLP_NU, dual < -threshold {
                let bound = glp_get_row_ub(problem, row)
                glp_set_row_bnds(problem, row, GLP_FX, bound, bound)
            }
        }
    }

    /// Simplex iterations one level may take (floating point and exact each).
    static let iterationLimit: Int32 = 200_000
    /// Milliseconds one level's simplex may take (floating point and exact each).
    static let timeLimitMilliseconds: Int32 = 20_000

    /// How far above an exact optimum (relative) a held sum must be to be
    /// held as a bound row instead of as the optimum's face.
    static let exactBoundSlack = 2e-9

    /// Reduced costs at or below this are treated as zero, as GLPK's own
    /// dual feasibility tolerance (`tol_dj`, 1e-7) does.
    private static let reducedCostThreshold = 1e-7

    /// Runs the primal simplex; on a factorisation failure it retries once
    /// from GLPK's advanced initial basis. With `exact`, the floating-point
    /// optimum's basis then starts `glp_exact`, which moves on from it in
    /// rational arithmetic until the basis is optimal for the exact data
    /// (every double is a rational, so nothing is rounded on the way in).
    /// Returns whether it reached an optimum.
    private static func simplexSucceeds(
        _ problem: OpaquePointer, _ parameters: inout glp_smcp, exact: Bool
    ) -> Bool {
        var code = glp_simplex(problem, &parameters)
        if code != 0 {
            glp_adv_basis(problem, 0)
            code = glp_simplex(problem, &parameters)
        }
        if exact {
            // glp_exact also starts from the basis it is given when the
            // floating-point simplex gave up, so it gets the last word.
            code = glp_exact(problem, &parameters)
            if code == GLP_ESING || code == GLP_EBADB {
                // The floating-point basis is singular in exact arithmetic
                // (or was never valid): start from the all-slack basis, which
                // always is.
                glp_std_basis(problem)
                code = glp_exact(problem, &parameters)
            }
        }
        return code == 0 && glp_get_status(problem) == GLP_OPT
    }
}
