import ArgumentParser
import CellFitOutput
import CellLayout
import ExampleSupport
import PangoText
import Locking
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

    @OptionGroup var fonts: FontOptions

    @Option(
        name: .customLong("content-size"),
        help: ArgumentHelp(
            "The Dynamic Type content size category text is measured at: xS, S, M, L (the default), xL, xxL, xxxL, "
                + "AX1 ... AX5. Fonts with a text style take its size there where their view adjusts "
                + "(adjustsFontForContentSizeCategory). heights takes several, comma-separated (L,xxxL,AX3), or all.",
            valueName: "category"))
    var contentSizes: String?

    @Flag(
        name: .customLong("every-text-style"),
        help: "Every font with a text style takes --content-size, whether its view adjusts or not: the cell of an app launched under that category (the default for a template imported from a nib).")
    var everyTextStylesFlag = false

    @Flag(
        name: .customLong("adjusting-text-styles-only"),
        help: "Only the fonts of views that adjust (adjustsFontForContentSizeCategory) take --content-size; the others stay at Large: an app launched at the default size whose user then chose the category (the default for a template that does not say \"textStyles\": \"nib\").")
    var adjustingTextStylesOnly = false

    @Option(
        help: ArgumentHelp(
            "The direction of layout: ltr or rtl (an app whose language runs right to left: leading is the right edge). "
                + "Default: the template's own (\"direction\" in the file, else ltr).",
            valueName: "direction"))
    var direction: LayoutDirection?

    /// `template` in `--direction`'s direction, or as it is without the option.
    func laidOut(_ template: CellTemplate<CellContent>) -> CellTemplate<CellContent> {
        direction.map { template.laidOut(in: $0) } ?? template
    }

    /// The rule the options name: true every text style, false the adjusting views', nil the template's own.
    var everyTextStyle: Bool? { everyTextStylesFlag ? true : adjustingTextStylesOnly ? false : nil }

    /// The categories asked for; Large alone when none is.
    var categories: [ContentSizeCategory] {
        guard let contentSizes, case .success(let values) = ContentSizeList.parse(contentSizes) else { return [.large] }
        return values
    }

    /// `template` at `category`, as `--every-text-style` says.
    func adjusted(_ template: CellTemplate<CellContent>, to category: ContentSizeCategory) -> CellTemplate<CellContent> {
        laidOut(template).adjusted(to: category, everyTextStyle: everyTextStyle)
    }

    /// A measurer as the options say, its fonts' folders added (``FontOptions/addFolders()``).
    func makeMeasurer(cached: Bool = true) -> any TextMeasurer {
        measurer.make(scale: displayScale, cached: cached, missingFonts: fonts.missingFonts)
    }

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
        if let contentSizes, case .failure(let error) = ContentSizeList.parse(contentSizes) { throw error }
        if everyTextStylesFlag, adjustingTextStylesOnly {
            throw ValidationError("--every-text-style and --adjusting-text-styles-only name two rules; give one.")
        }
        if let everyTextStyle, contentSizes == nil {
            throw ValidationError(TextStyleRule.withoutContentSize(every: everyTextStyle))
        }
    }

    /// For the commands that lay rows out at one width from a rows file they read whole.
    func requireOneWidthAndWholeFile(command: String) throws {
        if widths.values.count > 1 {
            throw ValidationError("--width takes one width for \(command) (several widths are for `cellfit heights`).")
        }
        if categories.count > 1 {
            throw ValidationError("--content-size takes one category for \(command) (several are for `cellfit heights`).")
        }
        if streamsRows {
            throw ValidationError("\(command) reads a rows file whole: give a JSON array file, not '\(data ?? "")' (streamed rows are for `cellfit heights`).")
        }
    }

    /// The scale, checked by ``validate()``.
    var displayScale: DisplayScale { DisplayScale(rawValue: scale) ?? .x2 }

    /// Reads the template and its rows.
    /// - Throws: an exit code with status 2 after printing the file's error (file, line, column).
    /// With `--content-size`, its one category's template (``adjusted(_:to:)``).
    func load() throws -> LoadedTemplate {
        var loaded = try LoadedTemplate.read(template: template, data: data)
        loaded.template = contentSizes != nil ? adjusted(loaded.template, to: categories[0]) : laidOut(loaded.template)
        return loaded
    }
}

