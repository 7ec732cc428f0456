import CellFitOutput
import ExampleCells
import ExampleSupport
import TableSizing

/// `--sizing`: the table in a ``ScrollModel`` whose rows start at their estimates
/// (title rows 114, basic rows 44), scrolled top to bottom and back up one screen a
/// step, printing after each step how far the estimated content height is from the
/// exact one, and when it converged.
struct EstimatedScroll<Engine: LayoutEngine> where Engine.Content == EstimatedRow {
    /// A phone's portrait screen: 667 points of content visible at a time.
    static var viewportHeight: Double { 667 }
    /// About how many step lines a report prints; longer scrolls print every k-th step.
    static var stepLines: Double { 40 }

    let example: ExampleRun
    let rows: [EstimatedRow]
    let makeEngine: EngineFactory<Engine>

    func run() throws {
        let width = example.widths.first ?? 375
        let viewport = Self.viewportHeight
        // The exact total, for the errors: every row sized up front, apart from the scroll.
        let stopwatch = Stopwatch()
        let exact: RowHeights
        do {
            exact = try RowHeights.compute(
                rowCount: rows.count, width: width, options: example.sizingOptions,
                makeWorker: ExampleRun.heightWorkers(rows, makeEngine: makeEngine))
        } catch {
            throw ExampleRun.sizingError(error, width: width)
        }
        let total = exact.totalHeight
        print("EstimatedHeights: \(rows.count) rows at width \(numberText(width)), viewport \(numberText(viewport)) "
            + "(\(example.options.measurerDescription))")
        print("  exact content height \(numberText(total)) (every row sized up front by \(example.workersDescription) "
            + "in \(stopwatch.read().wallDescription), for reference)")
        let estimates = rows.map(\.estimatedHeight)
        var model = try ScrollModel(
            rowCount: rows.count, viewportHeight: viewport, estimate: .perRow { estimates[$0] })
        model.referenceContentHeight = total
        print("  estimated rows (title \(numberText(EstimatedHeightsCell.estimatedTitleHeight)), basic "
            + "\(numberText(EstimatedHeightsCell.estimatedBasicHeight))), scrolled one screen a step down and back up:")
        print("   step  scroll    offset  visible        exact rows  content height     error")

        var engine = try makeEngine()
        let measure: ScrollModel.MeasureRow = { row in try engine.rowHeight(rows[row], width: width) }
        let every = max(1, Int((2 * total / viewport / Self.stepLines).rounded(.up)))
        var tally = ScrollTally()
        tally.begin(model)
        printStep(0, "start", model)
        var printed = 0
        // Every k-th step, the step where the error reached 0, and the last step each way.
        func report(_ direction: String) -> (ScrollModel, ScrollTally) -> Void {
            { model, tally in
                guard tally.steps % every == 0 || tally.convergedAtStep == tally.steps else { return }
                printStep(tally.steps, direction, model)
                printed = tally.steps
            }
        }
        do {
            tally.add(try model.layoutVisibleRows(measure: measure), of: model)
            report("layout")(model, tally)
            for (delta, direction) in [(viewport, "down"), (-viewport, "up")] {
                try tally.scrollToEnd(&model, by: delta, measure: measure, onStep: report(direction))
                if printed != tally.steps { printStep(tally.steps, direction, model) }
                printed = tally.steps
            }
        } catch {
            throw ExampleRun.sizingError(error, width: width)
        }
        let converged = tally.convergedAtStep.map { "error 0 from step \($0), when every row had been shown" }
            ?? "not every row was shown"
        print("  converged: \(converged); \(model.exactRowCount) of \(rows.count) rows measured; "
            + "error at the start \(tenthsText(tally.startError)), max after a step \(tenthsText(tally.maximumError)); "
            + "max on-screen shift \(numberText(tally.maximumShift))")
        print("  final error \(numberText(tally.finalError))")
    }

    private func printStep(_ step: Int, _ direction: String, _ model: ScrollModel) {
        let visible = model.visibleRows
        print(pad(String(step), 7) + "  " + direction.leftAligned(6) + pad(numberText(model.contentOffset), 10)
            + "  " + "\(visible.lowerBound)..<\(visible.upperBound)".leftAligned(12)
            + pad(String(model.exactRowCount), 12) + pad(tenthsText(model.contentHeight), 16)
            + pad(tenthsText(model.contentHeightError ?? 0), 10))
    }
}

extension String {
    /// Left-aligns the string in `length` characters.
    func leftAligned(_ length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
