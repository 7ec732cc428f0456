import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Guards each connection: its next request must arrive whole within a deadline, and
/// the connections open at once are bounded.
///
/// The deadline runs from the connection's start and from the end of each answer: a
/// request's head and body must come in within `seconds`. One timer covers a slow
/// header, a trickled body and an idle keep-alive connection, so that a client sending
/// a byte every 2 seconds (which no idle timeout notices) holds its connection for
/// `seconds` at most. The time a request is worked on is not counted here: the work
/// has its own budget.
///
/// Past the limit of connections, a new one closes the connection that has waited
/// longest for its next request, not itself: a thousand idle connections then cost a
/// newcomer nothing, and an idle one that is closed only reconnects. When every
/// connection is busy (a request arriving or being answered), the newcomer is closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let seconds: TimeAmount
    private let table: ConnectionTable
    private var timer: Scheduled<Void>?
    private var key: ObjectIdentifier?
    /// Between a request's end and its answer's: the request is worked on.
    private var answering = false

    init(seconds: TimeAmount, table: ConnectionTable) {
        self.seconds = seconds
        self.table = table
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        key = ObjectIdentifier(channel)
        guard table.admit(channel) else {
            key = nil
            channel.close(promise: nil)
            return
        }
        if channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        if let key { table.remove(key) }
        key = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: if let key { table.mark(key, idle: false) }
        case .end:
            disarm()
            answering = true
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answering = false
            arm(context)
            if let key { table.mark(key, idle: true) }
        }
        context.write(data, promise: promise)
    }

    /// Hummingbird allows half-closed connections (for pipelining), so a client that
    /// goes away while its request is worked on shows as the end of its input, not as
    /// a closed channel. No client of this API half-closes to wait for an answer: the
    /// connection is closed, and its closing cancels the work (`WorkPool.run`).
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if answering, let event = event as? ChannelEvent, case .inputClosed = event {
            context.channel.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: seconds) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

/// The connections open across the server, and which of them wait for a request.
final class ConnectionTable: Sendable {
    private struct Entry {
        let channel: any Channel
        /// When the connection last started waiting for a request (its start, or its last answer).
        var idleSince: UInt64
        var idle: Bool
    }

    let limit: Int
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let clock = Atomic<UInt64>(0)

    init(limit: Int) { self.limit = max(1, limit) }

    /// Counts `channel` in; past the limit, closes the connection idle longest to make
    /// room, or refuses `channel` (false) when none is idle.
    func admit(_ channel: any Channel) -> Bool {
        let tick = clock.wrappingAdd(1, ordering: .relaxed).newValue
        let evicted: (any Channel)?? = entries.withLock { entries in
            var evicted: (any Channel)?
            if entries.count >= limit {
                guard let oldest = entries.filter({ $0.value.idle }).min(by: { $0.value.idleSince < $1.value.idleSince }) else {
                    return .none
                }
                evicted = oldest.value.channel
                entries[oldest.key] = nil
            }
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: tick, idle: true)
            return .some(evicted)
        }
        guard let evicted else { return false }
        evicted?.close(promise: nil)
        return true
    }

    func mark(_ key: ObjectIdentifier, idle: Bool) {
        let tick = clock.wrappingAdd(1, ordering: .relaxed).newValue
        entries.withLock { entries in
            entries[key]?.idle = idle
            if idle { entries[key]?.idleSince = tick }
        }
    }

    func remove(_ key: ObjectIdentifier) {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }

}

/// Who may use the API: only requests whose `Host` is an address this server listens
/// on (a page of another site that a DNS name was re-pointed at 127.0.0.1 sends its own
/// name: DNS rebinding), only POSTs whose `Origin`, when a browser sends one, is the
/// page's own, and only JSON bodies (a form or a `no-cors` `text/plain` POST from any
/// page needs no preflight; `application/json` from another origin does, and is
/// refused there by the missing CORS headers).
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let allowed = hosts.names
        guard let host = request.head.authority?.lowercased(), allowed.contains(host) else {
            let given = request.head.authority.map { "'\($0)'" } ?? "none"
            return PlaygroundServer.response(.failure(APIError(
                status: 421,
                message: "the Host header (\(given)) is not an address this server answers to (\(allowed.sorted().joined(separator: ", "))); "
                    + "--allowed-host adds one (Docs/Playground.md, \"Who may use it\")")))
        }
        guard request.method == .post else { return try await next(request, context) }
        if let origin = request.headers[.origin] {
            guard allowed.contains(where: { origin.lowercased() == "http://" + $0 }) else {
                return PlaygroundServer.response(.failure(APIError(
                    status: 403, message: "a request from the page of another origin (\(origin)) is refused: only the playground's own page may use the API")))
            }
        }
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            return PlaygroundServer.response(.failure(APIError(
                status: 415, message: "the request body must be JSON, sent with Content-Type: application/json (got \(type.map { "'\($0)'" } ?? "none"))")))
        }
        return try await next(request, context)
    }
}

/// The `Host` values (`name:port`, lower case) the server answers to: set once the
/// port is known (`--port 0` asks the system for one).
public final class AllowedHosts: Sendable {
    private let value = Mutex<Set<String>>([])
    private let extra: [String]
    private let listening: String

    /// Hosts for a server listening on `host`; `extra` names more (a name the user reaches it by).
    public init(listening host: String, extra: [String] = []) {
        self.listening = host
        self.extra = extra
    }

    var names: Set<String> { value.withLock { $0 } }

    /// The names for `port`: the loopback names when `host` is a loopback address,
    /// else `host` itself, and the extra names, each with the port (and alone on port 80).
    func listen(on port: Int) {
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(listening.lowercased())
        var hosts = loopback ? ["127.0.0.1", "localhost", "[::1]"] : [listening.contains(":") ? "[\(listening)]" : listening]
        hosts += extra
        var names = Set<String>()
        for host in hosts.map({ $0.lowercased() }) {
            names.insert("\(host):\(port)")
            if port == 80 { names.insert(host) }
        }
        value.withLock { $0 = names }
    }
}

/// The request context of the playground's routes: Hummingbird's, with the channel,
/// whose closing (the client gone) cancels the request's work.
public struct PlaygroundContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
