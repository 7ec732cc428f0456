import Cassowary

/// One value asked of an edit variable: its slot in the variant's edit
/// variables and the value.
struct Suggestion: Sendable {
    var slot: Int
    var value: Double
}

/// The suggestions the text steps ask for, in the order asked, until the row's
/// pipeline hands them to the solver. Emptied by count alone, so that a row
/// neither allocates (once it has room) nor pays an array's `removeAll` per step.
struct SuggestionRequests: Sendable {
    private var buffer: [Suggestion] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Suggestion { buffer[index] }

    /// Asks for `value` in `slot`; nothing for -1, the slot of an edit variable
    /// the view does not have (most views use no baseline).
    mutating func ask(_ slot: Int, _ value: Double) {
        guard slot >= 0 else { return }
        let request = Suggestion(slot: slot, value: value)
        if count < buffer.count {
            buffer[count] = request
        } else {
            buffer.append(request)
        }
        count += 1
    }

    mutating func removeAll() {
        count = 0
    }
}

/// Every edit variable's suggestion for the current row, and which of them the
/// simplex has not been handed yet. Rows answered from a kept basis never hand
/// their suggestions to the simplex, so it falls behind `values`; it catches up
/// only when a row needs it (``RowSolver``).
struct SuggestionState: Sendable {
    /// The suggestion of each edit variable, in `CompiledSystem.edits` order.
    var values: [Double]
    /// The suggestions the simplex holds.
    var held: [Double]
    /// Slots changed since the simplex last caught up, in the order suggested:
    /// the simplex is handed them in that order, as suggesting each at once would.
    var pending: [Int] = []
    /// The last catch-up's suggestions and their slots, kept so that a row
    /// allocates nothing once they have room.
    var batch: (values: [(variable: Variable, value: Double)], slots: [Int]) = ([], [])

    init(_ start: [Double]) {
        values = start
        held = start
    }

    /// Takes `requests` in order.
    /// - Returns: whether any value changed.
    mutating func take(_ requests: SuggestionRequests) -> Bool {
        var changed = false
        for index in 0..<requests.count {
            let request = requests[index]
            let slot = request.slot
            guard values[slot] != request.value else { continue }
            values[slot] = request.value
            pending.append(slot)
            changed = true
        }
        return changed
    }

    /// Starts over from `start`, which the simplex holds.
    mutating func reset(to start: [Double]) {
        values = start
        held = start
        pending.removeAll(keepingCapacity: true)
    }

    /// Forgets the order of the changes, the values being answered without the
    /// simplex: the next catch-up hands it what it lacks in slot order.
    mutating func answeredWithoutSimplex() {
        pending.removeAll(keepingCapacity: true)
    }

    /// Fills `batch` with every suggestion the simplex does not hold: first those
    /// rows answered from a kept basis left behind, in slot order, then those
    /// suggested since, in the order suggested.
    mutating func collectUnheld(_ edits: [CompiledSystem.EditVariable]) {
        batch.values.removeAll(keepingCapacity: true)
        batch.slots.removeAll(keepingCapacity: true)
        for slot in values.indices where !pending.contains(slot) { collect(slot, edits) }
        for slot in pending { collect(slot, edits) }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func collect(_ slot: Int, _ edits: [CompiledSystem.EditVariable]) {
        let value = values[slot]
        guard held[slot] != value else { return }
        batch.values.append((edits[slot].variable, value))
        batch.slots.append(slot)
    }

    /// Records that the simplex took `batch`.
    mutating func batchHeld() {
        for slot in batch.slots { held[slot] = values[slot] }
    }
}
