extension SolverCore {
    /// Primal simplex on the lexicographic objective.
    ///
    /// Entering symbol: Dantzig's rule on the lexicographic reduced costs —
    /// the candidate whose first non-zero level is highest, most negative
    /// there, ties to the lowest id. It takes far fewer pivots than Bland's
    /// rule (the lowest-id negative symbol, kiwi's choice), which can crawl
    /// on dense systems. Dantzig's rule can cycle on degenerate pivots, so
    /// after a run of them the choice falls back to Bland's rule, which
    /// cannot, until a pivot makes progress again. Every choice depends only
    /// on the values and the ids, never on the order candidates were found.
    ///
    /// Returns the last symbol whose cost it dropped past round-off of its
    /// level's weights (`invalidSymbol` for none): a direction this arithmetic
    /// cannot follow, on which the call's certificate fails.
    mutating func optimize() throws(PivotBudgetSpent) -> Symbol {
        var unfollowed = invalidSymbol
        var degenerateRun = 0
        var pivots = 0
        let patience = SolverLimits.patience(rows: rowCount)
        // Symbols whose cost was dropped since the last pivot: the rows still
        // price it, and it stays dropped until a pivot changes them.
        var dropped: [Symbol] = []
        while true {
            let bland = degenerateRun > SolverLimits.degeneratePivotsBeforeBland || pivots > patience
            var best = invalidSymbol
            var bestLevel = Int.max
            var bestValue: Double = 0
            var i = 0
            while i < candidates.items.count {
                let s = candidates.items[i]
                let kind = kinds[Int(s)]
                guard slotOf[Int(s)] < 0, kind != .dummy, kind != .free,
                    let (level, value) = objective.leadingNegative(s)
                else {
                    candidates.remove(at: i)
                    continue
                }
                i += 1
                if best == invalidSymbol
                    || (bland ? s < best : level < bestLevel || (level == bestLevel && (value < bestValue || (value == bestValue && s < best))))
                {
                    (best, bestLevel, bestValue) = (s, level, value)
                }
            }
            guard best != invalidSymbol else { return unfollowed }
            // The objective is updated by every pivot and carries their
            // round-off; the entering symbol's costs are priced again from
            // the rows before its pivot is taken (`denseSystemAnswersAtTheOptimum`).
            guard costsStand(best, leadingLevel: bestLevel, dropped: dropped.contains(best)) else { continue }
            // No row bounds the symbol: on a bounded problem (every level is
            // a sum of non-negative errors) its cost is round-off, or real and
            // too small for this arithmetic (`realTinyReducedCostIsDroppedAsNoise`):
            // its negative costs are dropped. So is a leading cost that is
            // noise for the row that would leave. A cost past round-off of its
            // level's weights is a direction the arithmetic cannot follow, and
            // the call's certificate fails on it. kiwi aborts here.
            let step = leavingRow(for: best, strict: bland)
            guard let (leaving, ratio) = step, !enteringCostIsNoise(best, cost: bestValue, leaving: leaving, ratio: ratio)
            else {
                logCost(best)
                if abs(bestValue) > Tolerances.roundOff * levelScale(bestLevel) { unfollowed = best }
                dropped.append(best)
                for l in 0..<objective.stride where step == nil ? objective.coefficient(best, level: l) < 0 : l == bestLevel {
                    objective.setCoefficient(0, best, level: l)
                }
                continue
            }
            degenerateRun = ratio <= Tolerances.epsilon ? degenerateRun + 1 : 0
            pivots += 1
            try spendPivot()
            pivot(entering: best, leaving: leaving)
            if !dropped.isEmpty { dropped.removeAll(keepingCapacity: true) }
        }
    }

