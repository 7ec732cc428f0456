extension SolverCore {
    // MARK: - Checking the tableau against the original constraints
    //
    // The tableau is updated in place by every pivot and never rebuilt, so
    // its rows carry the round-off of every operation since they were made,
    // and coefficients that fell below `Scalar.tolerances.dust` are gone. On systems
    // whose values reach 1e9 and more (coefficients of 1e3 chained), that
    // drift becomes visible: a row constant off by 1e-5, a constraint that no
    // longer holds at the solver's point, a reduced cost of the wrong sign.
    //
    // The repair is the one LP codes use: the basis (which symbols are basic)
    // is right or nearly so, only the numbers are stale; so the rows are
    // recomputed for the same basis from the original constraints (Gaussian
    // elimination with partial pivoting: a refactorisation), the objective
    // is rebuilt from them, and the simplex goes on from there. It runs only
    // when a call raised `numericHazard` and the residual of some original
    // constraint at the current point is more than round-off.

    /// One original equation: `Σ coefficients × symbols + constant = 0`.
    struct Equation {
        var symbols: [Symbol] = []
        var coefficients: [Scalar] = []
        var constant: Scalar = 0
    }

    /// The current suggestion of an edit constraint's record (0 before the first).
    func suggestion(for record: ConstraintRecord) -> Scalar {
        guard record.isEdit, let term = record.constraint.expression.terms.first,
            let e = editIndex[term.variable.id], let edit = edits[Int(e)],
            edit.constraint.id == record.constraint.id
        else { return 0 }
        return Scalar(edit.constant)
    }

    /// The equation of a constraint: `expression − suggestion + σm·marker + σo·other = 0`.
    func equation(
        of constraint: Constraint, variables: [Symbol], marker: Symbol, other: Symbol, suggestion: Scalar
    ) -> Equation {
        var equation = Equation()
        equation.constant = Scalar(constraint.expression.constant) - suggestion
        for (term, s) in zip(constraint.expression.terms, variables) {
            equation.symbols.append(s)
            equation.coefficients.append(Scalar(term.coefficient))
        }
        let signs = symbolSigns(of: constraint)
        equation.symbols.append(marker)
        equation.coefficients.append(signs.marker)
        if other != invalidSymbol {
            equation.symbols.append(other)
            equation.coefficients.append(signs.other)
        }
        return equation
    }

    /// Every original equation the tableau stands for, in record order.
    func originalEquations() -> [Equation] {
        var equations: [Equation] = []
        equations.reserveCapacity(rowCount)
        for case let record? in records {
            equations.append(
                equation(
                    of: record.constraint, variables: record.variables, marker: record.marker,
                    other: record.other, suggestion: suggestion(for: record)))
        }
        return equations
    }

    /// How far the current point is off the original equations: the largest
    /// residual as a multiple of what round-off allows it (at most 1 when
    /// every equation holds, each up to round-off of the numbers it sums).
    ///
    /// - Complexity: O(terms of all constraints).
    func worstResidual(
        relative: Scalar = Scalar.tolerances.residual, floor: Scalar = Scalar.tolerances.residualFloor,
        magnitudeCap: Scalar = .infinity
    ) -> Scalar {
        var worst: Scalar = 0
        for case let record? in records {
            let (r, magnitude) = residual(
                of: record.constraint, variables: record.variables, marker: record.marker,
                other: record.other, suggestion: suggestion(for: record))
            worst = max(worst, abs(r) / max(floor, relative * min(magnitude, magnitudeCap)))
        }
        return worst
    }

    /// Each level's violation sum at the current point, from its errors'
    /// values (not the objective's constants), and the magnitude it sums.
    ///
    /// - Complexity: O(soft constraints).
    func levelSums() -> (sums: [Scalar], magnitudes: [Scalar]) {
        var sums = [Scalar](repeating: 0, count: objective.stride)
        var magnitudes = sums
        for case let record? in records where !record.constraint.priority.isRequired {
            guard let level = objective.level(of: record.constraint.priority) else { continue }
            for error in [record.marker, record.other] where error != invalidSymbol && kinds[Int(error)] == .error {
                let value = Scalar(record.constraint.weight) * symbolValue(error)
                sums[level] += value
                magnitudes[level] += abs(value)
            }
        }
        return (sums, magnitudes)
    }

    /// Whether some level's sum (the objective's constant) disagrees with
    /// `levelSums()` by more than round-off: the objective has drifted from
    /// the rows.
    func objectiveHasDrifted(_ levels: (sums: [Scalar], magnitudes: [Scalar])) -> Bool {
        for level in 0..<objective.stride {
            let drift = objective.constants[level] - levels.sums[level]
            if !Scalar.tolerances.isResidualNegligible(drift, comparedTo: levels.magnitudes[level]) { return true }
        }
        return false
    }

    /// Whether `a` is lexicographically worse than `b` by more than round-off.
    func isWorse(_ a: [Scalar], than b: (sums: [Scalar], magnitudes: [Scalar])) -> Bool {
        for level in 0..<min(a.count, b.sums.count) {
            let difference = a[level] - b.sums[level]
            if Scalar.tolerances.isResidualNegligible(difference, comparedTo: b.magnitudes[level]) { continue }
            return difference > 0
        }
        return false
    }

    /// Recomputes every row for the current basis from the original
    /// constraints, then the objective from the rows. Returns false, and
    /// changes nothing, when the basis does not match the constraints (a row
    /// count that differs, a singular basis) or is too large to refactorise.
    ///
    /// Gauss-Jordan elimination with partial pivoting on the dense matrix
    /// `[B | N | constants]`: O(m² × (m + n)) for m rows and n parametric
    /// symbols, which is why it runs only when the residual check (`worstResidual`) fails.
    mutating func refactor() -> Bool {
        trace.everything = true
        var basics: [Symbol] = []
        var basicSlots: [Int32] = []
        for k in slots.indices {
            let b = slots[k].basic
            if b != invalidSymbol && Int(b) < slotOf.count && slotOf[Int(b)] == Int32(k) {
                basics.append(b)
                basicSlots.append(Int32(k))
            }
        }
        let equations = originalEquations()
        let m = basics.count
        guard m > 0, equations.count == m, m <= Self.refactorLimit else { return false }

        // Columns: the basic symbols first, then the parametric ones, then the constant.
        var column = [Int32](repeating: -1, count: kinds.count)
        for (j, b) in basics.enumerated() { column[Int(b)] = Int32(j) }
        var parametric: [Symbol] = []
        for e in equations {
            for s in e.symbols where column[Int(s)] < 0 {
                column[Int(s)] = Int32(m + parametric.count)
                parametric.append(s)
            }
        }
        let width = m + parametric.count + 1
        var a = [Scalar](repeating: 0, count: m * width)
        for (i, e) in equations.enumerated() {
            for (s, c) in zip(e.symbols, e.coefficients) { a[i * width + Int(column[Int(s)])] += c }
            a[i * width + width - 1] = e.constant
        }

        var columnScales = [Scalar](repeating: 0, count: m)
        for i in 0..<m {
            for j in 0..<m { columnScales[j] = max(columnScales[j], abs(a[i * width + j])) }
        }
        let solved: Bool = a.withUnsafeMutableBufferPointer { a in
            for j in 0..<m {
                var p = -1
                var largest: Scalar = 0
                for i in j..<m {
                    let v = abs(a[i * width + j])
                    if v > largest {
                        largest = v
                        p = i
                    }
                }
                // A singular basis means the tableau lost an equation to
                // round-off; refactorising cannot say which: leave it.
                guard p >= 0, largest > Scalar.tolerances.roundOff * columnScales[j] else { return false }
                if p != j {
                    for t in 0..<width { a.swapAt(j * width + t, p * width + t) }
                }
                let inverse = 1.0 / a[j * width + j]
                for t in j..<width { a[j * width + t] *= inverse }
                a[j * width + j] = 1
                for i in 0..<m where i != j {
                    let f = a[i * width + j]
                    guard f != 0 else { continue }
                    for t in j..<width where a[j * width + t] != 0 {
                        a[i * width + t] -= f * a[j * width + t]
                    }
                    a[i * width + j] = 0
                }
            }
            return true
        }
        guard solved else { return false }

        // Row i now reads basics[i] + Σ a·parametric + constant = 0.
        for i in 0..<m {
            let k = basicSlots[i]
            journalRow(k)
            var row = Row()
            swap(&row, &slots[Int(k)])
            for c in 0..<row.symbols.count { unlink(&row, cell: c, slot: k) }
            row.symbols.removeAll(keepingCapacity: true)
            row.coefficients.removeAll(keepingCapacity: true)
            row.links.removeAll(keepingCapacity: true)
            var scale: Scalar = 0
            for t in 0..<parametric.count { scale = max(scale, abs(a[i * width + m + t])) }
            for t in 0..<parametric.count {
                let v = -a[i * width + m + t]
                if abs(v) > Scalar.tolerances.roundOff * scale && !Scalar.tolerances.isNegligibleCoefficient(v) {
                    row.symbols.append(parametric[t])
                    row.coefficients.append(v)
                }
            }
            var constant = -a[i * width + width - 1]
            let basic = basics[i]
            if kinds[Int(basic)].isRestricted && constant < 0 && constant > -Scalar.tolerances.epsilon { constant = 0 }
            row.constant = constant
            row.links = [Int32](repeating: 0, count: row.symbols.count)
            for c in 0..<row.symbols.count { link(&row, cell: c, slot: k) }
            swap(&row, &slots[Int(k)])
            if constant < 0 && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
        }

        rebuildObjective()
        return true
    }

    /// Inside the primal simplex of a double-double call that raised the
    /// hazard: refactorises once the point has drifted `allowed` residual
    /// allowances, then allows 100 times what the refactorised tableau still
    /// misses by, so an ill-conditioned basis is not refactorised after every
    /// pivot. The end-of-call repair alone comes too late when one call takes
    /// many pivots through ill-conditioned bases (`driftWithinOneCallIsRefactored`).
    mutating func refactorIfDrifted(allowing allowed: inout Scalar) {
        guard worstResidual() > allowed else { return }
        // Each refactorisation is O(rows² × symbols): a call takes a few.
        guard refactorsLeft > 0 else {
            allowed = .infinity
            return
        }
        refactorsLeft -= 1
        guard refactor() else {
            allowed = .infinity
            return
        }
        dualOptimize()
        allowed = max(Self.driftBeforeRefactor, 100 * worstResidual())
    }

    /// How many residual allowances the point may drift, inside a call that
    /// raised the hazard, before the simplex refactorises (double-double only).
    static var driftBeforeRefactor: Scalar { 1.0e4 }

    /// The most rows a refactorisation takes on (its matrix is dense).
    static var refactorLimit: Int { 2000 }

    /// Rebuilds every level from the errors of the soft constraints, through the current rows.
    mutating func rebuildObjective() {
        trace.everything = true
        for s in 0..<objective.symbolCapacity where objective.isNonZero(Symbol(s)) {
            journalObjective(Symbol(s))
            objective.clear(Symbol(s))
        }
        for l in 0..<objective.stride { objective.setConstant(0, level: l) }
        for case let record? in records where !record.constraint.priority.isRequired {
            guard let level = objective.level(of: record.constraint.priority) else { continue }
            for error in [record.marker, record.other] where error != invalidSymbol && kinds[Int(error)] == .error {
                addToObjective(error, times: Scalar(record.constraint.weight), level: level)
            }
        }
        refreshCandidates()
    }

    /// After a public call: when the point is off the original constraints,
    /// refactorise and optimise again (twice at most: a refactorised tableau
    /// carries only the round-off of the pivots since).
    mutating func repairIfNeeded() {
        let hazard = numericHazard
        let strayCosts = objective.hasCoefficient(below: Scalar.tolerances.epsilon)
        guard hazard || strayCosts else { return }
        // The objective drifts like the rows: a product dropped as dust, or a
        // residue snapped in a row but kept in the objective, leaves a level a
        // cost that is not there and blocks a lower level
        // (`objectiveDriftBlocksALowerLevel`, `strayCostInDoubleDoubleBlocksALowerLevel`).
        // The objective is rebuilt from the rows, and the simplex goes on.
        let levels = levelSums()
        if strayCosts || objectiveHasDrifted(levels) {
            // Kept only if it did not make things worse: a rebuilt objective
            // on a tableau that has drifted itself can send the simplex astray.
            let unrebuilt = self
            let residualBefore = worstResidual()
            rebuildObjective()
            optimize()
            if worstResidual() > max(1, residualBefore) || isWorse(levelSums().sums, than: levels) {
                self = unrebuilt
            }
        }
        guard hazard else { return }
        for _ in 0..<2 {
            let before = worstResidual()
            if before <= 1 { return }
            // A repair that leaves the point further off the constraints
            // than it found it (the simplex after a refactorisation can go
            // astray on a tableau that is not dual feasible) is undone.
            let unrepaired = self
            guard refactor() else { return }
            dualOptimize()
            optimize()
            if worstResidual() > before {
                self = unrepaired
                return
            }
        }
    }
}

