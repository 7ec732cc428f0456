/// The undo log of one call: every slot, objective entry and record the
/// call changes is logged with what it held before, once, so that a call
/// that throws puts each back and leaves the solver as it was, whatever the
/// error (a conflict, a spent budget, a cancellation, a certificate that
/// failed after a refactorisation). What it holds is bounded by what the
/// call touched, and its buffers are kept between calls, so that logging
/// allocates nothing once warm.
///
/// The same log tells the certificate what the call changed
/// (SolverCore+Certificate.swift): the slots whose rows or constants moved,
/// with the symbol basic there before, and the symbols whose reduced costs
/// did.
///
/// A row is restored with its cells in their order; its cells' column
/// entries come back as a set, not in their old order, which no choice of
/// the solver reads (ties go to the lowest symbol, SolverCore+Simplex.swift).
struct UndoLog: Sendable {
    typealias Row = TableauRow

    /// A slot's row as it was when the call first changed it.
    struct SlotEntry: Sendable {
        var slot: Int32
        /// Whether the slot held a live row (one whose basic symbol is basic there).
        var live: Bool
        var basic: Symbol
        var constant: Double
        /// Its cells, in `cells`.
        var start: Int32
        var count: Int32
    }

    /// A constant a suggestion shifted, as it was. Logged at every shift,
    /// without a stamp: a suggestion shifts every row in its edit's column,
    /// and a stamp per shift cost a round more than the shift.
    struct Shift: Sendable {
        var slot: Int32
        /// How many rows were logged before it: a row logged earlier holds
        /// the slot as it was before the call, and the shift is not undone.
        var rowsLogged: Int32
        var constant: Double
    }

    /// A change other than a slot's, undone in reverse order.
    enum Operation: Sendable {
        /// An objective entry: its old coefficients at every level, from `values[start]`.
        case cost(Symbol, start: Int32)
        case poppedSymbol(Symbol)
        /// A change whose old contents are `saved[i]`.
        case saved(Int32)
        /// A slot taken off the free list (its index), or one pushed on it (-1).
        case freeSlot(popped: Int32)
        /// A variable's entry in `variableSymbols`, made (true) or forgotten.
        case variableEntry(Symbol, made: Bool)
        case appendedRecordOf(Symbol)
        case removedRecordOf(Symbol, position: Int32, record: Int32)
        case storedRecord(Int32, popped: Bool)
        case suggestion(edit: Int32, old: Double)
        case equationConstant(record: Int32, old: Double)
        case lost(Symbol, old: Double)
        case levelUse(Priority, delta: Int32)
    }

    /// What an operation needs that does not fit beside it.
    enum Saved: Sendable {
        /// A freed symbol.
        case symbol(Symbol, SymbolKind, Variable?, owner: Int32)
        /// A removed record.
        case record(Int32, ConstraintRecord)
        /// An edit stored (with no edit) or removed at an index, with the
        /// move that index held.
        case edit(Int32, EditRecord?, EditMove)
        case header(Int32, EquationStore.Equation)
        case equations(EquationStore)
        case lost([Double])
        /// The objective before a level came or went (`released`).
        case objective(LexObjective, released: Bool)
        case levelWeight(Priority, Double?)
    }

    /// Sizes and scalars as they were when the call began.
    struct Start: Sendable {
        var symbols = 0
        var slots = 0
        var records = 0
        var edits = 0
        var headers = 0
        var terms = 0
        var liveTerms = 0
        var lost = 0
        var sequence: UInt64 = 0
        var addsUntilCellCount = 0
        var residualHigh: Double = 0
        var shiftDrift: Double = 0
        var equationWeight: Double = 0
    }

    var start = Start()
    /// The objective's level constants, once the call first changes them
    /// (`constantsStamp` is then the call's generation).
    var objectiveConstants = LogBuffer<Double>()
    var constantsStamp: UInt32 = 0
    var slots = LogBuffer<SlotEntry>()
    var cells = LogBuffer<Cell>()
    var shifts = LogBuffer<Shift>()
    var operations = LogBuffer<Operation>()
    var values = LogBuffer<Double>()
    var saved: [Saved] = []
    /// Per slot: the generation that logged it and its entry; per symbol:
    /// the generation that logged its objective entry. Stamps rather than
    /// sets: logging costs no hashing, and a new call makes them all stale.
    var generation: UInt32 = 0
    var slotStamps: [UInt32] = []
    var slotEntries: [Int32] = []
    var costStamps: [UInt32] = []
}

extension SolverCore {
    // MARK: Opening and closing

