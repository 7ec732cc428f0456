import JSONSupport
import ArgumentParser
import CellFitWorkload
import CellLayout
import GLPKBackends
import Locking
import TableSizing

/// The engines `cellfit heights` can lay a template file out with.
enum HeightsEngine: String, CaseIterable, ExpressibleByArgument {
    /// The constraint engine (CellLayout over the Cassowary solver).
    case constraints
    /// The same constraint systems solved by GLPK, row by row (see ``GLPKRowFitter``).
    case glpk
}

/// `--format`.
enum HeightsFormat: String, CaseIterable, ExpressibleByArgument {
    case csv
    case json
}

/// `cellfit heights`: the height of every row of a rows file, laid out with a template file.
struct Heights: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heights",
        abstract: "Print the height of every row of a rows file laid out with a template file.",
        discussion: """
            Rows are sized in parallel, one fitter per worker thread (TableSizing's \
            RowHeights.compute), and printed in row order: the row height, that is the \
            compressed-fitting height of the content view plus a one-pixel separator, on the \
            pixel grid of --scale. With --engine glpk each row's constraint system, as the \
            constraint engine built it after measuring the row's text, is solved again by GLPK, \
            one linear program per priority level; the heights are GLPK's.

            A progress bar shows on standard error for long runs (5000 rows or more) when \
            standard error is a terminal, and never otherwise.

            --on-error recover lays out a row whose required constraints conflict as UIKit \
            does: the conflict's declared constraint of lowest priority (the one declared \
            last among equals) is broken, a `warning:` line names it, and with --format json \
            the object gains "broken": [{"row", "broken": [constraints]}]. A conflict among \
            the engine's own constraints alone still stops the command.

            --check-ambiguity also lays every row out once more, serially, and prints one \
            `warning:` line on standard error per variant (set of collapsed views) whose \
            constraints leave a frame free, a size negative or the row at height 0, at its \
            first such row; with --format json the object gains "ambiguous": [{"row", \
            "collapsed", "views", "attributes", "negative", "zeroHeight"}]. The exit status \
            does not change.

            Exit status: 0 on success; 1 when a row cannot be laid out (the row and the \
            engine's error are printed); 2 when the template or rows file cannot be read or is \
            invalid (file, line and column are printed); 64 for a bad option value.
            """
    )

    @OptionGroup var input: TemplateOptions

    @Option(help: "The engine: constraints, or glpk (the same systems solved by GLPK; slower).")
    var engine: HeightsEngine = .constraints

    @Option(help: "Output: csv (a 'row,height' header, then one line per row) or json (one object).")
    var format: HeightsFormat = .csv

    @Option(help: ArgumentHelp("Worker threads (default: the active processors).", valueName: "n"))
    var workers: Int?

    @Option(help: "A row whose required constraints conflict: throw (stop, exit 1) or recover (break one, as UIKit does, warn and go on).")
    var onError: ConflictPolicy = .throw

    @Flag(help: "Also warn, once per variant, about frames the constraints leave free and heights of 0 (standard error; the exit status is unchanged).")
    var checkAmbiguity = false

    func validate() throws {
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1 (got \(workers)).") }
    }

    func run() throws {
        let loaded = try input.load()
        let broken = BrokenLog()
        let heights = try RowSizing.heights(
            of: loaded, width: input.width, measurer: input.measurer.make(scale: input.displayScale),
            engine: engine, workers: workers, showProgress: true, onError: onError, broken: broken)
        let brokenRows = broken.entries.withLock { $0 }
        for row in brokenRows.keys.sorted() {
            for constraint in brokenRows[row] ?? [] {
                StandardError.emit(ConflictPolicy.warning(row: row, breaking: constraint))
            }
        }
        let ambiguous = checkAmbiguity ? try Self.ambiguities(of: loaded, input: input) : []
        for found in ambiguous { StandardError.emit("warning: " + found.warning(template: loaded.file.name)) }
        var text = format == .csv ? Self.csv(heights) : Self.json(heights, loaded: loaded, input: input, engine: engine)
        if format == .json, checkAmbiguity {
            text.removeLast(2)  // "}\n"
            text += ",\"ambiguous\":[" + ambiguous.map(\.json).joined(separator: ",") + "]}\n"
        }
        if format == .json, onError == .recover {
            text.removeLast(2)
            let entries = brokenRows.keys.sorted().map { row in
                "{\"row\":\(row),\"broken\":" + jsonStrings(brokenRows[row] ?? []) + "}"
            }
            text += ",\"broken\":[" + entries.joined(separator: ",") + "]}\n"
        }
        print(text, terminator: "")
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
        var fitter = loaded.template.makeFitter(measurer: input.measurer.make(scale: input.displayScale))
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

    /// `row,height`, then one line per row.
    static func csv(_ heights: RowHeights) -> String {
        var out = "row,height\n"
        for (row, height) in heights.enumerated() {
            out += String(row) + "," + JSONText.compactNumber(height) + "\n"
        }
        return out
    }

    /// One JSON object: what was laid out, and the heights in row order.
    static func json(_ heights: RowHeights, loaded: LoadedTemplate, input: TemplateOptions, engine: HeightsEngine) -> String {
        var out = "{\"template\":"
        JSONText.appendString(loaded.file.name, to: &out)
        out += ",\"engine\":\"\(engine.rawValue)\",\"measurer\":\"\(input.measurer.rawValue)\""
        out += ",\"width\":" + JSONText.compactNumber(input.width) + ",\"scale\":\(input.scale),\"rows\":\(heights.count)"
        out += ",\"heights\":[" + heights.map(JSONText.compactNumber).joined(separator: ",") + "]}\n"
        return out
    }
}

