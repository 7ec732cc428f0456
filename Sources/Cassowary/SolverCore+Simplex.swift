extension SolverCore {
    /// Primal simplex on the lexicographic objective. Entering symbol: the
    /// lowest-id candidate whose reduced cost is lexicographically negative
    /// (Bland's rule: no cycling, and no dependence on discovery order).
    mutating func optimize() {
        while let entering = candidates.pop() {
            let i = Int(entering)
            guard slotOf[i] < 0, kinds[i] != .dummy, kinds[i] != .free, objective.isLexNegative(entering) else {
                continue
            }
            guard let leaving = leavingRow(for: entering) else {
                // No row bounds the symbol: its negative cost is round-off on a
                // bounded problem (every level is a sum of non-negative errors).
                // kiwi aborts here ("objective is unbounded"); drop the noise.
                for l in 0..<objective.stride where objective.coefficient(entering, level: l) < 0 {
                    objective.setCoefficient(0, entering, level: l)
                }
                continue
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Phase one of an add with an artificial variable: minimise the artificial
    /// objective with the same rules.
    mutating func optimizeArtificial() {
        while let art = artificialObjective {
            var entering = invalidSymbol
            for j in 0..<art.symbols.count {
                let s = art.symbols[j]
                if art.coefficients[j] < 0 && kinds[Int(s)] != .dummy && (entering == invalidSymbol || s < entering) {
                    entering = s
                }
            }
            guard entering != invalidSymbol, let leaving = leavingRow(for: entering) else { return }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The restricted row that bounds `entering` most tightly (minimum ratio);
    /// ties go to the lowest basic symbol.
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best = invalidSymbol
        var bestRatio = Double.infinity
        for entry in columns[Int(entering)] {
            let row = slots[Int(entry.slot)]
            let basic = row.basic
            guard kinds[Int(basic)].isRestricted else { continue }
            let c = row.coefficients[Int(entry.cell)]
            guard c < 0 else { continue }
            let ratio = -row.constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic < best) {
                bestRatio = ratio
                best = basic
            }
        }
        return best == invalidSymbol ? nil : best
    }

    /// Dual simplex: repairs restricted rows with a negative constant while
    /// keeping the objective optimal. Leaving row: the lowest basic symbol
    /// among the infeasible; entering: the lexicographically smallest ratio
    /// of reduced cost to coefficient, ties to the lowest symbol.
    mutating func dualOptimize() {
        while let leaving = infeasible.pop() {
            let k = slotOf[Int(leaving)]
            guard k >= 0 else { continue }
            let row = slots[Int(k)]
            guard row.constant < 0 else { continue }
            var entering = invalidSymbol
            var enteringCoefficient = 0.0
            for j in 0..<row.symbols.count {
                let s = row.symbols[j]
                let c = row.coefficients[j]
                guard c > 0, kinds[Int(s)] != .dummy else { continue }
                if entering == invalidSymbol {
                    entering = s
                    enteringCoefficient = c
                } else if let less = objective.ratioIsLess(s, c, than: entering, enteringCoefficient) {
                    if less {
                        entering = s
                        enteringCoefficient = c
                    }
                } else if s < entering {
                    entering = s
                    enteringCoefficient = c
                }
            }
            // A row with no positive coefficient would mean the required
            // constraints became infeasible, which a suggestion (never
            // required) cannot cause; leave such a row rather than abort.
            guard entering != invalidSymbol else { continue }
            pivot(entering: entering, leaving: leaving)
        }
    }

    func value(of variable: Variable) -> Double {
        guard let s = variableSymbols[variable.id] else { return 0 }
        let k = slotOf[Int(s)]
        return k >= 0 ? slots[Int(k)].constant : 0
    }
}