    /// Opens the log of a call: nothing is logged yet.
    mutating func beginLog() {
        log.generation &+= 1
        if log.generation == 0 {
            log.generation = 1
            for i in log.slotStamps.indices { log.slotStamps[i] = 0 }
            for i in log.costStamps.indices { log.costStamps[i] = 0 }
            log.constantsStamp = 0
        }
        log.slots.clear()
        log.cells.clear()
        log.shifts.clear()
        log.operations.clear()
        log.values.clear()
        if !log.saved.isEmpty { log.saved.removeAll() }
        log.start = UndoLog.Start(
            symbols: kinds.count, slots: slots.count, records: registry.records.count, edits: registry.edits.count,
            headers: audit.equations.headers.count, terms: audit.equations.symbols.count,
            liveTerms: audit.equations.liveTerms, lost: audit.lost.count, sequence: registry.sequence,
            addsUntilCellCount: budget.addsUntilCellCount, residualHigh: audit.residualHigh,
            shiftDrift: audit.shiftDrift, equationWeight: audit.equationWeight)
    }

    /// Runs `body` as one call: logged, and undone if it throws.
    @inline(__always)
    mutating func transact<T>(_ body: (inout SolverCore) throws(SolverError) -> T) throws(SolverError) -> T {
        beginLog()
        do {
            let result = try body(&self)
            // What the log saved would pin old buffers (an objective, the
            // equations) until the next call.
            if !log.saved.isEmpty { log.saved.removeAll() }
            return result
        } catch {
            rollback()
            throw error
        }
    }

    // MARK: Logging

    /// Logs the row of slot `k` before it changes. A slot the call added
    /// is not logged: the rollback drops it, and the certificate reads
    /// every one (`newSlots`).
    @inline(__always)
    mutating func logRow(_ k: Int32) {
        let i = Int(k)
        if i >= log.start.slots || (i < log.slotStamps.count && log.slotStamps[i] == log.generation) { return }
        logFirstChange(of: k)
    }

    @inline(never)
    mutating func logFirstChange(of k: Int32) {
        let i = Int(k)
        Self.lengthen(&log.slotStamps, to: max(i + 1, slots.count), with: 0)
        Self.lengthen(&log.slotEntries, to: log.slotStamps.count, with: -1)
        log.slotStamps[i] = log.generation
        log.slotEntries[i] = Int32(log.slots.count)
        // Only a slot older than the call is logged (`logRow`): it exists.
        let (b, source) = (slots[i].basic, slots[i].cells)
        let live = b != invalidSymbol && Int(b) < slotOf.count && slotOf[Int(b)] == k
        let entry = UndoLog.SlotEntry(
            slot: k, live: live, basic: b, constant: slots[i].constant, start: Int32(log.cells.count), count: Int32(source.count))
        log.cells.appending(upTo: source.count, filler: Cell(invalidSymbol, 0)) { cells, end in
            source.withUnsafeBufferPointer { source in
                for cell in source {
                    cells[end] = cell
                    end += 1
                }
            }
        }
        log.slots.append(entry)
    }

    /// Logs the objective entry of `s` before it changes: the certificate
    /// reads it as a symbol whose reduced costs moved. A symbol the call
    /// added is not logged: the rollback drops it, and the certificate reads
    /// every one (`newSymbols`).
    @inline(__always)
    mutating func logCost(_ s: Symbol) {
        let i = Int(s)
        if i >= log.start.symbols || (i < log.costStamps.count && log.costStamps[i] == log.generation) { return }
        Self.lengthen(&log.costStamps, to: max(i + 1, kinds.count), with: 0)
        log.costStamps[i] = log.generation
        log.operations.append(.cost(s, start: Int32(log.values.count)))
        for l in 0..<objective.stride { log.values.append(objective.coefficient(s, level: l)) }
    }

    /// Logs the objective's level constants before the call first changes them.
    @inline(__always)
    mutating func logConstants() {
        guard log.constantsStamp != log.generation else { return }
        log.constantsStamp = log.generation
        log.objectiveConstants.clear()
        for c in objective.constants { log.objectiveConstants.append(c) }
    }

    /// Logs a change whose old contents are a `Saved` value.
    @inline(__always)
    mutating func logSaved(_ value: consuming UndoLog.Saved) {
        log.operations.append(.saved(Int32(log.saved.count)))
        log.saved.append(value)
    }

    /// Takes a use of `priority`'s objective level, logged.
    mutating func retainLevel(_ priority: Priority) -> Int {
        if objective.level(of: priority) == nil { insertLevels([priority]) }
        // In the layout they had at the call's start (restored last).
        logConstants()
        log.operations.append(.levelUse(priority, delta: 1))
        return objective.retainLevel(priority)
    }

    /// Makes the objective levels `missing` names, with no user yet, the
    /// objective saved once for them.
    mutating func insertLevels(_ missing: [Priority]) {
        logConstants()
        logSaved(.objective(objective, released: false))
        objective.insertLevels(missing)
    }

