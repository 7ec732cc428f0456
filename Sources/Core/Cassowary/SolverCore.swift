import Cancellation
/// One occurrence of a symbol: the row's slot and the cell's index in it.
struct ColumnEntry: Sendable, Equatable {
    var slot: Int32
    var cell: Int32
}

/// The bookkeeping of one constraint in the solver.
struct ConstraintRecord: Sendable {
    var constraint: Constraint
    /// The symbol that identifies the constraint's row: its slack (inequality),
    /// its dummy (required equality) or its positive error (soft equality).
    var marker: Symbol
    /// The second error of a soft equality, or the error of a soft inequality.
    var other: Symbol
    var sequence: UInt64
    var isEdit: Bool
}

/// The largest weight a constraint at each priority has had: a list
/// searched in order, since priorities in use are few, and a dictionary
/// keyed by `Priority` cost a small build more than its adds (hashing a
/// `Float`, and the runtime's conformance lookup on the first insertion).
struct LevelWeights: Sendable {
    private var priorities: [Priority] = []
    private var weights: [Double] = []

    subscript(priority: Priority) -> Double? {
        priorities.firstIndex(of: priority).map { weights[$0] }
    }

    /// Raises `priority`'s weight to `weight`; whether it grew.
    mutating func raise(_ priority: Priority, to weight: Double) -> Bool {
        guard let i = priorities.firstIndex(of: priority) else {
            priorities.append(priority)
            weights.append(weight)
            return true
        }
        guard weight > weights[i] else { return false }
        weights[i] = weight
        return true
    }

    /// Puts `priority`'s weight back to `weight`, or forgets it (the last
    /// one raised) for nil: the undo of a `raise`.
    mutating func restore(_ priority: Priority, to weight: Double?) {
        guard let i = priorities.firstIndex(of: priority) else { return }
        if let weight {
            weights[i] = weight
        } else {
            priorities.remove(at: i)
            weights.remove(at: i)
        }
    }
}

/// The bookkeeping of one edit variable.
struct EditRecord: Sendable {
    var variable: Variable
    var constraint: Constraint
    var priority: Priority
    var sequence: UInt64
}

/// What moving an edit variable's suggestion reads and writes. It is kept
/// apart from `EditRecord`, in plain data, because copying a record that holds
/// references out and back costs atomic reference counting on every suggestion.
struct EditMove: Sendable {
    /// The current suggestion.
    var constant: Double
    /// The edit constraint's record; -1 once the edit is removed.
    var record: Int32
    /// The edit constraint's marker and other error.
    var marker: Symbol
    var other: Symbol
}

/// The algorithm behind ``Solver``: a dense-indexed sparse tableau with column
/// lists, a lexicographic objective, primal simplex after add and remove, dual
/// simplex after suggest.
///
/// Invariants (checked by the tests' `invariantViolations()`, CassowaryTestSupport):
/// - every row's basic symbol appears in no row and has a zero objective vector;
/// - restricted rows have constant >= -epsilon (of doubles) between public calls;
/// - `columns[s]` lists exactly the cells of `s`, and each cell links back to its entry;
/// - between public calls the objective is optimal: no parametric, non-dummy
///   symbol has a lexicographically negative reduced cost.
struct SolverCore: Sendable {
    typealias Row = TableauRow

    // MARK: Symbols (indexed by Symbol)
    var kinds: [SymbolKind] = []
    /// The slot of the row whose basic symbol this is, or -1 when parametric.
    var slotOf: [Int32] = []
    /// Where the symbol occurs: one entry per row that contains it.
    var columns = Columns()

    // MARK: Rows (indexed by slot)
    var slots: [Row] = []
    var freeSlots: [Int32] = []

    // MARK: Objective
    var objective = LexObjective()
    var candidates = SymbolSet()
    var infeasible = SymbolSet()
    /// Phase-one objective of an add that needs an artificial variable.
    var artificialObjective: Row? = nil

    /// The variables and constraints behind the symbols.
    var registry = Registry()
    /// Buffers the inner loops borrow.
    var scratch = Scratch()
    /// What the call in progress changed, to undo it and to certify it (SolverCore+UndoLog.swift).
    var log = UndoLog()
    /// What one call may spend, and when it stops.
    var budget = CallBudget()
    /// What the current call changed, for its certificate (SolverCore+Certificate.swift).
    var trace = CallTrace()
    /// The original equations and the bounds the certificate keeps between calls.
    var audit = Audit()

    /// Rows in the tableau: the slots less the free ones.
    var rowCount: Int { slots.count - freeSlots.count }
}

