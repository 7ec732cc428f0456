import ArgumentParser
import CellLayout
import ExampleCells
import ManualLayout
import PangoText

/// The options every example program takes (`@OptionGroup var options: ExampleOptions`).
///
/// Defaults that differ between examples (the width, the number of rows) are
/// `nil` here and resolved by ``ExampleRun``.
public struct ExampleOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per row: {\"row\", \"width\", \"height\", \"frames\"} (frames in content-view coordinates).")
    public var json = false

    @Option(help: "The content width in pixels (default: the example's, 375 for most).")
    public var width: Double?

    @Option(help: "The display scale whose pixel grid text and heights round to: 1, 2 or 3.")
    public var scale: ScaleOption = .x2

    @Option(help: "How many rows to generate and lay out (default: the example's).")
    public var rows: Int?

    @Option(help: "Layout engine: constraints (cell templates, the Cassowary solver) or manual (hand-written frame arithmetic).")
    public var engine: EngineChoice = .constraints

    @Option(help: """
        Text measurer: pango (real fonts; a text of ASCII words laid out from its words' widths, the same lines \
        as a full layout), pango-layout (real fonts, a full Pango layout of every text), or fixed (deterministic \
        fixed advances).
        """)
    public var measurer: MeasurerChoice = .pango

    @Option(help: """
        Text cache: cold (starts empty, as an app's first pass), none (every measurement \
        reaches the measurer), warm (every row laid out once before the timed pass: \
        pre-measured text, so the time is the constraint work alone).
        """)
    public var cache: CacheMode = .cold

    @Option(help: """
        Size the rows through TableSizing instead of laying them out one by one, and print \
        what the sizing did: serial (one worker) or parallel (one worker per processor, or \
        --workers). Each worker makes its own engine. Not with --json.
        """)
    public var sizing: SizingChoice?

    @Option(help: "Workers for --sizing parallel (default: the processors online).")
    public var workers: Int?

    @Option(help: """
        Generate this many distinct rows and repeat them to make --rows (default: every row \
        distinct). With --sizing and --cache warm only these are sized before the timed \
        pass, so a million rows can be sized with every text already measured.
        """)
    public var distinct: Int?

    @Option(help: "The words the rows' texts are generated from: english, chinese, japanese, cjk or emoji.")
    public var vocabulary: VocabularyChoice = .english

    public init() {}

    /// The widest content width accepted: far beyond any screen, small enough that a
    /// mistyped number is caught rather than laid out.
    public static let maximumWidth = 100_000.0
    /// The most rows accepted, for the same reason.
    public static let maximumRows = 10_000_000
    /// The most workers accepted: far more than any machine's cores, so a typo is caught.
    public static let maximumWorkers = 1024

    public func validate() throws {
        if let width, !(width > 0 && width <= Self.maximumWidth) {
            throw ValidationError("--width must be a number of pixels above 0 and at most \(Int(Self.maximumWidth)) (got \(width)).")
        }
        if let rows, !(1...Self.maximumRows).contains(rows) {
            throw ValidationError("--rows must be between 1 and \(Self.maximumRows) (got \(rows)).")
        }
        if let distinct, !(1...Self.maximumRows).contains(distinct) {
            throw ValidationError("--distinct must be between 1 and \(Self.maximumRows) (got \(distinct)).")
        }
        if let workers, !(1...Self.maximumWorkers).contains(workers) {
            throw ValidationError("--workers must be between 1 and \(Self.maximumWorkers) (got \(workers)).")
        }
        if workers != nil, sizing != .parallel {
            throw ValidationError("--workers applies to --sizing parallel only.")
        }
        if sizing != nil, json {
            // --json is the row-by-row contract the tests and the next tools read; the
            // sizing runs print a report of a different shape.
            throw ValidationError("--sizing prints a report, not rows: it does not combine with --json.")
        }
    }

    /// The measurer the options ask for, at their scale.
    public func makeMeasurer() -> any TextMeasurer {
        measurer.make(scale: scale.displayScale, cached: cache != .none)
    }

    /// A phrase for the summary: "constraints, Pango text, cold cache, @2x".
    public var measurerDescription: String {
        "\(engine.rawValue), \(measurer.label), \(cache.label), \(scale.displayScale)"
    }
}

/// `--scale`: a wrapper rather than a conformance of `DisplayScale`, so that this
/// tool's argument parsing does not leak into the Geometry module's type.
public enum ScaleOption: Int, CaseIterable, ExpressibleByArgument, Sendable {
    /// 1x.
    case x1 = 1
    /// 2x (the default: the most common phone screens, and the scale the README's figures use).
    case x2 = 2
    /// 3x.
    case x3 = 3

