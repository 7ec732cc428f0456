import Dispatch
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded first-in, first-out hand-over between two threads: `put` waits while
/// `capacity` elements are waiting, `take` while none is.
///
/// The stages of a stream (reading, sizing, writing) run on threads of their own and
/// meet here, so that each overlaps the others and memory stays bounded by the
/// capacities.
final class Handover<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    private let filled = DispatchSemaphore(value: 0)
    private let free: DispatchSemaphore

    init(capacity: Int) {
        free = DispatchSemaphore(value: max(1, capacity))
    }

    func put(_ element: Element) {
        free.wait()
        items.withLock { $0.append(element) }
        filled.signal()
    }

    func take() -> Element {
        filled.wait()
        let element = items.withLock { $0.removeFirst() }
        free.signal()
        return element
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
