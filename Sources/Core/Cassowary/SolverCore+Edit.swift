extension SolverCore {
    func hasEditVariable(_ variable: Variable) -> Bool {
        registry.editIndex[variable.id] != nil
    }

    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try checkNewEdit(variable, priority)
        let constraint = Constraint(Expression(variable), .equal, priority: priority, location: nil)
        let stored = try addRecord(constraint, isEdit: true)
        registerEdit(variable, constraint, priority, stored)
    }

    /// Checks a batch of new edit variables before any enters (all or none).
    func checkNewEdits(_ edits: [(variable: Variable, priority: Priority)]) throws(SolverError) {
        guard !edits.isEmpty else { return }
        var seen = Set<ObjectIdentifier>()
        let scan = edits.count <= SolverLimits.editsScannedForDuplicates
        for (k, edit) in edits.enumerated() {
            try checkNewEdit(edit.variable, edit.priority)
            let twice =
                scan
                ? edits[..<k].contains { $0.variable === edit.variable }
                : !seen.insert(ObjectIdentifier(edit.variable)).inserted
            guard !twice else {
                throw SolverError(
                    .duplicateEditVariable, variable: edit.variable,
                    message: "\(edit.variable) is named twice in one call")
            }
        }
    }

    /// Enters an edit variable's row and record without optimising: what
    /// one edit of a batch does (`add(_:edits:)`).
    mutating func insertEdit(_ variable: Variable, priority: Priority) throws(SolverError) {
        let constraint = Constraint(Expression(variable), .equal, priority: priority, location: nil)
        let stored = try insertRecord(constraint, isEdit: true)
        registerEdit(variable, constraint, priority, stored)
    }

    private func checkNewEdit(_ variable: Variable, _ priority: Priority) throws(SolverError) {
        guard registry.editIndex[variable.id] == nil else {
            throw SolverError(
                .duplicateEditVariable, variable: variable,
                message: "\(variable) is already an edit variable")
        }
        guard priority.isValid else {
            throw SolverError(
                .invalidPriority, variable: variable,
                message: "edit variable \(variable): priority \(priority.rawValue) is not in (0, 1000]")
        }
        guard !priority.isRequired else {
            throw SolverError(
                .requiredEditVariable, variable: variable,
                message: "edit variable \(variable) cannot be required: a suggestion must be able to yield")
        }
    }

    private mutating func registerEdit(_ variable: Variable, _ constraint: Constraint, _ priority: Priority, _ stored: StoredRecord) {
        if registry.edits.isEmpty {
            registry.edits.reserveCapacity(SolverLimits.initialEditCapacity)
            registry.editMoves.reserveCapacity(SolverLimits.initialEditCapacity)
        }
        let record = EditRecord(variable: variable, constraint: constraint, priority: priority, sequence: registry.sequence)
        registry.sequence &+= 1
        let index = Self.store(record, in: &registry.edits, reusing: &registry.freeEdits)
        let move = EditMove(constant: 0, record: stored.index, marker: stored.marker, other: stored.other)
        if Int(index) == registry.editMoves.count { registry.editMoves.append(move) }
        logSaved(.edit(index, nil, registry.editMoves[Int(index)]))
        registry.editMoves[Int(index)] = move
        registry.editIndex.set(index, for: variable.id)
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let e = registry.editIndex[variable.id], let edit = registry.edits[Int(e)] else {
            throw SolverError(
                .unknownEditVariable, variable: variable,
                message: "\(variable) is not an edit variable")
        }
        logSaved(.edit(e, edit, registry.editMoves[Int(e)]))
        registry.editIndex.remove(variable.id)
        registry.edits[Int(e)] = nil
        registry.editMoves[Int(e)].record = -1
        registry.freeEdits.append(e)
        guard let i = registry.constraintIndex[edit.constraint.id], let record = registry.records[Int(i)] else { return }
        try removeRecord(at: i, record, blaming: .variable(variable))
    }

    /// Moves the suggestion of an edit variable: only the rows that depend on
    /// its constraint change their constants, then the dual simplex repairs
    /// the rows that went negative.
    mutating func suggest(_ variable: Variable, value suggested: Double) throws(SolverError) {
        guard let edit = checkedSuggestion(variable.id, suggested) else { throw refusal(variable, suggested) }
        guard edit.value != edit.current else { return }
        beginCall()
        moveSuggestion(edit)
        let found = try settle(.variable(variable), primal: false)
        try endCall(blaming: .variable(variable), found, keptBasis: budget.pivotsLeft == SolverLimits.pivotBudget(rows: rowCount))
    }

    /// Moves several suggestions in one call: every one is checked before any moves (all
    /// or none), the constants of all shift, then one dual simplex and one certificate
    /// over what they touched. A variable named twice takes its last value.
    ///
    mutating func suggest(_ suggestions: [(variable: Variable, value: Double)]) throws(SolverError) {
        var checked = LogBuffer<CheckedSuggestion>()
        swap(&checked, &scratch.suggestions)
        defer {
            checked.clear()
            swap(&checked, &scratch.suggestions)
        }
        var first = -1
        for k in suggestions.indices {
            // By identity: a reference held across the append below would be retained.
            guard let edit = checkedSuggestion(suggestions[k].variable.id, suggestions[k].value) else {
                throw refusal(suggestions[k].variable, suggestions[k].value)
            }
            if first < 0 && edit.value != edit.current { first = k }
            checked.append(edit)
        }
        guard first >= 0 else { return }
        beginCall()
        for k in checked.indices { moveSuggestion(checked[k]) }
        let found = try settle(.variable(suggestions[first].variable), primal: false)
        try endCall(
            blaming: .variable(suggestions[first].variable), found,
            keptBasis: budget.pivotsLeft == SolverLimits.pivotBudget(rows: rowCount))
    }

    /// The suggestion as the solver takes it, or nil when it refuses it (`refusal` says why).
    /// Inlined: a call would copy the whole solver to pass it.
    @inline(__always)
    private func checkedSuggestion(_ variable: ObjectIdentifier, _ suggested: Double) -> CheckedSuggestion? {
        guard let e = registry.editIndex[variable], registry.editMoves[Int(e)].record >= 0, suggested.isFinite,
            Solver.isInRange(suggested)
        else { return nil }
        return CheckedSuggestion(value: suggested, current: registry.editMoves[Int(e)].constant, edit: e)
    }

    /// Why `checkedSuggestion` refused a suggestion.
    private func refusal(_ variable: Variable, _ suggested: Double) -> SolverError {
        guard let e = registry.editIndex[variable.id], registry.editMoves[Int(e)].record >= 0 else {
            return SolverError(
                .unknownEditVariable, variable: variable,
                message: "cannot suggest a value for \(variable): it is not an edit variable")
        }
        guard suggested.isFinite else {
            return SolverError(
                .nonFiniteValue, variable: variable,
                message: "cannot suggest \(suggested) for \(variable): the value is not finite")
        }
        return SolverError(
            .outOfRange, variable: variable,
            message: "cannot suggest \(suggested) for \(variable): outside \(Solver.numberRangeText)")
    }

    /// Shifts the constants of the rows that depend on the edit constraint by how far
    /// its suggestion moves (from the one it holds now: a batch may name it twice).
    private mutating func moveSuggestion(_ checked: CheckedSuggestion) {
        let move = registry.editMoves[Int(checked.edit)]
        let delta = checked.value - move.constant
        guard delta != 0 else { return }
        log.operations.append(.suggestion(edit: checked.edit, old: move.constant))
        registry.editMoves[Int(checked.edit)].constant = checked.value
        // An edit constraint's expression is its variable alone (`addEditVariable`).
        log.operations.append(.equationConstant(record: move.record, old: audit.equations.headers[Int(move.record)].constant))
        audit.equations.headers[Int(move.record)].constant = -checked.value
        // The edit constraint reads `variable - suggestion - e⁺ + e⁻ = 0`.
        let marker = move.marker
        let other = move.other
        if slotOf[Int(marker)] >= 0 {
            shiftConstant(ofSlot: slotOf[Int(marker)], by: -delta)
        } else if slotOf[Int(other)] >= 0 {
            shiftConstant(ofSlot: slotOf[Int(other)], by: delta)
        } else {
            shiftConstants(alongColumnOf: marker, by: delta)
            // A row that lost the marker's coefficient did not move with it: its
            // error is up to the coefficient lost times the move.
            if Int(marker) < audit.lost.count {
                trace.shiftBound = max(trace.shiftBound, audit.lost[Int(marker)] * abs(delta))
            }
        }
    }

    /// Shifts the rows that hold `marker` by `delta` times its coefficient in each,
    /// over raw buffers: through the arrays, each shift paid bounds and uniqueness
    /// checks on the column, the rows, a row's cells and the trace (89 instructions
    /// a shift on chain-100's rounds, where a round shifts 4,000 rows).
    private mutating func shiftConstants(alongColumnOf marker: Symbol, by delta: Double) {
        var rows: [Row] = []
        var shifts = LogBuffer<UndoLog.Shift>()
        swap(&rows, &slots)
        swap(&shifts, &log.shifts)
        defer {
            swap(&rows, &slots)
            swap(&shifts, &log.shifts)
        }
        let column = columns[Int(marker)]
        let rowsLogged = Int32(log.slots.count)
        var bound = trace.shiftBound
        let filler = UndoLog.Shift(slot: -1, rowsLogged: 0, constant: 0)
        shifts.appending(upTo: column.count, filler: filler) { shifts, end in
            rows.withUnsafeMutableBufferPointer { rows in
                for entry in column {
                    let k = Int(entry.slot)
                    let c = rows[k].cells.withUnsafeBufferPointer { $0[Int(entry.cell)].coefficient }
                    shifts[end] = UndoLog.Shift(slot: entry.slot, rowsLogged: rowsLogged, constant: rows[k].constant)
                    end += 1
                    let (constant, error) = Self.shift(rows[k].constant, by: delta * c)
                    rows[k].constant = constant
                    bound = max(bound, error)
                    let basic = rows[k].basic
                    if constant < 0 && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
                }
            }
        }
        trace.shiftBound = bound
    }

    @inline(__always)
    mutating func shiftConstant(ofSlot k: Int32, by amount: Double) {
        let (constant, error) = Self.shift(slots[Int(k)].constant, by: amount)
        log.shifts.append(UndoLog.Shift(slot: k, rowsLogged: Int32(log.slots.count), constant: slots[Int(k)].constant))
        trace.shiftBound = max(trace.shiftBound, error)
        slots[Int(k)].constant = constant
        let basic = slots[Int(k)].basic
        if constant < 0 && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
    }

    /// A row's constant `old` shifted by `amount`, and a bound on the shift's error:
    /// the round-off of the product that made `amount` and of the sum, and what a
    /// snap to zero dropped. Both bounds of the sum's round-off hold; the exact one
    /// (Knuth's TwoSum) costs a few operations more, so it is taken only where the
    /// cheap one, ulp × (|old| + |amount|), passes `roundOff`: on large values,
    /// whose sums are often exact, it would use up the certificate's floor
    /// (`certify`) within a few calls (`integerShiftsAtLargestSizeAreVouchedFor`).
    @inline(__always)
    static func shift(_ old: Double, by amount: Double) -> (constant: Double, error: Double) {
        let sum = old + amount
        let constant = Tolerances.sum(old, amount)
        let ulp = Double(Double.ulpOfOne)
        var error = ulp * (abs(old) + abs(amount))
        if error > Tolerances.roundOff {
            let rounded = sum - old
            error = abs((old - (sum - rounded)) + (amount - rounded)) + ulp * abs(amount)
        }
        return (constant, error + abs(sum - constant))
    }
}

/// A suggestion the solver can take: plain data, so that a batch of them is
/// checked, kept and logged without reference counting.
struct CheckedSuggestion: Sendable {
    var value: Double
    /// The suggestion held when it was checked.
    var current: Double
    /// The edit's index in `Registry.edits`.
    var edit: Int32
}
