import ArgumentParser
import CellLayout
import ExampleSupport
import PangoText
import TemplateFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit statuses of the commands that lay out template files, one meaning each.
enum ExitStatus {
    /// A row could not be laid out, or two engines disagree.
    static let layoutFailed: Int32 = 1
    /// A file could not be read, is not a valid template or rows file, or the output cannot be written.
    static let badInput: Int32 = 2
    /// An option's value is wrong (swift-argument-parser's own status for usage errors).
    static let usage: Int32 = ExitCode.validationFailure.rawValue
}

/// Writes `error: message` to standard error and returns the exit code to throw:
/// the one way these commands fail, so every failure has a message and a status.
func failure(_ message: String, status: Int32) -> ExitCode {
    StandardError.emit("error: " + message)
    return ExitCode(status)
}

/// The options every command that lays out a template file takes: the template,
/// its rows, the width, the scale and the measurer.
struct TemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The template file (Docs/TemplateFiles.md).", valueName: "file"))
    var template: String

    @Option(help: ArgumentHelp(
        "The rows file: a JSON array of objects, one per row (default: one row of the template's own content); "
            + "for heights also NDJSON, one object per line, streamed: a file ending .ndjson or .jsonl, or - for standard input.",
        valueName: "file"))
    var data: String?

    @Option(
        name: .customLong("width"),
        help: ArgumentHelp("The content width, in points (heights takes several, comma-separated: 320,375,414).", valueName: "points"))
    var widths: WidthList

    @Option(help: "Display scale whose pixel grid heights round to: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "Text measurer: pango (real fonts), pango-layout (real fonts, a full layout of every text) or fixed (deterministic fixed advances).")
    var measurer: MeasurerChoice = .pango

    /// The first width: the only one, for every command but `heights`.
    var width: Double { widths.values[0] }

    /// Whether `--data` names rows to stream line by line: standard input, or an NDJSON file.
    var streamsRows: Bool {
        guard let data else { return false }
        return data == "-" || data.hasSuffix(".ndjson") || data.hasSuffix(".jsonl")
    }

    func validate() throws {
        for width in widths.values where !(width.isFinite && width > 0) {
            throw ValidationError("--width must be a finite number of points above 0 (got \(width.geometryText)).")
        }
        if let twice = widths.values.enumerated().first(where: { widths.values[..<$0.offset].contains($0.element) }) {
            throw ValidationError("--width lists \(twice.element.geometryText) twice.")
        }
        guard DisplayScale(rawValue: scale) != nil else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).") }
    }

    /// For the commands that lay rows out at one width from a rows file they read whole.
    func requireOneWidthAndWholeFile(command: String) throws {
        if widths.values.count > 1 {
            throw ValidationError("--width takes one width for \(command) (several widths are for `cellfit heights`).")
        }
        if streamsRows {
            throw ValidationError("\(command) reads a rows file whole: give a JSON array file, not '\(data ?? "")' (streamed rows are for `cellfit heights`).")
        }
    }

    /// The scale, checked by ``validate()``.
    var displayScale: DisplayScale { DisplayScale(rawValue: scale) ?? .x2 }

    /// Reads the template and its rows.
    /// - Throws: an exit code with status 2 after printing the file's error (file, line, column).
    func load() throws -> LoadedTemplate {
        try LoadedTemplate.read(template: template, data: data)
    }
}

/// `--width`: one width, or several separated by commas.
struct WidthList: ExpressibleByArgument {
    let values: [Double]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double(String($0)) }
        guard !values.isEmpty, values.count == parts.count else { return nil }
        self.values = values
    }

    var defaultValueDescription: String { values.map(\.geometryText).joined(separator: ",") }
}

/// A template file and its rows, read.
struct LoadedTemplate: Sendable {
    let file: TemplateFile
    let rows: [CellContent]
    /// Each row's `"id"` as JSON text (nil for a row without one); empty unless the
    /// rows were read with their ids.
    let ids: [String?]

    var template: CellTemplate<CellContent> { file.template }

    /// Reads a template file and its rows file; without a rows file, one row that sets
    /// nothing, so that the template's own content shows (an imported cell's IB texts).
    /// - Parameter withIDs: also read each row's `"id"` (which must then be a string or a number).
    /// - Throws: an exit code with status 2 after printing the file's error (file, line, column).
    static func read(template: String, data: String?, withIDs: Bool = false) throws -> LoadedTemplate {
        let file = try readTemplate(template)
        do {
            guard let data else { return LoadedTemplate(file: file, rows: [CellContent()], ids: []) }
            guard withIDs else { return LoadedTemplate(file: file, rows: try file.rows(contentsOfFile: data), ids: []) }
            let records = try file.records(contentsOfFile: data)
            return LoadedTemplate(file: file, rows: records.map(\.content), ids: records.map(\.idJSON))
        } catch {
            throw failure(error.message, status: ExitStatus.badInput)
        }
    }

    /// Reads a template file alone.
    /// - Throws: an exit code with status 2 after printing the file's error (file, line, column).
    static func readTemplate(_ path: String) throws -> TemplateFile {
        do {
            return try TemplateFile(contentsOfFile: path)
        } catch {
            throw failure(error.message, status: ExitStatus.badInput)
        }
    }
}

/// Writing output files whole: into `path.tmp`, then renamed over `path`, so a
/// reader never sees half a file and a failed run leaves no stub behind.
enum OutputFile {
    /// Fails now if `path` cannot be written, so that a long job does not run
    /// only to fail at the end.
    /// - Throws: an exit code with status 2 after printing why.
    static func checkWritable(_ path: String) throws {
        fclose(try open(path))
        unlink(path + ".tmp")
    }

    /// Writes `text` to `path`.
    /// - Throws: an exit code with status 2 after printing why the file cannot be written.
    static func write(_ text: String, to path: String) throws {
        let stream = try open(path)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
        let closed = fclose(stream)
        guard written == bytes.count, closed == 0, rename(path + ".tmp", path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path + ".tmp")
            throw failure("cannot write '\(path)': \(reason)", status: ExitStatus.badInput)
        }
    }

    /// Opens `path.tmp` for writing.
    private static func open(_ path: String) throws -> UnsafeMutablePointer<FILE> {
        guard let stream = fopen(path + ".tmp", "w") else {
            throw failure("cannot write '\(path)': \(String(cString: strerror(errno)))", status: ExitStatus.badInput)
        }
        return stream
    }
}
