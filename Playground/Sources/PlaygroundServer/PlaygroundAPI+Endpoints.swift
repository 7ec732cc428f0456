import Cancellation
import CellFitOutput
import CellLayout
import Foundation
import Geometry
import InterfaceBuilder
import TableSizing
import TemplateFiles
import TextMetrics

extension PlaygroundAPI {
    /// `POST /layout`: `{"template", "width", "height"?, "intrinsic"?, "row"? | "rows"?,
    /// "contentSize"?, "everyTextStyle"?, "scale"?, "onError"?: "throw"|"recover", "details"?}`.
    ///
    /// Answers the lines `cellfit layout --json` prints for the same template, rows and
    /// options, one per row. With `"details": true`, one JSON object instead:
    /// `{"lines": [...], "warnings": [...], "ambiguity": [...]}` — the lines as objects,
    /// the CLI's `warning:` lines (constraints broken to recover, negative sizes), and
    /// per row what the constraints leave free (`heights --check-ambiguity`'s words).
    public func layout(_ body: [UInt8], cancellation: CancellationToken? = nil) -> Answer {
        answering(body, cancellation: cancellation) { request throws(APIError) in
            let file = try template(request)
            let rows = try rows(request, of: file)
            let (width, height, intrinsic) = (try width(request), try height(request), try intrinsic(request))
            let recovers = try recovers(request)
            guard rows.count <= limits.layoutRows else {
                throw APIError(status: 413, message: "\(rows.count) rows to lay out; the limit is \(limits.layoutRows) a request")
            }
            let details = try request.flag("details")
            let notices = Guarded<[String]>([])
            var fitter = makeFitter(try template(request, of: file), measurer: try measurer(request, notices: notices), cancellation: cancellation)
            fitter.recoversFromConflicts = recovers
            var lines: [String] = [], warnings: [String] = [], ambiguity: [[String: Any]] = []
            for (index, row) in rows.enumerated() {
                let result: CellLayoutResult
                do {
                    result = try fitter.layout(row: row, width: width, height: height, intrinsicSizes: intrinsic)
                } catch {
                    throw APIError(status: 422, message: "row \(index): \((error as? CellLayoutError)?.message ?? "\(error)")")
                }
                for constraint in result.brokenConstraints {
                    warnings.append(LayoutNumbers.brokenConstraintWarning(row: index, breaking: constraint))
                }
                let shownHeight = height ?? result.exactHeight
                if let problem = LayoutNumbers.problem(result, height: shownHeight) {
                    throw APIError(status: 422, message: "row \(index): \(problem)")
                }
                let negative = LayoutNumbers.negativeSizes(result)
                if !negative.isEmpty { warnings.append(LayoutNumbers.negativeSizeWarning(row: index, views: negative)) }
                lines.append(LayoutLines.json(row: index, width: width, height: shownHeight, result: result))
                if details, let found = try? fitter.ambiguity(row: row, width: width, height: height, intrinsicSizes: intrinsic) {
                    ambiguity.append([
                        "row": index, "views": found.views, "attributes": found.attributes, "collapsed": found.collapsedViews,
                        "negative": found.negativeSizes, "zeroHeight": found.collapsesToZero, "description": found.description,
                    ])
                }
            }
            guard details else { return Answer(status: 200, contentType: "application/x-ndjson", body: lines.map { $0 + "\n" }.joined()) }
            let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
            return .json(jsonText(["lines": objects, "warnings": notices.withLock { $0 } + warnings, "ambiguity": ambiguity]) + "\n")
        }
    }

