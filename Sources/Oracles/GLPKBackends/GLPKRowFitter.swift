import Cassowary
import CellLayout
import LPCheck

/// Fits template rows with GLPK (`cellfit heights --engine glpk`, and the tests): the second,
/// independent engine for template files, which have no hand-written layout.
///
/// For each row the constraint engine runs first, because the text iteration
/// (which width each wrapping text gets, hence its measured size) is the
/// engine's; its fitter then hands over the row's whole constraint system —
/// every constraint of the row's variant, the fitting width, and the intrinsic
/// sizes and baselines as suggested edit variables (`CellFitter.constraintSystem`,
/// a `package` hook of CellLayout). GLPK solves that system lexicographically
/// from scratch, one linear program per priority level, and the row's height
/// is read from GLPK's point and rounded as the engine rounds its own. A row
/// whose GLPK height differs from the engine's is a disagreement between the
/// two solvers on the same system, which is what this engine is for.
package struct GLPKRowFitter {
    private var fitter: CellFitter<CellContent>

    /// A fitter for `template`'s rows, measuring text with `measurer`.
    package init(template: CellTemplate<CellContent>, measurer: any TextMeasurer) {
        fitter = template.makeFitter(measurer: measurer)
    }

    /// GLPK's row height for `row` at `width`.
    /// - Throws: `CellLayoutError` when the engine cannot lay the row out,
    ///   ``GLPKRowError`` when GLPK fails or finds the required constraints infeasible.
    package mutating func rowHeight(_ row: CellContent, width: Double) throws -> Double {
        let system = try fitter.constraintSystem(row, width: width)
        let solved: LPCheckResult
        do {
            solved = try LPCheck.solve(
                constraints: system.constraints,
                edits: system.edits.map { LPCheck.Edit($0.variable, priority: $0.priority, value: $0.value) })
        } catch {
            throw GLPKRowError(message: "GLPK: \(error.message)")
        }
        guard solved.feasible else {
            throw GLPKRowError(
                message: "GLPK finds the required constraints infeasible (least total violation \(solved.requiredViolation))")
        }
        return system.rowHeight(exactHeight: solved.value(of: system.contentHeight))
    }
}

/// GLPK could not solve a row's system.
package struct GLPKRowError: Error, CustomStringConvertible {
    /// What GLPK said, or that it found the required constraints infeasible.
    package let message: String
    package var description: String { message }
}