    /// Makes the levels a batch's soft constraints and edits need and the
    /// objective lacks (none for an invalid priority, which the batch
    /// refuses), before its rows enter: made one at a time as each row
    /// enters, they cost a small build a pass over the objective each.
    mutating func insertLevels(for constraints: [Constraint], edits: [(variable: Variable, priority: Priority)]) {
        var missing: [Priority] = []
        for constraint in constraints { Self.note(constraint.priority, missingFrom: objective, in: &missing) }
        for edit in edits { Self.note(edit.priority, missingFrom: objective, in: &missing) }
        if !missing.isEmpty { insertLevels(missing) }
    }

    /// Static: a nested function that captured `self` copied the solver at every call.
    private static func note(_ priority: Priority, missingFrom objective: LexObjective, in missing: inout [Priority]) {
        guard priority.isValid, !priority.isRequired, objective.level(of: priority) == nil, !missing.contains(priority)
        else { return }
        missing.append(priority)
    }

    /// Gives back a use of `priority`'s objective level, logged; whether the level went.
    mutating func releaseLevel(_ priority: Priority) -> Bool {
        guard let l = objective.level(of: priority) else { return false }
        logConstants()
        if objective.users[l] > 1 {
            log.operations.append(.levelUse(priority, delta: -1))
        } else {
            logSaved(.objective(objective, released: true))
        }
        return objective.releaseLevel(priority)
    }

    // MARK: Rolling back

    /// Puts everything the call changed back as it was at `beginLog()`.
    mutating func rollback() {
        artificialObjective = nil
        candidates.removeAll()
        infeasible.removeAll()
        restoreSlots()
        for i in log.operations.indices.reversed() { undo(log.operations[i]) }

        let start = log.start
        registry.freeSymbols.removeAll { Int($0) >= start.symbols }
        freeSlots.removeAll { Int($0) >= start.slots }
        let n = start.symbols
        if kinds.count > n {
            kinds.removeLast(kinds.count - n)
            slotOf.removeLast(slotOf.count - n)
            columns.truncate(to: n)
            scratch.position.removeLast(scratch.position.count - n)
            registry.variableOf.removeLast(registry.variableOf.count - n)
            registry.ownerOf.removeLast(registry.ownerOf.count - n)
            registry.recordsOf.truncate(to: n)
        }
        objective.truncate(symbols: n)
        if log.constantsStamp == log.generation {
            for l in log.objectiveConstants.indices { objective.setConstant(log.objectiveConstants[l], level: l) }
        }
        if slots.count > start.slots {
            slots.removeLast(slots.count - start.slots)
            scratch.slotMark.removeLast(scratch.slotMark.count - start.slots)
        }
        if registry.records.count > start.records { registry.records.removeLast(registry.records.count - start.records) }
        if registry.edits.count > start.edits {
            registry.edits.removeLast(registry.edits.count - start.edits)
            registry.editMoves.removeLast(registry.editMoves.count - start.edits)
        }
        audit.equations.truncate(headers: start.headers, terms: start.terms, liveTerms: start.liveTerms)
        if audit.lost.count > start.lost { audit.lost.removeLast(audit.lost.count - start.lost) }
        registry.sequence = start.sequence
        budget.addsUntilCellCount = start.addsUntilCellCount
        audit.residualHigh = start.residualHigh
        audit.shiftDrift = start.shiftDrift
        audit.equationWeight = start.equationWeight
        if !log.saved.isEmpty { log.saved.removeAll() }
    }

    /// Takes the current contents of every logged slot out of the columns,
    /// then puts the old ones back, then the constants that shifts moved in
    /// slots no earlier row entry holds.
    private mutating func restoreSlots() {
        // Slots only grow within a call: every logged one is still there.
        for k in log.start.slots..<slots.count { unlinkIfLive(Int32(k)) }
        for i in log.slots.indices { unlinkIfLive(log.slots[i].slot) }
        for i in log.slots.indices {
            let entry = log.slots[i]
            let k = Int(entry.slot)
            var row = Row(constant: entry.constant)
            row.basic = entry.basic
            for c in Int(entry.start)..<Int(entry.start + entry.count) { row.cells.append(log.cells[c]) }
            if entry.live {
                linkAll(&row, slot: entry.slot)
                slotOf[Int(row.basic)] = entry.slot
            }
            slots[k] = row
        }
        for i in log.shifts.indices.reversed() where Int(log.shifts[i].slot) < log.start.slots {
            let shift = log.shifts[i]
            let k = Int(shift.slot)
            if k < log.slotStamps.count && log.slotStamps[k] == log.generation && log.slotEntries[k] < shift.rowsLogged {
                continue
            }
            slots[k].constant = shift.constant
        }
    }

