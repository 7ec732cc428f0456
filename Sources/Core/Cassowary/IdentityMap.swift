/// A hash map from object identity to a small integer, with open addressing,
/// linear probing and Fibonacci hashing of the address.
///
/// The solver looks up a variable on every `suggest` and `value(of:)`; Swift's
/// `Dictionary` hashes with SipHash, which costs more than the rest of a
/// `value(of:)`. Addresses are already well spread, so a multiplicative hash is
/// enough. Iteration order is never used to make decisions.
struct IdentityMap: Sendable {
    private var keys: [UInt]
    private var values: [Int32]
    private var shift: UInt
    private(set) var count = 0

    init() {
        keys = Array(repeating: 0, count: 16)
        values = Array(repeating: -1, count: 16)
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
        let mask = keys.count - 1
        var i = slot(for: key)
        while keys[i] != key && keys[i] != 0 { i = (i + 1) & mask }
        return i
    }

    subscript(id: ObjectIdentifier) -> Int32? {
        let i = probe(Self.key(id))
        return keys[i] == 0 ? nil : values[i]
    }

    mutating func set(_ value: Int32, for id: ObjectIdentifier) {
        if (count + 1) * 4 > keys.count * 3 { rehash(to: keys.count * 2) }
        let key = Self.key(id)
        let i = probe(key)
        if keys[i] == 0 {
            keys[i] = key
            count += 1
        }
        values[i] = value
    }

    /// Removes `id`, shifting later entries of its probe run back so that no
    /// tombstones accumulate across add/remove cycles.
    mutating func remove(_ id: ObjectIdentifier) {
        let i = probe(Self.key(id))
        guard keys[i] != 0 else { return }
        let mask = keys.count - 1
        count -= 1
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == 0 { break }
            let home = slot(for: k)
            // Move the entry at j into the hole unless its home lies cyclically in (hole, j].
            let inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !inRange {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = 0
        values[hole] = -1
    }

    /// Room for `n` entries without a rehash: a batch that adds many grew
    /// the map 16, 32, 64, …, allocating and rehashing at each step.
    mutating func reserve(_ n: Int) {
        var size = keys.count
        while n * 4 > size * 3 { size *= 2 }
        if size > keys.count { rehash(to: size) }
    }

    /// Moves every entry into tables of `size` slots (a power of two).
    private mutating func rehash(to size: Int) {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: -1, count: size)
        shift = UInt(UInt.bitWidth - size.trailingZeroBitCount)
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 {
            // Keys are distinct: the probe ends at an empty slot.
            let i = probe(k)
            keys[i] = k
            values[i] = v
            count += 1
        }
    }
}
