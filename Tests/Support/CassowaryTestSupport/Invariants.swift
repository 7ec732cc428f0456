// The solver's invariants, for tests: compiled where `@testable import`
// is (debug builds, CELLFIT_INTERNAL_CHECKS), and out of release builds.
#if CELLFIT_INTERNAL_CHECKS
@testable import Cassowary

extension Solver {
    /// The broken invariants of the solver's state (empty when sound).
    public func invariantViolations() -> [String] {
        core.invariantViolations()
    }
}

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
        // The registry's indexes against the records: the records each
        // external's column is checked for (which also count its uses), the
        // owners of the records' own symbols, the constraint index.
        var mentions = [Set<Int32>](repeating: [], count: kinds.count)
        for (r, record) in registry.records.enumerated() {
            guard let record else { continue }
            for s in audit.equations.symbols(of: Int32(r)) { mentions[Int(s)].insert(Int32(r)) }
            for s in [record.marker, record.other] where s != invalidSymbol && registry.ownerOf[Int(s)] != Int32(r) {
                problems.append("\(symbolName(s)) is not owned by its record \(record.constraint)")
            }
            if registry.constraintIndex[record.constraint.id] != Int32(r) {
                problems.append("constraint \(record.constraint) is not indexed at its record")
            }
        }
        for s in 0..<kinds.count where kinds[s] == .external {
            let listed = Array(registry.recordsOf[s])
            if Set(listed) != mentions[s] || listed.count != mentions[s].count {
                problems.append("\(symbolName(Symbol(s))) lists records \(listed), not those that mention it")
            }
            // A variable goes with the last record that mentions it.
            if listed.isEmpty { problems.append("\(symbolName(Symbol(s))) is in no record and not freed") }
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
