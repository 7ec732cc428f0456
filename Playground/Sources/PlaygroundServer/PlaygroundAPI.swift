import Cancellation
import CellFitOutput
import CellLayout
import Foundation
import Geometry
import InterfaceBuilder
import PangoText
import TableSizing
import TemplateFiles
import TextMetrics

/// The playground's JSON API (Docs/Playground.md) as functions of a request's body:
/// each answer is what `cellfit` prints for the same input, computed through the
/// library's own calls (``CellFitOutput``), never by running the CLI.
///
/// Every request stands alone: nothing is kept between them but the example cells
/// read at start. No value of a request names a file: templates, rows and Interface
/// Builder files come inline, so no request reaches the file system.
public struct PlaygroundAPI: Sendable {
    /// What one request may ask for.
    public struct Limits: Sendable {
        /// The largest request body, in bytes (an Interface Builder file or a template
        /// with its rows).
        public var bodyBytes = 8 << 20
        /// The most rows × widths × content sizes one `/heights` request sizes.
        public var heightJobs = 20_000
        /// The most rows one `/render` request draws.
        public var renderRows = 100
        /// The most rows one `/layout` request lays out.
        public var layoutRows = 1_000
        /// Requests worked on at once, each on a thread of the server's own.
        public var inFlight = 16
        /// Requests that wait for a thread when `inFlight` are worked on; past them a
        /// request is answered 503 at once. Waiting counts against the time budget.
        public var queued = 64
        /// Worker threads of one `/heights` request.
        public var workers = 2
        /// The time budget of one request's work, in seconds: past it the work is
        /// cancelled (the solver stops at its next add or pivot of phase one) and the answer is 503.
        public var seconds = 10.0
        /// The most views (the content view aside) a request's template may declare.
        public var views = 5_000
        /// The most cells a request's solver tableaus may hold, each
        /// (`Solver.maximumTableauCells`): past it the row fails with the solver's
        /// `limitExceeded` message (422), before the memory is spent.
        public var tableauCells = 1 << 22
        /// Seconds a connection has to deliver each request whole, head and body, from
        /// its start and from the end of each answer; past it the connection is closed.
        public var requestSeconds = 10.0
        /// Connections open at once; past it a new one closes the connection that has
        /// waited longest for its next request (or itself, when none waits).
        public var connections = 256

        /// The defaults above.
        public init() {}
    }

    /// A template file of the repository's examples, with its rows.
    public struct Example: Sendable {
        /// The file's name without `.json` (`ChatFeed`).
        public let name: String
        /// The template file's text.
        public let template: String
        /// The rows file's text, when the example has one.
        public let rows: String?
    }

    /// The limits requests are held to.
    public let limits: Limits
    /// The example cells, by name.
    public let examples: [String: Example]

    /// An API with `limits`, offering `examples`.
    public init(limits: Limits = Limits(), examples: [Example] = []) {
        self.limits = limits
        self.examples = Dictionary(examples.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The example called `name`, or the first of its variants (`EstimatedHeights` is
    /// `EstimatedHeights-basic`): the example programs' names open their cells.
    public func example(named name: String) -> Example? {
        examples[name] ?? examples.keys.sorted().first { $0.hasPrefix(name + "-") }.flatMap { examples[$0] }
    }

    /// The template files of `templates` (every `.json` there) with the rows file of the
    /// same name in `data`, if any.
    public static func examples(templates: String, data: String) -> [Example] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: templates)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
            guard let template = try? String(contentsOfFile: templates + "/" + file, encoding: .utf8) else { return nil }
            let rows = try? String(contentsOfFile: data + "/" + file, encoding: .utf8)
            return Example(name: String(file.dropLast(5)), template: template, rows: rows)
        }
    }

    /// An answer: status, media type and body.
    public struct Answer: Sendable {
        /// The HTTP status.
        public let status: Int
        /// The body's media type.
        public let contentType: String
        /// The body.
        public let body: String

        static func json(_ body: String, status: Int = 200) -> Answer {
            Answer(status: status, contentType: "application/json", body: body)
        }

