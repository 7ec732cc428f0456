/// One bit per row: whether the row's height is exact (measured) or estimated.
///
/// 1/8 byte per row, in `UInt64` words.
struct RowFlags: Sendable, Equatable {
    private(set) var words: [UInt64]
    let count: Int
    /// Rows whose bit is set.
    private(set) var setCount = 0

    init(count: Int, value: Bool) {
        self.count = count
        let wordCount = (count + 63) / 64
        words = Array(repeating: value ? ~0 : 0, count: wordCount)
        if value {
            setCount = count
            // Keep the bits past the end clear, so words compare equal.
            if count % 64 != 0, let last = words.indices.last { words[last] = (1 << UInt64(count % 64)) - 1 }
        }
    }

    subscript(index: Int) -> Bool {
        get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
        set {
            let mask: UInt64 = 1 << UInt64(index & 63)
            let old = words[index >> 6] & mask != 0
            guard old != newValue else { return }
            words[index >> 6] ^= mask
            setCount += newValue ? 1 : -1
        }
    }
}
