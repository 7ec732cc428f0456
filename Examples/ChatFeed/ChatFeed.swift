import CellFitOutput
import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport
import TableSizing

/// Lays out a generated chat feed of 1000 entries in portrait (375) and then
/// landscape (667): the rotation re-sizes every row. With `--sizing`, sizes the
/// feed through TableSizing two ways — every row exact up front in a height
/// cache, and estimated rows filled in while scrolling — rotating to 667 and back.
@main
struct ChatFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ChatFeed",
        abstract: "Size a generated chat feed (avatar, heading, text view sized to its text) at 375 and 667.",
        discussion: """
            Without --width every row is laid out at 375 and then again at 667, as after a rotation. \
            With --sizing serial|parallel the feed is sized through TableSizing at 375, 667 and 375 \
            again, two ways: exact up front (HeightCache) and estimated while scrolling top to bottom \
            (ScrollModel); the report gives the time, the cache hits on the way back, the largest \
            content-height error while scrolling and the largest on-screen shift.
            """)

    /// Portrait and landscape widths of a 375-point-wide phone.
    static let widths = [375.0, 667.0]

    /// The initial guess of the learned estimate: UIKit's standard row height.
    static let initialEstimate = 44.0

    @OptionGroup var options: ExampleOptions

    func run() throws {
        let run = ExampleRun(name: "ChatFeed", options: options, defaultWidths: Self.widths)
        let makeEngine = try options.engine.factory(
            template: ChatCell.template, manual: ChatCell.Manual(), measurer: run.measurer)
        let content = run.content { ChatCell.content(count: $0, vocabulary: $1) }
        guard options.sizing != nil else {
            var engine = try makeEngine()
            try run.layOut(content, with: &engine)
            return
        }
        // Rotated and back: the last width repeats the first, where the cache is full.
        let widths = run.widths + run.widths.prefix(run.widths.count > 1 ? 1 : 0)
        print("ChatFeed: \(content.count) rows at widths " + widths.map(numberText).joined(separator: " -> ")
            + " (\(options.measurerDescription))")
        let exact = try sizeUpFront(content, widths: widths, run: run, makeEngine: makeEngine)
        try sizeWhileScrolling(content, widths: widths, exactTotals: exact, makeEngine: makeEngine)
    }

    /// The visible height at `width`: the phone's other side (a 375-wide portrait
    /// screen shows 667 points of content, a 667-wide landscape one 375).
    static func viewportHeight(atWidth width: Double) -> Double {
        width == widths[1] ? widths[0] : widths[1]
    }

    /// The "exact up front" strategy: a ``HeightCache`` set to each width in turn, its
    /// missing rows sized in parallel. Returns the exact content height at each width.
    func sizeUpFront<Engine: LayoutEngine>(
        _ content: [ChatEntry], widths: [Double], run: ExampleRun, makeEngine: @escaping EngineFactory<Engine>
    ) throws -> [Double: Double] where Engine.Content == ChatEntry {
        print("  exact up front: a HeightCache, missing rows sized by \(run.workersDescription)")
        var cache = try run.heightCache(content, makeEngine: makeEngine)
        var totals: [Double: Double] = [:]
        var rotationBack = ""
        for (index, width) in widths.enumerated() {
            let hits = content.count - cache.missingRowCount(atWidth: width)
            let (timing, calls) = try ExampleRun.setWidth(width, of: &cache)
            let total = cache.heights?.totalHeight ?? .nan
            totals[width] = total
            print("    width \(numberText(width))  \(calls) height calls, \(hits) cache hits, \(timing.wallDescription) "
                + "(cpu \(ExampleRun.decimal((timing.user + timing.system) * 1e3)) ms); content height \(numberText(total))")
            if index > 0, index == widths.count - 1 {
                rotationBack = "  rotation back to \(numberText(width)): \(hits) of \(content.count) rows cached, "
                    + "\(calls) height calls"
            }
        }
        if !rotationBack.isEmpty { print(rotationBack) }
        return totals
    }

    /// The "estimated, filled in while scrolling" strategy: at each width a
    /// ``ScrollModel`` with learned estimates, scrolled top to bottom one screen a step
    /// by the table's own engine on this thread. Rows measured at a width are kept, so
    /// coming back to it measures nothing.
    func sizeWhileScrolling<Engine: LayoutEngine>(
        _ content: [ChatEntry], widths: [Double], exactTotals: [Double: Double],
        makeEngine: EngineFactory<Engine>
    ) throws where Engine.Content == ChatEntry {
        print("  estimated while scrolling: a ScrollModel, learned mean (first guess \(numberText(Self.initialEstimate))), "
            + "one screen a step, top to bottom")
        var engine = try makeEngine()
        var measured: [Double: [Double]] = [:]
        var worst = ScrollTally()
        for width in widths {
            var heights = measured[width] ?? Array(repeating: .nan, count: content.count)
            let viewport = Self.viewportHeight(atWidth: width)
            var model = try Self.model(rows: content.count, known: heights, viewport: viewport, width: width)
            model.referenceContentHeight = exactTotals[width]
            var calls = 0
            var tally = ScrollTally()
            let stopwatch = Stopwatch()
            do {
                tally.begin(model)
                let measure: ScrollModel.MeasureRow = { row in
                    calls += 1
                    let height = try engine.rowHeight(content[row], width: width)
                    heights[row] = height
                    return height
                }
                tally.add(try model.layoutVisibleRows(measure: measure), of: model)
                try tally.scrollToEnd(&model, by: viewport, measure: measure)
            } catch {
                throw ExampleRun.sizingError(error, width: width)
            }
            let timing = stopwatch.read()
            measured[width] = heights
            print("    width \(numberText(width))  viewport \(numberText(viewport)), \(tally.steps) steps, "
                + "\(calls) height calls, \(timing.wallDescription); content-height error at the start "
                + "\(tenthsText(tally.startError)), max after a step \(tenthsText(tally.maximumError)), "
                + "final \(numberText(tally.finalError)); "
                + "on-screen shift max \(numberText(tally.maximumShift))")
            worst.include(tally)
        }
        print("  max content-height error while scrolling: \(tenthsText(worst.maximumError))")
        print("  max on-screen shift: \(numberText(worst.maximumShift))")
    }

    /// A model of `rows` rows at `width`: the heights already `known` (not NaN) exact,
    /// the rest estimated by the learned mean of the measured rows.
    static func model(rows: Int, known: [Double], viewport: Double, width: Double) throws -> ScrollModel {
        if !known.contains(where: \.isNaN) {
            return try ScrollModel(heights: RowHeights(width: width, heights: known), viewportHeight: viewport)
        }
        // One template variant: every row's estimate is the mean of the rows measured so far.
        var model = try ScrollModel(
            rowCount: rows, viewportHeight: viewport, estimate: .learned(initial: initialEstimate) { _ in 0 })
        for (row, height) in known.enumerated() where !height.isNaN { try model.setHeight(height, ofRow: row) }
        return model
    }
}