/// `--font-dir` and `--strict-fonts`: the user's fonts, and what a font that is not
/// installed gets (Docs/TextMetrics.md, "Fonts").
struct FontOptions: ParsableArguments {
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp(
            "A folder of font files (.ttf, .otf, .ttc: an app's own fonts) measured with ahead of the installed "
                + "fonts; repeatable. Only regular files are read; a damaged font, or one that measures nothing, is "
                + "refused by name (exit 2). The system's fontconfig files and caches are not touched.",
            valueName: "folder"))
    var fontDirectories: [String] = []

    @Flag(
        name: .customLong("strict-fonts"),
        help: "A font family or face that is not installed is an error (exit 1) rather than a stand-in named on standard error.")
    var strict = false

    /// Adds the `--font-dir` folders to the fonts Pango measures with.
    /// - Throws: an exit code with status 2 naming a folder that cannot be read or holds no
    ///   font, or a font file in it that is damaged or measures nothing.
    func addFolders() throws {
        for folder in fontDirectories {
            do {
                try PangoTextMeasurer.addFonts(inDirectory: folder)
            } catch {
                throw failure(error.message, status: ExitStatus.badInput)
            }
        }
    }

    /// Named stand-ins, each said once on standard error, unless `--strict-fonts`.
    var missingFonts: PangoTextMeasurer.MissingFonts {
        strict ? .refuse : .substitute(report: FontNotices.report)
    }
}

/// Says each font substitution once per process.
enum FontNotices {
    private static let said = Locked<Set<String>>([])

    static let report: @Sendable (FontSubstitution) -> Void = { substitution in
        let text = substitution.description
        guard said.withLock({ $0.insert(text).inserted }) else { return }
        StandardError.emit(LayoutNumbers.fontSubstitutionWarning(text))
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

/// `--content-size`: one category, several separated by commas, or `all` (the twelve, in order).
enum ContentSizeList {
    /// The categories `argument` names, or why it names none.
    static func parse(_ argument: String) -> Result<[ContentSizeCategory], ValidationError> {
        if argument.lowercased() == "all" { return .success(ContentSizeCategory.allCases) }
        var values: [ContentSizeCategory] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            guard let category = ContentSizeCategory(name: name) else {
                let known = ContentSizeCategory.allCases.map(\.abbreviation).joined(separator: ", ")
                return .failure(ValidationError("--content-size: '\(name)' is not a content size category; expected \(known), or all."))
            }
            guard !values.contains(category) else {
                return .failure(ValidationError("--content-size lists \(category.abbreviation) twice."))
            }
            values.append(category)
        }
        return .success(values)
    }
}

/// A template file and its rows, read.
struct LoadedTemplate: Sendable {
    let file: TemplateFile
    let rows: [CellContent]
    /// Each row's `"id"` as JSON text (nil for a row without one); empty unless the
    /// rows were read with their ids.
    let ids: [String?]
    /// The file's template, or that template at a content size category.
    var template: CellTemplate<CellContent>

    init(file: TemplateFile, rows: [CellContent], ids: [String?]) {
        self.file = file
        self.rows = rows
        self.ids = ids
        self.template = file.template
    }