    private mutating func unlinkIfLive(_ k: Int32) {
        let basic = slots[Int(k)].basic
        guard basic != invalidSymbol, slotOf[Int(basic)] == k else { return }
        var current = Row()
        swap(&current, &slots[Int(k)])
        unlinkAll(&current, slot: k)
        slotOf[Int(basic)] = -1
    }

    private mutating func undo(_ operation: UndoLog.Operation) {
        switch operation {
        case .cost(let s, let start):
            guard Int(s) < objective.symbolCapacity else { return }
            for l in 0..<objective.stride { objective.setCoefficient(log.values[Int(start) + l], s, level: l) }
        case .poppedSymbol(let s):
            slotOf[Int(s)] = -1
            columns.writer().removeAll(from: Int(s))
            registry.recordsOf.writer().removeAll(from: Int(s))
            makeFree(s)
        case .saved(let i):
            undo(log.saved[Int(i)])
        case .freeSlot(let k):
            if k >= 0 { freeSlots.append(k) } else { freeSlots.removeLast() }
        case .variableEntry(let s, let made):
            guard let variable = registry.variableOf[Int(s)] else { break }
            if made { registry.variableSymbols.remove(variable.id) } else { registry.variableSymbols.set(s, for: variable.id) }
        case .appendedRecordOf(let s):
            registry.recordsOf.writer().removeLast(from: Int(s))
        case .removedRecordOf(let s, let position, let record):
            // Back at `position`; the entry that took its place goes last again.
            let lists = registry.recordsOf.writer()
            let p = Int(position)
            let last = Int(lists.append(record, to: Int(s)))
            if p < last {
                lists[Int(s), last] = lists[Int(s), p]
                lists[Int(s), p] = record
            }
        case .storedRecord(let i, let popped):
            if let record = registry.records[Int(i)] { registry.constraintIndex.remove(record.constraint.id) }
            registry.records[Int(i)] = nil
            if popped { registry.freeRecords.append(i) }
        case .suggestion(let e, let old):
            registry.editMoves[Int(e)].constant = old
        case .equationConstant(let r, let old):
            audit.equations.headers[Int(r)].constant = old
        case .lost(let s, let old):
            audit.lost[Int(s)] = old
        case .levelUse(let priority, let delta):
            objective.adjustUsers(of: priority, by: -Int(delta))
        }
    }

    private mutating func undo(_ saved: UndoLog.Saved) {
        switch saved {
        case .symbol(let s, let kind, let variable, let owner):
            registry.freeSymbols.removeLast()
            kinds[Int(s)] = kind
            registry.variableOf[Int(s)] = variable
            registry.ownerOf[Int(s)] = owner
        case .record(let i, let record):
            registry.freeRecords.removeLast()
            registry.records[Int(i)] = record
            registry.constraintIndex.set(i, for: record.constraint.id)
        case .edit(let e, nil, let move):
            if let edit = registry.edits[Int(e)] { registry.editIndex.remove(edit.variable.id) }
            registry.edits[Int(e)] = nil
            // An index the call did not append came off the free list.
            if Int(e) < log.start.edits {
                registry.freeEdits.append(e)
                registry.editMoves[Int(e)] = move
            }
        case .edit(let e, let edit?, let move):
            registry.freeEdits.removeLast()
            registry.edits[Int(e)] = edit
            registry.editMoves[Int(e)] = move
            registry.editIndex.set(e, for: edit.variable.id)
        case .header(let i, let header):
            audit.equations.headers[Int(i)] = header
        case .equations(let store):
            audit.equations = store
        case .lost(let lost):
            audit.lost = lost
        case .objective(let old, _):
            // The objective as it was before a level came or went: later
            // symbols' entries beyond its capacity are cut by the caller.
            objective = old
        case .levelWeight(let priority, let old):
            audit.levelWeights.restore(priority, to: old)
        }
    }
}

/// A list that a new call empties in O(1): its storage is kept and
/// overwritten, where `removeAll(keepingCapacity:)` cost about 130
/// instructions an array, a fifth of a small round of suggestions.
struct LogBuffer<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private(set) var count = 0

    var indices: Range<Int> { 0..<count }

    @inline(__always)
    subscript(i: Int) -> Element { storage[i] }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    mutating func clear() { count = 0 }

    /// Appends up to `n` elements that `body` writes through the storage's
    /// buffer from index `count` on, advancing `count` as it goes: an inner
    /// loop's appends pay no uniqueness check each (`filler` pads the
    /// storage first).
    @inline(__always)
    mutating func appending<R>(
        upTo n: Int, filler: Element, _ body: (UnsafeMutableBufferPointer<Element>, inout Int) -> R
    ) -> R {
        SolverCore.lengthen(&storage, to: count + n, with: filler)
        var end = count
        defer { count = end }
        return storage.withUnsafeMutableBufferPointer { body($0, &end) }
    }

    mutating func reserve(_ n: Int) { SolverCore.grow(&storage, to: n) }
}
