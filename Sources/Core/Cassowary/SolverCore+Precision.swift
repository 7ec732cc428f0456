// The precision contract of one call (Docs/Solver.md, "Precision").
//
// Every public call either ends with an answer whose certificate holds
// (SolverCore+Certificate.swift), or throws and leaves the solver as it was.
// A pivot budget bounds every call, so no input runs unbounded.

/// What the simplex could not do in a call, for its certificate: the
/// last direction it dropped that is not round-off (`optimize`), and the
/// last row it left below zero that only a pivot it cannot take repairs
/// (`dualOptimize`); `invalidSymbol` for none.
struct Findings: Sendable {
    var unfollowed = invalidSymbol
    var unrepaired = invalidSymbol

    /// These findings, with a later run's where it found something.
    func then(_ later: Findings) -> Findings {
        Findings(
            unfollowed: later.unfollowed != invalidSymbol ? later.unfollowed : unfollowed,
            unrepaired: later.unrepaired != invalidSymbol ? later.unrepaired : unrepaired)
    }
}

/// What a failed call names in its error.
enum Fault: Sendable {
    case constraint(Constraint)
    case variable(Variable)
}

extension SolverCore {
    /// Opens a public call: a fresh pivot budget and trace.
    mutating func beginCall() {
        budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
        // `removeAll(keepingCapacity:)` costs a call even on an empty array.
        trace.shiftBound = 0
        if !trace.records.isEmpty { trace.records.removeAll(keepingCapacity: true) }
        if !trace.externals.isEmpty { trace.externals.removeAll(keepingCapacity: true) }
    }

    /// Takes one pivot from the call's budget, and asks the call's token
    /// whether to stop (one relaxed atomic load): a stop reads as a spent
    /// budget, which `outOfPivots` tells apart, and the call's undo log puts
    /// back what the call did.
    @inline(__always)
    mutating func spendPivot() throws(PivotBudgetSpent) {
        guard budget.pivotsLeft > 0 else { throw PivotBudgetSpent() }
        if let cancellation = budget.cancellation, cancellation.isCancelled { throw PivotBudgetSpent() }
        budget.pivotsLeft -= 1
    }

    /// Closes a public call: its answer must pass its certificate. If it
    /// does not, the tableau is rebuilt from the original constraints (the
    /// rows of the current basis recomputed, the objective priced from the
    /// multipliers) and the simplex resumed, and then everything is checked;
    /// while the simplex pivots after a rebuild and the check still fails,
    /// it is rebuilt again, up to `SolverLimits.rebuildsPerCall` times. Then
    /// the call throws `.illConditioned`; `Solver.perform` puts the solver
    /// back as it was before the call.
    ///
    /// `keptBasis`: the call took no pivot and moved values only along the
    /// tableau's columns (a suggestion): its values are the refined ones
    /// moved along the edit's column, and it is not refined. Measuring the
    /// residuals of every shifted row's equation accurately would add
    /// more than half again to a round of suggestions on a long chain.
    ///
    /// `fault` is made only for an error: making it can retain a reference every call.
    mutating func endCall(
        blaming fault: @autoclosure () -> Fault, _ found: Findings, keptBasis: Bool = false
    ) throws(SolverError) {
        var found = found
        guard try certifyRefining(fault(), &found, keptBasis: keptBasis, everything: false) != nil else { return }
        var rebuilds = 0
        while true {
            let pivotsLeft = budget.pivotsLeft
            // What the simplex found on the old rows is gone with them.
            if refactor() { found = try settle(fault()) }
            // The rebuilt tableau's values carry the round-off of its elimination as the
            // old ones did: they are refined the same way before they are judged.
            guard let failure = try certifyRefining(fault(), &found, keptBasis: false, everything: true) else { return }
            // The pivots after a rebuild (the simplex's, or the refinement's and
            // repairs') put their round-off back into the rows and costs: a failure
            // after them is judged again on a tableau rebuilt for the new basis. One
            // on the rebuilt tableau itself is final.
            rebuilds += 1
            guard budget.pivotsLeft != pivotsLeft && rebuilds < SolverLimits.rebuildsPerCall else {
                throw illConditioned(fault(), failure.reason)
            }
        }
    }

