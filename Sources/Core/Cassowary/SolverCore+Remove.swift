extension SolverCore {
    func contains(_ constraint: Constraint) -> Bool {
        guard let i = registry.constraintIndex[constraint.id] else { return false }
        return registry.records[Int(i)]?.isEdit == false
    }

    mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let i = registry.constraintIndex[constraint.id], let record = registry.records[Int(i)], !record.isEdit else {
            throw SolverError(
                .unknownConstraint, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint) is not in the solver")
        }
        try removeRecord(at: i, record, blaming: .constraint(constraint))
    }

    mutating func removeRecord(
        at index: Int32, _ record: ConstraintRecord, blaming fault: Fault
    ) throws(SolverError) {
        beginCall()
        let constraint = record.constraint
        logSaved(.record(index, record))
        registry.constraintIndex.remove(constraint.id)
        registry.records[Int(index)] = nil
        registry.freeRecords.append(index)
        // Read before `disown`: the equation store drops them.
        let variables = Array(audit.equations.symbols(of: index))
        disown(index)

        // Take the errors out of the objective first, so that the pivot below
        // sees the objective without this constraint.
        if !constraint.priority.isRequired, let level = objective.level(of: constraint.priority) {
            for error in [record.marker, record.other] where error != invalidSymbol && kinds[Int(error)] == .error {
                addToObjective(error, times: Double(-constraint.weight), level: level)
            }
        }

        // Make the marker basic and drop its row: that removes exactly this
        // constraint. Its other error then appears in no row (its column is
        // the negative of the marker's), and is freed with it.
        let marker = record.marker
        if !isBasic(marker), let leaving = markerLeavingRow(marker) {
            pivot(entering: marker, leaving: leaving)
        }
        // `detach` drops the marker's row.
        for s in [marker, record.other] where s != invalidSymbol {
            detach(s)
            freeSymbol(s)
        }

        for s in variables where registry.recordsOf[Int(s)].isEmpty { releaseVariable(s) }
        if !constraint.priority.isRequired, releaseLevel(constraint.priority) {
            refreshCandidates()
        }
        let found = try settle(fault, dual: false)
        try endCall(blaming: fault, found)
    }

    /// Removes a parametric symbol from every row and the objective (round-off leftovers).
    mutating func detach(_ s: Symbol) {
        if isBasic(s) { _ = removeRow(ofBasic: s) }
        // Copied: the cells' removals below write other columns.
        let entries = Array(columns[Int(s)])
        columns.writer().removeAll(from: Int(s))
        for entry in entries { dropCell(Int(entry.cell), inSlot: entry.slot) }
        logCost(s)
        objective.clear(s)
    }

    /// Forgets a variable no constraint mentions any more. Its row, if it is
    /// basic, defines nothing else (a basic symbol appears in no other row), so
    /// it can go; memory then stays flat across add/remove cycles (kiwi #10, #154).
    mutating func releaseVariable(_ s: Symbol) {
        if let variable = registry.variableOf[Int(s)] {
            log.operations.append(.variableEntry(s, made: false))
            registry.variableSymbols.remove(variable.id)
        }
        detach(s)
        freeSymbol(s)
    }

    /// The row to pivot a parametric marker into before removing it: a
    /// basic dummy's, else the restricted row that limits it most tightly,
    /// else any unrestricted row. Ties go to the lowest basic symbol, so the
    /// choice never depends on the order of a column list.
    ///
    /// A basic dummy's row is a redundant copy of required equalities (its
    /// dummy became basic because the copy's row held dummies alone): it must
    /// stay at 0, and taking the marker into it lets the copy take over the
    /// removed constraint's place without moving a value. Any other row
    /// leaves that dummy basic at a value that is not 0, the copy broken
    /// (x0 == 125 written twice, one removed: the other missed by 4.3).
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first = invalidSymbol, second = invalidSymbol, third = invalidSymbol, copy = invalidSymbol
        var r1 = Double.infinity, r2 = Double.infinity
        for entry in columns[Int(marker)] {
            let row = slots[Int(entry.slot)]
            let c = row.cells[Int(entry.cell)].coefficient
            let basic = row.basic
            if kinds[Int(basic)] == .dummy {
                if copy == invalidSymbol || basic < copy { copy = basic }
            } else if kinds[Int(basic)] == .external {
                if third == invalidSymbol || basic < third { third = basic }
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 || (r == r1 && basic < first) { r1 = r; first = basic }
            } else {
                let r = row.constant / c
                if r < r2 || (r == r2 && basic < second) { r2 = r; second = basic }
            }
        }
        return [copy, first, second, third].first { $0 != invalidSymbol }
    }

    /// Queues every symbol whose reduced cost turned negative (after a level went away).
    mutating func refreshCandidates() {
        for s in 0..<kinds.count {
            let symbol = Symbol(s)
            let kind = kinds[s]
            if kind != .free && kind != .dummy && !isBasic(symbol) && objective.isLexNegative(symbol) {
                candidates.push(symbol)
            }
        }
    }
}
