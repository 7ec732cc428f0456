#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each symbol occurs: one list of entries (slot, cell) per symbol,
/// each in a buffer of its own that the store allocates and frees itself.
///
/// Why not `[[ColumnEntry]]`: every write to one of those inner arrays
/// (an append, a swap-remove, a moved cell's new index) is a call into the
/// runtime's uniqueness check, which was a fifth of a dense system's build
/// and a fifteenth of a small round of suggestions. Here the check is made
/// once per `writer()` (a whole pivot's substitutions), and the writes inside
/// go through plain pointers.
///
/// The store is a value: copies share the buffers until one of them is
/// written, and `writer()` copies them first when they are shared (copy on
/// write, as for the arrays it replaces).
struct Columns: Sendable {
    private var table = ColumnTable()

    /// The entries of symbol `s`'s column, read in place: valid until the
    /// column is next written.
    @inline(__always)
    subscript(s: Int) -> UnsafeBufferPointer<ColumnEntry> {
        let head = table.heads[s]
        return UnsafeBufferPointer(start: head.base, count: Int(head.count))
    }

    /// Write access to every column: the buffers are this store's own
    /// (copied first if shared). Valid until the store next gains or drops a
    /// column (`appendEmpty`, `reserve`, `truncate`), or is copied and the
    /// copy written.
    @inline(__always)
    mutating func writer() -> ColumnWriter {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        return ColumnWriter(heads: table.heads)
    }

    /// Appends an empty column (a new symbol's).
    mutating func appendEmpty() {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.appendEmpty()
    }

    /// Room for `n` columns without reallocating the list of heads (at
    /// least doubling when it grows).
    mutating func reserve(_ n: Int) {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.reserve(n)
    }

    /// Drops the columns from `n` on (the symbols an undone call made).
    mutating func truncate(to n: Int) {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.truncate(to: n)
    }
}

/// One column's buffer: `count` entries in a buffer of `capacity`.
struct ColumnHead {
    var base: UnsafeMutablePointer<ColumnEntry>?
    var count: Int32
    var capacity: Int32

    static var empty: ColumnHead { ColumnHead(base: nil, count: 0, capacity: 0) }
}

/// Write access to the columns of a `Columns` (`Columns.writer()`).
///
/// A column with an entry, or one just grown, has a buffer: the entries are
/// read through `unsafelyUnwrapped`, which a release build does not check.
struct ColumnWriter {
    let heads: UnsafeMutablePointer<ColumnHead>

    @inline(__always)
    func count(_ s: Int) -> Int { Int(heads[s].count) }

    /// Appends `entry` to column `s`; its index there.
    @inline(__always)
    func append(_ entry: ColumnEntry, to s: Int) -> Int32 {
        let n = heads[s].count
        if n == heads[s].capacity { grow(s) }
        heads[s].base.unsafelyUnwrapped[Int(n)] = entry
        heads[s].count = n + 1
        return n
    }

    @inline(never)
    func grow(_ s: Int) {
        let old = heads[s]
        let capacity = max(Int32(SolverLimits.initialColumnCapacity), 2 * old.capacity)
        let base = CBuffer.allocate(ColumnEntry.self, capacity: Int(capacity))
        if let oldBase = old.base {
            base.moveInitialize(from: oldBase, count: Int(old.count))
            CBuffer.release(oldBase)
        }
        heads[s] = ColumnHead(base: base, count: old.count, capacity: capacity)
    }

    /// Entry `p` of column `s`.
    @inline(__always)
    subscript(s: Int, p: Int) -> ColumnEntry {
        get { heads[s].base.unsafelyUnwrapped[p] }
        nonmutating set { heads[s].base.unsafelyUnwrapped[p] = newValue }
    }

    @inline(__always)
    func removeLast(from s: Int) { heads[s].count -= 1 }

    /// Empties column `s`, keeping its buffer.
    @inline(__always)
    func removeAll(from s: Int) { heads[s].count = 0 }

    /// Takes column `s`'s buffer out, leaving the column empty: the caller
    /// reads and changes it while other columns are written, and gives it
    /// back with `restore`.
    func take(_ s: Int) -> ColumnHead {
        let head = heads[s]
        heads[s] = .empty
        return head
    }

    /// Gives back a buffer `take` took, to a column that gained no entry meanwhile.
    func restore(_ head: ColumnHead, to s: Int) {
        CBuffer.release(heads[s].base)
        heads[s] = head
    }
}

/// The buffers behind `Columns`: a list of heads, each owning its entries.
/// Unchecked `Sendable`: `Columns` writes it only when it holds the one
/// reference (copy on write), so a shared table is only ever read.
final class ColumnTable: @unchecked Sendable {
    private(set) var heads: UnsafeMutablePointer<ColumnHead>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 0) {
        self.capacity = capacity
        heads = CBuffer.allocate(ColumnHead.self, capacity: capacity)
    }

    deinit {
        for s in 0..<count { CBuffer.release(heads[s].base) }
        heads.deinitialize(count: count)
        CBuffer.release(heads)
    }

    func copy() -> ColumnTable {
        let table = ColumnTable(capacity: capacity)
        for s in 0..<count {
            let head = heads[s]
            var copy = ColumnHead.empty
            if head.capacity > 0, let base = head.base {
                let newBase = CBuffer.allocate(ColumnEntry.self, capacity: Int(head.capacity))
                newBase.initialize(from: base, count: Int(head.count))
                copy = ColumnHead(base: newBase, count: head.count, capacity: head.capacity)
            }
            (table.heads + s).initialize(to: copy)
        }
        table.count = count
        return table
    }

    /// Room for `n` heads, at least doubling when it grows.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        let n = max(n, 2 * capacity)
        let newHeads = CBuffer.allocate(ColumnHead.self, capacity: n)
        newHeads.moveInitialize(from: heads, count: count)
        CBuffer.release(heads)
        heads = newHeads
        capacity = n
    }

    func appendEmpty() {
        if count == capacity { reserve(max(SolverLimits.initialSymbolCapacity, count + 1)) }
        (heads + count).initialize(to: .empty)
        count += 1
    }

    func truncate(to n: Int) {
        guard n < count else { return }
        for s in n..<count { CBuffer.release(heads[s].base) }
        (heads + n).deinitialize(count: count - n)
        count = n
    }
}

/// The columns' buffers, from `malloc`: on Linux
/// `UnsafeMutablePointer.allocate` takes the runtime's aligned path
/// (`posix_memalign`) whatever the type's alignment, at about five times
/// malloc's instructions, and a small build allocates a buffer per column
/// (6% of a 27-constraint build's instructions, callgrind).
enum CBuffer {
    /// Room for `capacity` (at least one) elements; malloc's alignment covers
    /// the columns' types. Running out of memory stops the process, as
    /// Swift's own allocations do.
    static func allocate<Element>(_ type: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(MemoryLayout<Element>.stride * max(capacity, 1)) else {
            fatalError("out of memory for a column of \(capacity) entries")
        }
        return raw.bindMemory(to: Element.self, capacity: max(capacity, 1))
    }

    static func release<Element>(_ pointer: UnsafeMutablePointer<Element>?) {
        free(pointer)
    }
}