        static func failure(_ error: APIError) -> Answer {
            .json(error.json + "\n", status: error.status)
        }
    }

    /// Runs `work`, turning its ``APIError`` into an error answer; any error of work
    /// whose token was cancelled (its time budget passed, its client gone, the server
    /// stopping) is the time budget's 503.
    func answering(_ body: [UInt8], cancellation: CancellationToken?, _ work: (RequestBody) throws(APIError) -> Answer) -> Answer {
        guard body.count <= limits.bodyBytes else {
            return .failure(APIError(status: 413, message: "the request body is \(body.count) bytes; the limit is \(limits.bodyBytes)"))
        }
        do {
            return try work(try RequestBody(body))
        } catch {
            if let cancellation, cancellation.isCancelled {
                return .failure(APIError(
                    status: 503,
                    message: "the request's work was stopped at its time budget of \(limits.seconds.formatted) s (cellfit-serve --max-seconds)"))
            }
            return .failure(error)
        }
    }

    /// A fitter of `template` held to the request's budgets: its token and the tableau's size.
    func makeFitter(_ template: CellTemplate<CellContent>, measurer: any TextMeasurer, cancellation: CancellationToken?) -> CellFitter<CellContent> {
        var fitter = template.makeFitter(measurer: measurer)
        fitter.cancellation = cancellation
        fitter.maximumTableauCells = limits.tableauCells
        return fitter
    }

    // MARK: - Reading the request

    /// The names documents are read under: the CLI's errors name the file as given, and
    /// the tests give the CLI files of these names.
    static let templateName = "template"
    static let rowsName = "rows"

    /// The request's template, read as `cellfit` reads a template file.
    func template(_ request: RequestBody) throws(APIError) -> TemplateFile {
        guard let bytes = try request.document("template") else {
            throw APIError(status: 400, message: "the request has no \"template\" (a template file's JSON, or its text as a string)")
        }
        let file: TemplateFile
        do {
            file = try TemplateFile(parsing: bytes, path: Self.templateName)
        } catch {
            throw Self.documentError(error, document: Self.templateName)
        }
        // The content view is one of the names and not counted.
        let views = file.template.viewNames.count - 1
        guard views <= limits.views else {
            throw APIError(status: 413, message: "the template declares \(views) views; the limit is \(limits.views) a request (cellfit-serve --max-views)")
        }
        return file
    }

    /// The request's rows: `"rows"` (an array), or `"row"` (one object, read as the rows
    /// file `[row]`); one row of the template's own content when neither is given.
    func rows(_ request: RequestBody, of file: TemplateFile) throws(APIError) -> [CellContent] {
        try records(request, of: file, withIDs: false).map(\.content)
    }

    func records(_ request: RequestBody, of file: TemplateFile, withIDs: Bool) throws(APIError) -> [(content: CellContent, id: String?)] {
        var bytes: [UInt8]
        if let rows = try request.document("rows") {
            bytes = rows
        } else if let row = try request.document("row") {
            bytes = [UInt8(ascii: "[")] + row + [UInt8(ascii: "]")]
        } else {
            return [(CellContent(), nil)]
        }
        do {
            if withIDs {
                return try file.records(parsing: bytes, path: Self.rowsName).map { ($0.content, $0.idJSON) }
            }
            return try file.rows(parsing: bytes, path: Self.rowsName).map { ($0, nil) }
        } catch {
            throw Self.documentError(error, document: Self.rowsName)
        }
    }

    static func documentError(_ error: TemplateFileError, document: String) -> APIError {
        APIError(status: error.code == .unreadableFile ? 413 : 400, message: error.message, document: document, fileError: error)
    }

    /// `"width"`: a finite number of points above 0, as `--width` is checked.
    func width(_ request: RequestBody) throws(APIError) -> Double {
        guard let width = try request.number("width") else { throw APIError(status: 400, message: "the request has no \"width\"") }
        try Self.checkWidth(width)
        return width
    }

