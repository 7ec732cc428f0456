#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each symbol occurs: one list of entries (slot, cell) per symbol.
typealias Columns = Lists<ColumnEntry>
typealias ColumnWriter = ListWriter<ColumnEntry>

/// A list of plain values per symbol (`Columns`, the records that mention
/// each external), each in a buffer the store carves from chunks of its own.
///
/// Why not `[[Element]]`: every write to one of those inner arrays
/// (an append, a swap-remove, a moved cell's new index) is a call into the
/// runtime's uniqueness check, which was a fifth of a dense system's build
/// and a fifteenth of a small round of suggestions. Here the check is made
/// once per `writer()` (a whole pivot's substitutions), and the writes inside
/// go through plain pointers.
///
/// The store is a value: copies share the buffers until one of them is
/// written, and `writer()` copies them first when they are shared (copy on
/// write, as for the arrays it replaces).
struct Lists<Element: BitwiseCopyable>: Sendable {
    private var table = ListTable<Element>()

    /// The entries of symbol `s`'s list, read in place: valid until the
    /// list is next written.
    @inline(__always)
    subscript(s: Int) -> UnsafeBufferPointer<Element> {
        let head = table.heads[s]
        return UnsafeBufferPointer(start: head.base, count: Int(head.count))
    }

    /// Write access to every list: the buffers are this store's own
    /// (copied first if shared). Valid until the store next gains or drops a
    /// list (`appendEmpty`, `reserve`, `truncate`), or is copied and the
    /// copy written.
    @inline(__always)
    mutating func writer() -> ListWriter<Element> {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        return ListWriter(heads: table.heads, arena: table.arena)
    }

    /// Appends an empty list (a new symbol's).
    @inline(__always)
    mutating func appendEmpty() {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.appendEmpty()
    }

    /// Room for `n` lists without reallocating the list of heads (at
    /// least doubling when it grows).
    mutating func reserve(_ n: Int) {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.reserve(n)
    }

    /// Drops the lists from `n` on (the symbols an undone call made).
    mutating func truncate(to n: Int) {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.truncate(to: n)
    }
}

/// One list's buffer: `count` entries in a buffer of `capacity`.
struct ListHead<Element> {
    var base: UnsafeMutablePointer<Element>?
    var count: Int32
    var capacity: Int32

    static var empty: ListHead { ListHead(base: nil, count: 0, capacity: 0) }
}

/// Write access to the lists of a `Lists` (`Lists.writer()`).
///
/// A list with an entry, or one just grown, has a buffer: the entries are
/// read through `unsafelyUnwrapped`, which a release build does not check.
struct ListWriter<Element: BitwiseCopyable> {
    let heads: UnsafeMutablePointer<ListHead<Element>>
    /// The buffers' arena, which outlives the writer (see `Lists.writer()`).
    let arena: UnsafeMutablePointer<ListArena>

    @inline(__always)
    func count(_ s: Int) -> Int { Int(heads[s].count) }

    /// Appends `entry` to list `s`; its index there.
    @inline(__always) @discardableResult
    func append(_ entry: Element, to s: Int) -> Int32 {
        let n = heads[s].count
        if n == heads[s].capacity { grow(s) }
        heads[s].base.unsafelyUnwrapped[Int(n)] = entry
        heads[s].count = n + 1
        return n
    }

    @inline(never)
    func grow(_ s: Int) {
        let old = heads[s]
        let capacity = max(Int32(SolverLimits.initialListCapacity), 2 * old.capacity)
        let base = arena.pointee.allocate(Element.self, capacity: capacity)
        if let oldBase = old.base {
            base.moveInitialize(from: oldBase, count: Int(old.count))
            arena.pointee.release(old)
        }
        heads[s] = ListHead(base: base, count: old.count, capacity: capacity)
    }

    /// Entry `p` of list `s`.
    @inline(__always)
    subscript(s: Int, p: Int) -> Element {
        get { heads[s].base.unsafelyUnwrapped[p] }
        nonmutating set { heads[s].base.unsafelyUnwrapped[p] = newValue }
    }

    @inline(__always)
    func removeLast(from s: Int) { heads[s].count -= 1 }

    /// Empties list `s`, keeping its buffer.
    @inline(__always)
    func removeAll(from s: Int) { heads[s].count = 0 }

    /// Takes list `s`'s buffer out, leaving the list empty: the caller
    /// reads and changes it while other lists are written, and gives it
    /// back with `restore`.
    func take(_ s: Int) -> ListHead<Element> {
        let head = heads[s]
        heads[s] = .empty
        return head
    }

    /// Gives back a buffer `take` took, to a list that gained no entry meanwhile.
    func restore(_ head: ListHead<Element>, to s: Int) {
        arena.pointee.release(heads[s])
        heads[s] = head
    }
}

/// The buffers behind `Lists`: a list of heads, each owning its entries in
/// a buffer from the table's arena. Unchecked `Sendable`: `Lists` writes it
/// only when it holds the one reference (copy on write), so a shared table
/// is only ever read.
final class ListTable<Element: BitwiseCopyable>: @unchecked Sendable {
    private(set) var heads: UnsafeMutablePointer<ListHead<Element>>
    private(set) var count = 0
    private var capacity: Int
    /// Behind a pointer, so that a `ListWriter` reaches it without a
    /// reference to count.
    let arena = CBuffer.allocate(ListArena.self, capacity: 1)

    init(capacity: Int = 0) {
        self.capacity = capacity
        heads = CBuffer.allocate(ListHead<Element>.self, capacity: capacity)
        arena.initialize(to: ListArena())
    }