/// What the solver knows of the variables and constraints behind its symbols.
struct Registry: Sendable {
    /// Per symbol: the variable of an external symbol.
    var variableOf: [Variable?] = []
    /// Per symbol: the record a slack, dummy or error symbol belongs to; -1 for every other symbol.
    var ownerOf: [Int32] = []
    /// Per symbol: the records whose expressions mention an external symbol (each once).
    var recordsOf = Lists<Int32>()
    var freeSymbols: [Symbol] = []
    var variableSymbols = IdentityMap()
    var constraintIndex = IdentityMap()
    var records: [ConstraintRecord?] = []
    var freeRecords: [Int32] = []
    var editIndex = IdentityMap()
    var edits: [EditRecord?] = []
    /// Per edit, indexed like `edits`.
    var editMoves: [EditMove] = []
    var freeEdits: [Int32] = []
    var sequence: UInt64 = 0
}

/// Buffers the inner loops borrow and give back as they found them (every
/// mark -1, every correction 0), kept so that they allocate nothing once warm.
struct Scratch: Sendable {
    /// Per symbol: its index in the row being combined; -1 otherwise.
    var position: [Int32] = []
    /// `makeRow`'s external symbols of the constraint's terms, one per term.
    var termSymbols: [Symbol] = []
    /// `substitute`'s queue of the cells a row does not have yet.
    var freshCells: [Cell] = []
    /// `substituteThroughColumns`' cells of the definition's symbols in
    /// each target row, and the cells each row drops.
    var found: [Int32] = []
    var removals: [Int] = []
    /// Per slot: its index among the rows being substituted; -1 otherwise.
    var slotMark: [Int32] = []
    /// Per symbol: `refineBasicValues`' correction.
    var refinement: [Double] = []
    /// `certify`'s lists: the scale of each level's reduced costs, the records
    /// whose multipliers moved, the externals whose columns to check, the
    /// symbols whose reduced costs moved.
    var levelScales: [Double] = []
    var dualRecords: [Int32] = []
    var checkedColumns: [Symbol] = []
    var movedSymbols: [Symbol] = []
    /// `costsStand`'s sums and magnitudes, two per level; `checkDual`'s
    /// per column.
    var prices: [Double] = []
    /// A batch of suggestions, checked before any moves.
    var suggestions = LogBuffer<CheckedSuggestion>()
}

/// What a call may spend before it stops.
struct CallBudget: Sendable {
    /// Pivots the current call may still take (`SolverLimits.pivotBudget`).
    var pivotsLeft = Int.max
    /// Asked at each pivot of phase one whether to stop (`Solver.cancellation`).
    var cancellation: CancellationToken?
    /// The most cells the tableau may hold before an add is refused (`Solver.maximumTableauCells`).
    var cellLimit = Solver.defaultMaximumTableauCells
    /// Adds until the tableau's cells are counted again (SolverCore+Add.swift, `checkTableauSize`).
    var addsUntilCellCount = 0
}

/// What the certificate keeps between calls.
struct Audit: Sendable {
    /// The original equations, flat.
    var equations = EquationStore()
    /// A bound on every equation's residual when it was last measured, and
    /// on the round-off any row's constant gathered by shifts since: while
    /// their sum stays below the residual floor, a suggestion's shifted rows
    /// need no equation checked (`certify`). Reset by a check of every equation.
    var residualHigh: Double = 0
    var shiftDrift: Double = 0
    /// The largest `Σ|aⱼ| + 2` of any equation: how far a unit of error in
    /// the values can move one residual.
    var equationWeight: Double = 0
    /// The largest weight a constraint at each priority has had: the scale of that level's reduced costs.
    var levelWeights = LevelWeights()
    /// Per symbol: the largest coefficient of it a row lost below dust (a
    /// product, or a sum beyond its operands' round-off) since the rows were
    /// last built from the constraints. A suggestion moves the rows along its
    /// marker's column; a row that lost the marker's coefficient stays, and
    /// the certificate's drift takes that in (`moveSuggestion`).
    var lost: [Double] = []
}

// MARK: - Symbols and rows

extension SolverCore {
    mutating func newSymbol(_ kind: SymbolKind) -> Symbol {
        if let s = registry.freeSymbols.popLast() {
            kinds[Int(s)] = kind
            if Int(s) < audit.lost.count && audit.lost[Int(s)] != 0 {
                log.operations.append(.lost(s, old: audit.lost[Int(s)]))
                audit.lost[Int(s)] = 0
            }
            log.operations.append(.poppedSymbol(s))
            return s
        }
        if kinds.isEmpty { reserveSymbolArrays(SolverLimits.initialSymbolCapacity) }
        let s = Symbol(kinds.count)
        kinds.append(kind)
        slotOf.append(-1)
        // The column gets its buffer when its first cell is linked: about
        // half the symbols (basic from the start) never have one.
        columns.appendEmpty()
        scratch.position.append(-1)
        registry.variableOf.append(nil)
        registry.ownerOf.append(-1)
        registry.recordsOf.appendEmpty()
        objective.reserve(symbols: kinds.count)
        return s
    }

