/// A Fenwick (binary indexed) tree over `Int64`: prefix sums and point updates in
/// O(log n), and the search for the row at an offset in O(log n).
///
/// Storage: `tree[i - 1]` holds the sum of the values at 1-based positions
/// `(i - lowbit(i), i]`. Nothing else is kept — not even the values, which ``value(at:)``
/// recovers in O(log n) — so the tree costs 8 bytes per row.
///
/// Invariant (checked by ``checkInvariants(against:)`` in the tests): for every `i`,
/// `tree[i - 1]` equals the sum of those values exactly (integer arithmetic).
struct FenwickTree: Sendable, Equatable {
    private(set) var tree: [Int64]

    /// A tree holding `values`.
    ///
    /// - Complexity: O(n): each node adds itself to its parent once.
    init(_ values: [Int64]) {
        tree = values
        FenwickTree.build(&tree)
    }

    var count: Int { tree.count }

    private static func lowbit(_ i: Int) -> Int { i & -i }

    /// Turns values into tree nodes, in place. O(n).
    private static func build(_ nodes: inout [Int64]) {
        let n = nodes.count
        for i in stride(from: 1, through: n, by: 1) {
            let parent = i + lowbit(i)
            if parent <= n { nodes[parent - 1] += nodes[i - 1] }
        }
    }

    /// Turns tree nodes back into values, in place: ``build(_:)`` run backwards. O(n).
    private static func unbuild(_ nodes: inout [Int64]) {
        let n = nodes.count
        for i in stride(from: n, through: 1, by: -1) {
            let parent = i + lowbit(i)
            if parent <= n { nodes[parent - 1] -= nodes[i - 1] }
        }
    }

    /// Rewrites every value with `transform(index, value)`, keeping the storage.
    ///
    /// - Complexity: O(n) plus n calls of `transform`.
    mutating func rewrite(_ transform: (Int, Int64) -> Int64) {
        FenwickTree.unbuild(&tree)
        for index in tree.indices { tree[index] = transform(index, tree[index]) }
        FenwickTree.build(&tree)
    }

    /// Adds `delta` to the value at `index` (0-based). O(log n).
    mutating func add(_ delta: Int64, at index: Int) {
        var i = index + 1
        while i <= tree.count {
            tree[i - 1] += delta
            i += FenwickTree.lowbit(i)
        }
    }

    /// The sum of the first `count` values. O(log n).
    func prefixSum(_ count: Int) -> Int64 {
        var sum: Int64 = 0
        var i = count
        while i > 0 {
            sum += tree[i - 1]
            i -= FenwickTree.lowbit(i)
        }
        return sum
    }

    /// The value at `index` (0-based). O(log n): the node minus the nodes it covers.
    func value(at index: Int) -> Int64 {
        let i = index + 1
        var value = tree[i - 1]
        let stop = i - FenwickTree.lowbit(i)
        var j = i - 1
        while j > stop {
            value -= tree[j - 1]
            j -= FenwickTree.lowbit(j)
        }
        return value
    }

    /// The number of leading values whose sum is at most `target`: the largest `k` with
    /// `prefixSum(k) <= target`. With non-negative values, that is the index of the row
    /// containing offset `target` (rows of height 0 contain no offset and are skipped).
    ///
    /// - Complexity: O(log n), by binary lifting.
    func count(withPrefixSumAtMost target: Int64) -> Int {
        var position = 0
        var remaining = target
        var step = 1
        while step <= tree.count / 2 { step <<= 1 }
        if tree.isEmpty { return 0 }
        while step > 0 {
            let next = position + step
            if next <= tree.count, tree[next - 1] <= remaining {
                position = next
                remaining -= tree[next - 1]
            }
            step >>= 1
        }
        return position
    }

    /// Whether every node holds the sum of its range of `values`.
    func checkInvariants(against values: [Int64]) -> Bool {
        guard values.count == tree.count else { return false }
        var prefix = [Int64](repeating: 0, count: values.count + 1)
        for (i, v) in values.enumerated() { prefix[i + 1] = prefix[i] + v }
        for i in stride(from: 1, through: tree.count, by: 1) {
            if tree[i - 1] != prefix[i] - prefix[i - FenwickTree.lowbit(i)] { return false }
        }
        return true
    }
}
