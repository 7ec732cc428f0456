import CellFitOutput
import CellLayout
import ExampleCells
import ExampleSupport
import ManualLayout
import Testing
import PangoText

/// The two engines on every example cell: the constraint engine (the cell's
/// template) and the manual-frame engine (its `Manual` cell) must give the same
/// row height and the same frames, to within one device pixel, over the
/// ``ParityCorpus`` at every width and scale, with both text measurers.
///
/// A mismatch is a bug in one of the engines: the failure names the example,
/// row, width, scale, measurer, view and both values.
@Suite("Parity: constraints and manual frames agree")
struct ParityTests {
    enum MeasurerKind: String, CaseIterable, CustomStringConvertible {
        case fixed, pango
        var description: String { rawValue }

        func make(_ scale: DisplayScale) -> any TextMeasurer {
            switch self {
            case .fixed: FixedAdvanceMeasurer(scale: scale).cached()
            case .pango: PangoTextMeasurer(scale: scale)
            }
        }
    }

    @Test("MessageCells", arguments: MeasurerKind.allCases)
    func messages(measurer kind: MeasurerKind) throws {
        let rows = ParityCorpus.rows { MessageCell.content(count: $0, seed: $1, vocabulary: $2) }
        try compare("MessageCells", kind, rows: rows) { measurer, width in
            let target = width - 60 - 10
            return try ParityCorpus.nearWidth(target, font: MessageCell.text.font, measurer: measurer, seed: 21).flatMap {
                [Message(user: "ada", text: $0, timestamp: "12:00", hasMedia: false),
                 Message(user: "ada", text: $0, timestamp: "12:00", hasMedia: true)]
            }
        } constraints: { measurer in
            ConstraintEngine(try MessageCell.template(), measurer: measurer)
        } manual: { measurer in
            ManualEngine(MessageCell.Manual(), measurer: measurer)
        }
    }

    @Test("ExpandableMovies", arguments: MeasurerKind.allCases)
    func movies(measurer kind: MeasurerKind) throws {
        var rows = ParityCorpus.rows { MovieCell.content(count: $0, seed: $1, vocabulary: $2) }
        for i in rows.indices where i % 3 == 0 { rows[i].expanded = true }
        try compare("ExpandableMovies", kind, rows: rows) { measurer, width in
            try ParityCorpus.nearWidth(width - 36, font: MovieCell.summary.font, measurer: measurer, seed: 22).map {
                Movie(title: "Title", intro: $0, full: $0)
            }
        } constraints: { measurer in
            ConstraintEngine(try MovieCell.template(), measurer: measurer)
        } manual: { measurer in
            ManualEngine(MovieCell.Manual(), measurer: measurer)
        }
    }

    @Test("DynamicHeights", arguments: MeasurerKind.allCases)
    func dynamicHeights(measurer kind: MeasurerKind) throws {
        let rows = ParityCorpus.rows { DynamicHeightsCell.content(count: $0, seed: $1, vocabulary: $2) }
        try compare("DynamicHeights", kind, rows: rows) { measurer, width in
            try ParityCorpus.nearWidth(width - 20, font: DynamicHeightsCell.label.font, measurer: measurer, seed: 23)
        } constraints: { measurer in
            ConstraintEngine(try DynamicHeightsCell.template(), measurer: measurer)
        } manual: { measurer in
            ManualEngine(DynamicHeightsCell.Manual(), measurer: measurer)
        }
    }

    @Test("ChatFeed", arguments: MeasurerKind.allCases)
    func chat(measurer kind: MeasurerKind) throws {
        let rows = ParityCorpus.rows { ChatCell.content(count: $0, seed: $1, vocabulary: $2) }
        try compare("ChatFeed", kind, rows: rows) { measurer, width in
            let target = width - 54 - 40 - ChatCell.bubble.insets.horizontal
            return try ParityCorpus.nearWidth(target, font: ChatCell.bubble.font, measurer: measurer, seed: 24).map {
                ChatEntry(heading: "grace 09:41", text: $0)
            }
        } constraints: { measurer in
            ConstraintEngine(try ChatCell.template(), measurer: measurer)
        } manual: { measurer in
            ManualEngine(ChatCell.Manual(), measurer: measurer)
        }
    }

