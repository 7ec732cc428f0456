extension SolverCore {
    var userConstraints: [Constraint] {
        registry.records.compactMap { $0 }.filter { !$0.isEdit }.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    var editVariableList: [(variable: Variable, priority: Priority)] {
        registry.edits.compactMap { $0 }.sorted { $0.sequence < $1.sequence }.map { ($0.variable, $0.priority) }
    }

    var variableCount: Int { registry.variableSymbols.count }

    /// The cells of the live rows. O(rows).
    var cellCount: Int {
        var cells = 0
        for row in slots where row.basic != invalidSymbol && slotOf[Int(row.basic)] >= 0 { cells += row.count }
        return cells
    }

    var statistics: Solver.Statistics {
        let cells = cellCount
        var objectiveCells = 0
        for s in 0..<objective.symbolCapacity {
            for l in 0..<objective.stride where objective.coefficient(Symbol(s), level: l) != 0 { objectiveCells += 1 }
        }
        let live = kinds.reduce(0) { $0 + ($1 == .free ? 0 : 1) }
        return Solver.Statistics(
            rows: rowCount, cells: cells, objectiveCells: objectiveCells, objectiveLevels: objective.stride,
            liveSymbols: live, variables: registry.variableSymbols.count, constraints: registry.constraintIndex.count)
    }

    func symbolName(_ s: Symbol) -> String {
        switch kinds[Int(s)] {
        case .external: return registry.variableOf[Int(s)]?.description ?? "x\(s)"
        case .slack: return "s\(s)"
        case .error: return "e\(s)"
        case .dummy: return "d\(s)"
        case .artificial: return "a\(s)"
        case .free: return "free\(s)"
        }
    }

    func describe(_ row: Row) -> String {
        var text = formatNumber(row.constant)
        for cell in row.cells {
            let (s, c) = (cell.symbol, cell.coefficient)
            text += c < 0 ? " - " : " + "
            text += (abs(c) == 1 ? "" : formatNumber(abs(c)) + "*") + symbolName(s)
        }
        return text
    }

    /// Objective levels, rows ordered by basic symbol, infeasible rows, edit variables.
    func dump() -> String {
        var out = "Objective (\(objective.stride) levels, highest first):\n"
        for l in 0..<objective.stride {
            var line = "  @\(objective.priorities[l]): \(formatNumber(objective.constants[l]))"
            for s in 0..<objective.symbolCapacity {
                let c = objective.coefficient(Symbol(s), level: l)
                if c != 0 { line += (c < 0 ? " - " : " + ") + formatNumber(abs(c)) + "*" + symbolName(Symbol(s)) }
            }
            out += line + "\n"
        }
        out += "Tableau (\(rowCount) rows):\n"
        let basics = (0..<kinds.count).filter { slotOf[$0] >= 0 }
        for b in basics {
            out += "  \(symbolName(Symbol(b))) = \(describe(slots[Int(slotOf[b])]))\n"
        }
        let negative = basics.filter { kinds[$0].isRestricted && slots[Int(slotOf[$0])].constant < 0 }
        out += "Infeasible rows: \(negative.map { symbolName(Symbol($0)) })\n"
        out += "Edit variables:\n"
        let edits = registry.edits.indices.compactMap { e in registry.edits[e].map { (record: $0, move: registry.editMoves[e]) } }
        for edit in edits.sorted(by: { $0.record.sequence < $1.record.sequence }) {
            out += "  \(edit.record.variable) @\(edit.record.priority) = \(formatNumber(edit.move.constant))\n"
        }
        return out
    }
}

