extension SolverCore {
    // MARK: - Add

    /// Refuses an add, before it changes anything, once the tableau holds more than
    /// `cellLimit` cells. The tableau stores every basic variable as a combination of
    /// the parametric ones, so a long chain of views fills it quadratically (a stack of
    /// n views: about n²/2 cells); past the limit a build would run out of memory or
    /// time instead of answering.
    ///
    /// The count costs O(rows), so it is taken every rows/32 adds (16 at least, so that a
    /// small system's adds cost a decrement): the tableau can pass the limit by what those
    /// adds fill in (about 3% on a chain) before an add is refused.
    mutating func checkTableauSize(adding constraint: Constraint) throws(SolverError) {
        if budget.addsUntilCellCount > 0 {
            budget.addsUntilCellCount -= 1
            return
        }
        let cells = cellCount
        guard cells > budget.cellLimit else {
            budget.addsUntilCellCount = SolverLimits.addsBetweenCellCounts(rows: rowCount)
            return
        }
        throw SolverError(
            .limitExceeded, constraint: constraint,
            message: "constraint \(constraint)\(where: constraint) is not added: the tableau holds \(cells) cells, past "
                + "the limit of \(budget.cellLimit) (Solver.maximumTableauCells), with \(rowCount) rows; the solver is as it was before the call")
    }

    /// Adds constraints in order, then makes variables edit variables, as
    /// one call: every edit is checked before anything enters; each row
    /// enters the tableau as a single add's would, feasible, and the objective
    /// is optimised and the answer certified once, at the end, over everything
    /// the rows touched. An error leaves the rows entered before it in the
    /// tableau: the call's undo log takes them out (all or none, `transact`).
    mutating func add(_ constraints: [Constraint], edits: [(variable: Variable, priority: Priority)]) throws(SolverError) {
        try checkNewEdits(edits)
        // The optimisation and the certificate judge the batch as a whole; an
        // error of theirs names its last edit variable, or its last constraint.
        let fault: Fault
        if let last = edits.last {
            fault = .variable(last.variable)
        } else if let last = constraints.last {
            fault = .constraint(last)
        } else {
            return
        }
        beginCall()
        var terms = edits.count
        for constraint in constraints { terms += constraint.expression.terms.count }
        // Levels first: the objective's room is reserved per level.
        insertLevels(for: constraints, edits: edits)
        reserve(records: constraints.count + edits.count, terms: terms)
        if !edits.isEmpty {
            Self.grow(&registry.edits, to: registry.edits.count + edits.count)
            Self.grow(&registry.editMoves, to: registry.editMoves.count + edits.count)
        }
        for constraint in constraints {
            // Each row's phase one has the budget a single add would.
            budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
            try insertRecord(constraint, isEdit: false)
        }
        for edit in edits {
            budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
            try insertEdit(edit.variable, priority: edit.priority)
        }
        budget.pivotsLeft = SolverLimits.pivotBudget(rows: rowCount)
        let found = try settle(fault, dual: false)
        try endCall(blaming: fault, found)
    }

    /// Adds a constraint's row, optimises and certifies the answer. A
    /// rejection must carry its proof and an answer its certificate: an add
    /// that has neither is `.illConditioned`. Either is undone by the call's
    /// undo log (`transact`). Returns where the record went, as `insertRecord` does.
    @discardableResult
    mutating func addRecord(_ constraint: Constraint, isEdit: Bool) throws(SolverError) -> StoredRecord {
        beginCall()
        let stored = try insertRecord(constraint, isEdit: isEdit)
        let found = try settle(.constraint(constraint), dual: false)
        try endCall(blaming: .constraint(constraint), found)
        return stored
    }

    /// A record's index and the symbols of its row, so that a caller need not copy the record to read them.
    struct StoredRecord {
        var index: Int32
        var marker: Symbol
        var other: Symbol
    }

