import CellFitOutput
import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport
import TableSizing

/// Lays out a table of title rows and basic rows and prints each row's estimated
/// height beside its exact one, then how far the table's estimated scroll height
/// is off, and how the error shrinks as rows are shown (fitted) top to bottom.
@main
struct EstimatedHeightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "EstimatedHeights",
        abstract: "Compare estimated row heights (title rows 114, basic rows 44) with exact ones.",
        discussion: "With --json each row also carries \"estimated\": the height assumed before fitting.")

    @OptionGroup var options: ExampleOptions

    func run() throws {
        let run = ExampleRun(name: "EstimatedHeights", options: options, defaultRows: 100)
        let makeEngine = try Self.engineFactory(options.engine, measurer: run.measurer)
        let rows = run.content { EstimatedHeightsCell.content(count: $0, vocabulary: $1) }
        if options.sizing != nil {
            return try EstimatedScroll(example: run, rows: rows, makeEngine: makeEngine).run()
        }
        var engine = try makeEngine()
        let pass = try run.layOut(rows, with: &engine) { [.init("estimated", $0.estimatedHeight)] }
        guard !options.json else { return }
        for layouts in pass { printComparison(layouts, estimated: rows.map(\.estimatedHeight)) }
    }

    /// Estimated and exact side by side for the first rows, then the scroll height.
    func printComparison(_ layouts: [RowLayout], estimated: [Double]) {
        let exact = layouts.map(\.height)
        print("  row  estimated  exact")
        for i in layouts.indices.prefix(12) {
            print(pad(String(i), 5) + pad(numberText(estimated[i]), 11) + pad(numberText(exact[i]), 7))
        }
        // The scroll area's height once the first k rows have been shown: fitted rows
        // count exactly, the rest at their estimate (what UITableView does).
        let total = exact.reduce(0, +)
        print("  scroll height \(numberText(total)); estimated after showing k rows:")
        for k in Set([0, layouts.count / 4, layouts.count / 2, layouts.count * 3 / 4, layouts.count]).sorted() {
            let guess = exact.prefix(k).reduce(0, +) + estimated.dropFirst(k).reduce(0, +)
            print("    k = \(pad(String(k), 6))  \(numberText(guess))  (off by \(numberText(guess - total)))")
        }
    }

    /// The chosen engine, one per call: two templates of its own (as in
    /// `EngineChoice.factory`, so that workers share no template) or one manual cell.
    static func engineFactory(_ choice: EngineChoice, measurer: any TextMeasurer) throws
        -> EngineFactory<EitherEngine<EstimatedHeightsEngine, ManualEngine<EstimatedHeightsCell.Manual>>>
    {
        switch choice {
        case .constraints:
            // Built once here so that a mistake fails before any row is sized.
            _ = (try EstimatedHeightsCell.titleTemplate(), try EstimatedHeightsCell.basicTemplate())
            return {
                EitherEngine(first: try EstimatedHeightsEngine(measurer: measurer))
            }
        case .manual:
            return { EitherEngine(second: ManualEngine(EstimatedHeightsCell.Manual(), measurer: measurer)) }
        }
    }
}

/// Right-aligns `text` in `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