    mutating func reserveSymbolArrays(_ n: Int) {
        Self.grow(&kinds, to: n)
        Self.grow(&slotOf, to: n)
        columns.reserve(n)
        Self.grow(&scratch.position, to: n)
        Self.grow(&registry.variableOf, to: n)
        Self.grow(&registry.ownerOf, to: n)
        registry.recordsOf.reserve(n)
    }

    /// Makes room, once, for what a batch of `records` constraints with
    /// `terms` terms in all may add: the arrays it fills grow otherwise by
    /// doubling from empty, a reallocation and copy at each step, which is
    /// most of a small build's allocations. Capacity, zero costs for symbols
    /// not made yet, and stamps that mark nothing: no state a reader sees
    /// changes, so there is nothing for the undo log to put back (a rollback
    /// truncates the costs with the symbols).
    mutating func reserve(records: Int, terms: Int) {
        // Each constraint brings at most its terms' externals and two of its
        // own symbols (slack or errors), and at most one row.
        let symbols = kinds.count + terms + 2 * records
        let rows = slots.count + records
        let recordCount = registry.records.count + records
        reserveSymbolArrays(symbols)
        // Zero costs for every symbol the batch may make, at once.
        objective.reserve(symbols: symbols)
        Self.grow(&slots, to: rows)
        Self.grow(&scratch.slotMark, to: rows)
        Self.grow(&registry.records, to: recordCount)
        // A term's variable may be new: at most `terms` of them.
        registry.variableSymbols.reserve(registry.variableSymbols.count + terms)
        registry.constraintIndex.reserve(registry.constraintIndex.count + records)
        audit.equations.reserve(records: recordCount, terms: terms)
        Self.grow(&trace.records, to: records)
        log.slots.reserve(2 * records)
        // A soft record may save its level's weight, an edit its index.
        Self.grow(&log.saved, to: records)
        log.operations.reserve(symbols - kinds.count)
        Self.grow(&trace.primal, to: recordCount)
        Self.grow(&scratch.dualRecords, to: recordCount)
        Self.grow(&scratch.movedSymbols, to: 2 * records)
        Self.grow(&scratch.checkedColumns, to: terms)
        // Stamps are zero-filled, and no generation is zero: longer, they
        // mark nothing.
        Self.lengthen(&log.slotStamps, to: rows, with: 0)
        Self.lengthen(&log.slotEntries, to: rows, with: -1)
        Self.lengthen(&log.costStamps, to: symbols, with: 0)
        Self.lengthen(&trace.checkStamps, to: symbols, with: 0)
        Self.lengthen(&trace.recordStamps, to: recordCount, with: 0)
    }

    /// Reserves room for `count` elements, at least doubling the capacity
    /// when it grows so that repeated batches stay amortised.
    @inline(__always)
    static func grow<Element>(_ array: inout [Element], to count: Int) {
        guard count > array.capacity else { return }
        array.reserveCapacity(max(count, 2 * array.capacity))
    }

    /// Makes `array` at least `size` long, padded with `filler`, at least
    /// doubling it when it grows: stamps and tables indexed by symbol or
    /// slot grow a few entries a call, and growing by those few cost an
    /// append of a fresh range at every call.
    @inline(__always)
    static func lengthen<Element>(_ array: inout [Element], to size: Int, with filler: Element) {
        guard array.count < size else { return }
        array.append(contentsOf: repeatElement(filler, count: max(size, 2 * array.count) - array.count))
    }

    /// Puts `element` in the slot of `array` freed last, or at its end when none
    /// is free, and returns its index.
    static func store<Element>(_ element: Element, in array: inout [Element?], reusing free: inout [Int32]) -> Int32 {
        if let index = free.popLast() {
            array[Int(index)] = element
            return index
        }
        array.append(element)
        return Int32(array.count - 1)
    }

    /// Returns a symbol to the free list. Requires that it is parametric, in
    /// no row, and in no record's expression (its `recordsOf` empty).
    mutating func freeSymbol(_ s: Symbol) {
        let i = Int(s)
        logCost(s)
        logSaved(.symbol(s, kinds[i], registry.variableOf[i], owner: registry.ownerOf[i]))
        makeFree(s)
    }

