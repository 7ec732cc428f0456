/// The undo log of one `add`, so that a failed add leaves the solver exactly
/// as it was (kiwi #52 leaves an artificial row behind instead).
///
/// Symbol and slot allocations are always logged: they are cheap to record.
/// Rows and objective entries are logged only once the add needs an
/// artificial variable (`trackingTableau`), the only path that can reject
/// it after pivoting; every other rejection happens before the tableau is
/// touched. An add that fails its certificate is undone by `Solver`'s
/// checkpoint instead (Solver.swift, `perform`).
struct Journal: Sendable {
    typealias Row = TableauRow

    enum FreeListOperation: Sendable {
        case poppedSymbol(Symbol)
        case pushedSymbol
        case poppedSlot(Int32)
        case pushedSlot
    }

    /// Whether an add is in progress. The journal's buffers are kept between
    /// adds (cleared, not freed), so logging allocates nothing once warm.
    var isOpen = false
    var symbolCount = 0
    var slotCount = 0
    var freeListLog: [FreeListOperation] = []
    var newVariables: [ObjectIdentifier] = []
    /// External symbols whose use count the add incremented.
    var referenced: [Symbol] = []

    var trackingTableau = false
    /// Rows as they were before the add first touched their slot.
    var rows: [(slot: Int32, row: Row, wasLive: Bool)] = []
    var objectiveSymbols: [Symbol] = []
    var objectiveValues: [Double] = []
    var objectiveConstants: [Double] = []
    /// Which slots and symbols this generation has logged already: stamps
    /// rather than sets, so logging costs no hashing.
    var generation: UInt32 = 0
    var slotStamps: [UInt32] = []
    var symbolStamps: [UInt32] = []
}

extension SolverCore {
    mutating func beginJournal() {
        journal.isOpen = true
        journal.symbolCount = kinds.count
        journal.slotCount = slots.count
        journal.trackingTableau = false
        // `removeAll(keepingCapacity:)` costs a call even on an empty array: a
        // build pays this once per constraint.
        if !journal.freeListLog.isEmpty { journal.freeListLog.removeAll(keepingCapacity: true) }
        if !journal.newVariables.isEmpty { journal.newVariables.removeAll(keepingCapacity: true) }
        if !journal.referenced.isEmpty { journal.referenced.removeAll(keepingCapacity: true) }
        if !journal.rows.isEmpty { journal.rows.removeAll(keepingCapacity: true) }
        if !journal.objectiveSymbols.isEmpty { journal.objectiveSymbols.removeAll(keepingCapacity: true) }
        if !journal.objectiveValues.isEmpty { journal.objectiveValues.removeAll(keepingCapacity: true) }
        // A new generation makes every stamp stale: nothing is logged yet.
        journal.generation &+= 1
        if journal.generation == 0 {
            journal.generation = 1
            for i in journal.slotStamps.indices { journal.slotStamps[i] = 0 }
            for i in journal.symbolStamps.indices { journal.symbolStamps[i] = 0 }
        }
    }

    /// From here on, log rows and objective entries before changing them.
    mutating func trackTableau() {
        journal.trackingTableau = true
        journal.objectiveConstants = objective.constants
    }

    mutating func commitJournal() {
        journal.isOpen = false
        // Rows kept for a rollback that did not happen would pin their old
        // buffers and make the next change to those rows copy them.
        if !journal.rows.isEmpty { journal.rows.removeAll(keepingCapacity: true) }
    }

    @inline(__always)
    mutating func journalRow(_ slot: Int32) {
        traceSlot(slot)
        guard journal.isOpen && journal.trackingTableau else { return }
        let k = Int(slot)
        if k >= journal.slotStamps.count { journal.slotStamps.append(contentsOf: repeatElement(0, count: k + 1 - journal.slotStamps.count)) }
        guard journal.slotStamps[k] != journal.generation else { return }
        journal.slotStamps[k] = journal.generation
        if Int(slot) < slots.count {
            let row = slots[Int(slot)]
            let live = row.basic != invalidSymbol && Int(row.basic) < slotOf.count
                && slotOf[Int(row.basic)] == slot
            journal.rows.append((slot, row, live))
        } else {
            journal.rows.append((slot, Row(), false))
        }
    }