    /// `POST /render`: `{"template", "width", "height"?, "intrinsic"?, "rows"? | "row"?,
    /// "first"?, "last"?, "overlay"?, "contentSize"?, "everyTextStyle"?, "onError"?, "scale"?}`: the SVG picture `cellfit render` writes
    /// (rows `first` to `last`, both included; the first ten by default), with
    /// `overlay` (a `layout --json` line's object, or a list of them) drawn over the rows
    /// they name, as `--overlay` draws a file of them.
    public func render(_ body: [UInt8], cancellation: CancellationToken? = nil) -> Answer {
        answering(body, cancellation: cancellation) { request throws(APIError) in
            let file = try template(request)
            let rows = try rows(request, of: file)
            guard !rows.isEmpty else { throw APIError(status: 400, message: "the rows file has no rows to draw") }
            // As `--rows`: neither, the first ten; `first` alone, that row (`--rows A`);
            // both, `--rows A..B`; `last` alone, from row 0.
            let (given, end) = (try Self.rowNumber(request, "first"), try Self.rowNumber(request, "last"))
            let first = given ?? 0
            let last = end ?? (given == nil ? min(9, rows.count - 1) : first)
            guard first <= last else {
                throw APIError(status: 400, message: "--rows must be A..B or A, with 0 <= A <= B (got '\(first)..\(last)')")
            }
            guard last < rows.count else {
                let text = given != nil && end == nil ? "\(first)" : "\(first)..\(last)"
                throw APIError(
                    status: 400,
                    message: "--rows \(text) reaches past the last row: the rows file has \(rows.count) rows (0..\(rows.count - 1))")
            }
            guard last - first < limits.renderRows else {
                throw APIError(status: 413, message: "\(last - first + 1) rows to draw; the limit is \(limits.renderRows) a request")
            }
            var renderer = SVGRenderer(template: try template(request, of: file), measurer: try measurer(request), width: try width(request))
            renderer.height = try height(request)
            renderer.intrinsicSizes = try intrinsic(request)
            renderer.overlays = try Self.overlays(request)
            renderer.recoversFromConflicts = try recovers(request)
            renderer.cancellation = cancellation
            renderer.maximumTableauCells = limits.tableauCells
            do {
                let picture = try renderer.render((first...last).map { (index: $0, content: rows[$0]) })
                return Answer(status: 200, contentType: "image/svg+xml", body: picture)
            } catch {
                throw APIError(status: 422, message: "\(error)")
            }
        }
    }

