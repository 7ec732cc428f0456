extension SolverCore {
    func hasEditVariable(_ variable: Variable) -> Bool {
        registry.editIndex[variable.id] != nil
    }

    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try checkNewEdit(variable, priority)
        let constraint = Constraint(Expression(variable), .equal, priority: priority, location: nil)
        try addRecord(constraint, isEdit: true)
        registerEdit(variable, constraint, priority)
    }

    /// Makes several variables edit variables in one call: every one is checked
    /// before any enters (all or none), each row enters as a single call's would,
    /// then one optimisation and one certificate. An error after the checks leaves
    /// the rows entered before it: `Solver.perform` restores the solver as it was.
    mutating func addEditVariables(_ edits: [(variable: Variable, priority: Priority)]) throws(SolverError) {
        var seen = Set<ObjectIdentifier>()
        for edit in edits {
            try checkNewEdit(edit.variable, edit.priority)
            guard seen.insert(ObjectIdentifier(edit.variable)).inserted else {
                throw SolverError(
                    .duplicateEditVariable, variable: edit.variable,
                    message: "\(edit.variable) is named twice in one call")
            }
        }
        guard let last = edits.last else { return }
        beginCall()
        for edit in edits {
            budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
            let constraint = Constraint(Expression(edit.variable), .equal, priority: edit.priority, location: nil)
            try insertRecord(constraint, isEdit: true)
            registerEdit(edit.variable, constraint, edit.priority)
        }
        budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
        try settle(.variable(last.variable), dual: false)
        try endCall(blaming: .variable(last.variable))
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

    private mutating func registerEdit(_ variable: Variable, _ constraint: Constraint, _ priority: Priority) {
        let record = EditRecord(
            variable: variable, constraint: constraint, priority: priority, constant: 0, sequence: registry.sequence)
        registry.sequence &+= 1
        let index = Self.store(record, in: &registry.edits, reusing: &registry.freeEdits)
        registry.editIndex.set(index, for: variable.id)
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let e = registry.editIndex[variable.id], let edit = registry.edits[Int(e)] else {
            throw SolverError(
                .unknownEditVariable, variable: variable,
                message: "\(variable) is not an edit variable")
        }
        registry.editIndex.remove(variable.id)
        registry.edits[Int(e)] = nil
        registry.freeEdits.append(e)
        guard let i = registry.constraintIndex[edit.constraint.id], let record = registry.records[Int(i)] else { return }
        try removeRecord(at: i, record, blaming: .variable(variable))
    }

    /// Moves the suggestion of an edit variable: only the rows that depend on
    /// its constraint change their constants, then the dual simplex repairs
    /// the rows that went negative.
    mutating func suggest(_ variable: Variable, value suggested: Double) throws(SolverError) {
        let edit = try checkedSuggestion(variable, suggested)
        guard edit.value != edit.current else { return }
        beginCall()
        moveSuggestion(edit)
        try settle(.variable(variable), primal: false)
        try endCall(blaming: .variable(variable), keptBasis: budget.pivotsLeft == SolverLimits.pivotBudget(rows: rowCount))
    }

    /// Moves several suggestions in one call: every one is checked before any moves (all
    /// or none), the constants of all shift, then one dual simplex and one certificate
    /// over what they touched. A variable named twice takes its last value.
    mutating func suggest(_ suggestions: [(variable: Variable, value: Double)]) throws(SolverError) {
        var checked: [CheckedSuggestion] = []
        checked.reserveCapacity(suggestions.count)
        for (variable, value) in suggestions { checked.append(try checkedSuggestion(variable, value)) }
        guard let first = checked.first(where: { $0.value != $0.current }) else { return }
        beginCall()
        for edit in checked { moveSuggestion(edit) }
        try settle(.variable(first.variable), primal: false)
        try endCall(blaming: .variable(first.variable), keptBasis: budget.pivotsLeft == SolverLimits.pivotBudget(rows: rowCount))
    }

    /// A suggestion the solver can take, with what moving it needs.
    struct CheckedSuggestion {
        var variable: Variable
        var value: Double
        /// The suggestion held when it was checked.
        var current: Double
        var edit: Int32
        var record: Int32
    }

    private func checkedSuggestion(_ variable: Variable, _ suggested: Double) throws(SolverError) -> CheckedSuggestion {
        guard let e = registry.editIndex[variable.id], let edit = registry.edits[Int(e)], let i = registry.constraintIndex[edit.constraint.id],
            registry.records[Int(i)] != nil
        else {
            throw SolverError(
                .unknownEditVariable, variable: variable,
                message: "cannot suggest a value for \(variable): it is not an edit variable")
        }
        guard suggested.isFinite else {
            throw SolverError(
                .nonFiniteValue, variable: variable,
                message: "cannot suggest \(suggested) for \(variable): the value is not finite")
        }
        guard Solver.isInRange(suggested) else {
            throw SolverError(
                .outOfRange, variable: variable,
                message: "cannot suggest \(suggested) for \(variable): outside \(Solver.numberRangeText)")
        }
        return CheckedSuggestion(variable: variable, value: suggested, current: edit.constant, edit: e, record: i)
    }

    /// Shifts the constants of the rows that depend on the edit constraint by how far
    /// its suggestion moves (from the one it holds now: a batch may name it twice).
    private mutating func moveSuggestion(_ checked: CheckedSuggestion) {
        guard var edit = registry.edits[Int(checked.edit)], let record = registry.records[Int(checked.record)] else { return }
        let delta = checked.value - edit.constant
        guard delta != 0 else { return }
        edit.constant = checked.value
        registry.edits[Int(checked.edit)] = edit
        // An edit constraint's expression is its variable alone (`addEditVariable`).
        audit.equations.headers[Int(checked.record)].constant = -checked.value
        // The edit constraint reads `variable - suggestion - e⁺ + e⁻ = 0`.
        let marker = record.marker
        let other = record.other
        if slotOf[Int(marker)] >= 0 {
            shiftConstant(ofSlot: slotOf[Int(marker)], by: -delta)
        } else if slotOf[Int(other)] >= 0 {
            shiftConstant(ofSlot: slotOf[Int(other)], by: delta)
        } else {
            for entry in columns[Int(marker)] {
                let c = slots[Int(entry.slot)].cells[Int(entry.cell)].coefficient
                shiftConstant(ofSlot: entry.slot, by: delta * c)
            }
        }
    }

    @inline(__always)
    mutating func shiftConstant(ofSlot k: Int32, by amount: Double) {
        let old = slots[Int(k)].constant
        let constant = Tolerances.sum(old, amount)
        // The shift's own round-off: the product that made `amount`, the
        // sum, and what a snap to zero dropped.
        traceShift(k, error: Double(Double.ulpOfOne) * (abs(old) + abs(amount)) + abs(old + amount - constant))
        slots[Int(k)].constant = constant
        let basic = slots[Int(k)].basic
        if constant < 0 && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
    }
}