    /// Marks `s` free and clears what a free symbol holds, and puts it on the free list.
    mutating func makeFree(_ s: Symbol) {
        kinds[Int(s)] = .free
        objective.clear(s)
        registry.variableOf[Int(s)] = nil
        registry.ownerOf[Int(s)] = -1
        registry.freeSymbols.append(s)
    }

    /// A new external symbol for `variable`, which has none yet (the caller
    /// looked it up: `registry.variableSymbols`).
    mutating func newExternalSymbol(for variable: Variable) -> Symbol {
        let s = newSymbol(.external)
        registry.variableOf[Int(s)] = variable
        registry.variableSymbols.set(s, for: variable.id)
        log.operations.append(.variableEntry(s, made: true))
        return s
    }

    @inline(__always)
    func isBasic(_ s: Symbol) -> Bool { slotOf[Int(s)] >= 0 }

    /// Notes that a row lost `amount` of a coefficient of `s` (`Audit.lost`);
    /// 0 is no loss. Out of line: it runs rarely, inside the row loops.
    @inline(never)
    mutating func noteLoss(_ s: Symbol, _ amount: Double) {
        guard amount > 0 else { return }
        let i = Int(s)
        Self.lengthen(&audit.lost, to: i + 1, with: 0)
        guard amount > audit.lost[i] else { return }
        log.operations.append(.lost(s, old: audit.lost[i]))
        audit.lost[i] = amount
    }

    // MARK: Column links

    /// Enters cell `i` of `row`, the row of slot `k`, in its symbol's column.
    @inline(__always)
    mutating func link(_ row: inout Row, cell i: Int, slot k: Int32) {
        row.cells[i].link = columns.writer().append(ColumnEntry(slot: k, cell: Int32(i)), to: Int(row.cells[i].symbol))
    }

    /// Takes the cell of symbol `s` with link `p`, in the (swapped-out) row of
    /// slot `k` whose cells the caller holds as `rowCells`, out of its
    /// column: the column's last entry fills the gap and its cell is told
    /// where it went. The caller passes the columns' writer (a pivot holds one).
    @inline(__always)
    static func unlink(
        symbol s: Symbol, link p: Int32, slot k: Int32, rowCells: UnsafeMutableBufferPointer<Cell>,
        columns: ColumnWriter, slots: inout [Row]
    ) {
        let column = Int(s)
        let p = Int(p)
        let lastIndex = columns.count(column) - 1
        if p != lastIndex {
            let last = columns[column, lastIndex]
            columns[column, p] = last
            if last.slot == k {
                rowCells[Int(last.cell)].link = Int32(p)
            } else {
                slots[Int(last.slot)].cells[Int(last.cell)].link = Int32(p)
            }
        }
        columns.removeLast(from: column)
    }

    /// `unlink` for cell `i` of `row`, the (swapped-out) row of slot `k`.
    @inline(__always)
    mutating func unlink(_ row: inout Row, cell i: Int, slot k: Int32) {
        let cell = row.cells[i]
        let writer = columns.writer()
        row.cells.withUnsafeMutableBufferPointer { cells in
            Self.unlink(symbol: cell.symbol, link: cell.link, slot: k, rowCells: cells, columns: writer, slots: &slots)
        }
    }

    /// Removes cell `i` from `row`, the (swapped-out) row of some slot, without
    /// touching the cell's own column entry (the caller unlinks it or clears
    /// that column wholesale). The last cell takes its place and its column
    /// entry is told so.
    @inline(__always)
    mutating func removeCell(_ i: Int, from row: inout Row) {
        Self.removeCell(i, from: &row, columns: columns.writer())
    }

    /// `removeCell` through a writer the caller holds (a pivot's).
    @inline(__always)
    static func removeCell(_ i: Int, from row: inout Row, columns: ColumnWriter) {
        let last = row.cells.count - 1
        if i != last {
            let moved = row.cells[last]
            row.cells[i] = moved
            columns[Int(moved.symbol), Int(moved.link)].cell = Int32(i)
        }
        row.cells.removeLast()
    }

    /// Removes cell `i` from the row in slot `k` when its symbol's column is
    /// being cleared wholesale by the caller.
    /// Logs slot `k` and takes its row out, an empty row in its place: the
    /// caller changes it without a copy and puts it back.
    @inline(__always)
    mutating func takeRow(_ k: Int32) -> Row {
        logRow(k)
        var row = Row()
        swap(&row, &slots[Int(k)])
        return row
    }

    mutating func dropCell(_ i: Int, inSlot k: Int32) {
        var row = takeRow(k)
        removeCell(i, from: &row)
        swap(&row, &slots[Int(k)])
    }

    // MARK: Rows in and out of the tableau

