import Foundation
import Hummingbird
import NIOCore

/// The playground's web server: the page (static files held in memory) and the JSON
/// API (``PlaygroundAPI``), over Hummingbird.
///
/// A request's work runs on Dispatch's global queue, not on the server's event loops,
/// so that requests from several tabs are laid out in parallel and a long one does not
/// hold up the others' input and output.
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
    public static func application(
        api: PlaygroundAPI, page: Page, host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
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
        let endpoints: [(String, @Sendable (PlaygroundAPI, [UInt8]) -> PlaygroundAPI.Answer)] = [
            ("/layout", { $0.layout($1) }), ("/render", { $0.render($1) }), ("/heights", { $0.heights($1) }),
            ("/import", { $0.importCell($1) }),
        ]
        let working = Guarded(0)
        for (path, endpoint) in endpoints {
            router.post(RouterPath(path)) { request, _ in
                // Past the limit a request is turned away before its body is read.
                let admitted = working.withLock { count in
                    guard count < api.limits.inFlight else { return false }
                    count += 1
                    return true
                }
                guard admitted else {
                    return response(.failure(APIError(status: 503, message: "the server is working on \(api.limits.inFlight) requests; try again")))
                }
                defer { working.withLock { $0 -= 1 } }
                var request = request
                let buffer: ByteBuffer
                do {
                    buffer = try await request.collectBody(upTo: api.limits.bodyBytes)
                } catch is NIOTooManyBytesError {
                    return response(.failure(APIError(status: 413, message: "the request body is larger than the limit of \(api.limits.bodyBytes) bytes")))
                } catch {
                    return response(.failure(APIError(status: 400, message: "the request body could not be read: \(error)")))
                }
                let bytes = Array(buffer.readableBytesView)
                return response(await offload { endpoint(api, bytes) })
            }
        }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "cellfit-serve"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }
        )
    }

    static func response(_ answer: PlaygroundAPI.Answer) -> Response {
        Response(
            status: HTTPResponse.Status(code: answer.status), headers: [.contentType: answer.contentType],
            body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }

    static func offload(_ work: @escaping @Sendable () -> PlaygroundAPI.Answer) async -> PlaygroundAPI.Answer {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
