import Cancellation
import Foundation
import Hummingbird
import NIOCore

/// The playground's web server: the page (static files held in memory) and the JSON
/// API (``PlaygroundAPI``), over Hummingbird.
///
/// A request's work runs on the server's own threads (``WorkPool``), not on the
/// event loops, so that requests from several tabs are laid out in parallel and a long
/// one holds up neither the others' input and output nor their work.
public enum PlaygroundServer {
    /// The page's files, by URL path, read once.
    public struct Page: Sendable {
        let files: [String: (type: String, bytes: [UInt8])]

        /// The files of `directory` (the page: index.html, playground.js, playground.css).
        /// - Throws: when `index.html` cannot be read.
        public init(directory: String) throws {
            var files: [String: (type: String, bytes: [UInt8])] = [:]
            let types = ["html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]
            for name in (try FileManager.default.contentsOfDirectory(atPath: directory)) {
                guard let type = types[(name as NSString).pathExtension],
                    let data = FileManager.default.contents(atPath: directory + "/" + name)
                else { continue }
                files["/" + name] = (type, Array(data))
            }
            guard let index = files["/index.html"] else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory + "/index.html"])
            }
            files["/"] = index
            self.files = files
        }

        /// The page shipped with the server: its `Public` folder in the resource bundle
        /// beside the executable, else in the checkout it was built from. Looked up by
        /// hand: on Linux the generated `Bundle.module` stops the process when the
        /// bundle is missing, where this throws.
        public static func bundled() throws -> Page {
            let beside = Bundle.main.bundleURL.appendingPathComponent("CellFitPlayground_PlaygroundServer.resources/Public").path
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Public").path
            for directory in [beside, source] where FileManager.default.fileExists(atPath: directory + "/index.html") {
                return try Page(directory: directory)
            }
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: beside])
        }
    }

    /// The Hummingbird application serving `page` and `api` on `host`:`port` (0: a free
    /// port, told to `onRunning`).
    ///
    /// A request's work runs on `pool` (the server's own threads, with a time budget and
    /// a token its client's going away cancels), never on the event loops. Connections
    /// are bounded in number and must deliver each request within
    /// `api.limits.requestSeconds`; only the page's own origin, with JSON bodies, and a
    /// `Host` of `hosts` may use the API (``RequestGuard``).
    public static func application(
        api: PlaygroundAPI, page: Page, host: String, port: Int, pool: WorkPool? = nil, hosts: AllowedHosts? = nil,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let limits = api.limits
        let pool = pool ?? WorkPool(threads: limits.inFlight)
        let hosts = hosts ?? AllowedHosts(listening: host)
        let router = Router(context: PlaygroundContext.self)
        router.add(middleware: RequestGuard(hosts: hosts))
        for (path, file) in page.files {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"],
                    body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
            }
        }
        router.get("/examples") { _, _ in
            response(.json(jsonText(api.examples.keys.sorted()) + "\n"))
        }
        router.get("/examples/:name") { _, context in
            guard let name = context.parameters.get("name"), let example = api.example(named: name) else {
                return response(.failure(APIError(status: 404, message: "no example cell of that name")))
            }
            var object: [String: Any] = ["name": example.name, "template": example.template]
            if let rows = example.rows { object["rows"] = rows }
            return response(.json(jsonText(object) + "\n"))
        }
        let endpoints: [(String, @Sendable (PlaygroundAPI, [UInt8], CancellationToken) -> PlaygroundAPI.Answer)] = [
            ("/layout", { $0.layout($1, cancellation: $2) }), ("/render", { $0.render($1, cancellation: $2) }),
            ("/heights", { $0.heights($1, cancellation: $2) }), ("/import", { $0.importCell($1, cancellation: $2) }),
        ]
        let working = Guarded(0)
        for (path, endpoint) in endpoints {
            router.post(RouterPath(path)) { request, context in
                // The body first: its reading is bounded by the connection's deadline
                // (RequestDeadline), and a slow client holds no work slot while it sends.
                var request = request
                let buffer: ByteBuffer
                do {
                    buffer = try await request.collectBody(upTo: limits.bodyBytes)
                } catch is NIOTooManyBytesError {
                    return response(.failure(APIError(status: 413, message: "the request body is larger than the limit of \(limits.bodyBytes) bytes")))
                } catch {
                    return response(.failure(APIError(status: 400, message: "the request body could not be read: \(error)")))
                }
                let admitted = working.withLock { count in
                    guard count < limits.inFlight + limits.queued else { return false }
                    count += 1
                    return true
                }
                guard admitted else {
                    return response(.failure(APIError(
                        status: 503,
                        message: "the server is working on \(limits.inFlight) requests and \(limits.queued) more wait; try again")))
                }
                defer { working.withLock { $0 -= 1 } }
                let bytes = Array(buffer.readableBytesView)
                let channel = context.channel
                let answer = await pool.run(
                    seconds: limits.seconds,
                    register: { token in channel.closeFuture.whenComplete { _ in token.cancel() } }
                ) { token in endpoint(api, bytes, token) }
                guard let answer else {
                    return response(.failure(APIError(status: 503, message: "the server is shutting down")))
                }
                return response(answer)
            }
        }
        let connections = ConnectionTable(limit: limits.connections)
        let deadline = TimeAmount.nanoseconds(Int64(limits.requestSeconds * 1e9))
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(seconds: deadline, table: connections)])),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "cellfit-serve"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                hosts.listen(on: bound)
                await onRunning(bound)
            }
        )
    }

    static func response(_ answer: PlaygroundAPI.Answer) -> Response {
        Response(
            status: HTTPResponse.Status(code: answer.status), headers: [.contentType: answer.contentType],
            body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }
}
