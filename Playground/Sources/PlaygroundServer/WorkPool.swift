import Cancellation
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server's own threads for the work of requests (layouts, pictures, heights,
/// imports): a fixed number of them, one request each, so that a request that takes
/// minutes holds one thread and the next request finds another.
///
/// Why not Dispatch's global queue: it keeps about one thread per core for work that
/// does not block, so two slow layouts on a 2-core machine made a request that alone
/// takes 0.03 s wait 207 s behind them. Threads of our own, more than the cores,
/// are shared by the kernel's scheduler: a small request runs beside large ones, at
/// its share of a core, and is answered in a fraction of a second.
///
/// Every piece of work gets a ``CancellationToken``, cancelled at its time budget,
/// when its client goes away, or when the server shuts down (``cancelAll()``); the
/// solver and the fitter check it and stop within one add or one row.
public final class WorkPool: @unchecked Sendable {
    // `@unchecked`: `queue`, `running` and `closed` are reached only under `lock`.
    private let lock = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var running: [ObjectIdentifier: CancellationToken] = [:]
    private var closed = false

    /// Starts `threads` threads (at least one); they end when the pool is closed.
    public init(threads: Int) {
        for index in 0..<max(1, threads) {
            let thread = Thread { [weak self] in self?.serve() }
            thread.name = "cellfit-serve work \(index)"
            // The solver's recursion is shallow, but a large template's stacks nest: 8 MiB as a main thread has.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func serve() {
        while true {
            lock.lock()
            while queue.isEmpty && !closed { lock.wait() }
            if queue.isEmpty {
                lock.unlock()
                return
            }
            let work = queue.removeFirst()
            lock.unlock()
            work()
        }
    }

    /// Runs `work` on a thread of the pool with a new token, cancelled after `seconds`
    /// (unless nil) and by ``cancelAll()``; `cancelled` learns of the token so that the
    /// caller can cancel it too (the client went away).
    /// - Returns: what `work` returned, or `nil` when the pool is closed (shutting down).
    public func run<Result: Sendable>(
        seconds: Double?, register: @Sendable (CancellationToken) -> Void = { _ in },
        _ work: @escaping @Sendable (CancellationToken) -> Result
    ) async -> Result? {
        let token = CancellationToken()
        register(token)
        let key = ObjectIdentifier(token)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
            lock.lock()
            guard !closed else {
                lock.unlock()
                continuation.resume(returning: nil)
                return
            }
            running[key] = token
            queue.append { [self] in
                let started = DispatchTime.now().uptimeNanoseconds
                let result = work(token)
                // Work of a tenth of a second or more has allocated and freed much: hand
                // the freed pages back. Each thread of the pool has a malloc arena of its
                // own that keeps what its work freed, so repeated large requests on
                // different threads grew the server by each one's peak (264 to 567 MB in
                // three requests of 3,001 labels) without this.
                if DispatchTime.now().uptimeNanoseconds - started > 100_000_000 { Self.trimMemory() }
                lock.lock()
                running[key] = nil
                lock.unlock()
                continuation.resume(returning: result)
            }
            lock.signal()
            lock.unlock()
            if let seconds, seconds.isFinite, seconds > 0 {
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { token.cancel() }
            }
        }
    }

    private static func trimMemory() {
        _ = mallocTrim?(0)
    }

    /// glibc's `malloc_trim`, which Swift's Glibc module does not declare: looked up
    /// once, nil on other C libraries.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Cancels every piece of work in flight and refuses new work: the server is
    /// shutting down. The threads end once their work has stopped.
    public func cancelAll() {
        lock.lock()
        closed = true
        let tokens = Array(running.values)
        // Work queued but not started is run at once on its thread and stops at its first check.
        lock.broadcast()
        lock.unlock()
        for token in tokens { token.cancel() }
    }
}