    /// Puts a detached row into the tableau with `row.basic` as its basic
    /// symbol: in the slot freed last, or appended (not an empty row
    /// appended and then overwritten, a release for nothing).
    ///
    /// Consuming: linking writes every cell, and a row the caller still
    /// shared would be copied for it.
    mutating func insertRow(_ row: consuming Row) {
        if let k = freeSlots.popLast() {
            log.operations.append(.freeSlot(popped: k))
            logRow(k)
            linkAll(&row, slot: k)
            slotOf[Int(row.basic)] = k
            slots[Int(k)] = row
            return
        }
        if slots.isEmpty {
            slots.reserveCapacity(SolverLimits.initialSlotCapacity)
            scratch.slotMark.reserveCapacity(SolverLimits.initialSlotCapacity)
        }
        // A slot the call adds is not logged (`logRow`): the rollback drops it.
        let k = Int32(slots.count)
        linkAll(&row, slot: k)
        slotOf[Int(row.basic)] = k
        slots.append(row)
        scratch.slotMark.append(-1)
    }

    /// Enters every cell of `row`, about to fill slot `k`, in its column.
    mutating func linkAll(_ row: inout Row, slot k: Int32) {
        // One writer and the row's buffer: a `link` per cell paid two
        // uniqueness checks each.
        let columns = columns.writer()
        row.cells.withUnsafeMutableBufferPointer { cells in
            for i in cells.indices {
                cells[i].link = columns.append(ColumnEntry(slot: k, cell: Int32(i)), to: Int(cells[i].symbol))
            }
        }
    }

    /// Takes the row of basic symbol `basic` out of the tableau, detached.
    mutating func removeRow(ofBasic basic: Symbol) -> Row {
        let k = slotOf[Int(basic)]
        var row = takeRow(k)
        unlinkAll(&row, slot: k)
        slotOf[Int(basic)] = -1
        freeSlots.append(k)
        log.operations.append(.freeSlot(popped: -1))
        return row
    }

    /// Takes every cell of `row`, swapped out of slot `k`, out of its column;
    /// the row is left detached (its links 0).
    mutating func unlinkAll(_ row: inout Row, slot k: Int32) {
        // A row's cells have distinct symbols: the entry an unlink moves is
        // another row's.
        for i in row.cells.indices {
            unlink(&row, cell: i, slot: k)
            row.cells[i].link = 0
        }
    }

    // MARK: Row arithmetic

    /// `row += m × source` for a detached row.
    ///
    /// - Complexity: O(row.count + source.count), no allocation once capacity is reached.
    mutating func addMultiple(of source: Row, times m: Double, to row: inout Row) {
        for i in row.cells.indices { scratch.position[Int(row.cells[i].symbol)] = Int32(i) }
        accumulateCells(of: source, times: m, into: &row)
        row.constant += source.constant * m
        compactDetached(&row)
    }

    /// Adds `m ×` each of `source`'s cells (not its constant) to a detached row
    /// whose cells are indexed in `position`, and notes what the row loses
    /// below dust after the loop.
    mutating func accumulateCells(of source: Row, times m: Double, into row: inout Row) {
        var losses: [(symbol: Symbol, amount: Double)] = []
        for cell in source.cells {
            let lost = accumulate(cell.symbol, cell.coefficient * m, into: &row)
            if lost > 0 { losses.append((cell.symbol, lost)) }
        }
        for loss in losses { noteLoss(loss.symbol, loss.amount) }
    }

    /// Adds `c × s` to a detached row whose cells are indexed in `position`;
    /// returns what of the coefficient the row loses below dust (0 almost
    /// always), for the caller to note (`noteLoss`) outside its loop.
    @inline(__always) @discardableResult
    mutating func accumulate(_ s: Symbol, _ c: Double, into row: inout Row) -> Double {
        let p = scratch.position[Int(s)]
        if p >= 0 {
            let old = row.cells[Int(p)].coefficient
            let sum = Tolerances.sum(old, c)
            row.cells[Int(p)].coefficient = sum
            return sum == 0 ? Tolerances.dustLost(old, c) : 0
        }
        scratch.position[Int(s)] = Int32(row.cells.count)
        row.cells.append(Cell(s, c))
        // A product below dust enters, and `compactDetached` drops it.
        return Tolerances.isNegligibleCoefficient(c) ? abs(c) : 0
    }

    /// Drops near-zero cells of a detached row, resets the scratch positions,
    /// and drops a constant below dust.
    mutating func compactDetached(_ row: inout Row) {
        // Accumulated sums that cancelled are exactly 0 (see substitute).
        // Rarely any: the smallest magnitude, taken in the pass that resets
        // the positions, says whether there is one (without a branch a cell).
        var smallest = Double.infinity
        scratch.position.withUnsafeMutableBufferPointer { position in
            for cell in row.cells {
                position[Int(cell.symbol)] = -1
                smallest = min(smallest, abs(cell.coefficient))
            }
        }
        Self.dropDust(&row, cells: Tolerances.isNegligibleCoefficient(smallest))
    }

