/// A hash map from object identity to a small integer, with open addressing,
/// linear probing and Fibonacci hashing of the address.
///
/// The solver looks up a variable on every `suggest` and `value(of:)`; Swift's
/// `Dictionary` hashes with SipHash, which costs more than the rest of a
/// `value(of:)`. Addresses are already well spread, so a multiplicative hash is
/// enough. Iteration order is never used to make decisions.
struct IdentityMap: Sendable {
    /// A key and its value side by side: one allocation a table, and a
    /// probe reads the value from the line it found the key in.
    private struct Entry: Sendable {
        /// 0 for an empty slot.
        var key: UInt
        var value: Int32
    }

    private var entries: [Entry]
    private var shift: UInt
    private(set) var count = 0

    init() {
        entries = Array(repeating: Entry(key: 0, value: -1), count: 16)
        shift = UInt(UInt.bitWidth - 4)
    }

    @inline(__always)
    private func slot(for key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    private static func key(_ id: ObjectIdentifier) -> UInt {
        // The address itself (`hashValue` would run SipHash, what this map avoids);
        // 0 marks an empty slot, and real addresses are aligned.
        UInt(bitPattern: id) | 1
    }

    /// Where `key` is, or the empty slot that ends its probe run.
    @inline(__always)
    private func probe(_ key: UInt) -> Int {
        let mask = entries.count - 1
        var i = slot(for: key)
        while entries[i].key != key && entries[i].key != 0 { i = (i + 1) & mask }
        return i
    }

    subscript(id: ObjectIdentifier) -> Int32? {
        let i = probe(Self.key(id))
        return entries[i].key == 0 ? nil : entries[i].value
    }

    mutating func set(_ value: Int32, for id: ObjectIdentifier) {
        if (count + 1) * 4 > entries.count * 3 { rehash(to: entries.count * 2) }
        let key = Self.key(id)
        let i = probe(key)
        if entries[i].key == 0 { count += 1 }
        entries[i] = Entry(key: key, value: value)
    }

    /// Removes `id`, shifting later entries of its probe run back so that no
    /// tombstones accumulate across add/remove cycles.
    mutating func remove(_ id: ObjectIdentifier) {
        let i = probe(Self.key(id))
        guard entries[i].key != 0 else { return }
        let mask = entries.count - 1
        count -= 1
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = entries[j].key
            if k == 0 { break }
            let home = slot(for: k)
            // Move the entry at j into the hole unless its home lies cyclically in (hole, j].
            let inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !inRange {
                entries[hole] = entries[j]
                hole = j
            }
        }
        entries[hole] = Entry(key: 0, value: -1)
    }

    /// Room for `n` entries without a rehash: a batch that adds many grew
    /// the map 16, 32, 64, …, allocating and rehashing at each step.
    mutating func reserve(_ n: Int) {
        var size = entries.count
        while n * 4 > size * 3 { size *= 2 }
        if size > entries.count { rehash(to: size) }
    }

    /// Moves every entry into a table of `size` slots (a power of two).
    private mutating func rehash(to size: Int) {
        let old = entries
        entries = Array(repeating: Entry(key: 0, value: -1), count: size)
        shift = UInt(UInt.bitWidth - size.trailingZeroBitCount)
        for entry in old where entry.key != 0 {
            // Keys are distinct: the probe ends at an empty slot.
            entries[probe(entry.key)] = entry
        }
    }
}
