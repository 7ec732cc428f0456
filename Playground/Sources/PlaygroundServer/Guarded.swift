import Foundation

/// A value behind a lock: what a request's workers report into (broken constraints,
/// font notices), and the server's count of requests in flight. The root package's
/// `Locked` is not a product, so the server has its own.
final class Guarded<Value>: @unchecked Sendable {
    // Every access goes through `withLock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