    /// Drops a detached row's near-zero cells, when `cells` says it has
    /// some, and its constant when below dust.
    static func dropDust(_ row: inout Row, cells: Bool) {
        if cells { row.cells.removeAll { Tolerances.isNegligibleCoefficient($0.coefficient) } }
        if abs(row.constant) < Tolerances.dust { row.constant = 0 }
    }

    /// Replaces `symbol` in a tableau row by `definition` (`symbol = definition`).
    /// The cell of `symbol` is dropped without touching its column, which the
    /// caller clears wholesale.
    ///
    /// This is the solver's inner loop (every pivot runs it once per row that
    /// holds the entering symbol), so it works on raw buffers in three passes:
    /// merge into existing cells, append the new ones, then compact.
    mutating func substitute(
        _ symbol: Symbol, by definition: Row, at entry: ColumnEntry, columns: ColumnWriter
    ) {
        let k = entry.slot
        var row = takeRow(k)
        var pos: [Int32] = []
        swap(&pos, &scratch.position)
        // Take the cell of `symbol` out first (the last cell moves into it), so
        // the compaction pass below only runs when something really cancels.
        let m = row.cells[Int(entry.cell)].coefficient
        Self.removeCell(Int(entry.cell), from: &row, columns: columns)
        let oldCount = row.cells.count

        // 1. Index the row's cells and merge the definition into them; queue
        //    the cells the row does not have yet. The queue is written through
        //    its buffer: an append pays a runtime uniqueness check per cell.
        var fresh: [Cell] = []
        swap(&fresh, &self.scratch.freshCells)
        // Lengthened by doubling: grown to each longer definition, it was a
        // new buffer for most of a small build's pivots.
        Self.lengthen(&fresh, to: definition.cells.count, with: Cell(invalidSymbol, 0))
        var freshCount = 0
        // Coefficients lost below dust, noted after the loops (`Audit.lost`).
        var losses: [(symbol: Symbol, amount: Double)] = []
        pos.withUnsafeMutableBufferPointer { pos in
            row.cells.withUnsafeMutableBufferPointer { cells in
                fresh.withUnsafeMutableBufferPointer { fresh in
                    for i in 0..<oldCount { pos[Int(cells[i].symbol)] = Int32(i) }
                    definition.cells.withUnsafeBufferPointer { dCells in
                        for d in dCells {
                            let c = d.coefficient * m
                            let p = pos[Int(d.symbol)]
                            if p >= 0 {
                                let old = cells[Int(p)].coefficient
                                let sum = Tolerances.sum(old, c)
                                cells[Int(p)].coefficient = sum
                                if sum == 0 {
                                    let lost = Tolerances.dustLost(old, c)
                                    if lost > 0 { losses.append((d.symbol, lost)) }
                                }
                            } else {
                                if Tolerances.isNegligibleCoefficient(c) && c != 0 { losses.append((d.symbol, abs(c))) }
                                fresh[freshCount] = Cell(d.symbol, c)
                                freshCount += 1
                            }
                        }
                    }
                    for i in 0..<oldCount { pos[Int(cells[i].symbol)] = -1 }
                }
            }
        }
        swap(&pos, &scratch.position)
        for loss in losses { noteLoss(loss.symbol, loss.amount) }
        // Relative cancellation, as for coefficients: an absolute clamp
        // would zero a legitimate 6e-9 that a coefficient of 725 makes a
        // visible 4e-6.
        row.constant = Tolerances.sum(row.constant, definition.constant * m)

        // 2. Append the new cells and enter them in their columns.
        if freshCount > 0 {
            row.cells.append(contentsOf: fresh[0..<freshCount])
            row.cells.withUnsafeMutableBufferPointer { cells in
                for i in oldCount..<cells.count {
                    cells[i].link = columns.append(ColumnEntry(slot: k, cell: Int32(i)), to: Int(cells[i].symbol))
                }
            }
        }
        swap(&fresh, &self.scratch.freshCells)

        // 3. Drop cells that cancelled (or, for new cells, came out below the
        // tolerance). The last cell moves into each dropped one's place, as
        // it did for the cell of `symbol`: moving every later cell down
        // instead, with its column entry, was a fifth of a dense system's
        // substitutions, whose long rows cancel a cell near their start.
        if let firstCancelled = row.cells.firstIndex(where: { Tolerances.isNegligibleCoefficient($0.coefficient) }) {
            var n = row.cells.count
            // The row is local and unique: through its buffer the loop pays
            // no uniqueness check per cell.
            row.cells.withUnsafeMutableBufferPointer { cells in
                var i = firstCancelled
                while i < n {
                    let cell = cells[i]
                    // Cancelled sums are already exactly 0: a nonzero cell
                    // here is a product below dust.
                    guard Tolerances.isNegligibleCoefficient(cell.coefficient) else {
                        i += 1
                        continue
                    }
                    Self.unlink(
                        symbol: cell.symbol, link: cell.link, slot: k, rowCells: cells, columns: columns, slots: &slots)
                    n -= 1
                    if i < n {
                        cells[i] = cells[n]
                        columns[Int(cells[i].symbol), Int(cells[i].link)].cell = Int32(i)
                    }
                }
            }
            // `removeLast(k)` goes through `replaceSubrange` at about ten
            // times the instructions of a single `removeLast`, for the one or
            // two cells a compaction usually drops.
            while row.cells.count > n { row.cells.removeLast() }
        }
        let basic = row.basic
        let negative = row.constant < 0
        swap(&row, &slots[Int(k)])
        if negative && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
    }