    @inline(__always)
    mutating func journalObjective(_ symbol: Symbol) {
        guard journal.isOpen && journal.trackingTableau else { return }
        let i = Int(symbol)
        if i >= journal.symbolStamps.count { journal.symbolStamps.append(contentsOf: repeatElement(0, count: i + 1 - journal.symbolStamps.count)) }
        guard journal.symbolStamps[i] != journal.generation else { return }
        journal.symbolStamps[i] = journal.generation
        journal.objectiveSymbols.append(symbol)
        for l in 0..<objective.stride {
            journal.objectiveValues.append(objective.coefficient(symbol, level: l))
        }
    }

    /// Puts everything back as it was at `beginJournal()`.
    mutating func rollbackJournal() {
        guard journal.isOpen else { return }
        let log = journal
        journal.isOpen = false
        defer { journal.rows.removeAll(keepingCapacity: true) }
        artificialObjective = nil
        candidates.removeAll()
        infeasible.removeAll()

        // Rows: take the current contents of every touched slot out of the
        // columns, then put the old contents back.
        for entry in log.rows {
            let k = entry.slot
            guard Int(k) < slots.count else { continue }
            let basic = slots[Int(k)].basic
            guard basic != invalidSymbol, slotOf[Int(basic)] == k else { continue }
            var current = Row()
            swap(&current, &slots[Int(k)])
            unlinkAll(&current, slot: k)
            slotOf[Int(basic)] = -1
        }
        for entry in log.rows {
            let k = entry.slot
            guard Int(k) < log.slotCount else { continue }
            var row = entry.row
            if entry.wasLive {
                linkAll(&row, slot: k)
                slotOf[Int(row.basic)] = k
            }
            slots[Int(k)] = row
        }
        if slots.count > log.slotCount {
            slots.removeLast(slots.count - log.slotCount)
            scratch.slotMark.removeLast(scratch.slotMark.count - log.slotCount)
        }

        // Objective entries and level values.
        if log.trackingTableau {
            let stride = objective.stride
            for (n, s) in log.objectiveSymbols.enumerated() where Int(s) < log.symbolCount {
                for l in 0..<stride {
                    objective.setCoefficient(log.objectiveValues[n * stride + l], s, level: l)
                }
            }
            for (l, value) in log.objectiveConstants.enumerated() { objective.setConstant(value, level: l) }
        }

        // Use counts, variables, then the symbols and slots the add allocated.
        for s in log.referenced where Int(s) < log.symbolCount { registry.useCount[Int(s)] -= 1 }
        for id in log.newVariables { registry.variableSymbols.remove(id) }
        for operation in log.freeListLog.reversed() {
            switch operation {
            case .poppedSymbol(let s):
                kinds[Int(s)] = .free
                registry.variableOf[Int(s)] = nil
                registry.useCount[Int(s)] = 0
                slotOf[Int(s)] = -1
                columns[Int(s)].removeAll()
                registry.ownerOf[Int(s)] = -1
                registry.recordsOf[Int(s)] = []
                objective.clear(s)
                registry.freeSymbols.append(s)
            case .pushedSymbol:
                registry.freeSymbols.removeLast()
            case .poppedSlot(let k):
                freeSlots.append(k)
            case .pushedSlot:
                freeSlots.removeLast()
            }
        }
        registry.freeSymbols.removeAll { Int($0) >= log.symbolCount }
        freeSlots.removeAll { Int($0) >= log.slotCount }
        let n = log.symbolCount
        if kinds.count > n {
            kinds.removeLast(kinds.count - n)
            slotOf.removeLast(slotOf.count - n)
            columns.removeLast(columns.count - n)
            scratch.position.removeLast(scratch.position.count - n)
            registry.variableOf.removeLast(registry.variableOf.count - n)
            registry.useCount.removeLast(registry.useCount.count - n)
            registry.ownerOf.removeLast(registry.ownerOf.count - n)
            registry.recordsOf.removeLast(registry.recordsOf.count - n)
            objective.truncate(symbols: n)
        }
    }
}
