import CellFitOutput
import JSONSupport
import ArgumentParser
import CellFitWorkload
import CellLayout
import GLPKBackends
import Locking
import TableSizing
import TemplateFiles

/// The engines `cellfit heights` can lay a template file out with.
extension HeightsFormat: ExpressibleByArgument {}

/// The engines `cellfit heights` can lay a template file out with.
enum HeightsEngine: String, CaseIterable, ExpressibleByArgument {
    /// The constraint engine (CellLayout over the Cassowary solver).
    case constraints
    /// The same constraint systems solved by GLPK, row by row (see ``GLPKRowFitter``).
    case glpk
}

/// `cellfit heights`: the height of every row of a rows file, laid out with a template file.
struct Heights: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "heights",
        abstract: "Print the height of every row of a rows file laid out with a template file.",
        discussion: """
            Rows are sized in parallel, one fitter per worker thread (TableSizing's \
            RowHeights.compute, or its StreamingSizer for streamed rows and --on-error \
            report), and printed in row order: the row height, that is the \
            compressed-fitting height of the content view plus a one-pixel separator, on the \
            pixel grid of --scale. With --engine glpk each row's constraint system, as the \
            constraint engine built it after measuring the row's text, is solved again by GLPK, \
            one linear program per priority level; the heights are GLPK's.

            Several widths (--width 320,375,414) size every row at each, in one pass over the \
            rows: one output line per row and width, row-major (a row's widths together), \
            with a "width" field (ndjson) or column (csv); with --format json, "widths" and \
            one array of heights per row.

            Dynamic Type: --content-size L,xxxL,AX3 (or all: xS, S, M, L, xL, xxL, xxxL, \
            AX1 ... AX5) sizes every row at each content size category too, in the same \
            pass: a row's lines go category by category, each category's widths together, \
            with a "contentSize" field (ndjson) or column (csv) whenever --content-size is \
            given; with --format json, "contentSizes" and, per row, one entry per category \
            (a height, or an array over the widths). Fonts with a text style take the \
            category's size where their view adjusts (adjustsFontForContentSizeCategory), \
            every such font with --every-text-style.

            Streaming: with --data - (standard input) or a rows file ending .ndjson or \
            .jsonl, rows are read as NDJSON, one JSON object per line, and sized and written \
            in batches of at most \(HeightsStream.batchJobs) rows × widths and \
            \(HeightsStream.batchBytes >> 20) MiB of input (passed by one line at most), so \
            memory stays bounded however long the input is; a line may hold at most \
            \(HeightsStream.maximumLineBytes >> 20) MiB. A batch is sized once it is full or \
            the input ends, and output is written in blocks: this is a stage for pipes and \
            files, not a reply per row. A read error ends the input: the rows before it are \
            written, then exit 2. Row n is the input's line n + 1. \
            A blank or malformed line is an error, never skipped. --format json needs the \
            whole table and is refused with a streamed input.

            --format ndjson writes {"row":n,"height":h} per row, with the row's "id" field \
            carried through as written when it has one, and "width" when several widths \
            are given: {"row":n,"id":"p-17","width":375,"height":h}.

            --on-error says what a row that cannot be laid out gets:
              throw    stop: exit 1 naming the row (exit 2 for a malformed line); in a \
                       stream, the rows before it are written first.
              recover  a row whose required constraints conflict is laid out as UIKit \
                       does: the conflict's declared constraint of lowest priority (the \
                       one declared last among equals) is broken, a `warning:` line names \
                       it, and the output says so ("broken": [...] on the row's ndjson \
                       line; with --format json, "broken": [{"row", "broken"}]). In a \
                       stream, a malformed, blank or over-long line is reported on standard \
                       error by its line number where it stands, the stream goes on, and \
                       once every good row is written the command exits 2. Other \
                       failures stop as under throw.
              report   the row's output line carries the error instead of a height \
                       ({"row":n,"error":"..."}; csv gains an error column; json gets \
                       null and "errors": [...]) and the command goes on: for a row that \
                       cannot be laid out, and for a malformed, blank or over-long line of \
                       a stream. A JSON-array rows file is one document: a row it cannot \
                       read still stops the command (exit 2).

            --check-ambiguity also lays every row out once more, serially, and prints one \
            `warning:` line on standard error per variant (set of collapsed views) whose \
            constraints leave a frame free, a size negative or the row at height 0, at its \
            first such row; with --format json the object gains "ambiguous": [{"row", \
            "collapsed", "views", "attributes", "negative", "zeroHeight"}]. The exit status \
            does not change. It takes one width and a JSON-array rows file.

            A progress bar shows on standard error for long runs (5000 rows or more) when \
            standard error is a terminal, the rows are not streamed and the policy is not \
            report, and never otherwise.

            Exit status: 0 on success; 1 when a row cannot be laid out (the row and the \
            engine's error are printed); 2 when the template or rows file cannot be read or is \
            invalid (file, line and column are printed), or standard output cannot be \
            written; 64 for a bad option value. A reader that closes the output pipe early \
            (`| head`) ends the command quietly, with status 0: it chose to stop reading.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var input: TemplateOptions

    @Option(help: "The engine: constraints, or glpk (the same systems solved by GLPK; slower).")
    var engine: HeightsEngine = .constraints

    @Option(help: "Output: csv (a header, then one line per row), json (one object) or ndjson (one object per row).")
    var format: HeightsFormat = .csv

    @Option(help: ArgumentHelp("Worker threads (default: the active processors).", valueName: "n"))
    var workers: Int?

    @Option(help: "A row that cannot be laid out: throw (stop, exit 1), recover (break a conflicting constraint, as UIKit does, warn and go on) or report (an error line for the row, and go on).")
    var onError: RowErrorPolicy = .throw

    @Flag(help: "Also warn, once per variant, about frames the constraints leave free and heights of 0 (standard error; the exit status is unchanged).")
    var checkAmbiguity = false

    func validate() throws {
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1 (got \(workers)).") }
        if input.streamsRows, format == .json {
            throw ValidationError(
                "--format json writes one object for the whole table; with streamed rows ('\(input.data ?? "")') use --format ndjson or csv.")
        }
        if checkAmbiguity, input.streamsRows || input.widths.values.count > 1 || input.categories.count > 1 {
            throw ValidationError(
                "--check-ambiguity takes one width, one content size and a JSON-array rows file (not streamed rows).")
        }
    }

    var widths: [Double] { input.widths.values }

    /// Every width at every content size category, and each category's template.
    var columns: HeightColumns {
        HeightColumns(widths: input.widths.values, categories: input.categories, labelsCategory: input.contentSizes != nil)
    }

    /// The file's template at each of `columns`' categories.
    func templates(_ file: TemplateFile, _ columns: HeightColumns) -> [CellTemplate<CellContent>] {
        columns.labelsCategory ? columns.categories.map { input.adjusted(file.template, to: $0) } : [input.laidOut(file.template)]
    }

    /// Each worker's own measurer, and so its own measurement cache: one cache shared
    /// by the workers costs more in its locks than it saves (Docs/Scale.md).
    var measurer: MeasurerFactory {
        let (choice, scale, missingFonts) = (input.measurer, input.displayScale, input.fonts.missingFonts)
        return { choice.make(scale: scale, missingFonts: missingFonts) }
    }

    func run() throws {
        try input.fonts.addFolders()
        StandardOutput.closeQuietlyOnBrokenPipe()
        if input.streamsRows {
            let file = try LoadedTemplate.readTemplate(input.template)
            try StandardOutput.writing { output in try HeightsStream(command: self, file: file).run(to: output) }
            return
        }
        var loaded = try LoadedTemplate.read(
            template: input.template, data: input.data, withIDs: format == .ndjson, workers: workers ?? ProcessorCount.active)
        loaded.template = input.laidOut(loaded.template)
        let sized = try size(loaded)
        let ambiguous = checkAmbiguity ? try Self.ambiguities(of: loaded, input: input) : []
        for found in ambiguous { StandardError.emit("warning: " + found.warning(template: loaded.file.name)) }
        try StandardOutput.writing { output in
            if format == .json {
                try output.write(json(sized, loaded: loaded, ambiguous: ambiguous))
                return
            }
            // Read once: the options' property wrappers cost microseconds a read.
            let columns = self.columns
            let lines = HeightLines(format: format, columns: columns, reportsErrors: onError == .report)
            try output.write(lines.header)
            for row in 0..<loaded.rows.count {
                let id = loaded.ids.isEmpty ? nil : loaded.ids[row]
                for column in 0..<columns.count {
                    let job = row * columns.count + column
                    try output.write(lines.line(row: row, id: id, column: column, outcome: sized.outcomes[job], broken: sized.broken[job] ?? []))
                }
            }
        }
    }

    /// Every row in every column, row-major, and what `--on-error recover` broke, by job.
    struct Sized {
        var outcomes: [RowOutcome]
        var broken: [Int: [String]]
    }

    /// Sizes a rows file read whole: on RowHeights.compute's workers, column by column,
    /// stopping at the first failure; under `report`, as one batch of the stream's
    /// sizer, which gives every row its own result.
    func size(_ loaded: LoadedTemplate) throws -> Sized {
        let broken = BrokenLog()
        let rows = loaded.rows, columns = self.columns
        let templates = self.templates(loaded.file, columns)
        if onError == .report {
            let sizer = RowSizing.streamingSizer(
                templates: templates, measurer: measurer, engine: engine, workers: workers, recovers: false,
                widths: columns.widths, broken: broken)
            let results = try RowSizing.batch(
                sizer, rows.indices.map { StreamRow(index: $0, content: rows[$0]) }, columns: columns)
            let outcomes = results.enumerated().map { job, result in
                RowOutcome(result, template: loaded.template.name, width: columns.width(job % columns.count))
            }
            return Sized(outcomes: outcomes, broken: [:])
        }
        var outcomes = [RowOutcome](repeating: .height(0), count: rows.count * columns.count)
        // The row named is the first in input order that fails in any column, as in a stream.
        var firstFailure: (row: Int, width: Double, error: TableSizingError)?
        for column in 0..<columns.count {
            let width = columns.width(column)
            var pass = loaded
            pass.template = templates[column / columns.widths.count]
            let heights: RowHeights
            do {
                heights = try RowSizing.compute(
                    of: pass, width: width, measurer: measurer, engine: engine, workers: workers, showProgress: true,
                    recovers: onError == .recover, broken: broken, job: { $0 * columns.count + column })
            } catch let error as TableSizingError {
                if (error.row ?? 0) < (firstFailure?.row ?? .max) { firstFailure = (error.row ?? 0, width, error) }
                continue
            }
            for (row, height) in heights.enumerated() { outcomes[row * columns.count + column] = .height(height) }
        }
        if let firstFailure {
            throw failure(
                HeightMessages.rowFailure(firstFailure.error, template: loaded.template.name, width: firstFailure.width),
                status: ExitStatus.layoutFailed)
        }
        let brokenJobs = broken.entries.withLock { $0 }
        for job in brokenJobs.keys.sorted() {
            for constraint in brokenJobs[job] ?? [] {
                StandardError.emit(RowErrorPolicy.warning(row: job / columns.count, breaking: constraint))
            }
        }
        return Sized(outcomes: outcomes, broken: brokenJobs)
    }

    /// One JSON object: what was laid out, and the heights in row order (at several
    /// widths, one array per row; at content size categories, one entry per category);
    /// what `recover` broke, what `report` found, and what `--check-ambiguity` found,
    /// when asked for.
    func json(_ sized: Sized, loaded: LoadedTemplate, ambiguous: [Ambiguous]) -> String {
        let columns = self.columns, widths = columns.widths
        var out = "{\"template\":"
        JSONText.appendString(loaded.file.name, to: &out)
        out += ",\"engine\":\"\(engine.rawValue)\",\"measurer\":\"\(input.measurer.rawValue)\""
        if widths.count == 1 {
            out += ",\"width\":" + JSONText.compactNumber(widths[0])
        } else {
            out += ",\"widths\":[" + widths.map(JSONText.compactNumber).joined(separator: ",") + "]"
        }
        if columns.labelsCategory {
            out += ",\"contentSizes\":" + jsonStrings(columns.categories.map(\.abbreviation))
            if let every = input.everyTextStyle { out += ",\"everyTextStyle\":\(every)" }
        }
        out += ",\"scale\":\(input.scale),\"rows\":\(loaded.rows.count),\"heights\":["
        for row in 0..<loaded.rows.count {
            if row > 0 { out += "," }
            let categories = columns.categories.indices.map { c in
                let values = widths.indices.map { w in sized.outcomes[row * columns.count + c * widths.count + w].jsonHeight }
                return widths.count == 1 ? values[0] : "[" + values.joined(separator: ",") + "]"
            }
            out += columns.labelsCategory ? "[" + categories.joined(separator: ",") + "]" : categories[0]
        }
        out += "]"
        if checkAmbiguity { out += ",\"ambiguous\":[" + ambiguous.map(\.json).joined(separator: ",") + "]" }
        if onError == .recover {
            let entries = sized.broken.keys.sorted().map { job in
                "{" + columns.jobFields(job) + ",\"broken\":" + jsonStrings(sized.broken[job] ?? []) + "}"
            }
            out += ",\"broken\":[" + entries.joined(separator: ",") + "]"
        }
        if onError == .report {
            var entries: [String] = []
            for (job, outcome) in sized.outcomes.enumerated() {
                guard case .error(let message) = outcome else { continue }
                var entry = "{" + columns.jobFields(job) + ",\"error\":"
                JSONText.appendString(message, to: &entry)
                entries.append(entry + "}")
            }
            out += ",\"errors\":[" + entries.joined(separator: ",") + "]"
        }
        return out + "}\n"
    }

    /// One entry per ambiguous variant: its first row, and what is left free there.
    struct Ambiguous {
        let row: Int
        let found: LayoutAmbiguity

        var variant: String {
            found.collapsedViews.isEmpty ? "no view collapsed" : "collapsed " + found.collapsedViews.joined(separator: ", ")
        }

        func warning(template: String) -> String {
            "template '\(template)', variant with \(variant), first at row \(row): \(found)"
        }

        var json: String {
            "{\"row\":\(row),\"collapsed\":\(jsonStrings(found.collapsedViews)),\"views\":\(jsonStrings(found.views)),"
                + "\"attributes\":\(jsonStrings(found.attributes)),\"negative\":\(jsonStrings(found.negativeSizes)),"
                + "\"zeroHeight\":\(found.collapsesToZero)}"
        }
    }

    /// `--check-ambiguity`: a serial pass over the rows, one entry per ambiguous variant.
    static func ambiguities(of loaded: LoadedTemplate, input: TemplateOptions) throws -> [Ambiguous] {
        var fitter = input.adjusted(loaded.template, to: input.categories[0]).makeFitter(measurer: input.makeMeasurer())
        var seen = Set<[String]>()
        var result: [Ambiguous] = []
        for (index, row) in loaded.rows.enumerated() {
            let found: LayoutAmbiguity
            do {
                found = try fitter.ambiguity(row: row, width: input.width)
            } catch {
                throw failure("row \(index): \(error.message)", status: ExitStatus.layoutFailed)
            }
            guard found.isAmbiguous, seen.insert(found.collapsedViews).inserted else { continue }
            result.append(Ambiguous(row: index, found: found))
        }
        return result
    }
}

/// The constraints `--on-error recover` broke, by job (row × columns + column),
/// as the workers report them.
final class BrokenLog: Sendable {
    let entries = Locked<[Int: [String]]>([:])
}

/// `--on-error` of `heights`: what a row that cannot be laid out gets.
enum RowErrorPolicy: String, CaseIterable, ExpressibleByArgument {
    /// The first such row stops the command (exit 1; exit 2 for a malformed line).
    case `throw`
    /// UIKit's way for conflicting required constraints: break the conflict's
    /// lowest-priority declared constraint (the one declared last among equals), warn
    /// on standard error, lay the row out, go on. A streamed line that holds no row is
    /// reported by its number and skipped, and the command exits 2 at the end (rows
    /// were lost to the input, not to the layout). Other failures stop as under `throw`.
    case recover
    /// The row's output line carries its error instead of a height, and the command goes on.
    case report

    /// The `warning:` line for a constraint broken in `row`, UIKit's words.
    static func warning(row: Int, breaking constraint: String) -> String {
        ConflictPolicy.warning(row: row, breaking: constraint)
    }
}

/// `--on-error` of `layout`: what a row whose required constraints conflict gets.
enum ConflictPolicy: String, CaseIterable, ExpressibleByArgument {
    /// The first such row stops the command (exit 1).
    case `throw`
    /// UIKit's way: break the conflict's lowest-priority declared constraint (the one
    /// declared last among equals), warn on standard error, lay the row out, go on.
    case recover

    /// The `warning:` line for a constraint broken in `row`, UIKit's words.
    static func warning(row: Int, breaking constraint: String) -> String {
        LayoutNumbers.brokenConstraintWarning(row: row, breaking: constraint)
    }
}

/// A row of a stream, with its index in the whole input (the batch's is not the row's),
/// and the content size category (an index into the columns' categories) it is sized at.
struct StreamRow: Sendable {
    let index: Int
    let content: CellContent
    var category = 0
}

/// Makes one worker's text measurer.
typealias MeasurerFactory = @Sendable () -> any TextMeasurer

/// Sizing the rows of a template file on TableSizing's parallel workers.
enum RowSizing {
    /// A worker's height function: a row, the width, and the job's key for the broken-constraint log.
    typealias HeightFunction = (_ row: CellContent, _ width: Double, _ job: Int) throws -> Double

    /// Makes one worker's height function for `engine`; with `recovers`, the constraint
    /// engine breaks conflicting constraints as UIKit does and logs them in `broken`.
    static func makeHeightFunction(
        template: CellTemplate<CellContent>, measurer: any TextMeasurer, engine: HeightsEngine, recovers: Bool,
        broken: BrokenLog?
    ) -> HeightFunction {
        switch engine {
        case .constraints:
            var fitter = template.makeFitter(measurer: measurer)
            fitter.recoversFromConflicts = recovers
            return { row, width, job in
                let layout = try fitter.fit(row, width: width)
                if !layout.brokenConstraints.isEmpty { broken?.entries.withLock { $0[job] = layout.brokenConstraints } }
                return layout.rowHeight
            }
        case .glpk:
            var fitter = GLPKRowFitter(template: template, measurer: measurer)
            return { row, width, _ in try fitter.rowHeight(row, width: width) }
        }
    }

    /// The row heights of `loaded`'s rows at `width`.
    /// - Parameter job: the broken-constraint log's key of a row.
    /// - Throws: an exit code with status 1 after printing the first row that cannot
    ///   be laid out and why.
    static func heights(
        of loaded: LoadedTemplate, width: Double, measurer: @escaping MeasurerFactory, engine: HeightsEngine,
        workers: Int? = nil, showProgress: Bool, recovers: Bool = false, broken: BrokenLog? = nil,
        job: @escaping @Sendable (Int) -> Int = { $0 }
    ) throws -> RowHeights {
        do {
            return try compute(
                of: loaded, width: width, measurer: measurer, engine: engine, workers: workers, showProgress: showProgress,
                recovers: recovers, broken: broken, job: job)
        } catch let error as TableSizingError {
            throw failure(HeightMessages.rowFailure(error, template: loaded.template.name, width: width), status: ExitStatus.layoutFailed)
        }
    }

    /// ``heights(of:width:measurer:engine:workers:showProgress:recovers:broken:job:)``
    /// without the message: the lowest failing row's error is thrown as it is.
    static func compute(
        of loaded: LoadedTemplate, width: Double, measurer: @escaping MeasurerFactory, engine: HeightsEngine,
        workers: Int?, showProgress: Bool, recovers: Bool, broken: BrokenLog?, job: @escaping @Sendable (Int) -> Int
    ) throws -> RowHeights {
        let rows = loaded.rows, template = loaded.template
        let bar = showProgress ? ProgressBar.make(rowCount: rows.count) : nil
        var options = SizingOptions(progress: bar?.callback)
        if let workers { options.workerCount = workers }
        defer { bar?.finish() }
        return try RowHeights.compute(rowCount: rows.count, width: width, options: options) { width in
            let height = makeHeightFunction(
                template: template, measurer: measurer(), engine: engine, recovers: recovers, broken: broken)
            return { row in try height(rows[row], width, job(row)) }
        }
    }

    /// The sizer of a stream: per worker, one height function per content size category
    /// (`templates`, in the columns' order), kept from batch to batch; they share the
    /// worker's measurer.
    static func streamingSizer(
        templates: [CellTemplate<CellContent>], measurer: @escaping MeasurerFactory, engine: HeightsEngine, workers: Int?,
        recovers: Bool, widths: [Double], broken: BrokenLog
    ) -> StreamingSizer<StreamRow> {
        StreamingSizer(workerCount: workers ?? ProcessorCount.active) {
            let shared = measurer()
            let heights = templates.map { template in
                makeHeightFunction(template: template, measurer: shared, engine: engine, recovers: recovers, broken: broken)
            }
            let columns = templates.count * widths.count
            return { row, width in
                let column = row.category * widths.count + (widths.firstIndex(of: width) ?? 0)
                return try heights[row.category](row.content, width, row.index * columns + column)
            }
        }
    }

    /// Sizes one batch in every column: each row at each category, at every width, in
    /// the jobs' order.
    /// - Throws: an exit code with status 1 when no worker could be made.
    static func batch(
        _ sizer: StreamingSizer<StreamRow>, _ rows: [StreamRow], columns: HeightColumns
    ) throws -> [Result<Double, TableSizingError>] {
        let jobs = columns.categories.count == 1 ? rows : rows.flatMap { row in
            columns.categories.indices.map { StreamRow(index: row.index, content: row.content, category: $0) }
        }
        do {
            return try sizer.heights(of: jobs, widths: columns.widths)
        } catch {
            throw failure("\(error)", status: ExitStatus.layoutFailed)
        }
    }
}
