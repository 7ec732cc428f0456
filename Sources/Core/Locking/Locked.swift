#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, behind a POSIX mutex.
///
/// Why not `Synchronization.Mutex`: on Linux its lock is a futex the standard
/// library takes without telling ThreadSanitizer, so TSan reports every access
/// inside `withLock` as a race — a 20-line program incrementing a counter under
/// `Mutex` from 8 threads gets two "Swift access race" reports, the same
/// program under `pthread_mutex_t` (or `NSLock`, which is one) none, and a real
/// race still gets its report (`make tsan` would be noise otherwise; see the
/// README's Tests section). TSan intercepts `pthread_mutex_lock`, so
/// it sees the happens-before edges this lock creates. Uncontended, both cost a
/// compare-and-swap.
public final class Locked<Value>: @unchecked Sendable {
    // Both behind pointers: the value is only ever reached through `withLock`, and
    // a pointer's memory has no dynamic exclusivity checks, which TSan would report
    // as accesses of the object itself (an empty `Value` has no storage of its own).
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; its result and error pass through.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
