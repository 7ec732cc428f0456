extension SolverCore {
    /// Whether the optimum may not be unique in the user's variables: some
    /// parametric symbol (a variable, a slack or an error) has no cost at any level,
    /// can move by a positive step before a restricted row blocks it, and moving it
    /// moves a variable. False means every optimum has the same variable values, so
    /// any start reaches them. Conservative: it looks one pivot deep (a direction
    /// that a degenerate pivot would open counts as blocked, one a later pivot would
    /// close counts as open).
    func mayHaveAlternativeOptima() -> Bool {
        !freeDirections(stopAtFirst: true).isEmpty
    }

    /// The variables that some free direction of ``mayHaveAlternativeOptima()`` moves.
    func variablesFreeAtOptimum() -> [Variable] {
        var seen = Set<Int>()
        var result: [Variable] = []
        for direction in freeDirections(stopAtFirst: false) {
            for s in direction where seen.insert(s).inserted {
                if let variable = registry.variableOf[s] { result.append(variable) }
            }
        }
        return result
    }

    /// For each zero-cost, unblocked direction: the external symbols it moves
    /// (the entering symbol itself when external, and the basic variables of its rows).
    private func freeDirections(stopAtFirst: Bool) -> [[Int]] {
        let tolerance = Tolerances.epsilon
        let stride = objective.stride
        // One pass over contiguous arrays without bounds checks: this runs after
        // every row, so it must cost little beside the row's own solve.
        let candidates: [Int] = kinds.withUnsafeBufferPointer { kinds in
            slotOf.withUnsafeBufferPointer { slotOf in
                objective.coefficients.withUnsafeBufferPointer { costs in
                    var found: [Int] = []
                    for s in 0..<kinds.count where slotOf[s] < 0 {
                        let kind = kinds[s]
                        guard kind == .external || kind == .slack || kind == .error else { continue }
                        var negligible = true
                        var k = s * stride
                        let end = k + stride
                        while k < end {
                            if abs(costs[k]) > tolerance { negligible = false; break }
                            k += 1
                        }
                        if negligible { found.append(s) }
                    }
                    return found
                }
            }
        }
        var directions: [[Int]] = []
        for s in candidates where !columns[s].isEmpty {
            let kind = kinds[s]
            // Directions: up for every kind; down too for an unrestricted variable.
            for direction: Double in kind == .external ? [1, -1] : [1] {
                var blocked = false
                var moved: [Int] = kind == .external ? [s] : []
                for entry in columns[s] {
                    let row = slots[Int(entry.slot)]
                    let change = direction * row.cells[Int(entry.cell)].coefficient
                    if abs(change) <= tolerance { continue }
                    if kinds[Int(row.basic)] == .external {
                        moved.append(Int(row.basic))
                    } else if change < 0, row.constant <= tolerance {
                        blocked = true
                        break
                    }
                }
                if !blocked, !moved.isEmpty {
                    directions.append(moved)
                    if stopAtFirst { return directions }
                }
            }
        }
        return directions
    }
}
