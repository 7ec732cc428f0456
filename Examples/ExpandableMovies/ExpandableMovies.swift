import CellFitOutput
import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport

/// Lays out generated film rows (poster, title, description in a container);
/// `--expand i` then taps row i open and re-fits that row alone.
@main
struct ExpandableMoviesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ExpandableMovies",
        abstract: "Size generated film cells; --expand taps one open and re-fits only that row.",
        discussion: """
            With --expand i and --json, one more line follows the rows: row i after the tap, \
            with "old_height" (before the tap) and "refitted_rows" (how many rows were fitted \
            again: 1). With --sizing serial|parallel the rows go into a HeightCache and a \
            ScrollModel (viewport 667, the tapped row on screen) and the tap (row i, or the middle \
            row without --expand) re-fits that row alone: the report gives the height calls, the \
            height difference d and how far every row's offset moved (d below the row, 0 above).
            """)

    @OptionGroup var options: ExampleOptions

    @Option(help: "Tap row i after the first pass: show its full description and re-fit it alone.")
    var expand: Int?

    func validate() throws {
        let rows = options.rows ?? ExampleRun.defaultRowCount
        if let expand, !(0..<rows).contains(expand) {
            throw ValidationError("--expand must name a row in 0..<\(rows) (got \(expand)).")
        }
    }

    func run() throws {
        let run = ExampleRun(name: "ExpandableMovies", options: options)
        let makeEngine = try options.engine.factory(
            template: MovieCell.template, manual: MovieCell.Manual(), measurer: run.measurer)
        var movies = run.content { MovieCell.content(count: $0, vocabulary: $1) }
        if options.sizing != nil {
            return try MovieTap(example: run, row: expand ?? movies.count / 2, makeEngine: makeEngine).run(movies)
        }
        var engine = try makeEngine()
        let pass = try run.layOut(movies, with: &engine)
        guard let row = expand, let width = run.widths.last, let before = pass.last?[row] else { return }

        movies[row].expanded = true
        let fitted = engine.rowsLaidOut
        var after = try ExampleRun.layout(movies[row], row: row, width: width, engine: &engine)
        let refitted = engine.rowsLaidOut - fitted
        if options.json {
            after.extras = [.init("old_height", before.height), .init("refitted_rows", Double(refitted))]
            print(after.jsonLine)
        } else {
            print("tap row \(row): height \(numberText(before.height)) -> \(numberText(after.height)); "
                + "re-fitted \(refitted) row, the other \(movies.count - 1) untouched")
        }
    }
}