    /// Enters a constraint's row feasible, its record and its objective terms,
    /// without optimising: what one add and a batch of adds share.
    @discardableResult
    mutating func insertRecord(_ constraint: Constraint, isEdit: Bool) throws(SolverError) -> StoredRecord {
        guard registry.constraintIndex[constraint.id] == nil else {
            throw SolverError(
                .duplicateConstraint, constraint: constraint,
                message: "constraint \(constraint)\(where: constraint) is already in the solver")
        }
        if !constraint.isPlainlyValid {
            try constraint.validate()
            try constraint.validateRange()
        }
        try checkTableauSize(adding: constraint)

        // The terms' symbols, in a buffer the solver keeps: the equation
        // store holds them once the record is in (`own`).
        var variables: [Symbol] = []
        swap(&variables, &scratch.termSymbols)
        defer {
            // `removeAll(keepingCapacity:)` goes through `replaceSubrange`, ten
            // times the instructions of the few `removeLast` a record needs.
            while !variables.isEmpty { variables.removeLast() }
            swap(&variables, &scratch.termSymbols)
        }
        var (row, marker, other, scale, signs) = makeRow(for: constraint, symbols: &variables)
        var subject = chooseSubject(row, marker: marker, other: other)
        let needsVerdict = subject == invalidSymbol
        let dummiesAlone = needsVerdict && row.cells.allSatisfy({ kinds[Int($0.symbol)] == .dummy })
        var verdict: Verdict = .holds
        // A row left with dummies alone because a real coefficient fell below
        // dust or cancelled is a near copy whose difference the tableau cannot
        // hold: whether it holds, and what it pins, is not this arithmetic's
        // to say (`nearCopyThatLostItsDifferenceIsUndecided`).
        if dummiesAlone
            && dropsARealCoefficient(constraint, variables: variables, row: row, marker: marker, sign: signs.marker)
        {
            verdict = .undecided
        } else if dummiesAlone {
            // The constant is the conflict: the constraint minus the
            // required equalities it combines.
            let own = residual(of: constraint, variables: variables, marker: invalidSymbol, other: invalidSymbol)
            verdict = judgeGap(row.constant, scale: scale, magnitude: own.magnitude)
            if verdict == .conflicts
                && !provesConflict(row, constraint: constraint, variables: variables, marker: marker, other: other)
            {
                verdict = .undecided
            }
            subject = marker
        } else if needsVerdict {
            do {
                verdict = try addWithArtificialVariable(
                    row, scale: scale, constraint: constraint, marker: marker, other: other, variables: variables)
            } catch {
                // A verdict with a spent budget is not this arithmetic's to give.
                throw outOfPivots(.constraint(constraint))
            }
        }
        // Nor one on a gap that only the inputs' last bits decide.
        if verdict == .conflicts { throw unsatisfiable(constraint) }
        if verdict == .undecided { throw illConditioned(.constraint(constraint), "whether it can hold depends on round-off") }
        if subject != invalidSymbol {
            guard let i = row.index(of: subject) else {
                preconditionFailure("add: the chosen subject is not in the row")
            }
            let dust = row.solve(forSymbolAt: i)
            // Dividing by the subject's coefficient can take a product below
            // dust: a real coefficient the row loses (`Audit.lost`).
            if dust {
                for cell in row.cells where Tolerances.isNegligibleCoefficient(cell.coefficient) {
                    noteLoss(cell.symbol, abs(cell.coefficient))
                }
            }
            Self.dropDust(&row, cells: dust)
            row.basic = subject
            substituteEverywhere(subject, by: row)
            insertRow(consume row)
        }

        let record = ConstraintRecord(
            constraint: constraint, marker: marker, other: other, sequence: registry.sequence, isEdit: isEdit)
        registry.sequence &+= 1
        let popped = !registry.freeRecords.isEmpty
        let index = Self.store(record, in: &registry.records, reusing: &registry.freeRecords)
        log.operations.append(.storedRecord(index, popped: popped))
        registry.constraintIndex.set(index, for: constraint.id)
        own(record, index, variables: variables, signs: signs)

        if !constraint.priority.isRequired {
            let old = audit.levelWeights[constraint.priority]
            if audit.levelWeights.raise(constraint.priority, to: abs(constraint.weight)) {
                logSaved(.levelWeight(constraint.priority, old))
            }
            let level = retainLevel(constraint.priority)
            if kinds[Int(marker)] == .error { addToObjective(marker, times: constraint.weight, level: level) }
            if other != invalidSymbol && kinds[Int(other)] == .error {
                addToObjective(other, times: constraint.weight, level: level)
            }
        }
        return StoredRecord(index: index, marker: marker, other: other)
    }

    /// The verdict on a new required constraint.
    enum Verdict {
        case holds, conflicts, undecided
    }

