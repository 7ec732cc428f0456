extension Solver {
    /// The current optimum as an affine function of the edit variables'
    /// suggestions, valid wherever the current basis stays optimal.
    ///
    /// A suggestion changes only the constants of the tableau, never the
    /// objective's reduced costs, so the basis found for one set of suggestions
    /// stays optimal for every other set under which its rows stay feasible;
    /// there each value is the row's constant plus a fixed multiple of each
    /// suggestion's change (parametric right-hand side, as in any textbook
    /// simplex). A caller that suggests the same edit variables again and again
    /// (a table's rows) can keep a few of these and evaluate one in
    /// O(its nonzero entries), with no pivot, no hashing and no allocation,
    /// instead of re-solving. (A class: a caller's list of them is copied with
    /// the caller, and each would otherwise retain nine arrays.)
    ///
    /// Where ``evaluate(_:into:scratch:)`` answers, the optimum is unique and its
    /// values are the solver's, to the rounding of the additions that reach them
    /// (the solver adds from where its own history left it). It declines
    /// (returns `false`) where the captured basis is not feasible (the solver
    /// would pivot), where the optimum may not be unique
    /// (``mayHaveAlternativeOptima``: the solver's answer would depend on its
    /// history), and where a suggestion or a value reaches `largeValue` (1e8) or
    /// is not finite (the solver would refuse it, or answer past its domain).
    public final class AffineSolution: Sendable {
        /// What `evaluate` reads, as one value: a class has no memberwise initializer.
        struct Tables {
            /// The suggestions at capture, in the order of the caller's edit variables.
            var base: [Double]
            /// Per tracked row: its constant at capture, and its terms in `terms…`
            /// (`rowStart[r]..<rowStart[r + 1]`).
            var rowConstant: [Double]
            var rowStart: [Int32]
            var termEdit: [Int32]
            var termCoefficient: [Double]
            /// The first tracked rows are those whose basic symbol is restricted and
            /// that an edit moves: the basis is feasible while each stays at 0 or
            /// above. First, so that a basis that does not hold is rejected early.
            var feasibilityRows: Int
            /// Per zero-cost direction that moves a variable: the tracked rows that
            /// block it while at 0 (`directionStart[d]..<directionStart[d + 1]` in `blockingRows`).
            var directionStart: [Int32]
            var blockingRows: [Int32]
            /// Per output: its tracked row, or -1 for a variable that is parametric (0).
            var outputRow: [Int32]
        }
        let tables: Tables

        init(_ tables: Tables) { self.tables = tables }

        /// Writes the optimum at `suggestions` (one per edit variable, in the
        /// order given at capture) to `values` (in the reader's order) and returns
        /// `true`, or returns `false`, leaving `values` unspecified, where the
        /// captured basis is not feasible or the optimum may be tied (or `suggestions`
        /// does not hold one value per edit variable).
        /// - Complexity: O(entries), allocating nothing once `values` and `scratch` have their size.
        public func evaluate(_ suggestions: [Double], into values: inout [Double], scratch: inout [Double]) -> Bool {
            // One suggestion per edit variable; anything else is not an answer.
            guard suggestions.count == tables.base.count else { return false }
            let rows = tables.rowConstant.count
            // scratch: the rows' constants, then the suggestions' changes.
            if scratch.count != rows + tables.base.count { scratch = [Double](repeating: 0, count: rows + tables.base.count) }
            let feasible = scratch.withUnsafeMutableBufferPointer { scratch -> Bool in
                var changed = false
                for e in 0..<tables.base.count {
                    // What `suggest` refuses (not finite, out of range) or answers
                    // past its domain (`largeValue`) is the solver's to answer.
                    guard abs(suggestions[e]) < Tolerances.largeValue else { return false }
                    let delta = suggestions[e] - tables.base[e]
                    scratch[rows + e] = delta
                    changed = changed || delta != 0
                }
                let allRowsFeasible = tables.rowConstant.withUnsafeBufferPointer { rowConstant in
                    tables.rowStart.withUnsafeBufferPointer { rowStart in
                        tables.termEdit.withUnsafeBufferPointer { termEdit in
                            tables.termCoefficient.withUnsafeBufferPointer { termCoefficient -> Bool in
                                for r in 0..<rows {
                                    var constant = rowConstant[r]
                                    if changed {
                                        for t in Int(rowStart[r])..<Int(rowStart[r + 1]) {
                                            let delta = scratch[rows + Int(termEdit[t])]
                                            if delta != 0 { constant = Tolerances.sum(constant, delta * termCoefficient[t]) }
                                        }
                                    }
                                    if r < tables.feasibilityRows, constant < 0 { return false }
                                    if abs(constant) > Tolerances.largeValue { return false }
                                    scratch[r] = constant
                                }
                                return true
                            }
                        }
                    }
                }
                guard allRowsFeasible else { return false }
                // A zero-cost direction that no row at 0 blocks is a tie (as `mayHaveAlternativeOptima`).
                var d = 0
                while d + 1 < tables.directionStart.count {
                    var blocked = false
                    for b in Int(tables.directionStart[d])..<Int(tables.directionStart[d + 1])
                    where scratch[Int(tables.blockingRows[b])] <= Tolerances.epsilon {
                        blocked = true
                        break
                    }
                    if !blocked { return false }
                    d += 1
                }
                return true
            }
            guard feasible else { return false }
            if values.count != tables.outputRow.count { values = [Double](repeating: 0, count: tables.outputRow.count) }
            scratch.withUnsafeBufferPointer { scratch in
                tables.outputRow.withUnsafeBufferPointer { outputRow in
                    for o in 0..<outputRow.count {
                        let r = outputRow[o]
                        values[o] = r >= 0 ? scratch[Int(r)] : 0
                    }
                }
            }
            return true
        }
    }

    /// The current optimum as a function of the suggestions of `edits`, for the
    /// variables of `outputs`; `nil` when a variable of `edits` is not an
    /// edit variable, or when the optimum is tied whatever the suggestions.
    /// - Complexity: O(the rows the edits and the outputs touch, and the columns of zero-cost symbols).
    public func affineSolution(edits: [Variable], outputs: ValueReader) -> AffineSolution? {
        core.affineSolution(edits: edits, outputs: outputs.variables)
    }
}