    /// Reads a template file and its rows file; without a rows file, one row that sets
    /// nothing, so that the template's own content shows (an imported cell's IB texts).
    /// - Parameter withIDs: also read each row's `"id"` (which must then be a string or a number).
    /// - Throws: an exit code with status 2 after printing the file's error (file, line, column).
    /// `workers`: threads to parse the rows file's rows on (the rows are the same).
    static func read(template: String, data: String?, withIDs: Bool = false, workers: Int = 1) throws -> LoadedTemplate {
        let file = try readTemplate(template)
        do {
            guard let data else { return LoadedTemplate(file: file, rows: [CellContent()], ids: []) }
            guard withIDs else { return LoadedTemplate(file: file, rows: try file.rows(contentsOfFile: data, workers: workers), ids: []) }
            let records = try file.records(contentsOfFile: data, workers: workers)
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

/// Writing output files whole and safely.
///
/// A regular file (or a new one) is written to a temporary file created exclusively,
/// with an unpredictable name, in the target's own folder (`mkstemp`: `O_EXCL`, never
/// through a planted symlink), flushed to disk and renamed over the target, so a reader
/// never sees half a file and a failed run leaves the old file as it was. A symlink to a
/// regular file is written through: its target is replaced the same way and the link
/// kept. A target that is not a regular file — a device, a FIFO, a symlink to one, `-`
/// for standard output — is written directly and never replaced; nor is the file standard
/// output is redirected to, whatever path names it (`/dev/stdout`), which is written as
/// standard output. No file of the user's
/// is ever deleted; only the command's own temporary file is, when a write fails.
enum OutputFile {
    /// Where and how `path` is written.
    fileprivate enum Target {
        /// Replace this regular file (or create it) through a temporary file beside it.
        case replace(String, mode: mode_t?)
        /// Write into it as it is: a device, a FIFO, standard output.
        case direct(String)
        case standardOutput
    }

    /// Fails now if `path` cannot be written, so that a long job does not run
    /// only to fail at the end. Creates nothing and removes nothing.
    /// - Throws: an exit code with status 2 after printing why.
    static func checkWritable(_ path: String) throws {
        switch try target(path) {
        case .replace(let file, _):
            let folder = directory(of: file)
            guard access(folder, W_OK | X_OK) == 0 else {
                throw failure("cannot write '\(path)': its folder '\(folder)': \(String(cString: strerror(errno)))", status: ExitStatus.badInput)
            }
        case .direct, .standardOutput:
            break
        }
    }

    /// Writes `text` to `path` (see the type's rules).
    /// - Throws: an exit code with status 2 after printing why the file cannot be written.
    static func write(_ text: String, to path: String) throws {
        let bytes = Array(text.utf8)
        switch try target(path) {
        case .standardOutput:
            try StandardOutput.writing { try $0.write(text) }
        case .direct(let file):
            let descriptor = open(file, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw writeFailure(path, errno) }
            let failed = writeAll(bytes, to: descriptor)
            let closed = close(descriptor)
            if let failed { throw writeFailure(path, failed) }
            if closed != 0 { throw writeFailure(path, errno) }
        case .replace(let file, let mode):
            var template = Array((directory(of: file) + "/." + baseName(of: file) + ".cellfit-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            guard descriptor >= 0 else { throw writeFailure(path, errno) }
            let temporary = String(cString: template.map { UInt8(bitPattern: $0) })
            // mkstemp makes the file private; the output gets the old file's mode, or a new file's.
            let creationMask = umask(0)
            umask(creationMask)
            let finalMode = mode ?? (0o666 & ~creationMask)
            var failed = fchmod(descriptor, finalMode) == 0 ? writeAll(bytes, to: descriptor) : errno
            if failed == nil, fsync(descriptor) != 0 { failed = errno }
            if close(descriptor) != 0, failed == nil { failed = errno }
            if failed == nil, rename(temporary, file) != 0 { failed = errno }
            if let failed {
                unlink(temporary)
                throw writeFailure(path, failed)
            }
        }
    }

    /// Decides how `path` is written, without creating or following anything unsafe.
    fileprivate static func target(_ path: String) throws -> Target {
        if path == "-" || isStandardOutput(path) { return .standardOutput }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw writeFailure(path, errno) }
            return .replace(path, mode: nil)
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG:
            return .replace(path, mode: link.st_mode & 0o7777)
        case S_IFDIR:
            throw failure("cannot write '\(path)': it is a directory", status: ExitStatus.badInput)
        case S_IFLNK:
            var pointee = stat()
            guard stat(path, &pointee) == 0 else {
                throw failure("cannot write '\(path)': it is a symbolic link to a file that does not exist", status: ExitStatus.badInput)
            }
            switch pointee.st_mode & S_IFMT {
            case S_IFREG:
                guard let resolved = realpath(path, nil) else { throw writeFailure(path, errno) }
                defer { free(resolved) }
                return .replace(String(cString: resolved), mode: pointee.st_mode & 0o7777)
            case S_IFDIR:
                throw failure("cannot write '\(path)': it is a symbolic link to a directory", status: ExitStatus.badInput)
            default:
                return .direct(path)
            }
        default:
            return .direct(path)
        }
    }

    /// Whether `path` (links followed) is the file standard output already writes to, as
    /// with `--frames /dev/stdout > file`: replacing that file by a rename would leave
    /// standard output writing to the unlinked old one, and everything printed after would
    /// be lost; opening it again would write over what standard output wrote at its start.
    /// So it is written as standard output, in order with the rest.
    fileprivate static func isStandardOutput(_ path: String) -> Bool {
        var output = stat(), file = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, stat(path, &file) == 0 else { return false }
        return output.st_dev == file.st_dev && output.st_ino == file.st_ino
    }

    /// Writes every byte, through interrupted and short writes; the error number on failure.
    fileprivate static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { writeBytes(descriptor, $0 + offset, buffer.count - offset) } ?? 0
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    fileprivate static func writeFailure(_ path: String, _ error: Int32) -> ExitCode {
        failure("cannot write '\(path)': \(String(cString: strerror(error)))", status: ExitStatus.badInput)
    }

    fileprivate static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    fileprivate static func baseName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

/// `write(2)` (a function of its own: inside ``OutputFile`` the name `write` is the method's).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `--direction ltr` or `rtl` (the template file's words, `leftToRight` and `rightToLeft` too).
extension LayoutDirection: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.shortName) }
}

extension OutputFile {
    /// A file written piece by piece, by the same rules as ``OutputFile/write(_:to:)``: a
    /// regular file is replaced at ``commit()`` (a run that fails leaves the old one),
    /// anything else is written as it goes. For reports too long to hold in memory.
    final class Stream {
        private enum Sink {
            case standardOutput(StandardOutput)
            case descriptor(Int32, replacing: (temporary: String, file: String)?)
        }