    /// Prices `s` again from the rows: at each level, its own cost plus the
    /// cost of every basic error times its coefficient of `s` in that
    /// error's row, a sum that is zero within round-off of its products
    /// (`roundOff` of their magnitudes) taken as zero. Returns whether the
    /// stored costs stand: the fresh ones lead with a negative cost at
    /// `leadingLevel`, or before it for a cost the run `dropped` since its
    /// last pivot. Where they do not, the objective takes the
    /// fresh ones and the caller chooses again: the stored costs are round-off
    /// the pivots summed, which the rows do not have (a dense system kept
    /// -6e-6 where the rows give exactly 0, and a pivot on it made the basis
    /// singular).
    mutating func costsStand(_ s: Symbol, leadingLevel: Int, dropped: Bool) -> Bool {
        let stride = objective.stride
        var sums: [Double] = []
        swap(&sums, &scratch.prices)
        defer { swap(&sums, &scratch.prices) }
        sums.removeAll(keepingCapacity: true)
        sums.append(contentsOf: repeatElement(0, count: 2 * stride))
        // `objectiveCost(of:)` written out: called from here, it cost
        // enaml-like-1's build 20% more instructions (callgrind).
        func add(_ symbol: Symbol, times coefficient: Double) -> Bool {
            guard kinds[Int(symbol)] == .error else { return true }
            let r = registry.ownerOf[Int(symbol)]
            guard r >= 0 else { return false }
            let header = audit.equations.headers[Int(r)]
            guard header.marker == symbol || header.other == symbol else { return false }
            guard let level = objective.level(of: header.priority) else { return false }
            let product = header.weight * coefficient
            sums[2 * level] += product
            sums[2 * level + 1] += abs(product)
            return true
        }
        guard add(s, times: 1) else { return true }
        for entry in columns[Int(s)] {
            let k = Int(entry.slot)
            guard add(slots[k].basic, times: slots[k].cells[Int(entry.cell)].coefficient) else { return true }
        }
        var leading = stride
        for l in 0..<stride where abs(sums[2 * l]) > Tolerances.roundOff * sums[2 * l + 1] {
            leading = l
            break
        }
        // A fresh cost that leads earlier is one the run dropped (no pivot
        // could take it). Dropped since the last pivot, it stays dropped, and
        // the certificate judges it: between two pivots a symbol's lead only
        // moves down the levels, and the run goes on. After a pivot changed
        // the rows, it is priced back in: a pivot may take it now.
        if leading == leadingLevel && sums[2 * leading] < 0 { return true }
        if leading < leadingLevel && sums[2 * leading] < 0 && dropped { return true }
        logCost(s)
        for l in 0..<stride {
            let fresh = l < leading ? 0 : sums[2 * l]
            if objective.coefficient(s, level: l) != fresh { objective.setCoefficient(fresh, s, level: l) }
        }
        return false
    }