    /// Whether a new required constraint's gap at the current point is
    /// round-off. Of the arithmetic: below its round-off of the numbers the
    /// tableau summed on the way (`scale`) — it holds. Beyond the inputs'
    /// round-off of the constraint's own numbers at the point (`magnitude`)
    /// — it conflicts. Between the two, only the last bits of the inputs
    /// decide (a point where soft constraints took values to 1e13 puts a
    /// planned conflict of 10 within 1e-12 of the constraint's numbers,
    /// `farPointGapIsDecidedByTheRequiredPart`): undecided.
    func judgeGap(_ gap: Double, scale: Double, magnitude: Double) -> Verdict {
        if Tolerances.isGapArithmeticRoundOff(gap, scale: scale) { return .holds }
        guard Tolerances.isGapInputRoundOff(gap, magnitude: magnitude) else { return .conflicts }
        // Within the domain of the contract the inputs' round-off is a gap
        // no one means (0.6666666666666666 is not 2/3,
        // `inputRoundOffIsNotAConflict`); past it, the gap is
        // as large as a real conflict.
        let domain = min(magnitude, Double(Tolerances.domainMagnitude))
        return Tolerances.isGapInputRoundOff(gap, magnitude: domain) ? .holds : .undecided
    }

    /// Whether a required equality's row, left with dummies alone, dropped a
    /// real coefficient (below dust, or cancelled within the tableau's
    /// round-off bound): one that is not round-off once the row is refined.
    ///
    /// The row stands for the constraint's equation less Σ μₖ (equation k),
    /// each dummy's coefficient −μₖσₖ (times the row's sign). What that
    /// misses, measured on the original equations (whose numbers carry none
    /// of the tableau's round-off) and carried through the tableau to the
    /// parametric symbols, is the row's correction, as refinement corrects
    /// values (SolverCore+Refine.swift); its own rounding is that of the sums
    /// it comes from, each input and each operation within half a unit in
    /// the last place. A symbol other than a dummy whose correction is past
    /// that rounding has a real coefficient the tableau cannot hold: a near
    /// copy's difference, which the tableau's own sums cannot tell from their
    /// round-off (`nearCopyWithinTheTableausRoundOffIsUndecided`), where a
    /// copy in the user's numbers (0.3333333333333333 for 1/3) leaves the
    /// inputs' rounding alone. The multipliers' own error η reaches the
    /// correction as η², so a true copy stays within the rounding while η²
    /// stays below the unit round-off (Docs/Solver.md, "Near copies").
    /// Mutating though it only reads: a non-mutating call from a mutating
    /// method copied the whole solver to pass it.
    mutating func dropsARealCoefficient(
        _ constraint: Constraint, variables: [Symbol], row: Row, marker: Symbol, sign: Double
    ) -> Bool {
        guard let own = row.index(of: marker) else { return true }
        let unit = row.cells[own].coefficient / sign
        var sums: [Symbol: (sum: Double, magnitude: Double, terms: Int)] = [:]
        func add(_ s: Symbol, _ product: Double) {
            let e = sums[s, default: (0, 0, 0)]
            sums[s] = (e.sum + product, e.magnitude + abs(product), e.terms + 1)
        }
        for (term, s) in zip(constraint.expression.terms, variables) { add(s, term.coefficient) }
        for cell in row.cells.sorted(by: { $0.symbol < $1.symbol }) where cell.symbol != marker {
            let k = registry.ownerOf[Int(cell.symbol)]
            guard k >= 0 else { return true }
            let h = audit.equations.headers[Int(k)]
            let mu = -cell.coefficient / unit / h.markerSign
            for t in Int(h.start)..<Int(h.start + h.count) {
                add(audit.equations.symbols[t], -mu * audit.equations.coefficients[t])
            }
        }
        var correction: [Symbol: (value: Double, rounding: Double)] = [:]
        func correct(_ s: Symbol, _ value: Double, _ rounding: Double) {
            let e = correction[s, default: (0, 0)]
            correction[s] = (e.value + value, e.rounding + rounding)
        }
        // In the symbols' order: a dictionary's changes from process to
        // process, and with it the corrections' last bits.
        for s in sums.keys.sorted() {
            let e = sums[s] ?? (0, 0, 0)
            let rounding = Double(e.terms + 1) * Tolerances.unitRoundOff * e.magnitude
            let k = slotOf[Int(s)]
            guard k >= 0 else {
                correct(s, e.sum, rounding)
                continue
            }
            for cell in slots[Int(k)].cells {
                correct(cell.symbol, e.sum * cell.coefficient, rounding * abs(cell.coefficient))
            }
        }
        return correction.contains { s, e in kinds[Int(s)] != .dummy && abs(e.value) > e.rounding }
    }