        private let path: String
        private var sink: Sink
        /// The reader closed standard output: what is left is dropped, quietly.
        private var readerGone = false

        /// Opens `path` (`-` for standard output) for writing.
        /// - Throws: an exit code with status 2 after printing why it cannot be.
        init(_ path: String) throws {
            self.path = path
            switch try OutputFile.target(path) {
            case .standardOutput:
                StandardOutput.closeQuietlyOnBrokenPipe()
                sink = .standardOutput(StandardOutput())
            case .direct(let file):
                let descriptor = open(file, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw OutputFile.writeFailure(path, errno) }
                sink = .descriptor(descriptor, replacing: nil)
            case .replace(let file, let mode):
                var template = Array((OutputFile.directory(of: file) + "/." + OutputFile.baseName(of: file) + ".cellfit-XXXXXX").utf8CString)
                let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
                guard descriptor >= 0 else { throw OutputFile.writeFailure(path, errno) }
                let temporary = String(cString: template.map { UInt8(bitPattern: $0) })
                let creationMask = umask(0)
                umask(creationMask)
                guard fchmod(descriptor, mode ?? (0o666 & ~creationMask)) == 0 else {
                    let error = errno
                    close(descriptor)
                    unlink(temporary)
                    throw OutputFile.writeFailure(path, error)
                }
                sink = .descriptor(descriptor, replacing: (temporary, file))
            }
        }

        /// Writes `text` (standard output in blocks).
        func write(_ text: String) throws {
            switch sink {
            case .standardOutput(let output):
                guard !readerGone else { return }
                do { try output.write(text) } catch { try standardOutputFailed(error) }
            case .descriptor(let descriptor, _):
                if let failed = OutputFile.writeAll(Array(text.utf8), to: descriptor) {
                    abandon()
                    throw OutputFile.writeFailure(path, failed)
                }
            }
        }

        /// Finishes the output: flushes standard output, or puts the file in place.
        func commit() throws {
            switch sink {
            case .standardOutput(let output):
                guard !readerGone else { return }
                do { try output.flush() } catch { try standardOutputFailed(error) }
            case .descriptor(let descriptor, let replacing):
                var failed: Int32? = nil
                if replacing != nil, fsync(descriptor) != 0 { failed = errno }
                if close(descriptor) != 0, failed == nil { failed = errno }
                sink = .descriptor(-1, replacing: nil)
                if let replacing {
                    if failed == nil, rename(replacing.temporary, replacing.file) != 0 { failed = errno }
                    if failed != nil { unlink(replacing.temporary) }
                }
                if let failed { throw OutputFile.writeFailure(path, failed) }
            }
        }

        /// Gives up: a file being replaced keeps its old contents.
        func abandon() {
            guard case .descriptor(let descriptor, let replacing) = sink, descriptor >= 0 else { return }
            close(descriptor)
            if let replacing { unlink(replacing.temporary) }
            sink = .descriptor(-1, replacing: nil)
        }

        deinit { abandon() }

        private func standardOutputFailed(_ error: StandardOutput.WriteError) throws {
            switch error {
            case .closed: readerGone = true
            case .failed(let reason): throw failure("cannot write standard output: \(reason)", status: ExitStatus.badInput)
            }
        }
    }
}