    /// The scale as Geometry knows it.
    public var displayScale: DisplayScale {
        switch self {
        case .x1: .x1
        case .x2: .x2
        case .x3: .x3
        }
    }
}

/// `--engine`.
public enum EngineChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// The constraint engine: the example's cell template, fitted by `CellFitter`.
    case constraints
    /// The manual-frame engine: the example's `ManualCell`.
    case manual
}

extension EngineChoice {
    /// A factory of the chosen engine for one example cell: a new ``ConstraintEngine``
    /// of a template from `template` or a ``ManualEngine`` of `manual` each call, all
    /// measuring with `measurer`. The program calls it for its own engine; `--sizing`
    /// workers call it once each, on their threads.
    ///
    /// Each engine gets a template of its own: a template's model is a shared object
    /// whose reference count every fit touches, and two workers updating one count
    /// would pass its cache line back and forth between their cores on every row.
    /// - Throws: what building the template throws (it is built once here to check it).
    public func factory<Content, Cell: ManualCell>(
        template: @escaping @Sendable () throws -> CellTemplate<Content>, manual: Cell, measurer: any TextMeasurer
    ) throws -> EngineFactory<EitherEngine<ConstraintEngine<Content>, ManualEngine<Cell>>> where Cell.Content == Content {
        switch self {
        case .constraints:
            _ = try template()
            return { EitherEngine(first: ConstraintEngine(try template(), measurer: measurer)) }
        case .manual:
            return { EitherEngine(second: ManualEngine(manual, measurer: measurer)) }
        }
    }
}

/// `--measurer`.
/// `--measurer`, for the example programs and the `cellfit` commands alike.
public enum MeasurerChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Pango with real fonts (DejaVu Sans), one-line texts of ASCII words from word widths.
    case pango
    /// Pango with a full layout of every text (``PangoTextMeasurer/reusesWords`` off).
    case pangoLayout = "pango-layout"
    /// ``FixedAdvanceMeasurer``: the same numbers on every machine.
    case fixed

    var label: String {
        switch self {
        case .pango: "Pango text"
        case .pangoLayout: "Pango text, full layouts"
        case .fixed: "fixed-advance text"
        }
    }

    /// The measurer, at `scale`, behind a measurement cache when `cached`: the one
    /// place the example programs and the `cellfit` commands make it. `missingFonts`
    /// is what a Pango measurer does with a font that is not installed.
    public func make(
        scale: DisplayScale, cached: Bool = true, missingFonts: PangoTextMeasurer.MissingFonts = .refuse
    ) -> any TextMeasurer {
        switch self {
        case .pango: PangoTextMeasurer(scale: scale, cache: cached ? MeasurementCache() : nil, missingFonts: missingFonts)
        case .pangoLayout:
            PangoTextMeasurer(scale: scale, cache: cached ? MeasurementCache() : nil, reusesWords: false, missingFonts: missingFonts)
        case .fixed: cached ? FixedAdvanceMeasurer(scale: scale).cached() : FixedAdvanceMeasurer(scale: scale)
        }
    }
}

/// `--cache`.
public enum CacheMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// A measurement cache that starts empty.
    case cold
    /// No measurement cache.
    case none
    /// A cache filled by an untimed pass over every row first.
    case warm

    var label: String {
        switch self {
        case .cold: "cold cache"
        case .none: "no cache"
        case .warm: "pre-measured (warm cache)"
        }
    }
}

/// A vocabulary of ``ExampleCells``, by its name in ``Vocabulary/named``.
public struct VocabularyChoice: ExpressibleByArgument, Sendable {
    /// Its name.
    public let name: String
    /// The words.
    public let vocabulary: Vocabulary

    /// The default: ``Vocabulary/english``.
    public static let english = VocabularyChoice(name: "english", vocabulary: .english)

    private init(name: String, vocabulary: Vocabulary) {
        self.name = name
        self.vocabulary = vocabulary
    }

    /// The vocabulary named `argument` in ``Vocabulary/named``; `nil` for another name.
    public init?(argument: String) {
        guard let found = Vocabulary.named.first(where: { $0.name == argument }) else { return nil }
        self.init(name: found.name, vocabulary: found.vocabulary)
    }

    /// Every name `--vocabulary` takes, for the help.
    public static var allValueStrings: [String] { Vocabulary.named.map(\.name) }
    /// The name, for the help's default.
    public var defaultValueDescription: String { name }
}
