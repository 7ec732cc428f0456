import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded first-in, first-out hand-over between two threads: `put` waits while
/// `capacity` elements are waiting, `take` while none is, and either side may
/// ``close()`` it.
///
/// The stages of a stream (reading, sizing, writing) run on threads of their own and
/// meet here, so that each overlaps the others and memory stays bounded by the
/// capacities.
///
/// Why a mutex and two conditions, not two `DispatchSemaphore`s: a stream that stops
/// early (a bad line under `--on-error throw`) leaves the batch read ahead in the
/// hand-over, and libdispatch traps when a semaphore is freed below the value it was
/// made with ("semaphore object deallocated while in use"): the process died with
/// SIGILL before the rows already sized reached the output. Here nothing is owed at
/// the end: elements left behind are released with the hand-over, and a stage
/// waiting on a closed one is woken and told so rather than left blocked.
final class Handover<Element: Sendable>: @unchecked Sendable {
    // `@unchecked`: every stored value is reached only under `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private let capacity: Int
    private var items: [Element] = []
    private var head = 0
    private var closed = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deinitialize(count: 1)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Hands `element` over, waiting while the hand-over is full. Returns false, and
    /// drops `element`, once it is closed: the taker has stopped.
    @discardableResult
    func put(_ element: Element) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !closed, items.count - head >= capacity { pthread_cond_wait(changed, mutex) }
        guard !closed else { return false }
        items.append(element)
        pthread_cond_broadcast(changed)
        return true
    }

    /// The next element, waiting while there is none; nil once the hand-over is
    /// closed and every element put before it has been taken.
    func take() -> Element? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !closed, head == items.count { pthread_cond_wait(changed, mutex) }
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        // At most `capacity` elements wait: the array is reset whenever it empties,
        // so it never grows past that.
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        pthread_cond_broadcast(changed)
        return element
    }

    /// Ends the hand-over: later `put`s are refused, and `take` returns what was put
    /// before, then nil. Wakes both sides. Idempotent.
    func close() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        closed = true
        pthread_cond_broadcast(changed)
    }
}

/// A thread of its own for a stage of a stream, not one of Dispatch's: a stage that
/// waits on a hand-over or a read must not hold a thread `concurrentPerform` would
/// give the workers.
final class StageThread: Sendable {
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let thread: Locked<pthread_t?>

    /// Starts `body`; `nil` when the system cannot start a thread.
    init?(_ body: @escaping @Sendable () -> Void) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        self.thread = Locked(thread)
    }

    /// Waits for the body to return (once; later calls return at once).
    func join() {
        guard let thread = self.thread.withLock({ thread in
            defer { thread = nil }
            return thread
        }) else { return }
        pthread_join(thread, nil)
    }

    /// Lets the thread end on its own: for a stage that may wait for ever on input no
    /// one will read (a reader of a terminal after the stream has stopped).
    func detach() {
        guard let thread = self.thread.withLock({ thread in
            defer { thread = nil }
            return thread
        }) else { return }
        pthread_detach(thread)
    }
}
