/// The symbols whose reduced cost may be negative: a set with a membership
/// flag per symbol, filled by the rows a pivot changes and pruned lazily when
/// the primal simplex looks for its entering symbol.
struct CandidateSet: Sendable {
    private(set) var items: [Symbol] = []
    private var queued: [Bool] = []

    var count: Int { items.count }

    mutating func push(_ symbol: Symbol) {
        let s = Int(symbol)
        if s >= queued.count { queued.append(contentsOf: repeatElement(false, count: s + 1 - queued.count)) }
        if queued[s] { return }
        queued[s] = true
        items.append(symbol)
    }

    /// Removes the item at `index`; the last item takes its place.
    mutating func remove(at index: Int) {
        queued[Int(items[index])] = false
        items.swapAt(index, items.count - 1)
        items.removeLast()
    }

    mutating func removeAll() {
        for s in items { queued[Int(s)] = false }
        items.removeAll(keepingCapacity: true)
    }
}