extension SolverCore {
    func affineSolution(edits editVariables: [Variable], outputs: [Variable]) -> Solver.AffineSolution? {
        // Each edit's column: the rows a change of its suggestion shifts, by how
        // much per unit (as `suggest` shifts them).
        var columnsOfEdits: [[(slot: Int32, coefficient: Double)]] = []
        var base: [Double] = []
        for variable in editVariables {
            guard let e = registry.editIndex[variable.id], let edit = registry.edits[Int(e)],
                let i = registry.constraintIndex[edit.constraint.id], let record = registry.records[Int(i)]
            else { return nil }
            base.append(registry.editMoves[Int(e)].constant)
            if slotOf[Int(record.marker)] >= 0 {
                columnsOfEdits.append([(slotOf[Int(record.marker)], -1)])
            } else if slotOf[Int(record.other)] >= 0 {
                columnsOfEdits.append([(slotOf[Int(record.other)], 1)])
            } else {
                columnsOfEdits.append(columns[Int(record.marker)].map { entry in
                    (entry.slot, slots[Int(entry.slot)].cells[Int(entry.cell)].coefficient)
                })
            }
        }

        // Rows are tracked in the order first seen, feasibility rows first.
        var tracked: [Int32: Int32] = [:]
        var trackedSlots: [Int32] = []
        func track(_ slot: Int32) -> Int32 {
            if let r = tracked[slot] { return r }
            let r = Int32(trackedSlots.count)
            tracked[slot] = r
            trackedSlots.append(slot)
            return r
        }
        for column in columnsOfEdits {
            for (slot, _) in column where kinds[Int(slots[Int(slot)].basic)].isRestricted { _ = track(slot) }
        }
        let feasibilityRows = trackedSlots.count
        let outputRow = outputs.map { variable -> Int32 in
            guard let s = registry.variableSymbols[variable.id], slotOf[Int(s)] >= 0 else { return -1 }
            return track(slotOf[Int(s)])
        }

        // The zero-cost directions `mayHaveAlternativeOptima` looks at, with the
        // rows that block each one while they are at 0.
        let tolerance = Tolerances.epsilon
        let stride = objective.stride
        var directionStart: [Int32] = [0]
        var blockingRows: [Int32] = []
        for s in 0..<kinds.count where slotOf[s] < 0 && !columns[s].isEmpty {
            let kind = kinds[s]
            guard kind == .external || kind == .slack || kind == .error else { continue }
            guard (0..<stride).allSatisfy({ abs(objective.coefficients[s * stride + $0]) <= tolerance }) else { continue }
            for direction: Double in kind == .external ? [1, -1] : [1] {
                var movesVariable = kind == .external
                var blocking: [Int32] = []
                for entry in columns[s] {
                    let row = slots[Int(entry.slot)]
                    let change = direction * row.cells[Int(entry.cell)].coefficient
                    if abs(change) <= tolerance { continue }
                    if kinds[Int(row.basic)] == .external {
                        movesVariable = true
                    } else if change < 0 {
                        blocking.append(track(entry.slot))
                    }
                }
                guard movesVariable else { continue }
                // Nothing can block it: tied whatever the suggestions.
                guard !blocking.isEmpty else { return nil }
                blockingRows += blocking
                directionStart.append(Int32(blockingRows.count))
            }
        }

        var termsOfRow = [[(edit: Int32, coefficient: Double)]](repeating: [], count: trackedSlots.count)
        for (e, column) in columnsOfEdits.enumerated() {
            for (slot, coefficient) in column {
                if let r = tracked[slot] { termsOfRow[Int(r)].append((Int32(e), coefficient)) }
            }
        }
        var rowStart: [Int32] = [0]
        var termEdit: [Int32] = []
        var termCoefficient: [Double] = []
        for terms in termsOfRow {
            for term in terms {
                termEdit.append(term.edit)
                termCoefficient.append(term.coefficient)
            }
            rowStart.append(Int32(termEdit.count))
        }
        return Solver.AffineSolution(.init(
            base: base, rowConstant: trackedSlots.map { slots[Int($0)].constant }, rowStart: rowStart, termEdit: termEdit,
            termCoefficient: termCoefficient, feasibilityRows: feasibilityRows, directionStart: directionStart,
            blockingRows: blockingRows, outputRow: outputRow))
    }
}
