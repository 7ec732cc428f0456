import CellFitOutput
import ArgumentParser
import CellLayout
import ExampleCells
import ManualLayout
import TableSizing
import PangoText

/// `cellfit demo` (`make demo`): the main job. Sizes the ChatFeed feed with every
/// engine, checks that they agree row for row, prints how fast each was, and
/// draws the first rows.
struct Demo: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Size the ChatFeed feed with every engine, check they agree, and draw the first rows.",
        discussion: """
            The feed is ChatFeed's 1000 generated entries at --width (default 375) and scale 2, \
            text measured by Pango, sized by four engines, each in parallel on every processor \
            and each from the same state: an untimed pass first loads the fonts and Pango on \
            every worker thread, and each engine starts with cold text caches (a measurement \
            cache of its own, and the fast paths' learned words forgotten):

              constraints    ExampleCells' ChatCell.template(), declared in Swift
              manual         ChatCell.Manual, the same cell as hand-written frame arithmetic
              template file  Examples/Templates/ChatFeed.json over Examples/Data/ChatFeed.json
              glpk           the template file's constraint systems solved by GLPK

            Every engine must give every row exactly the height the first one gives. The \
            table shows rows, time, rows per second and agreement; the first rows of the \
            template file are drawn to --out (cellfit render).

            Exit status: 0 when every engine agrees on every row; 1 when one does not (the \
            first differing rows are printed) or a row cannot be laid out; 2 when the example \
            files cannot be read or the picture cannot be written.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @Option(help: ArgumentHelp("The directory holding Templates/ and Data/.", valueName: "dir"))
    var examples: String = "Examples"

    @Option(help: ArgumentHelp("The content width, in points.", valueName: "points"))
    var width: Double = 375

    @Option(help: ArgumentHelp("The SVG file to draw the first rows into.", valueName: "file"))
    var out: String = "demo.svg"

    @Option(help: ArgumentHelp("How many rows to draw.", valueName: "n"))
    var drawRows: Int = 8

    /// The picture and the measurements use the 2x grid, as the examples do.
    static let scale = DisplayScale.x2
    /// Disagreements listed before "… and N more".
    static let listedDisagreements = 5

    func validate() throws {
        guard width.isFinite, width > 0 else {
            throw ValidationError("--width must be a finite number of points above 0 (got \(width.geometryText)).")
        }
        guard drawRows >= 1 else { throw ValidationError("--draw-rows must be at least 1 (got \(drawRows)).") }
    }

    func run() throws {
        try OutputFile.checkWritable(out)
        let dataPath = examples + "/Data/ChatFeed.json"
        let loaded = try LoadedTemplate.read(template: examples + "/Templates/ChatFeed.json", data: dataPath)
        let entries = ChatCell.content(count: ExampleData.chatRows)
        let swiftTemplate: CellTemplate<ChatEntry>
        do {
            swiftTemplate = try ChatCell.template()
        } catch {
            throw failure("ChatCell.template(): \(error)", status: ExitStatus.layoutFailed)
        }
        guard entries.count == loaded.rows.count else {
            throw failure(
                "\(dataPath) has \(loaded.rows.count) rows, ChatFeed's generator \(entries.count): "
                    + "regenerate it with 'cellfit example-data'", status: ExitStatus.badInput)
        }

        let width = self.width
        let constraints = {
            try RowHeights.compute(rowCount: entries.count, width: width) { width in
                var fitter = swiftTemplate.makeFitter(measurer: PangoTextMeasurer(scale: Self.scale))
                return { row in try fitter.fit(entries[row], width: width).rowHeight }
            }
        }
        // Every engine starts from the same state: one untimed pass loads the fonts and
        // Pango on every worker thread, and before each engine the fast paths forget the
        // words they learned (each engine's measurer has a cold cache of its own), so that
        // the first engine does not pay for the others' warm start.
        _ = try EngineRun.time("warm-up", width: width, constraints)
        var runs: [EngineRun] = []
        runs.append(try EngineRun.time("constraints", width: width, constraints))
        runs.append(try EngineRun.time("manual", width: width) {
            let cell = ChatCell.Manual(), measurer = PangoTextMeasurer(scale: Self.scale)
            return try RowHeights.compute(rowCount: entries.count, width: width) { width in
                { row in try cell.height(for: entries[row], width: width, measurer: measurer) }
            }
        })
        runs.append(try EngineRun.time("template file", width: width) {
            try RowSizing.heights(
                of: loaded, width: width, measurer: { PangoTextMeasurer(scale: Self.scale) }, engine: .constraints,
                showProgress: false)
        })
        runs.append(try EngineRun.time("glpk", width: width) {
            try RowSizing.heights(
                of: loaded, width: width, measurer: { PangoTextMeasurer(scale: Self.scale) }, engine: .glpk,
                showProgress: false)
        })

        let reference = runs[0].heights
        var disagreements: [String] = []
        let rows = runs.map { run -> [String] in
            let differing = reference.indices.filter { reference[$0] != run.heights[$0] }
            for row in differing {
                disagreements.append(
                    "row \(row): \(runs[0].name) \(SVGNumber.format(reference[row])), \(run.name) \(SVGNumber.format(run.heights[row]))")
            }
            let seconds = run.seconds
            return [
                run.name, String(run.heights.count), HumanTable.duration(run.duration),
                seconds > 0 ? String(Int((Double(run.heights.count) / seconds).rounded())) : "-",
                differing.isEmpty ? "all \(reference.count)" : "\(reference.count - differing.count) of \(reference.count)",
            ]
        }
        print("ChatFeed: \(entries.count) rows at width \(SVGNumber.format(width)), scale 2, Pango, \(ProcessorCount.active) workers")
        print(HumanTable.render(header: ["engine", "rows", "time", "rows/s", "agree"], rightAligned: [1, 2, 3], rows: rows))
        print("each engine from the same state: fonts loaded, text caches cold; the times include measuring the text.")
        print("what the constraints cost over hand-written frames, measured apart: Benchmarks/scripts/engines.sh (Docs/Performance.md)")

        let picture = try SVGRenderer.picture(
            of: loaded, rows: 0...(min(drawRows, loaded.rows.count) - 1), width: width,
            measurer: PangoTextMeasurer(scale: Self.scale))
        try OutputFile.write(picture, to: out)
        print("wrote \(out) (rows 0..\(min(drawRows, loaded.rows.count) - 1))")

        guard disagreements.isEmpty else {
            for line in disagreements.prefix(Self.listedDisagreements) { StandardError.emit("disagreement: \(line)") }
            if disagreements.count > Self.listedDisagreements {
                StandardError.emit("disagreement: … and \(disagreements.count - Self.listedDisagreements) more")
            }
            throw failure("the engines disagree on \(disagreements.count) rows", status: ExitStatus.layoutFailed)
        }
        print("every engine agrees on every row")
    }
}

/// One engine's run of the demo: its heights and how long they took.
struct EngineRun {
    let name: String
    let heights: RowHeights
    let duration: Duration

    var seconds: Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// Times `size`.
    /// - Throws: an exit code with status 1 after printing the row that failed.
    static func time(_ name: String, width: Double, _ size: () throws -> RowHeights) throws -> EngineRun {
        PangoTextMeasurer.forgetLearnedText()
        let clock = ContinuousClock()
        let start = clock.now
        let heights: RowHeights
        do {
            heights = try size()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as TableSizingError {
            throw failure("engine '\(name)', " + HeightMessages.rowFailure(error, template: "ChatFeed", width: width), status: ExitStatus.layoutFailed)
        } catch {
            throw failure("engine '\(name)': \(error)", status: ExitStatus.layoutFailed)
        }
        return EngineRun(name: name, heights: heights, duration: clock.now - start)
    }
}
