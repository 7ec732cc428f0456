import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PangoText
import PlaygroundServer
import ServiceLifecycle

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
            server runs the layouts it is sent. Only the page's own origin may use the API, \
            with JSON bodies and a Host the server listens on (--allowed-host adds names). \
            Every request has a time budget and work budgets (the options below); SIGTERM \
            or SIGINT stops accepting, cancels the work in flight and exits within seconds.
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

    @Option(help: ArgumentHelp("A request's time budget: its work is cancelled past it (503).", valueName: "seconds"))
    var maxSeconds: Double = PlaygroundAPI.Limits().seconds

    @Option(help: ArgumentHelp("The most views a request's template may declare (413 past it).", valueName: "n"))
    var maxViews: Int = PlaygroundAPI.Limits().views

    @Option(help: ArgumentHelp("The most cells a request's solver tableau may hold (422 past it).", valueName: "n"))
    var maxTableauCells: Int = PlaygroundAPI.Limits().tableauCells

    @Option(help: ArgumentHelp("Requests worked on at once, each on a thread of its own.", valueName: "n"))
    var maxInFlight: Int = PlaygroundAPI.Limits().inFlight

    @Option(help: ArgumentHelp("Requests that wait for a thread (503 past them); waiting counts against the time budget.", valueName: "n"))
    var maxQueued: Int = PlaygroundAPI.Limits().queued

    @Option(help: ArgumentHelp("Connections open at once; one past it is closed as it opens.", valueName: "n"))
    var maxConnections: Int = PlaygroundAPI.Limits().connections

    @Option(help: ArgumentHelp(
        "Seconds a connection has to send each request whole, from its start or the last answer (then it is closed).",
        valueName: "seconds"))
    var requestTimeout: Double = PlaygroundAPI.Limits().requestSeconds

    @Option(help: ArgumentHelp(
        "Another name the server is reached by (a Host header to accept, with the port); repeatable.", valueName: "name"))
    var allowedHost: [String] = []

    /// How long the work in flight has, after SIGTERM or SIGINT, to answer before the
    /// process ends anyway.
    static let shutdownSeconds = 3

    /// The repository this server was built from: the examples live there.
    static var checkout: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (got \(port)).") }
        guard maxBodyBytes > 0, maxHeightJobs > 0, maxViews > 0, maxTableauCells > 0, maxInFlight > 0, maxQueued >= 0, maxConnections > 0 else {
            throw ValidationError("the limits must be positive.")
        }
        for (name, value) in [("--max-seconds", maxSeconds), ("--request-timeout", requestTimeout)] {
            guard value.isFinite, value > 0, value <= 86_400 else {
                throw ValidationError("\(name) must be a number of seconds above 0, up to a day (got \(value)).")
            }
        }
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
        limits.seconds = maxSeconds
        limits.views = maxViews
        limits.tableauCells = maxTableauCells
        limits.inFlight = maxInFlight
        limits.queued = maxQueued
        limits.connections = maxConnections
        limits.requestSeconds = requestTimeout
        let api = PlaygroundAPI(limits: limits, examples: PlaygroundAPI.examples(templates: examples, data: exampleData))
        let host = self.host
        let pool = WorkPool(threads: limits.inFlight)
        let hosts = AllowedHosts(listening: host, extra: allowedHost)
        let app = PlaygroundServer.application(api: api, page: try .bundled(), host: host, port: port, pool: pool, hosts: hosts) { port in
            // Written at once, unbuffered: whoever started the server waits for this line.
            FileHandle.standardOutput.write(Data("cellfit-serve: http://\(host):\(port)/ (\(api.examples.count) example cells)\n".utf8))
        }
        // Shut down in reverse order: the work is cancelled first, then the server stops
        // accepting and answers what is in flight (503 now that its work is stopped).
        // Connections still open when the time is up are dropped with the process.
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: app),
                .init(service: WorkCanceller(pool: pool), successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "cellfit-serve"))
        configuration.maximumGracefulShutdownDuration = .seconds(Self.shutdownSeconds)
        configuration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: configuration).run()
    }
}

/// A service that waits for the group's graceful shutdown and then cancels every
/// request's work, so that the server's own shutdown does not wait for layouts no one
/// will read.
struct WorkCanceller: Service {
    let pool: WorkPool

    func run() async throws {
        try? await gracefulShutdown()
        pool.cancelAll()
    }
}
