/// A binary min-heap of symbols with a membership flag per symbol, so a symbol
/// is queued at most once. Taking the smallest id first is Bland's rule, which
/// keeps the simplex from cycling and makes the choice independent of the order
/// in which candidates were discovered.
struct SymbolHeap: Sendable {
    private var heap: [Symbol] = []
    private var queued: [Bool] = []

    mutating func reserve(symbols: Int) {
        if queued.count < symbols {
            queued.append(contentsOf: repeatElement(false, count: symbols - queued.count))
        }
    }

    mutating func push(_ symbol: Symbol) {
        let s = Int(symbol)
        if s >= queued.count { reserve(symbols: s + 1) }
        if queued[s] { return }
        queued[s] = true
        heap.append(symbol)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if heap[parent] <= heap[child] { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() -> Symbol? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            let n = heap.count
            while true {
                let left = 2 * parent + 1
                if left >= n { break }
                let right = left + 1
                let smallest = right < n && heap[right] < heap[left] ? right : left
                if heap[parent] <= heap[smallest] { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        queued[Int(top)] = false
        return top
    }

    mutating func removeAll() {
        for s in heap { queued[Int(s)] = false }
        heap.removeAll(keepingCapacity: true)
    }
}