    func unsatisfiable(_ constraint: Constraint) -> SolverError {
        SolverError(
            .unsatisfiableConstraint, constraint: constraint,
            message: "unsatisfiable required constraint \(constraint)\(where: constraint): it conflicts with the required constraints already in the solver")
    }

    /// Builds the row of a new constraint in terms of the current parametric
    /// symbols, with its slack, dummy or error symbols; the constant is made
    /// non-negative so that a restricted subject starts feasible.
    ///
    /// Also returns the magnitude of the largest number that went into the
    /// constant, against which "is the constant zero?" is decided: a row built
    /// from values near 1e8 carries round-off far above the absolute epsilon.
    mutating func makeRow(for constraint: Constraint, symbols variables: inout [Symbol])
        -> (row: Row, marker: Symbol, other: Symbol, scale: Double, signs: (marker: Double, other: Double))
    {
        let expression = constraint.expression
        var row = Row(constant: Double(expression.constant))
        // The terms, a slack or two errors, and room for what substitution brings:
        // growing by appends cost three reallocations a row of a small system.
        row.cells.reserveCapacity(2 * expression.terms.count + 4)
        var scale: Double = abs(Double(expression.constant))
        let terms = expression.terms
        for j in terms.indices {
            // Looked up by identity first: handing the variable to a call
            // retained it, and only a new one needs it.
            let s = registry.variableSymbols[terms[j].variable.id] ?? newExternalSymbol(for: terms[j].variable)
            let coefficient = Double(terms[j].coefficient)
            variables.append(s)
            let k = slotOf[Int(s)]
            if k >= 0 {
                let definition = slots[Int(k)]
                accumulateCells(of: definition, times: coefficient, into: &row)
                let product = coefficient * definition.constant
                row.constant += product
                scale = max(scale, abs(product))
            } else {
                let lost = accumulate(s, coefficient, into: &row)
                if lost > 0 { noteLoss(s, lost) }
            }
        }
        let required = constraint.priority.isRequired
        let signs = symbolSigns(of: constraint)
        // expression <= 0  ⇔  expression + slack == 0 with slack >= 0.
        let marker = newSymbol(constraint.relation != .equal ? .slack : required ? .dummy : .error)
        let other = required ? invalidSymbol : newSymbol(.error)
        accumulate(marker, signs.marker, into: &row)
        if other != invalidSymbol { accumulate(other, signs.other, into: &row) }
        compactDetached(&row)
        if row.constant < 0 { row.reverseSign() }
        return (row, marker, other, scale, signs)
    }

    /// The symbol to solve the new row for: an external symbol if the row has
    /// one, the one in the fewest rows (least fill-in; a fresh one costs no
    /// substitution at all); else the constraint's own slack or error when its
    /// coefficient is negative (the constant is >= 0, so it starts feasible);
    /// else none, and the row needs an artificial variable.
    ///
    /// Externals must go first: it keeps every parametric external out of the
    /// rows of restricted symbols, so that solving for an external never
    /// changes the constant of a restricted row and breaks feasibility.
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func chooseSubject(_ row: Row, marker: Symbol, other: Symbol) -> Symbol {
        // Threshold pivoting, as sparse LU codes do: only externals whose
        // coefficient is within a factor of the largest qualify, so the row is
        // never divided by a coefficient that is round-off next to the others.
        // The pivot tolerance is relative to the row's largest entry (a
        // dummy's aside: it is never solved for) when that is below 1, as if
        // the row had been scaled to it: multiplying an equation through
        // changes no answer, and a row whose entries all carry a small common
        // factor is as good a definition as one without it
        // (`smallRowIsScaledBeforeItsPivot`). Larger rows keep the absolute
        // tolerance until every ratio test is relative too.
        var largest: Double = 0
        var rowScale: Double = 0
        for cell in row.cells where kinds[Int(cell.symbol)] != .dummy {
            rowScale = max(rowScale, abs(cell.coefficient))
            if kinds[Int(cell.symbol)] == .external { largest = max(largest, abs(cell.coefficient)) }
        }
        var best = invalidSymbol
        var bestCount = Int.max
        for cell in row.cells {
            let (s, c) = (cell.symbol, abs(cell.coefficient))
            guard kinds[Int(s)] == .external && c >= SolverLimits.subjectShare * largest && c >= Tolerances.pivot * min(1, rowScale)
            else { continue }
            let n = columns[Int(s)].count
            if n < bestCount {
                best = s
                bestCount = n
                if n == 0 { break }
            }
        }
        if best != invalidSymbol { return best }
        for candidate in [marker, other] where candidate != invalidSymbol && kinds[Int(candidate)].isPivotable {
            if row.coefficient(for: candidate) < 0 { return candidate }
        }
        return invalidSymbol
    }