    deinit {
        heads.deinitialize(count: count)
        free(heads)
        arena.pointee.freeAll()
        free(arena)
    }

    func copy() -> ListTable {
        let table = ListTable(capacity: capacity)
        for s in 0..<count {
            let head = heads[s]
            var copy = ListHead<Element>.empty
            if head.capacity > 0, let base = head.base {
                let newBase = table.arena.pointee.allocate(Element.self, capacity: head.capacity)
                newBase.initialize(from: base, count: Int(head.count))
                copy = ListHead(base: newBase, count: head.count, capacity: head.capacity)
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
        let newHeads = CBuffer.allocate(ListHead<Element>.self, capacity: n)
        newHeads.moveInitialize(from: heads, count: count)
        free(heads)
        heads = newHeads
        capacity = n
    }

    @inline(__always)
    func appendEmpty() {
        if count == capacity { reserve(max(SolverLimits.initialSymbolCapacity, count + 1)) }
        (heads + count).initialize(to: .empty)
        count += 1
    }

    func truncate(to n: Int) {
        guard n < count else { return }
        for s in n..<count { arena.pointee.release(heads[s]) }
        (heads + n).deinitialize(count: count - n)
        count = n
    }
}

/// Where a `ListTable`'s buffers come from: chunks it carves, and a free
/// list per size for the buffers lists outgrew, which the next list to
/// reach that size takes. A malloc and a free per growth cost a small build
/// about eighty slow trips through malloc: its cache keeps seven blocks of
/// a size, and a build's lists grow in step, through the same sizes.
/// Capacities are `initialListCapacity` times a power of two, so a buffer's
/// size class is that power. Elements are plain values (`BitwiseCopyable`):
/// a buffer is reused or freed without deinitializing them.
struct ListArena {
    /// The first free buffer of each size class; each free buffer's first
    /// bytes hold the next one.
    private let freeLists = CBuffer.allocate(UnsafeMutableRawPointer?.self, capacity: Int32.bitWidth)
    /// Every chunk, each with the next one's address in its first bytes.
    private var chunks: UnsafeMutableRawPointer?
    /// The unused end of the newest chunk.
    private var bump: UnsafeMutableRawPointer?
    private var bumpLeft = 0
    private var chunkBytes = 1024

    init() {
        freeLists.initialize(repeating: nil, count: Int32.bitWidth)
    }

    /// Frees every chunk: every buffer the arena gave.
    mutating func freeAll() {
        free(freeLists)
        while let chunk = chunks {
            chunks = chunk.load(as: UnsafeMutableRawPointer?.self)
            free(chunk)
        }
    }

    /// A buffer of `capacity` entries (`initialListCapacity` times a power of two).
    mutating func allocate<Element>(_ type: Element.Type, capacity: Int32) -> UnsafeMutablePointer<Element> {
        let k = Self.sizeClass(capacity)
        // Whole pointers, so that every buffer is aligned for the one a free
        // buffer holds (and for any element of at most a pointer's alignment).
        let word = MemoryLayout<UnsafeMutableRawPointer>.stride
        let bytes = max((Int(capacity) * MemoryLayout<Element>.stride + word - 1) / word * word, word)
        if let block = freeLists[k] {
            freeLists[k] = block.load(as: UnsafeMutableRawPointer?.self)
            return block.bindMemory(to: Element.self, capacity: Int(capacity))
        }
        if bytes > bumpLeft {
            // Chunks double from 2 KB up to a megabyte; a larger buffer gets
            // a chunk of its own size.
            let header = MemoryLayout<UnsafeMutableRawPointer>.stride
            chunkBytes = min(2 * chunkBytes, 1 << 20)
            let size = max(bytes + header, chunkBytes)
            guard let chunk = malloc(size) else { fatalError("out of memory for a list of \(capacity) entries") }
            chunk.storeBytes(of: chunks, as: UnsafeMutableRawPointer?.self)
            chunks = chunk
            bump = chunk + header
            bumpLeft = size - header
        }
        guard let block = bump else { preconditionFailure("a chunk was just made") }
        bump = block + bytes
        bumpLeft -= bytes
        return block.bindMemory(to: Element.self, capacity: Int(capacity))
    }

    /// Gives `head`'s buffer, if it has one, to its size's free list.
    func release<Element>(_ head: ListHead<Element>) {
        guard let base = head.base else { return }
        let k = Self.sizeClass(head.capacity)
        let block = UnsafeMutableRawPointer(base)
        block.storeBytes(of: freeLists[k], as: UnsafeMutableRawPointer?.self)
        freeLists[k] = block
    }

    @inline(__always)
    private static func sizeClass(_ capacity: Int32) -> Int {
        (capacity / Int32(SolverLimits.initialListCapacity)).trailingZeroBitCount
    }
}

/// The lists' heads and free lists, from `malloc`: on Linux
/// `UnsafeMutablePointer.allocate` takes the runtime's aligned path
/// (`posix_memalign`) whatever the type's alignment, at about five times
/// malloc's instructions.
enum CBuffer {
    /// Room for `capacity` (at least one) elements; malloc's alignment covers
    /// the lists' types. Running out of memory stops the process, as
    /// Swift's own allocations do.
    static func allocate<Element>(_ type: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(MemoryLayout<Element>.stride * max(capacity, 1)) else {
            fatalError("out of memory for \(capacity) entries")
        }
        return raw.bindMemory(to: Element.self, capacity: max(capacity, 1))
    }
}