    /// The certificate, and iterative refinement (SolverCore+Refine.swift) until the
    /// values stop moving: after a passed certificate, of the equations it checked;
    /// after a failed primal half, of every equation, since round-off an
    /// ill-conditioned basis amplified may be what failed. The dual simplex that
    /// follows needs a dual feasible tableau: after a failed dual half (an unfollowed
    /// direction, a reduced cost out of order) it wandered off to values of 1e17 for
    /// tens of thousands of pivots on a dense system, so the caller rebuilds first.
    ///
    /// Refinement converges when κ(B)·u < 1, a round gaining the digits the condition
    /// leaves; values still moving after `refinementRounds` rounds mean the basis is
    /// too ill-conditioned for doubles (or the tableau's B⁻¹ too far from it), and
    /// an answer there may pass every residual check and still be far from the exact
    /// one: that is a failure, not an answer. Returns the failure, or nil when the
    /// answer passed.
    private mutating func certifyRefining(
        _ fault: @autoclosure () -> Fault, _ found: inout Findings, keptBasis: Bool, everything: Bool
    ) throws(SolverError) -> CertificateFailure? {
        var failure = certify(found, everything: everything)
        var rounds = 0
        while failure?.isPrimal ?? !keptBasis {
            var list = trace.primal
            if failure != nil || everything {
                list.removeAll()
                audit.equations.appendLive(to: &list)
            }
            guard refineBasicValues(list) else { break }
            guard rounds < SolverLimits.refinementRounds else {
                return CertificateFailure(
                    reason: "its values still move after \(rounds) rounds of iterative refinement (a basis too ill-conditioned for double precision)")
            }
            rounds += 1
            found = found.then(try settle(fault()))
            failure = certify(found, everything: everything)
        }
        // A slack or error the primal simplex left below zero, within what the
        // certificate accepts, is repaired before the answer stands: the
        // exact basic solution is below zero there, and a lower level's
        // optimum can hang on it (bent by 3e-9 on a row whose near copy
        // differs by 6e-6, a level's violation came out 0 where the exact
        // optimum is 856). Repairs that need a pivot this arithmetic cannot
        // take fail the certificate (`Findings.unrepaired`).
        var repairs = 0
        while failure == nil, hasNegativeBasic(), repairs < SolverLimits.repairRounds {
            repairs += 1
            found = found.then(try settle(fault()))
            failure = certify(found, everything: everything)
        }
        return failure
    }

    /// The dual simplex (feasible again after values moved), then the
    /// primal (optimal again), each when asked; a spent pivot budget
    /// becomes the call's `.illConditioned`, blaming `fault`.
    mutating func settle(
        _ fault: @autoclosure () -> Fault, dual: Bool = true, primal: Bool = true
    ) throws(SolverError) -> Findings {
        var found = Findings()
        do {
            if dual { found.unrepaired = try dualOptimize() }
            if primal { found.unfollowed = try optimize() }
        } catch {
            throw outOfPivots(fault())
        }
        return found
    }

    func outOfPivots(_ fault: Fault) -> SolverError {
        if budget.cancellation?.isCancelled == true { return Self.cancelled() }
        return illConditioned(fault, "it did not settle within \(SolverLimits.pivotBudget(rows: rowCount)) pivots")
    }

    static func cancelled() -> SolverError {
        SolverError(.cancelled, message: "the call was cancelled (Solver.cancellation); the solver is as it was before the call")
    }

    func illConditioned(_ fault: Fault, _ reason: String) -> SolverError {
        let rest = "makes the system ill-conditioned beyond double precision: \(reason); the solver is as it was before the call"
        switch fault {
        case .constraint(let c): return SolverError(.illConditioned, constraint: c, message: "constraint \(c)\(where: c) \(rest)")
        case .variable(let v): return SolverError(.illConditioned, variable: v, message: "the call on \(v) \(rest)")
        }
    }
}

/// A call spent its pivot budget (`SolverLimits.pivotBudget`): the simplex
/// stops, and the call throws `.illConditioned` with the solver as it was.
struct PivotBudgetSpent: Error {}