    /// `POST /heights`: `{"template", "rows", "widths": [...] | "width", "contentSizes"?,
    /// "everyTextStyle"?, "onError"?: "throw"|"recover", "scale"?}`: the lines
    /// `cellfit heights --format ndjson` prints (`{"row", "id"?, "width"?, "contentSize"?,
    /// "height", "broken"?}`).
    public func heights(_ body: [UInt8], cancellation: CancellationToken? = nil) -> Answer {
        answering(body, cancellation: cancellation) { request throws(APIError) in
            let file = try template(request)
            guard request.members["rows"] != nil || request.members["row"] != nil else {
                throw APIError(status: 400, message: "the request has no \"rows\" (an array of row objects)")
            }
            let records = try records(request, of: file, withIDs: true)
            var widths: [Double]
            if let list = try request.value("widths") {
                guard let numbers = list as? [NSNumber], !numbers.isEmpty else {
                    throw APIError(status: 400, message: "\"widths\" must be a list of numbers")
                }
                widths = numbers.map(\.doubleValue)
            } else {
                widths = [try width(request)]
            }
            // Counted before anything is done per width: a body of a million widths is refused here.
            guard records.count * widths.count <= limits.heightJobs else {
                throw APIError(
                    status: 413,
                    message: "\(records.count) rows × \(widths.count) widths to size; the limit is \(limits.heightJobs) a request")
            }
            var seen = Set<Double>()
            for width in widths {
                try Self.checkWidth(width)
                guard seen.insert(width).inserted else { throw APIError(status: 400, message: "--width lists \(width.formatted) twice.") }
            }
            let categories = try contentSizes(request, key: "contentSizes")
            let everyTextStyle = try request.optionalFlag("everyTextStyle")
            if let everyTextStyle, categories == nil {
                throw APIError(status: 400, message: TextStyleRule.withoutContentSize(every: everyTextStyle))
            }
            let recovers = try recovers(request)
            let columns = HeightColumns(widths: widths, categories: categories ?? [.large], labelsCategory: categories != nil)
            guard records.count * columns.count <= limits.heightJobs else {
                throw APIError(
                    status: 413,
                    message: "\(records.count) rows × \(columns.count) columns to size; the limit is \(limits.heightJobs) a request")
            }
            let templates = categories.map { $0.map { file.template.adjusted(to: $0, everyTextStyle: everyTextStyle) } } ?? [file.template]
            let measurer = try measurer(request)
            let rows = records.map(\.content)
            var heights = [Double](repeating: 0, count: rows.count * columns.count)
            let broken = Guarded<[Int: [String]]>([:])
            var firstFailure: (row: Int, width: Double, error: TableSizingError)?
            var options = SizingOptions()
            options.workerCount = limits.workers
            options.cancellation = cancellation
            for column in 0..<columns.count {
                let width = columns.width(column), template = templates[column / columns.widths.count]
                do {
                    let sized = try RowHeights.compute(rowCount: rows.count, width: width, options: options) { width in
                        var fitter = makeFitter(template, measurer: measurer, cancellation: cancellation)
                        fitter.recoversFromConflicts = recovers
                        return { row in
                            let layout = try fitter.fit(rows[row], width: width)
                            if !layout.brokenConstraints.isEmpty { broken.withLock { $0[row * columns.count + column] = layout.brokenConstraints } }
                            return layout.rowHeight
                        }
                    }
                    for (row, height) in sized.enumerated() { heights[row * columns.count + column] = height }
                } catch let error as TableSizingError {
                    if (error.row ?? 0) < (firstFailure?.row ?? .max) { firstFailure = (error.row ?? 0, width, error) }
                } catch {
                    throw APIError(status: 422, message: "\(error)")
                }
            }
            if let firstFailure {
                throw APIError(
                    status: 422, message: HeightMessages.rowFailure(firstFailure.error, template: file.template.name, width: firstFailure.width))
            }
            let lines = HeightLines(format: .ndjson, columns: columns, reportsErrors: false)
            let brokenJobs = broken.withLock { $0 }
            var out = ""
            for row in rows.indices {
                for column in 0..<columns.count {
                    let job = row * columns.count + column
                    out += lines.line(row: row, id: records[row].id, column: column, outcome: .height(heights[job]), broken: brokenJobs[job] ?? [])
                }
            }
            return Answer(status: 200, contentType: "application/x-ndjson", body: out)
        }
    }

    /// `POST /import`: `{"file": the .xib or .storyboard's text, "name"?: its file name,
    /// "cell"?: an IB object id, reuse identifier or class}`.
    ///
    /// With one cell, or `cell` given: `{"cell": {...}, "template": the text `cellfit
    /// import` writes, "frames": Interface Builder's frames as a `layout --json` line's
    /// object, "notes": [...]}`. With several cells and none chosen: `{"cells": [...],
    /// "listing": what `import --list` prints}`.
    public func importCell(_ body: [UInt8], cancellation: CancellationToken? = nil) -> Answer {
        answering(body, cancellation: cancellation) { request throws(APIError) in
            guard let text = try request.string("file") else {
                throw APIError(status: 400, message: "the request has no \"file\" (the .xib or .storyboard's text)")
            }
            let name = try request.string("name") ?? "cell.xib"
            guard !name.contains("/") else { throw APIError(status: 400, message: "\"name\" is a file name, not a path") }
            let document: InterfaceBuilderDocument
            do {
                document = try InterfaceBuilderDocument(parsing: Data(text.utf8), path: name)
            } catch {
                throw APIError(status: 400, message: "\(error)")
            }
            let chosen = try request.string("cell")
            if chosen == nil, document.cells.count != 1 {
                return .json(
                    jsonText(["cells": document.cells.map(Self.summary), "listing": ImportedCellText.listing(document.cells)]) + "\n")
            }
            let imported: ImportedCell
            do {
                imported = try document.importCell(try document.cell(matching: chosen))
            } catch {
                let failure = error as? InterfaceBuilderError
                throw APIError(status: 400, message: failure.map { $0.code == .ambiguousCell ? $0.message : $0.description } ?? "\(error)")
            }
            do {
                _ = try TemplateFile(parsing: imported.templateJSON, path: "<imported \(imported.summary.id)>")
            } catch {
                throw APIError(status: 400, message: "the template imported from \(name) does not read back: \((error as? TemplateFileError)?.message ?? "\(error)")")
            }
            let frames = (try? JSONSerialization.jsonObject(with: Data(ImportedCellText.framesLine(imported).utf8))) ?? [:]
            return .json(
                jsonText([
                    "cell": Self.summary(imported.summary), "template": imported.templateJSON, "frames": frames,
                    "notes": imported.notes,
                ]) + "\n")
        }
    }

