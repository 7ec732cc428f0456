// The five example cells laid out by both engines: the constraint engine (CellLayout,
// `CellFitter`) and the manual-frame engine (ManualLayout, `ManualCell`).
//
// For each cell, over a fixed set of 1000 generated rows (ExampleCells' seeded content) at
// the example program's width (375; DynamicHeights 320), scale 2:
//
// - "Pango uncached": every text measured by Pango on every row (`cache: nil`), so a row
//   costs its text plus its layout;
// - "pre-measured": the same rows through a Pango measurer whose cache one untimed pass
//   over the rows has filled, so every measurement is a cache hit and what is left is the
//   layout (the CLI's `--cache warm`);
// - for the constraint engine, "compile": a fresh fitter fitting row 0 (its variant is
//   compiled from the template), against "reuse": a warmed fitter fitting row 0 again;
//   both with pre-measured text, so the difference is the compilation.
//
// One benchmark iteration lays out all 1000 rows (`scalingFactor: .kilo`, one row per
// scaled iteration), so the figures read per row and throughput reads in rows per second.
// Compile is one row per iteration. Each benchmark runs in its own process
// (package-benchmark spawns one per benchmark), so peak resident memory is that process's:
// Pango's fonts, the generated rows of all five cells and the benchmark's own state.

import Benchmark
import CellLayout
import ExampleCells
import ManualLayout
import PangoText
import TextMetrics

/// Rows per benchmark: one per scaled iteration, so results are per row.
let rowCount = BenchmarkScalingFactor.kilo.rawValue
let scale = DisplayScale.x2

/// Lays out row `i` of a fixed set of rows and returns its height.
typealias RowLayout = (Int) throws -> Double
/// Makes a constraint engine with nothing compiled yet, measuring with the measurer given.
typealias FitterFactory = (any TextMeasurer) -> RowLayout

/// One example cell: its rows, width, and both engines over them.
struct Subject: Sendable {
    let name: String
    let width: Double
    /// Builds the cell's templates (once per benchmark) and returns a maker of fresh fitters.
    let constraints: @Sendable () throws -> FitterFactory
    /// The manual engine over the same rows.
    let manual: @Sendable (any TextMeasurer) -> RowLayout
}

/// A cell with one template and one manual cell for the same content.
func subject<Content: Sendable, Cell: ManualCell>(
    _ name: String, width: Double, rows: [Content],
    template: @escaping @Sendable () throws -> CellTemplate<Content>, manual: Cell
) -> Subject where Cell.Content == Content {
    Subject(
        name: name, width: width,
        constraints: {
            let template = try template()
            return { measurer in
                var fitter = template.makeFitter(measurer: measurer)
                return { row in try fitter.fit(rows[row], width: width).height }
            }
        },
        manual: { measurer in
            // layout(for:), not height(for:): the constraint engine computes every frame too.
            { row in try manual.layout(for: rows[row], width: width, measurer: measurer).height }
        })
}

let subjects: [Subject] = {
    let estimatedRows = EstimatedHeightsCell.content(count: rowCount)
    let estimatedWidth = 375.0
    return [
        subject(
            "MessageCell", width: 375, rows: MessageCell.content(count: rowCount),
            template: MessageCell.template, manual: MessageCell.Manual()),
        subject(
            "MovieCell", width: 375, rows: MovieCell.content(count: rowCount),
            template: MovieCell.template, manual: MovieCell.Manual()),
        subject(
            "DynamicHeightsCell", width: DynamicHeightsCell.width, rows: DynamicHeightsCell.content(count: rowCount),
            template: DynamicHeightsCell.template, manual: DynamicHeightsCell.Manual()),
        subject(
            "ChatCell", width: 375, rows: ChatCell.content(count: rowCount),
            template: ChatCell.template, manual: ChatCell.Manual()),
        // Two templates (title rows, basic rows), so two fitters, as the example program has.
        Subject(
            name: "EstimatedHeightsCell", width: estimatedWidth,
            constraints: {
                let titleTemplate = try EstimatedHeightsCell.titleTemplate()
                let basicTemplate = try EstimatedHeightsCell.basicTemplate()
                return { measurer in
                    var title = titleTemplate.makeFitter(measurer: measurer)
                    var basic = basicTemplate.makeFitter(measurer: measurer)
                    return { row in
                        switch estimatedRows[row] {
                        case .title(let content): try title.fit(content, width: estimatedWidth).height
                        case .basic(let text): try basic.fit(text, width: estimatedWidth).height
                        }
                    }
                }
            },
            manual: { measurer in
                let manual = EstimatedHeightsCell.Manual()
                return { row in try manual.layout(for: estimatedRows[row], width: estimatedWidth, measurer: measurer).height }
            }),
    ]
}()

/// Text measured on every row, or every measurement a cache hit.
enum TextMode: CaseIterable {
    case uncached, preMeasured

    var label: String {
        switch self {
        case .uncached: "Pango uncached"
        case .preMeasured: "pre-measured  "
        }
    }

