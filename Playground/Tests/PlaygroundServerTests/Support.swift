import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import PlaygroundServer
import Testing

/// The repository's root, from this file's place in it.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The `cellfit` the answers are held to: `CELLFIT` if set, else the root package's
/// debug build (`make test` builds it first).
let cliPath = ProcessInfo.processInfo.environment["CELLFIT"] ?? repository.appendingPathComponent(".build/debug/cellfit").path

/// What a run of the CLI printed.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The message of its `error:` line, with the lines that continue it (a conflict's
    /// constraints), up to a `warning:` or `note:` line.
    var errorMessage: String? {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("error: ") }) else { return nil }
        var message = [String(lines[first].dropFirst("error: ".count))]
        for line in lines[(first + 1)...] {
            guard !line.isEmpty, !line.hasPrefix("warning: "), !line.hasPrefix("note: ") else { break }
            message.append(String(line))
        }
        return message.joined(separator: "\n")
    }
}

/// Runs `cellfit` in `directory` (so that files are named as the API names its documents).
func cellfit(_ arguments: [String], in directory: URL) throws -> CLIRun {
    guard FileManager.default.isExecutableFile(atPath: cliPath) else {
        throw CLIMissing(path: cliPath)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cliPath)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting: a full pipe would stop the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
}

struct CLIMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "no cellfit at \(path): build the root package first (`swift build` there, or `make test`)" }
}

/// A folder of its own for one comparison, removed afterwards.
func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playground-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// An answer of the running server.
struct HTTPAnswer {
    let status: Int
    let contentType: String
    let body: String

    /// The body's JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A playground server on a free loopback port, for the length of `body`.
func withServer<T: Sendable>(
    limits: PlaygroundAPI.Limits = PlaygroundAPI.Limits(), _ body: @Sendable (Client) async throws -> T
) async throws -> T {
    let api = PlaygroundAPI(
        limits: limits,
        examples: PlaygroundAPI.examples(
            templates: repository.appendingPathComponent("Examples/Templates").path,
            data: repository.appendingPathComponent("Examples/Data").path))
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = PlaygroundServer.application(api: api, page: try .bundled(), host: "127.0.0.1", port: 0) { port in
        continuation.yield(port)
    }
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            try await app.run()
            return nil
        }
        var port = 0
        for await first in ports {
            port = first
            break
        }
        let result = try await body(Client(port: port))
        group.cancelAll()
        return result
    }
}

/// Requests to the server under test.
struct Client: Sendable {
    let port: Int

    func get(_ path: String) async throws -> HTTPAnswer {
        try await send(URLRequest(url: url(path)))
    }

    /// POSTs `object` as JSON.
    func post(_ path: String, _ object: [String: Any]) async throws -> HTTPAnswer {
        try await post(path, raw: try JSONSerialization.data(withJSONObject: object))
    }

    /// POSTs `bytes` as they are.
    func post(_ path: String, raw bytes: Data) async throws -> HTTPAnswer {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = bytes
        return try await send(request)
    }

    private func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    private func send(_ request: URLRequest) async throws -> HTTPAnswer {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return HTTPAnswer(
            status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type") ?? "",
            body: String(decoding: data, as: UTF8.self))
    }
}

/// One of the repository's example cells: its template's text and its rows, each as JSON text.
struct ExampleCell: Sendable {
    let name: String
    let template: String
    let rows: [String]

    /// The first `count` rows as a rows file's text.
    func rowsJSON(_ count: Int) -> String { "[" + rows.prefix(count).joined(separator: ",") + "]" }
}

/// The repository's example cells.
func exampleCells() throws -> [ExampleCell] {
    let templates = repository.appendingPathComponent("Examples/Templates")
    return try FileManager.default.contentsOfDirectory(atPath: templates.path).filter { $0.hasSuffix(".json") }.sorted().map { file in
        let template = try String(contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
        let rowsData = try Data(contentsOf: repository.appendingPathComponent("Examples/Data/" + file))
        let rows = try JSONSerialization.jsonObject(with: rowsData) as? [Any] ?? []
        return ExampleCell(name: String(file.dropLast(5)), template: template, rows: try rows.map { try json($0) })
    }
}

/// `value` as JSON text.
func json(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
}
