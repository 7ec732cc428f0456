import ArgumentParser
import CellFitOutput
import CellLayout
import ExampleSupport
import JSONSupport
import TableSizing
import TemplateFiles

/// `cellfit layout`: rows laid out at a given size, or at their compressed
/// fitting height, with every view's frame; or a set of frames scored against
/// the template.
struct Layout: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay rows of a template file out at a width (and a height), and print every view's frame.",
        discussion: """
            Without --height each row gets its compressed fitting height, as `heights` \
            computes it; with --height the content view is held at that height and whatever \
            must stretch or compress does so by hugging and compression resistance (a cell on \
            screen at its final size). Without --data one row is laid out with the template's \
            own content (for an imported cell: Interface Builder's texts and images).

            --intrinsic design takes each view's design size ("design" in the template; an \
            imported view's Interface Builder frame) as its intrinsic content size instead of \
            measuring its text: Interface Builder's placeholder intrinsic size, which \
            reproduces IB's frames without Apple's fonts.

            --score FRAMES reads lines of the --json shape and prints, for each, the violation \
            of the template's constraints summed per priority level, with the constraints the \
            frames break; two layouts that score the same at every level are equally good.

            --on-error recover breaks a conflicting row's lowest-priority declared constraint, \
            as `heights --on-error recover` does, with a `warning:` line on standard error.

            Frames are in content-view coordinates; "height" is the content view's height \
            (unrounded under --json when the row was fitted, as the solver found it).

            Exit status: 0 on success (a score is printed whatever it is); 1 when a row cannot \
            be laid out; 2 when a file cannot be read or is invalid; 64 for a bad option value.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var input: TemplateOptions

    @OptionGroup var size: LayoutSizeOptions

    @Option(help: "A row whose required constraints conflict: throw (stop, exit 1) or recover (break one, as UIKit does, warn and go on).")
    var onError: ConflictPolicy = .throw

    @Flag(help: "Print one JSON line per row: {\"row\", \"width\", \"height\", \"frames\": {name: [x, y, w, h]}}.")
    var json = false

    @Option(help: ArgumentHelp("Score the frames of a file of --json lines against the template instead of laying out.", valueName: "file"))
    var score: String?

    func validate() throws {
        try input.requireOneWidthAndWholeFile(command: "layout")
    }

    func run() throws {
        try input.fonts.addFolders()
        let loaded = try input.load()
        let (width, height, intrinsic) = (input.width, size.height, size.intrinsic)
        let rows = loaded.rows
        var fitter = loaded.template.makeFitter(measurer: input.makeMeasurer())
        fitter.recoversFromConflicts = onError == .recover
        if let score {
            try printScores(of: score, rows: rows, fitter: &fitter)
            return
        }
        for (index, row) in rows.enumerated() {
            let result: CellLayoutResult
            do {
                result = try fitter.layout(row: row, width: width, height: height, intrinsicSizes: intrinsic)
            } catch {
                throw failure("row \(index): \(error.message)", status: ExitStatus.layoutFailed)
            }
            for constraint in result.brokenConstraints {
                StandardError.emit(ConflictPolicy.warning(row: index, breaking: constraint))
            }
            let shownHeight = height ?? result.exactHeight
            try Self.checkNumbers(result, height: shownHeight, row: index)
            if json {
                print(LayoutLines.json(row: index, width: width, height: shownHeight, result: result))
            } else {
                print("row \(index): \(numberText(width)) x \(numberText(shownHeight))")
                for name in result.viewNames {
                    let frame = result.frame(of: name) ?? .zero
                    let values = [frame.x, frame.y, frame.width, frame.height].map(numberText).joined(separator: ", ")
                    print("  \(name): [\(values)]")
                }
            }
        }
    }

    /// Numbers stay numbers: a row height `heights` takes, by the same rule
    /// (``LayoutNumbers/problem(_:height:)``: not negative, finite, within its limit),
    /// every frame finite; a view of negative size (Auto Layout allows it) is a warning naming it.
    /// - Throws: an exit code with status 1 naming the row, the view and the limit.
    static func checkNumbers(_ result: CellLayoutResult, height: Double, row: Int) throws {
        if let problem = numbersProblem(result, height: height, row: row) {
            throw failure("row \(row): \(problem)", status: ExitStatus.layoutFailed)
        }
    }

    /// What is wrong with a layout's numbers, if anything; warns of negative sizes.
    static func numbersProblem(_ result: CellLayoutResult, height: Double, row: Int) -> String? {
        if let problem = LayoutNumbers.problem(result, height: height) { return problem }
        let negative = LayoutNumbers.negativeSizes(result)
        if !negative.isEmpty { StandardError.emit(LayoutNumbers.negativeSizeWarning(row: row, views: negative)) }
        return nil
    }

    /// `--score`: one block per line of the frames file.
    private func printScores(of path: String, rows: [CellContent], fitter: inout CellFitter<CellContent>) throws {
        let lines: [FramesLine]
        do {
            lines = try FramesLine.read(path)
        } catch {
            throw failure(error.message, status: ExitStatus.badInput)
        }
        for line in lines {
            guard line.row < rows.count else {
                throw failure(
                    "\(path):\(line.line): row \(line.row), but there \(rows.count == 1 ? "is 1 row" : "are \(rows.count) rows")",
                    status: ExitStatus.badInput)
            }
            let result: LayoutScore
            do {
                result = try fitter.score(
                    frames: line.frames, row: rows[line.row], width: line.width ?? input.width, height: line.height ?? size.height,
                    intrinsicSizes: size.intrinsic)
            } catch {
                throw failure("\(path):\(line.line): row \(line.row): \(error.message)", status: ExitStatus.layoutFailed)
            }
            print("row \(line.row):")
            print(result.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            if !result.assumedViews.isEmpty {
                print("  frames not given (CellFit's own taken): " + result.assumedViews.joined(separator: ", "))
            }
        }
    }
}

extension IntrinsicSizes: ExpressibleByArgument {}

/// `--height` and `--intrinsic`: how `layout` and `render` lay rows out.
struct LayoutSizeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The content view's height, in points (default: each row's compressed fitting height).", valueName: "points"))
    var height: Double?

    @Option(help: "Intrinsic sizes: measured (text measured with --measurer) or design (each view's design size).")
    var intrinsic: IntrinsicSizes = .measured

    func validate() throws {
        if let height, !(height.isFinite && height >= 0 && height <= TableSizingError.maximumRowHeight) {
            throw ValidationError(
                "--height must be a number of points from 0 to \(Int(TableSizingError.maximumRowHeight)) (got \(height)).")
        }
    }
}

/// One line of a frames file: the `--json` shape of `cellfit layout`.
struct FramesLine {
    let line: Int
    let row: Int
    let width: Double?
    let height: Double?
    let frames: [String: Rect]

    struct ReadError: Error {
        let message: String
    }

    /// Reads every non-blank line of `path` with the package's JSON reader.
    /// Keys other than `row`, `width`, `height` and `frames` are ignored.
    static func read(_ path: String) throws(ReadError) -> [FramesLine] {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            throw ReadError(message: "\(path): \(error.message)")
        }
        var result: [FramesLine] = []
        for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard raw.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            let parsed = Array(raw).withUnsafeBufferPointer { buffer in
                Result { () throws(JSONError) -> JSONValue in
                    var reader = JSONReader(buffer)
                    return try reader.readDocument()
                }
            }
            func fail(_ why: String, at offset: Int = 0) -> ReadError {
                ReadError(message: "\(path):\(number):\(lineAndColumn(of: offset, in: raw).column): \(why)")
            }
            let object: [String: JSONValue]
            switch parsed {
            case .failure(let error): throw fail(error.message, at: error.offset)
            case .success(let value):
                guard case .object(let members) = value.kind else { throw fail("expected an object, found \(value.typeName)") }
                object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            func numberValue(_ key: String) throws(ReadError) -> Double? {
                guard let value = object[key] else { return nil }
                guard case .number(let number) = value.kind else {
                    throw fail("'\(key)' should be a number, found \(value.typeName)", at: value.offset)
                }
                return number
            }
            guard let framesValue = object["frames"], case .object(let framesMembers) = framesValue.kind else {
                throw fail("expected a \"frames\" object", at: object["frames"]?.offset ?? 0)
            }
            var frames: [String: Rect] = [:]
            for member in framesMembers {
                guard case .array(let parts) = member.value.kind, parts.count == 4 else {
                    throw fail("frame '\(member.key)' is not [x, y, width, height]", at: member.value.offset)
                }
                let numbers = parts.compactMap { part -> Double? in
                    if case .number(let value) = part.kind { value } else { nil }
                }
                guard numbers.count == 4 else { throw fail("frame '\(member.key)' is not four numbers", at: member.value.offset) }
                frames[member.key] = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
            let row = try numberValue("row") ?? 0
            guard row >= 0, row == row.rounded(), row < Double(Int.max / 2) else {
                throw fail("'row' is \(row); expected a row number, 0 or more", at: object["row"]?.offset ?? 0)
            }
            result.append(FramesLine(line: number, row: Int(row), width: try numberValue("width"), height: try numberValue("height"), frames: frames))
        }
        return result
    }
}
