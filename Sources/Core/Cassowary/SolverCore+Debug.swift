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

#if CELLFIT_INTERNAL_CHECKS
extension SolverCore {
    /// Every invariant of the tableau, as a list of violations (empty when sound).
    ///
    /// - Complexity: O(cells + symbols × levels): for tests, not for every call.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var columnEntries = 0
        for s in 0..<kinds.count { columnEntries += columns[s].count }
        var cells = 0
        var liveRows = 0
        for (k, row) in slots.enumerated() {
            guard row.basic != invalidSymbol, slotOf[Int(row.basic)] == Int32(k) else { continue }
            liveRows += 1
            cells += row.count
            let name = symbolName(row.basic)
            // Harris's ratio test lets a restricted row dip below zero by up to
            // the decision epsilon; what a result may miss by is the epsilon
            // of doubles, the arithmetic results are read in.
            if kinds[Int(row.basic)].isRestricted && row.constant < -Tolerances.epsilon {
                problems.append("restricted row \(name) has negative constant \(row.constant)")
            }
            if Set(row.cells.map(\.symbol)).count != row.count { problems.append("row \(name) repeats a symbol") }
            for (i, cell) in row.cells.enumerated() {
                let (s, c) = (cell.symbol, cell.coefficient)
                if slotOf[Int(s)] >= 0 { problems.append("basic symbol \(symbolName(s)) appears in row \(name)") }
                if Tolerances.isNegligibleCoefficient(c) { problems.append("row \(name) keeps a negligible cell \(symbolName(s))") }
                let expected = ColumnEntry(slot: Int32(k), cell: Int32(i))
                let p = Int(cell.link)
                if p >= columns[Int(s)].count || columns[Int(s)][p] != expected {
                    problems.append("cell \(symbolName(s)) of row \(name) is not linked from its column")
                }
                if kinds[Int(s)] == .free || kinds[Int(s)] == .artificial {
                    problems.append("row \(name) holds \(kinds[Int(s)]) symbol \(s)")
                }
            }
        }
        if liveRows != rowCount { problems.append("rowCount \(rowCount) but \(liveRows) live rows") }
        if columnEntries != cells { problems.append("columns hold \(columnEntries) entries for \(cells) cells") }
        for s in 0..<kinds.count {
            let symbol = Symbol(s)
            if slotOf[s] >= 0 && objective.isNonZero(symbol) {
                problems.append("basic symbol \(symbolName(symbol)) has an objective coefficient")
            }
            if kinds[s] != .dummy && kinds[s] != .free && slotOf[s] < 0 && objective.isLexNegative(symbol) {
                problems.append("objective not optimal: \(symbolName(symbol)) has a negative reduced cost")
            }
        }
        // The registry's indexes against the records: use counts, the records
        // each external's column is checked for, the owners of the records' own
        // symbols, the constraint index.
        var uses = [Int32](repeating: 0, count: kinds.count)
        var mentions = [Set<Int32>](repeating: [], count: kinds.count)
        for (r, record) in registry.records.enumerated() {
            guard let record else { continue }
            for s in audit.equations.symbols(of: Int32(r)) {
                uses[Int(s)] += 1
                mentions[Int(s)].insert(Int32(r))
            }
            for s in [record.marker, record.other] where s != invalidSymbol && registry.ownerOf[Int(s)] != Int32(r) {
                problems.append("\(symbolName(s)) is not owned by its record \(record.constraint)")
            }
            if registry.constraintIndex[record.constraint.id] != Int32(r) {
                problems.append("constraint \(record.constraint) is not indexed at its record")
            }
        }
        for s in 0..<kinds.count where kinds[s] == .external {
            if registry.useCount[s] != uses[s] { problems.append("\(symbolName(Symbol(s))) counts \(registry.useCount[s]) uses of \(uses[s])") }
            let listed = Array(registry.recordsOf[s])
            if Set(listed) != mentions[s] || listed.count != mentions[s].count {
                problems.append("\(symbolName(Symbol(s))) lists records \(listed), not those that mention it")
            }
        }
        if registry.editMoves.count != registry.edits.count { problems.append("edit moves do not match the edits") }
        for (move, edit) in zip(registry.editMoves, registry.edits) {
            guard let edit else {
                if move.record >= 0 { problems.append("a removed edit keeps a record") }
                continue
            }
            let i = registry.constraintIndex[edit.constraint.id]
            let record = i.flatMap { registry.records[Int($0)] }
            if move.record != i || move.marker != record?.marker || move.other != record?.other {
                problems.append("edit \(edit.variable) does not point at its constraint")
            }
        }
        if artificialObjective != nil { problems.append("a phase-one objective is left behind") }
        // The certificate in full: what each call checked of it incrementally
        // must add up to the whole (a copy, as checking moves its stamps).
        var copy = self
        if let failure = copy.certify(Findings(), everything: true) { problems.append("the full certificate fails: \(failure.reason)") }
        return problems
    }
}
#endif
