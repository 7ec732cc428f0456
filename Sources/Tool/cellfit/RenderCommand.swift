import CellFitOutput
import ArgumentParser
import CellLayout
import TemplateFiles

/// `cellfit render`: draws rows of a rows file, laid out with a template file, as an SVG picture.
struct Render: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw rows laid out with a template file as an SVG picture.",
        discussion: """
            The rows are drawn as a table shows them, top to bottom: every view's frame \
            outlined, text in its font broken into the lines it measures as (greedily, word by \
            word, with the same measurer), hidden views dashed, collapsed views marked with a \
            dashed cross where they would be, and each row's index and height in the left \
            margin. The same input gives the same file, byte for byte.

            --rows A..B draws rows A to B of the rows file, both included (0-based); --rows A \
            draws one row. The default is the first ten rows; without --data, one row of the \
            template's own content.

            --height and --intrinsic lay the rows out as `layout` does (at a given content \
            height; with design intrinsic sizes). --overlay FRAMES draws the frames of a file of \
            `layout --json` lines (such as `import --frames` writes: Interface Builder's own) \
            over the rows they name, in red, so that two layouts can be compared by eye. \
            --on-error recover draws a row whose required constraints conflict as UIKit lays \
            it out, breaking what `layout --on-error recover` breaks.

            Exit status: 0 on success; 1 when a row cannot be laid out; 2 when an input file \
            cannot be read or is invalid, or the output cannot be written; 64 for a bad option \
            value or a --rows range past the last row.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var input: TemplateOptions

    @Option(help: ArgumentHelp("The rows to draw: A..B (both included, 0-based) or A.", valueName: "A..B"))
    var rows: String?

    @Option(help: ArgumentHelp("The SVG file to write.", valueName: "file"))
    var out: String

    @OptionGroup var size: LayoutSizeOptions

    @Option(help: ArgumentHelp("Frames to draw over the rows: lines of `layout --json` (or `import --frames`).", valueName: "file"))
    var overlay: String?

    @Option(help: "A row whose required constraints conflict: throw (stop, exit 1) or recover (break one, as UIKit does, and draw it).")
    var onError: ConflictPolicy = .throw

    /// The rows to draw when `--rows` is not given.
    static let defaultRowCount = 10

    func validate() throws {
        if let rows, RowRange(rows) == nil { throw ValidationError(RowRange.syntaxError(rows) + ".") }
        try input.requireOneWidthAndWholeFile(command: "render")
    }

    func run() throws {
        try input.fonts.addFolders()
        let loaded = try input.load()
        let range = try RowRange.resolve(rows, rowCount: loaded.rows.count, defaultCount: Self.defaultRowCount)
        var overlays: [Int: [String: Rect]] = [:]
        if let overlay {
            do {
                for line in try FramesLine.read(overlay) { overlays[line.row] = line.frames }
            } catch {
                throw failure(error.message, status: ExitStatus.badInput)
            }
        }
        var renderer = SVGRenderer(
            template: loaded.template, measurer: input.makeMeasurer(), width: input.width)
        renderer.height = size.height
        renderer.intrinsicSizes = size.intrinsic
        renderer.overlays = overlays
        renderer.warn = { StandardError.emit($0) }
        renderer.recoversFromConflicts = onError == .recover
        let picture = try SVGRenderer.picture(of: loaded, rows: range, renderer: renderer)
        try OutputFile.write(picture, to: out)
    }
}

/// A range of rows, `A..B` (both included) or `A`.
struct RowRange: Equatable {
    let first: Int
    let last: Int

    init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// Parses `A..B` or `A`; `nil` unless `0 <= A <= B`.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let bounds: [Substring]
        switch parts.count {
        case 1: bounds = [parts[0], parts[0]]
        case 3 where parts[1].isEmpty: bounds = [parts[0], parts[2]]
        default: return nil
        }
        guard bounds.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let first = Int(bounds[0]), let last = Int(bounds[1]), first <= last
        else { return nil }
        self.init(first: first, last: last)
    }

    /// What is wrong with a `--rows` value that does not parse.
    static func syntaxError(_ text: String) -> String {
        "--rows must be A..B or A, with 0 <= A <= B (got '\(text)')"
    }

    /// The rows to draw of a rows file with `rowCount` rows.
    /// - Throws: an exit code with status 64 after printing why, when the range
    ///   reaches past the last row or the file has no rows.
    static func resolve(_ text: String?, rowCount: Int, defaultCount: Int) throws -> ClosedRange<Int> {
        guard rowCount > 0 else { throw failure("the rows file has no rows to draw", status: ExitStatus.usage) }
        guard let text else { return 0...(min(defaultCount, rowCount) - 1) }
        guard let range = RowRange(text) else {
            throw failure(syntaxError(text), status: ExitStatus.usage)
        }
        guard range.last < rowCount else {
            throw failure(
                "--rows \(text) reaches past the last row: the rows file has \(rowCount) rows (0..\(rowCount - 1))",
                status: ExitStatus.usage)
        }
        return range.first...range.last
    }
}

extension SVGRenderer {
    /// The picture of `rows` of `loaded`, for `render` and `demo`.
    /// - Throws: an exit code with status 1 after printing the row that cannot be laid out or drawn.
    static func picture(
        of loaded: LoadedTemplate, rows range: ClosedRange<Int>, width: Double, measurer: any TextMeasurer
    ) throws -> String {
        var renderer = SVGRenderer(template: loaded.template, measurer: measurer, width: width)
        renderer.warn = { StandardError.emit($0) }
        return try picture(of: loaded, rows: range, renderer: renderer)
    }

    static func picture(of loaded: LoadedTemplate, rows range: ClosedRange<Int>, renderer: SVGRenderer) throws -> String {
        let rows = range.map { (index: $0, content: loaded.rows[$0]) }
        do {
            return try renderer.render(rows)
        } catch {
            throw failure("\(error)", status: ExitStatus.layoutFailed)
        }
    }
}