    func makeMeasurer() -> any TextMeasurer {
        switch self {
        case .uncached: PangoTextMeasurer(scale: scale, cache: nil)
        // The default cache (8 MiB) holds the few thousand texts of 1000 rows many times over.
        case .preMeasured: PangoTextMeasurer(scale: scale)
        }
    }
}

/// Made on a benchmark's first iteration and kept for the rest: the closure runs once per
/// iteration, and the warm-up pass should not be repeated (or timed) each time.
final class Lazily<Value> {
    private var value: Value?
    private let make: () throws -> Value

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func get() throws -> Value {
        if let value { return value }
        let made = try make()
        value = made
        return made
    }
}

let memoryMetrics: [BenchmarkMetric] = [.peakMemoryResident, .mallocCountTotal]

/// 1000 rows per iteration, a few seconds at most.
func registerRows(_ name: String, mode: TextMode, engine: @escaping (any TextMeasurer) throws -> RowLayout) {
    let layout = Lazily {
        let layout = try engine(mode.makeMeasurer())
        // One untimed pass: loads Pango's fonts, compiles the constraint engine's
        // variants and, pre-measured, fills the cache with every text of the rows.
        for row in 0..<rowCount { _ = try layout(row) }
        return layout
    }
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, .throughput] + memoryMetrics, timeUnits: .nanoseconds,
            warmupIterations: 1, scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200)
    ) { benchmark in
        let layout = try layout.get()
        benchmark.startMeasurement()
        for row in benchmark.scaledIterations {
            blackHole(try layout(row))
        }
        benchmark.stopMeasurement()
    }
}

func register(_ subject: Subject) {
    for mode in TextMode.allCases {
        registerRows("\(subject.name) constraints \(mode.label)", mode: mode) { measurer in
            try subject.constraints()(measurer)
        }
        registerRows("\(subject.name) manual      \(mode.label)", mode: mode) { measurer in
            subject.manual(measurer)
        }
    }

    // Compile against reuse, on the same row with pre-measured text.
    let compile = Lazily { () throws -> (FitterFactory, any TextMeasurer) in
        let factory = try subject.constraints()
        let measurer = TextMode.preMeasured.makeMeasurer()
        _ = try factory(measurer)(0)  // fills the cache with row 0's texts
        return (factory, measurer)
    }
    Benchmark(
        "\(subject.name) constraints compile (row 0, fresh fitter)",
        configuration: .init(
            metrics: [.wallClock, .throughput] + memoryMetrics, timeUnits: .nanoseconds,
            warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 20_000)
    ) { benchmark in
        let (factory, measurer) = try compile.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let fit = factory(measurer)
            blackHole(try fit(0))
        }
        benchmark.stopMeasurement()
    }

    let reuse = Lazily { () throws -> RowLayout in
        let fit = try subject.constraints()(TextMode.preMeasured.makeMeasurer())
        _ = try fit(0)  // compiles row 0's variant and fills the cache
        return fit
    }
    Benchmark(
        "\(subject.name) constraints reuse   (row 0, warm fitter)",
        configuration: .init(
            metrics: [.wallClock, .throughput] + memoryMetrics, timeUnits: .nanoseconds,
            warmupIterations: 1, scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 2_000)
    ) { benchmark in
        let fit = try reuse.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try fit(0))
        }
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    for subject in subjects { register(subject) }
    for n in [50, 200, 1000] { registerChainCompile(labels: n) }
}

/// Compiling a large template: N multi-line labels in one vertical chain
/// (`V:|[v0][v1]…|`, each `H:|[vi]|`), fitted once by a fresh fitter with the
/// fixed-advance measurer, so the time is the variant's compilation and one solve.
/// Issue 19's targets: 200 labels under 0.2 s, 1000 under 2 s.
func registerChainCompile(labels n: Int) {
    let template = Lazily { () throws -> CellTemplate<CellContent> in
        let labels = (0..<n).map { Label("v\($0)", text: "label \($0) with some words", font: Font(size: 14), lines: 0) }
        let contentView = ContentView(subviews: labels)
        var constraints: [LayoutConstraint] = []
        for (i, label) in labels.enumerated() {
            constraints.append(label.leading.constraint(equalTo: contentView.leading))
            constraints.append(label.trailing.constraint(equalTo: contentView.trailing))
            constraints.append(label.top.constraint(equalTo: i == 0 ? contentView.top : labels[i - 1].bottom))
        }
        if let last = labels.last { constraints.append(contentView.bottom.constraint(equalTo: last.bottom)) }
        return try CellTemplate(name: "chain\(n)", contentView: contentView, constraints: constraints)
    }
    Benchmark(
        "chain of \(n) labels compile (fresh fitter, one row)",
        configuration: .init(
            metrics: [.wallClock] + memoryMetrics, timeUnits: .milliseconds,
            warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50)
    ) { benchmark in
        let template = try template.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var fitter = template.makeFitter(measurer: FixedAdvanceMeasurer(scale: scale))
            blackHole(try fitter.fit(row: CellContent(), width: 375).height)
        }
        benchmark.stopMeasurement()
    }
}