    /// Whether the entering symbol's leading cost, `cost`, is to be dropped
    /// as noise rather than pivoted on, given the row that would leave and
    /// the step it allows. Mutating though it only reads: called from a
    /// mutating method, a non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func enteringCostIsNoise(_ entering: Symbol, cost: Double, leaving: Symbol, ratio: Double) -> Bool {
        let small = abs(cost) < Tolerances.epsilon
        // A cost below the epsilon whose step gains less than the epsilon, and
        // only by taking a restricted row below zero through an entry the ratio
        // test did not count, gains nothing there while the levels below pay
        // for the move in full (`negligibleGainDoesNotMoveThePoint`). A gain
        // that dips no row is real, however small, and is taken
        // (`realGainBelowTheEpsilonIsTaken`).
        if small && ratio > Tolerances.epsilon && abs(cost) * ratio < Tolerances.epsilon
            && stepDipsAnUncountedRow(entering, ratio: ratio)
        {
            return true
        }
        guard small else { return false }
        let row = slots[Int(slotOf[Int(leaving)])]
        let element = abs(row.coefficient(for: entering))
        let largest = row.cells.reduce(0.0) { max($0, abs($1.coefficient)) }
        // A cost below the epsilon is as likely round-off as real: it does not
        // justify a pivot that multiplies its row's round-off by pivotGrowth.
        // A real cost is never dropped for its element alone
        // (`realCostOnASmallElementIsNotNoise`).
        return element * Tolerances.pivotGrowth < largest
    }

    /// Whether a step of `ratio` along `entering` takes below zero a
    /// restricted row that the ratio test did not count as a bound (its
    /// entry is below the pivot tolerance).
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func stepDipsAnUncountedRow(_ entering: Symbol, ratio: Double) -> Bool {
        for entry in columns[Int(entering)] {
            let row = slots[Int(entry.slot)]
            guard kinds[Int(row.basic)].isRestricted else { continue }
            let c = row.cells[Int(entry.cell)].coefficient
            guard c < 0, c >= -Tolerances.pivot else { continue }
            if row.constant + c * ratio < 0 { return true }
        }
        return false
    }

    /// Phase one of an add with an artificial variable: minimise the artificial
    /// objective with the same rules.
    mutating func optimizeArtificial() throws(PivotBudgetSpent) {
        var degenerateRun = 0
        var pivots = 0
        let patience = SolverLimits.patience(rows: rowCount)
        while let art = artificialObjective {
            // Dantzig's rule here too (the most negative coefficient, ties to
            // the lowest id), with the same fall-backs to Bland's rule.
            let bland = degenerateRun > SolverLimits.degeneratePivotsBeforeBland || pivots > patience
            var entering = invalidSymbol
            var mostNegative: Double = 0
            for cell in art.cells {
                let (s, c) = (cell.symbol, cell.coefficient)
                guard c < -Tolerances.pivot, kinds[Int(s)] != .dummy else { continue }
                if bland ? (entering == invalidSymbol || s < entering) : (c < mostNegative || (c == mostNegative && s < entering)) {
                    entering = s
                    mostNegative = c
                }
            }
            guard entering != invalidSymbol, let (leaving, ratio) = leavingRow(for: entering, strict: bland) else { return }
            degenerateRun = ratio <= Tolerances.epsilon ? degenerateRun + 1 : 0
            pivots += 1
            try spendPivot()
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The restricted row that bounds `entering` most tightly (minimum ratio),
    /// and that ratio.
    ///
    /// Two passes, as in Harris's ratio test: find the minimum ratio, then,
    /// among the rows within round-off of it, take the one with the largest
    /// coefficient; ties go to the lowest basic symbol. Pivoting on the largest
    /// available element keeps the tableau's numbers from blowing up, which
    /// taking the first tiny coefficient of a degenerate row does quickly on
    /// dense systems. With `strict` (Bland's rule, against cycling) the
    /// second pass only breaks exact ties, by the lowest basic symbol.
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func leavingRow(for entering: Symbol, strict: Bool = false) -> (Symbol, Double)? {
        // Pass one: the longest step after which no restricted row is below
        // -epsilon (Harris's relaxed bound). The slack is absolute, in the
        // rows' own units: a slack relative to the step would let a row go
        // visibly negative when steps are large (1e8), and the solver would
        // then hold an infeasible tableau.
        var bestRatio = Double.infinity
        var bound = Double.infinity
        // Rows are read in place: a row bound to a local is a copy, three
        // retains and releases per row of the column.
        for entry in columns[Int(entering)] {
            let k = Int(entry.slot)
            guard kinds[Int(slots[k].basic)].isRestricted else { continue }
            let c = slots[k].cells[Int(entry.cell)].coefficient
            guard c < -Tolerances.pivot else { continue }
            let constant = slots[k].constant
            bestRatio = min(bestRatio, -constant / c)
            bound = min(bound, -(constant + Tolerances.epsilon) / c)
        }
        guard bestRatio < .infinity else { return nil }
        if strict { bound = bestRatio }
        var best = invalidSymbol
        var bestCoefficient: Double = 0
        var chosenRatio = bestRatio
        for entry in columns[Int(entering)] {
            let k = Int(entry.slot)
            let basic = slots[k].basic
            guard kinds[Int(basic)].isRestricted else { continue }
            let c = slots[k].cells[Int(entry.cell)].coefficient
            guard c < -Tolerances.pivot else { continue }
            let ratio = -slots[k].constant / c
            guard ratio <= bound else { continue }
            if best == invalidSymbol || (strict ? basic < best : -c > bestCoefficient || (-c == bestCoefficient && basic < best)) {
                best = basic
                bestCoefficient = -c
                chosenRatio = ratio
            }
        }
        return (best, chosenRatio)
    }

    /// Whether a symbol waiting for the dual simplex is still below zero.
    func hasNegativeBasic() -> Bool {
        infeasible.items.contains { s in
            let k = slotOf[Int(s)]
            return k >= 0 && slots[Int(k)].constant < 0 && kinds[Int(s)].isRestricted
        }
    }

    /// Dual simplex: repairs restricted rows with a negative constant while
    /// keeping the objective optimal. Leaving row: among the queued, the
    /// largest infeasibility relative to its row's length, `c² / (1 + Σ a²)`
    /// (Dantzig's rule scaled as dual steepest edge scales it, with the
    /// tableau row standing for the basis inverse's, which this solver does
    /// not hold), ties to the lowest basic symbol; after a run of pivots as long as the primal simplex's
    /// patience, the lowest basic symbol (Bland's rule) against cycling.
    /// Entering: the lexicographically smallest ratio of reduced cost to
    /// coefficient; among ratios tied within the tolerance, the largest
    /// coefficient (Harris's rule: degenerate rows tie many ratios at 0, and
    /// a large element keeps the round-off from growing), then the lowest symbol.
    ///
    /// Returns the last slack or error it left below zero whose row repairs
    /// it only through a coefficient too small to pivot on (`invalidSymbol`
    /// for none): the call's certificate fails on it unless a later pivot
    /// repaired it.
    mutating func dualOptimize() throws(PivotBudgetSpent) -> Symbol {
        var unrepaired = invalidSymbol
        // Round-off can make the dual simplex cycle (a refactorised tableau
        // need not be dual feasible): the call's pivot budget ends it, and
        // the call reports that it could not settle.
        let patience = SolverLimits.patience(rows: rowCount)
        var pivots = 0
        while true {
            let bland = pivots > patience
            var leaving = invalidSymbol
            var worst: Double = 0
            var i = 0
            while i < infeasible.items.count {
                let s = infeasible.items[i]
                let k = slotOf[Int(s)]
                // A symbol freed since its push may name an external now.
                guard k >= 0, slots[Int(k)].constant < 0, kinds[Int(s)].isRestricted else {
                    infeasible.remove(at: i)
                    continue
                }
                // Bland's rule reads only the symbols: no score.
                var score = 0.0
                if !bland {
                    let c = slots[Int(k)].constant
                    var norm = 1.0
                    for cell in slots[Int(k)].cells { norm += cell.coefficient * cell.coefficient }
                    score = c * c / norm
                }
                if leaving == invalidSymbol || (bland ? s < leaving : score > worst || (score == worst && s < leaving)) {
                    (leaving, worst) = (s, score)
                }
                i += 1
            }
            guard leaving != invalidSymbol else { return unrepaired }
            let row = slots[Int(slotOf[Int(leaving)])]
            var entering = invalidSymbol
            var enteringCoefficient: Double = 0
            for cell in row.cells {
                let (s, c) = (cell.symbol, cell.coefficient)
                guard c > Tolerances.pivot, kinds[Int(s)] != .dummy else { continue }
                if entering == invalidSymbol
                    || (objective.ratioIsLess(s, c, than: entering, enteringCoefficient)
                        ?? (c > enteringCoefficient || (c == enteringCoefficient && s < entering)))
                {
                    entering = s
                    enteringCoefficient = c
                }
            }
            // A row with no positive coefficient above the pivot tolerance
            // would mean the required constraints became infeasible, which a
            // suggestion (never required) cannot cause: its entries are
            // round-off, and the call cannot trust its result.
            guard entering != invalidSymbol else {
                // A positive coefficient below the tolerance is a repair this
                // arithmetic cannot make: the certificate fails on it, unless
                // a later pivot repairs the row.
                if row.cells.contains(where: { $0.coefficient > 0 && kinds[Int($0.symbol)] != .dummy }) {
                    unrepaired = leaving
                }
                if let index = infeasible.items.firstIndex(of: leaving) { infeasible.remove(at: index) }
                continue
            }
            // A spent budget ends the call, whose rollback empties `infeasible`.
            try spendPivot()
            pivots += 1
            pivot(entering: entering, leaving: leaving)
        }
    }

    func value(of variable: Variable) -> Double {
        symbolValue(registry.variableSymbols[variable.id] ?? invalidSymbol)
    }
}