/// `["a","b"]`: strings as a JSON array.
func jsonStrings(_ list: [String]) -> String {
    "[" + list.map { item in var out = ""; JSONText.appendString(item, to: &out); return out }.joined(separator: ",") + "]"
}

/// The constraints `--on-error recover` broke, by row, as the workers report them.
final class BrokenLog: Sendable {
    let entries = Locked<[Int: [String]]>([:])
}

/// `--on-error`: what a row whose required constraints conflict gets.
enum ConflictPolicy: String, CaseIterable, ExpressibleByArgument {
    /// The first such row stops the command (exit 1).
    case `throw`
    /// UIKit's way: break the conflict's lowest-priority declared constraint (the one
    /// declared last among equals), warn on standard error, lay the row out, go on.
    case recover

    /// The `warning:` line for a constraint broken in `row`, UIKit's words.
    static func warning(row: Int, breaking constraint: String) -> String {
        "warning: row \(row): unsatisfiable constraints; will attempt to recover by breaking \(constraint)"
    }
}

/// Sizing every row of a template file on TableSizing's parallel workers.
enum RowSizing {
    /// The row heights of `loaded`'s rows at `width`.
    /// - Throws: an exit code with status 1 after printing the first row that cannot
    ///   be laid out and why.
    static func heights(
        of loaded: LoadedTemplate, width: Double, measurer: any TextMeasurer, engine: HeightsEngine,
        workers: Int? = nil, showProgress: Bool, onError: ConflictPolicy = .throw, broken: BrokenLog? = nil
    ) throws -> RowHeights {
        let rows = loaded.rows, template = loaded.template
        let bar = showProgress ? ProgressBar.make(rowCount: rows.count) : nil
        var options = SizingOptions(progress: bar?.callback)
        if let workers { options.workerCount = workers }
        defer { bar?.finish() }
        do {
            switch engine {
            case .constraints:
                return try RowHeights.compute(rowCount: rows.count, width: width, options: options) { width in
                    var fitter = template.makeFitter(measurer: measurer)
                    fitter.recoversFromConflicts = onError == .recover
                    return { row in
                        let layout = try fitter.fit(rows[row], width: width)
                        if !layout.brokenConstraints.isEmpty { broken?.entries.withLock { $0[row] = layout.brokenConstraints } }
                        return layout.rowHeight
                    }
                }
            case .glpk:
                return try RowHeights.compute(rowCount: rows.count, width: width, options: options) { width in
                    var fitter = GLPKRowFitter(template: template, measurer: measurer)
                    return { row in try fitter.rowHeight(rows[row], width: width) }
                }
            }
        } catch let error as TableSizingError {
            throw failure(rowFailure(error, template: template.name, width: width), status: ExitStatus.layoutFailed)
        }
    }

    /// `row 12: <the engine's error>` (the engine's errors name the template and the
    /// width); for a height TableSizing refuses, `row 12: template 'T' at width W:
    /// height 1200000 is above the limit of 1000000 points (maximumRowHeight)`.
    static func rowFailure(_ error: TableSizingError, template: String, width: Double) -> String {
        let place = error.row.map { "row \($0): " } ?? ""
        if let underlying = error.underlying { return place + "\(underlying)" }
        if let reason = error.limitReason { return place + "template '\(template)' at width \(width.geometryText): " + reason }
        return place + "\(error)"
    }
}
