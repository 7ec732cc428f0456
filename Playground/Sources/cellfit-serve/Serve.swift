import ArgumentParser
import Foundation
import Hummingbird
import PangoText
import PlaygroundServer

/// `cellfit-serve`: the playground's web server (Docs/Playground.md).
@main
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellfit-serve",
        abstract: "Serve the CellFit playground: a page that lays cells out with CellFit, and its JSON API.",
        discussion: """
            Open http://HOST:PORT/ in a browser; /?example=NAME opens one of the example cells. \
            The API (POST /layout, /render, /heights, /import) answers as `cellfit` does for \
            the same input. Only loopback is listened on unless --host says otherwise: the \
            server runs the layouts it is sent.
            """
    )

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp("A folder of font files measured with ahead of the installed fonts; repeatable.", valueName: "folder"))
    var fontDirectories: [String] = []

    @Option(help: ArgumentHelp("The example template files (default: the checkout's Examples/Templates).", valueName: "folder"))
    var examples: String = Serve.checkout + "/Examples/Templates"

    @Option(help: ArgumentHelp("Their rows files (default: the checkout's Examples/Data).", valueName: "folder"))
    var exampleData: String = Serve.checkout + "/Examples/Data"

    @Option(help: ArgumentHelp("The largest request body, in bytes.", valueName: "bytes"))
    var maxBodyBytes: Int = PlaygroundAPI.Limits().bodyBytes

    @Option(help: ArgumentHelp("The most rows × widths × content sizes a /heights request sizes.", valueName: "n"))
    var maxHeightJobs: Int = PlaygroundAPI.Limits().heightJobs

    /// The repository this server was built from: the examples live there.
    static var checkout: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (got \(port)).") }
        guard maxBodyBytes > 0, maxHeightJobs > 0 else { throw ValidationError("the limits must be positive.") }
    }

    func run() async throws {
        for folder in fontDirectories {
            do {
                try PangoTextMeasurer.addFonts(inDirectory: folder)
            } catch {
                throw ValidationError(error.message)
            }
        }
        var limits = PlaygroundAPI.Limits()
        limits.bodyBytes = maxBodyBytes
        limits.heightJobs = maxHeightJobs
        let api = PlaygroundAPI(limits: limits, examples: PlaygroundAPI.examples(templates: examples, data: exampleData))
        let host = self.host
        let app = PlaygroundServer.application(api: api, page: try .bundled(), host: host, port: port) { port in
            // Written at once, unbuffered: whoever started the server waits for this line.
            FileHandle.standardOutput.write(Data("cellfit-serve: http://\(host):\(port)/ (\(api.examples.count) example cells)\n".utf8))
        }
        try await app.runService()
    }
}

