import Synchronization

/// A flag that asks running work to stop: a table's sizing, a cell's layout, a
/// solver's call.
///
/// Any thread may call ``cancel()`` at any time. The work checks the token where it
/// loops — `TableSizing`'s workers before each chunk of rows, `CellFitter` before each
/// row, `Cassowary.Solver` at each add and each pivot of its phase one — with one relaxed atomic load, so a check
/// costs nothing the hot paths notice, and stops within one chunk, row, or add.
/// What it throws is the layer's own (`CancellationError`, `CellLayoutError.Code.cancelled`,
/// `SolverError.Code.cancelled`), and it leaves what it worked on as it was before the
/// call, as any error does. A token stays cancelled: use a new one for the next job.
///
/// The lowest layer of the package, below the solver, the fitter and the sizing, so
/// that one token reaches all three.
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
