import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Closes a connection whose next request has not arrived whole within a deadline:
/// from the connection's start, and from the end of each response, its head and body
/// must come in within `seconds`. One timer covers a slow header, a trickled body and
/// an idle keep-alive connection, so that a client sending a byte every 2 seconds
/// (which no idle timeout notices) holds its connection for `seconds` at most. The
/// time a request is worked on is not counted here: the work has its own budget.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let seconds: TimeAmount
    private var timer: Scheduled<Void>?

    init(seconds: TimeAmount) { self.seconds = seconds }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
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

/// The connections open at once, counted across the server.
final class ConnectionCount: Sendable {
    let limit: Int
    private let open = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    /// Counts a new connection; false when it is one past the limit (it is not counted).
    func admit() -> Bool {
        if open.wrappingAdd(1, ordering: .relaxed).newValue <= limit { return true }
        open.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    func release() { open.wrappingSubtract(1, ordering: .relaxed) }

    var current: Int { open.load(ordering: .relaxed) }
}

/// Closes a connection past ``ConnectionCount/limit`` as soon as it opens: a thousand
/// idle connections cost the server a thousand sockets and buffers otherwise.
final class ConnectionLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let count: ConnectionCount
    private var admitted = false

    init(count: ConnectionCount) { self.count = count }

    func handlerAdded(context: ChannelHandlerContext) {
        admitted = count.admit()
        if !admitted, context.channel.isActive { context.channel.close(promise: nil) }
    }

    func channelActive(context: ChannelHandlerContext) {
        guard admitted else {
            context.channel.close(promise: nil)
            return
        }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if admitted { count.release() }
        admitted = false
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