    /// `"onError"`: `throw` (the default) or `recover` (break a conflict's constraint as UIKit does).
    func recovers(_ request: RequestBody) throws(APIError) -> Bool {
        switch try request.string("onError") ?? "throw" {
        case "throw": return false
        case "recover": return true
        case let other: throw APIError(status: 400, message: "\"onError\" must be throw or recover (got '\(other)')")
        }
    }

    /// A cell as `import --list` lists it.
    static func summary(_ cell: CellSummary) -> [String: Any] {
        [
            "id": cell.id, "kind": cell.kind.rawValue, "class": cell.customClass ?? NSNull(),
            "reuseIdentifier": cell.reuseIdentifier ?? NSNull(), "size": [cell.size.width, cell.size.height],
            "contentSize": [cell.contentSize.width, cell.contentSize.height], "views": cell.viewCount,
            "constraints": cell.constraintCount,
        ]
    }

    static func rowNumber(_ request: RequestBody, _ key: String) throws(APIError) -> Int? {
        guard let value = try request.number(key) else { return nil }
        guard value >= 0, value == value.rounded(), value < 1e9 else {
            throw APIError(status: 400, message: "\"\(key)\" must be a row number, 0 or more (got \(value))")
        }
        return Int(value)
    }

    /// `"overlay"`: a frames line's object (`{"row"?, "frames": {name: [x, y, w, h]}}`) or a list of them.
    static func overlays(_ request: RequestBody) throws(APIError) -> [Int: [String: Rect]] {
        guard let value = try request.value("overlay") else { return [:] }
        let lines = (value as? [Any]) ?? [value]
        var overlays: [Int: [String: Rect]] = [:]
        for line in lines {
            guard let object = line as? [String: Any], let frames = object["frames"] as? [String: Any] else {
                throw APIError(status: 400, message: "\"overlay\": expected a \"frames\" object (a `layout --json` line)")
            }
            var row = 0
            if object["row"] != nil {
                guard let number = object["row"] as? NSNumber, let whole = Int(exactly: number.doubleValue),
                    whole >= 0
                else {
                    throw APIError(status: 400, message: "\"overlay\": 'row' must be a row number, 0 or more")
                }
                row = whole
            }
            var rects: [String: Rect] = [:]
            for (name, frame) in frames {
                guard let parts = frame as? [NSNumber], parts.count == 4 else {
                    throw APIError(status: 400, message: "\"overlay\": frame '\(name)' is not [x, y, width, height]")
                }
                let v = parts.map(\.doubleValue)
                guard v.allSatisfy(\.isFinite) else { throw APIError(status: 400, message: "\"overlay\": frame '\(name)' is not finite") }
                rects[name] = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
            overlays[row] = rects
        }
        return overlays
    }
}