    @Test("EstimatedHeights", arguments: MeasurerKind.allCases)
    func estimated(measurer kind: MeasurerKind) throws {
        let rows = ParityCorpus.rows { count, seed, vocabulary in
            // Every other row a title row, so both kinds are well covered.
            EstimatedHeightsCell.content(count: count * EstimatedHeightsCell.sectionLength / 2, seed: seed, vocabulary: vocabulary)
                .enumerated().filter { $0.offset % (EstimatedHeightsCell.sectionLength / 2) < 2 }.map(\.element)
        }
        try compare("EstimatedHeights", kind, rows: rows) { measurer, width in
            let m = EstimatedHeightsCell.margin
            return try ParityCorpus.nearWidth(width - 2 * m, font: EstimatedHeightsCell.body.font, measurer: measurer, seed: 25)
                .flatMap { [EstimatedRow.title(TitleRow(title: $0, body: $0)), .basic($0)] }
        } constraints: { measurer in
            try EstimatedHeightsEngine(measurer: measurer)
        } manual: { measurer in
            ManualEngine(EstimatedHeightsCell.Manual(), measurer: measurer)
        }
    }

    /// Lays out `rows` (and the near-width rows for each width) with both engines
    /// at every width and scale, and records every difference over one device pixel.
    func compare<Constraints: LayoutEngine, Manual: LayoutEngine>(
        _ example: String, _ kind: MeasurerKind, rows: [Constraints.Content],
        nearWidth: (any TextMeasurer, Double) throws -> [Constraints.Content],
        constraints makeConstraints: (any TextMeasurer) throws -> Constraints,
        manual makeManual: (any TextMeasurer) throws -> Manual
    ) throws where Constraints.Content == Manual.Content {
        var compared = 0, mismatches: [String] = []
        for scale in ParityCorpus.scales {
            let measurer = kind.make(scale)
            var constraints = try makeConstraints(measurer)
            var manual = try makeManual(measurer)
            for width in ParityCorpus.widths {
                let all = rows + (try nearWidth(measurer, width))
                for (row, content) in all.enumerated() {
                    let a = try constraints.layout(content, row: row, width: width)
                    let b = try manual.layout(content, row: row, width: width)
                    compared += 1
                    let context = "\(example) row \(row) width \(width) \(scale) \(kind)"
                    mismatches += Self.differences(a, b, tolerance: scale.pixel).map { "\(context): \($0)" }
                }
            }
        }
        #expect(compared >= ParityCorpus.size * ParityCorpus.widths.count * ParityCorpus.scales.count)
        #expect(mismatches.count == 0, "\(mismatches.count) of \(compared) rows differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// What differs by more than `tolerance` between two layouts of one row.
    static func differences(_ a: RowLayout, _ b: RowLayout, tolerance: Double) -> [String] {
        var found: [String] = []
        if abs(a.height - b.height) > tolerance {
            found.append("height \(a.height) (constraints) vs \(b.height) (manual)")
        }
        if Set(a.frames.keys) != Set(b.frames.keys) {
            found.append("views \(a.frames.keys.sorted()) vs \(b.frames.keys.sorted())")
        }
        for (name, x) in a.frames.sorted(by: { $0.key < $1.key }) {
            guard let y = b.frames[name] else { continue }
            let deltas = [x.minX - y.minX, x.minY - y.minY, x.width - y.width, x.height - y.height]
            if deltas.contains(where: { abs($0) > tolerance }) {
                found.append("\(name) \(x) (constraints) vs \(y) (manual)")
            }
        }
        return found
    }
}