    /// Replaces `symbol` everywhere (every row that holds it, every objective
    /// level, the phase-one objective) by `definition`, and clears its column.
    mutating func substituteEverywhere(_ symbol: Symbol, by definition: Row, skipping skipped: Int32 = -1) {
        // A row that lost its coefficient of `symbol` below dust loses, with
        // it, that much of each of the definition's (`Audit.lost`).
        if Int(symbol) < audit.lost.count && audit.lost[Int(symbol)] > 0 {
            let lost = audit.lost[Int(symbol)]
            for cell in definition.cells { noteLoss(cell.symbol, lost * abs(cell.coefficient)) }
        }
        // The column is taken out (not copied) while its rows change: the
        // definition does not hold `symbol`, so nothing adds to it meanwhile.
        var taken = columns.writer().take(Int(symbol))
        if skipped >= 0, let base = taken.base,
            let i = UnsafeBufferPointer(start: base, count: Int(taken.count)).firstIndex(where: { $0.slot == skipped }) {
            base[i] = base[Int(taken.count) - 1]
            taken.count -= 1
        }
        let entries = UnsafeBufferPointer(start: taken.base, count: Int(taken.count))
        // Two ways to find where the definition's cells go: index each target
        // row (cost: the rows' lengths), or walk the definition's columns
        // (cost: those columns' lengths). Long rows and a short definition —
        // an edit variable's row inside a filled-in chain — favour the second.
        var throughColumns = false
        if entries.count > 2 {
            var rowCells = 0
            for entry in entries { rowCells += slots[Int(entry.slot)].cells.count }
            var columnCells = entries.count * definition.cells.count
            for cell in definition.cells { columnCells += columns[Int(cell.symbol)].count }
            throughColumns = columnCells < rowCells
        }
        if throughColumns {
            substituteThroughColumns(symbol, by: definition, at: entries)
        } else {
            // One writer for the whole pivot: one uniqueness check, not one per entry written.
            let writer = columns.writer()
            for entry in entries { substitute(symbol, by: definition, at: entry, columns: writer) }
        }
        taken.count = 0
        columns.writer().restore(taken, to: Int(symbol))
        substituteInObjective(symbol, by: definition)
    }

