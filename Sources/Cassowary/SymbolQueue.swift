/// The restricted rows that may have gone negative, each queued once (a
/// membership flag per symbol). Unordered: the dual simplex picks among them
/// by their values, and by id where those tie, never by the order they were
/// found in.
struct SymbolQueue: Sendable {
    private(set) var items: [Symbol] = []
    private var queued: [Bool] = []

    mutating func push(_ symbol: Symbol) {
        let s = Int(symbol)
        if s >= queued.count { queued.append(contentsOf: repeatElement(false, count: s + 1 - queued.count)) }
        if queued[s] { return }
        queued[s] = true
        items.append(symbol)
    }

    /// Takes out the item at `index`; the last item takes its place.
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