    static func checkWidth(_ width: Double) throws(APIError) {
        guard width.isFinite, width > 0 else {
            throw APIError(status: 400, message: "--width must be a finite number of points above 0 (got \(width.formatted)).")
        }
    }

    /// `"height"`, checked as `--height` is.
    func height(_ request: RequestBody) throws(APIError) -> Double? {
        guard let height = try request.number("height") else { return nil }
        guard height.isFinite, height >= 0, height <= TableSizingError.maximumRowHeight else {
            throw APIError(
                status: 400,
                message: "--height must be a number of points from 0 to \(Int(TableSizingError.maximumRowHeight)) (got \(height)).")
        }
        return height
    }

    /// `"intrinsic"`: `measured` (the default) or `design`.
    func intrinsic(_ request: RequestBody) throws(APIError) -> IntrinsicSizes {
        guard let name = try request.string("intrinsic") else { return .measured }
        guard let value = IntrinsicSizes(rawValue: name) else {
            throw APIError(status: 400, message: "\"intrinsic\" must be measured or design (got '\(name)')")
        }
        return value
    }

    /// A measurer as the CLI's default makes it: Pango at `"scale"` (2 unless given), a
    /// font that is not installed replaced by a stand-in and told to `notices` in the
    /// CLI's words.
    func measurer(_ request: RequestBody, notices: Guarded<[String]> = Guarded([])) throws(APIError) -> any TextMeasurer {
        let scale = try request.number("scale") ?? 2
        // `Int(exactly:)`: 1e300 is whole, and `Int(_:)` of it would trap.
        guard let whole = Int(exactly: scale), let value = DisplayScale(rawValue: whole) else {
            throw APIError(status: 400, message: "--scale must be 1, 2 or 3 (got \(scale.formatted)).")
        }
        return PangoTextMeasurer(
            scale: value, cache: MeasurementCache(),
            missingFonts: .substitute(report: { substitution in
                let line = LayoutNumbers.fontSubstitutionWarning(substitution.description)
                notices.withLock { if !$0.contains(line) { $0.append(line) } }
            }))
    }

    /// The request's template at its `"contentSize"` (one Dynamic Type category, as
    /// `--content-size` takes it), with `"everyTextStyle"`: true as `--every-text-style`,
    /// false as `--adjusting-text-styles-only`, absent the template's own rule.
    func template(_ request: RequestBody, of file: TemplateFile) throws(APIError) -> CellTemplate<CellContent> {
        let everyTextStyle = try request.optionalFlag("everyTextStyle")
        guard let categories = try contentSizes(request, key: "contentSize") else {
            if let everyTextStyle {
                throw APIError(status: 400, message: TextStyleRule.withoutContentSize(every: everyTextStyle))
            }
            return file.template
        }
        guard categories.count == 1 else {
            throw APIError(status: 400, message: "--content-size takes one category for layout (several are for `cellfit heights`).")
        }
        return file.template.adjusted(to: categories[0], everyTextStyle: everyTextStyle)
    }

    /// `"contentSize"`: Dynamic Type categories (one, or a list for `/heights`).
    func contentSizes(_ request: RequestBody, key: String) throws(APIError) -> [ContentSizeCategory]? {
        guard let value = try request.value(key) else { return nil }
        let names: [String]
        if let one = value as? String {
            names = [one]
        } else if let many = value as? [String], !many.isEmpty {
            names = many
        } else {
            throw APIError(status: 400, message: "\"\(key)\" must be a content size category (xS … xxxL, AX1 … AX5) or a list of them")
        }
        var categories: [ContentSizeCategory] = []
        for name in names {
            guard let category = ContentSizeCategory(name: name) else {
                throw APIError(status: 400, message: "\"\(key)\": '\(name)' is not a content size category (xS … xxxL, AX1 … AX5)")
            }
            guard !categories.contains(category) else { throw APIError(status: 400, message: "\"\(key)\" lists \(name) twice") }
            categories.append(category)
        }
        return categories
    }
}

extension Double {
    /// The number as the CLI's messages print a width: `375`, `20.5`.
    var formatted: String { isFinite && self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