    /// `substitute` for many rows at once, finding each definition symbol's
    /// cell in the target rows through its column instead of indexing every
    /// target row.
    ///
    /// - Complexity: O(Σ column lengths of the definition + rows × definition length).
    mutating func substituteThroughColumns(_ symbol: Symbol, by definition: Row, at entries: UnsafeBufferPointer<ColumnEntry>) {
        let width = definition.cells.count
        for (r, entry) in entries.enumerated() { scratch.slotMark[Int(entry.slot)] = Int32(r) }
        var found: [Int32] = []
        var removals: [Int] = []
        swap(&found, &scratch.found)
        swap(&removals, &scratch.removals)
        defer {
            swap(&found, &scratch.found)
            swap(&removals, &scratch.removals)
        }
        Self.lengthen(&found, to: entries.count * width, with: -1)
        for i in 0..<entries.count * width { found[i] = -1 }
        for j in 0..<width {
            for entry in columns[Int(definition.cells[j].symbol)] {
                let r = scratch.slotMark[Int(entry.slot)]
                if r >= 0 { found[Int(r) * width + j] = entry.cell }
            }
        }
        for entry in entries { scratch.slotMark[Int(entry.slot)] = -1 }

        for (r, entry) in entries.enumerated() {
            let k = entry.slot
            var row = takeRow(k)
            let m = row.cells[Int(entry.cell)].coefficient
            removals.removeAll(keepingCapacity: true)
            removals.append(Int(entry.cell))
            for j in 0..<width {
                let d = definition.cells[j]
                let c = d.coefficient * m
                let cell = found[r * width + j]
                if cell >= 0 {
                    let old = row.cells[Int(cell)].coefficient
                    let v = Tolerances.sum(old, c)
                    row.cells[Int(cell)].coefficient = v
                    if v == 0 {
                        let lost = Tolerances.dustLost(old, c)
                        if lost > 0 { noteLoss(d.symbol, lost) }
                    }
                    if Tolerances.isNegligibleCoefficient(v) { removals.append(Int(cell)) }
                } else if Tolerances.isNegligibleCoefficient(c) {
                    // A product below dust: a real coefficient lost (see substitute).
                    noteLoss(d.symbol, abs(c))
                } else {
                    row.cells.append(Cell(d.symbol, c))
                    link(&row, cell: row.cells.count - 1, slot: k)
                }
            }
            row.constant = Tolerances.sum(row.constant, definition.constant * m)
            // Remove from the highest index down: the last cell, which moves
            // into each hole, is then never one still to be removed.
            removals.sort(by: >)
            for cell in removals {
                if row.cells[cell].symbol != symbol { unlink(&row, cell: cell, slot: k) }
                removeCell(cell, from: &row)
            }
            let basic = row.basic
            let negative = row.constant < 0
            swap(&row, &slots[Int(k)])
            if negative && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
        }
    }

    /// Replaces `symbol` in every objective level (and the phase-one objective) by `definition`.
    mutating func substituteInObjective(_ symbol: Symbol, by definition: Row) {
        if var art = artificialObjective, let i = art.index(of: symbol) {
            artificialObjective = nil
            let c = art.cells[i].coefficient
            art.cells[i].coefficient = 0
            addMultiple(of: definition, times: c, to: &art)
            artificialObjective = art
        }
        guard objective.isNonZero(symbol) else { return }
        logCost(symbol)
        for cell in definition.cells { logCost(cell.symbol) }
        logConstants()
        for l in 0..<objective.stride {
            let c = objective.coefficient(symbol, level: l)
            guard c != 0 else { continue }
            objective.setCoefficient(0, symbol, level: l)
            for cell in definition.cells {
                objective.add(c * cell.coefficient, to: cell.symbol, level: l)
            }
            objective.addConstant(c * definition.constant, level: l)
        }
        for cell in definition.cells where kinds[Int(cell.symbol)] != .dummy && objective.isLexNegative(cell.symbol) {
            candidates.push(cell.symbol)
        }
    }

    /// Exchanges basic `leaving` for parametric `entering`, in place: the row
    /// keeps its slot, its cells keep their places (and column entries), only
    /// `entering` goes and `leaving` comes.
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        let k = slotOf[Int(leaving)]
        var row = takeRow(k)
        // leaving = constant + Σ cᵢ sᵢ  ⇒  0 = constant + Σ cᵢ sᵢ - leaving  ⇒  solve for entering.
        guard let i = row.index(of: entering) else {
            preconditionFailure("pivot: entering symbol is not in the leaving row")
        }
        let factor = -1.0 / row.cells[i].coefficient
        // The cell of `entering` leaves without unlinking: its whole column is
        // cleared below, and this row's stale entry in it is skipped.
        removeCell(i, from: &row)
        row.cells.append(Cell(leaving, -1))
        link(&row, cell: row.cells.count - 1, slot: k)
        row.constant *= factor
        var dust = false
        for j in row.cells.indices {
            row.cells[j].coefficient *= factor
            dust = dust || Tolerances.isNegligibleCoefficient(row.cells[j].coefficient)
        }
        if dust {
            // Scaling by a large pivot can take a cell below dust: drop it, as
            // every other operation does.
            for j in row.cells.indices.reversed()
            where row.cells[j].symbol != leaving && Tolerances.isNegligibleCoefficient(row.cells[j].coefficient) {
                noteLoss(row.cells[j].symbol, abs(row.cells[j].coefficient))
                unlink(&row, cell: j, slot: k)
                removeCell(j, from: &row)
            }
        }
        row.basic = entering
        slotOf[Int(leaving)] = -1
        slotOf[Int(entering)] = k
        // A ratio test that let the leaving row dip below zero within its
        // tolerance leaves the entering symbol there.
        if row.constant < 0 && kinds[Int(entering)].isPivotable { infeasible.push(entering) }
        swap(&row, &slots[Int(k)])
        substituteEverywhere(entering, by: slots[Int(k)], skipping: k)
    }
}
