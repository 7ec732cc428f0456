import Synchronization

/// A flag that asks a running sizing job to stop.
///
/// Any thread may call ``cancel()`` at any time; workers check the token before each
/// chunk of rows, so a job stops within one chunk's time per worker and then throws
/// `CancellationError`. A token stays cancelled: use a new one for the next job.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A token that is not cancelled.
    public init() {}

    /// Asks every job holding this token to stop. Idempotent.
    public func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        flag.load(ordering: .relaxed)
    }
}
