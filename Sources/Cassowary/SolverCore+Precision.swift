// The precision contract of one call (Docs/Solver.md, "Precision").
//
// Every public call either ends with an answer that holds to the tolerances
// of Tolerance.swift, or reports that it could not: a tableau in doubles
// says `.precisionLost` and `Solver` redoes the system in double-double; a
// tableau in double-double, the widest arithmetic, throws `.illConditioned`.
// The operations that can lose precision raise `numericHazard` as they
// happen; a pivot budget bounds every call, so no input runs unbounded.

/// What a call on a tableau did to its precision.
enum CallOutcome: Sendable, Equatable {
    /// The result holds to the tolerances.
    case exact
    /// The call completed, but through an operation that can lose precision
    /// in this arithmetic: the result is to be recomputed in a wider one.
    case precisionLost
    /// An add whose verdict came through such an operation: it was rolled
    /// back, and a wider arithmetic must decide it.
    case undecided
}

/// Whom a call's `.illConditioned` error names.
enum Fault: Sendable {
    case constraint(Constraint)
    case variable(Variable)
}

extension SolverCore {
    /// Opens a public call: no hazard yet, and a fresh pivot budget.
    mutating func beginCall() {
        numericHazard = false
        pivotsLeft = Self.pivotBudget(rows: rowCount)
        refactorsLeft = 4
        beginTrace()
    }

    /// The pivots one call may take over all its simplex runs: 100 times the
    /// rows, plus a floor. The shared workloads need at most 1.5 times the
    /// rows in one call (random-dense-50-3); past the budget the pivots are
    /// cycling on round-off, which Bland's rule cannot stop in floating point.
    static func pivotBudget(rows: Int) -> Int { 100 * (rows + 50) }

    /// Takes one pivot from the budget; false, with the hazard raised, once
    /// it is spent.
    @inline(__always)
    mutating func spendPivot() -> Bool {
        guard pivotsLeft > 0 else {
            numericHazard = true
            budgetExhausted = true
            return false
        }
        pivotsLeft -= 1
        return true
    }

    /// Closes a public call. In doubles, a call that raised the hazard
    /// reports `.precisionLost`. In double-double, the tableau is checked
    /// against the original constraints and repaired (refactorised) when
    /// needed; if it still misses them, or the budget ran out, the call
    /// throws `.illConditioned` naming `fault` (the caller restores the state
    /// from before the call).
    mutating func endCall(blaming fault: Fault) throws(SolverError) -> CallOutcome {
        defer {
            numericHazard = false
            budgetExhausted = false
        }
        if Scalar.hasWiderArithmetic {
            // A call that passed a hazard, or whose answer fails its
            // certificate, is redone in double-double.
            if numericHazard { return .precisionLost }
            return certify() == nil ? .exact : .precisionLost
        }
        repairIfNeeded()
        if budgetExhausted { throw illConditioned(fault, "it did not settle within \(Self.pivotBudget(rows: rowCount)) pivots") }
        // The result is read in doubles: it must hold to what the contract
        // promises there, whatever double-double's own round-off
        // (`conflictAmongHugeNumbersIsNotRoundOff`). Checked in full: the
        // repair may have rebuilt anything.
        if let failure = certify(everything: true) { throw illConditioned(fault, failure.reason) }
        return .exact
    }

    func illConditioned(_ fault: Fault, _ reason: String) -> SolverError {
        switch fault {
        case .constraint(let c):
            return SolverError(
                .illConditioned, constraint: c,
                message: "constraint \(c)\(where: c) makes the system ill-conditioned beyond double-double precision: \(reason); the solver is as it was before the call")
        case .variable(let v):
            return SolverError(
                .illConditioned, variable: v,
                message: "the call on \(v) makes the system ill-conditioned beyond double-double precision: \(reason); the solver is as it was before the call")
        }
    }
}

extension SolverCore where Scalar == DoubleDouble {
    /// The system of `source` (its constraints, edit variables and
    /// suggestions, in the order they were added), rebuilt in double-double.
    ///
    /// Replaying in the original order gives the same lexicographic optimum
    /// (it is unique in its level sums) and, the replay being deterministic,
    /// the same values every time.
    ///
    /// - Throws: `.illConditioned`, naming the first constraint that
    ///   double-double rejects or cannot settle although doubles took it:
    ///   the two arithmetics disagree at the edge of feasibility.
    init(replaying source: SolverCore<Double>) throws(SolverError) {
        self.init()
        cellLimit = source.cellLimit
        let records = source.records.compactMap { $0 }.sorted { $0.sequence < $1.sequence }
        var suggestions: [(variable: Variable, value: Double, sequence: UInt64)] = []
        for record in records {
            do {
                guard record.isEdit else {
                    _ = try add(record.constraint)
                    continue
                }
                guard let variable = record.constraint.expression.terms.first?.variable,
                    let e = source.editIndex[variable.id], let edit = source.edits[Int(e)]
                else { continue }
                _ = try addEditVariable(variable, priority: edit.priority)
                if edit.constant != 0 { suggestions.append((variable, edit.constant, edit.sequence)) }
            } catch {
                throw error.code == .illConditioned
                    ? error
                    : illConditioned(
                        .constraint(record.constraint),
                        "doubles took it but double-double does not (\(error.code))")
            }
        }
        for suggestion in suggestions.sorted(by: { $0.sequence < $1.sequence }) {
            _ = try suggest(suggestion.variable, value: suggestion.value)
        }
    }
}
