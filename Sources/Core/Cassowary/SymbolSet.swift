/// A set of symbols with a membership flag per symbol, unordered: the
/// primal simplex's candidates (symbols whose reduced cost may be negative,
/// fed by the rows a pivot changes) and the dual simplex's queue (restricted
/// rows that may have gone negative). Both are pruned lazily by their
/// simplex, which chooses among the items by value and id, never by the
/// order they were found in.
struct SymbolSet: Sendable {
    private(set) var items: [Symbol] = []
    private var queued: [Bool] = []

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