    /// Phase one: adds the row with an artificial basic variable and drives it
    /// to zero. Anything but `.holds` (it cannot reach zero: the required
    /// constraints cannot all hold) and the caller rolls back.
    mutating func addWithArtificialVariable(
        _ row: Row, scale: Double, constraint: Constraint, marker: Symbol, other: Symbol, variables: [Symbol]
    ) throws(PivotBudgetSpent) -> Verdict {
        let art = newSymbol(.artificial)
        var artRow = row
        artRow.basic = art
        insertRow(consume artRow)
        artificialObjective = row
        try optimizeArtificial()
        // Phase one ends with the new constraint holding, up to round-off of
        // the size of the numbers involved: its gap is measured directly at
        // the point, not read from the artificial objective, whose constant
        // carries the round-off of every pivot of phase one.
        let gap = residual(of: constraint, variables: variables, marker: marker, other: other)
        // The residual check's allowance first: phase one on a 100-row tableau
        // leaves about that much (`phaseOneRoundOffIsNotAConflict`).
        var verdict: Verdict = .holds
        if !Tolerances.isResidualNegligible(gap.residual, comparedTo: max(scale, gap.magnitude)) {
            verdict = judgeGap(gap.residual, scale: scale, magnitude: gap.magnitude)
        }
        // A rejection must carry its proof (SolverCore+Certificate.swift).
        if verdict == .conflicts, let combination = artificialObjective,
            !provesConflict(combination, constraint: constraint, variables: variables, marker: marker, other: other)
        {
            verdict = .undecided
        }
        // No refactorisation here: redoing phase one on refactorised rows
        // turned correct verdicts wrong (property 1).
        artificialObjective = nil
        guard verdict == .holds else { return verdict }

        if isBasic(art) {
            let k = slotOf[Int(art)]
            let artRowNow = slots[Int(k)]
            if artRowNow.cells.isEmpty {
                _ = removeRow(ofBasic: art)
                freeSymbol(art)
                return .holds
            }
            guard let entering = artRowNow.cells.first(where: { kinds[Int($0.symbol)].isPivotable })?.symbol else {
                // Only dummies, or externals too small to pivot on: the latter
                // is not a proof of conflict (`nearCopyOfARequiredEqualityIsNotProvenAConflict`).
                // A residue of input round-off (1e-16 of the coefficient the
                // constraint gives the variable) proves nothing either way,
                // and the exact conflict stands.
                let real = artRowNow.cells.contains { cell in
                    let (s, c) = (cell.symbol, cell.coefficient)
                    guard kinds[Int(s)] == .external, let i = variables.firstIndex(of: s) else { return false }
                    let own = abs(Double(constraint.expression.terms[i].coefficient))
                    return !Tolerances.isGapInputRoundOff(c, magnitude: own)
                }
                return real ? .undecided : .conflicts
            }
            pivot(entering: entering, leaving: art)
        }
        // The artificial is parametric at value 0: drop its column.
        detach(art)
        freeSymbol(art)
        return .holds
    }

    /// Adds `times × symbol` to an objective level, through the symbol's row if it is basic.
    mutating func addToObjective(_ symbol: Symbol, times w: Double, level: Int) {
        let k = slotOf[Int(symbol)]
        if k >= 0 {
            let definition = slots[Int(k)]
            for cell in definition.cells {
                let s = cell.symbol
                logCost(s)
                objective.add(w * cell.coefficient, to: s, level: level)
                if kinds[Int(s)] != .dummy && objective.isLexNegative(s) { candidates.push(s) }
            }
            logConstants()
            objective.addConstant(w * definition.constant, level: level)
        } else {
            logCost(symbol)
            objective.add(w, to: symbol, level: level)
            if kinds[Int(symbol)] != .dummy && objective.isLexNegative(symbol) { candidates.push(symbol) }
        }
    }
}

extension String.StringInterpolation {
    /// ` (written at File.swift:12)` when the constraint knows where it was written.
    mutating func appendInterpolation(where constraint: Constraint) {
        if let location = constraint.location { appendLiteral(" (written at \(location))") }
    }
}
