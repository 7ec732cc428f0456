import ArgumentParser
import CellFitSamples
import ExampleCells
import ExampleSupport
import PangoText
import TextMetrics

/// `cellfit corpus` (hidden): measures texts of ``TextCorpus`` with one measurer, the
/// fonts, styles and widths in turn as the corpus tests and benchmarks take them, and
/// prints how many it measured, then how many went to Pango's full layout and why
/// (one line per ``FastPathRefusal`` met, most first). A process to count
/// instructions in, a kind at a time (`Benchmarks/scripts/corpus_instructions.sh`,
/// which reads the first line); the timings live in the TextMetricsBenchmarks suite.
struct CorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "Measure texts of the test corpus with one measurer (for instruction counts).",
        shouldDisplay: false
    )

    @Option(help: "How many texts of the corpus (all kinds in turn) to generate.")
    var texts: Int = 2_000

    @Option(help: "Measure only the texts of these kinds (comma-separated; default: all). past-ascii: all but english, punctuated and longWords.")
    var kinds: String?

    @Option(help: "pango or pango-layout.")
    var measurer: MeasurerChoice = .pango

    @Flag(help: "Leave out the requests in the truncating style (their ellipsis is placed by full layouts on both paths).")
    var skipTruncation = false

    @Option(help: "The corpus's seed: the tests' and benchmarks' is the default; others are held out from development.")
    var seed: UInt64 = 0xC0_2B05

    func validate() throws {
        guard (1...1_000_000).contains(texts) else { throw ValidationError("--texts must be between 1 and 1000000 (got \(texts)).") }
        guard measurer != .fixed else { throw ValidationError("--measurer must be pango or pango-layout.") }
        _ = try chosenKinds()
    }

    private func chosenKinds() throws -> Set<TextCorpus.Kind> {
        guard let kinds else { return Set(TextCorpus.Kind.allCases) }
        var chosen = Set<TextCorpus.Kind>()
        for name in kinds.split(separator: ",").map(String.init) {
            if name == "past-ascii" {
                chosen.formUnion(TextCorpus.Kind.allCases.filter { ![.english, .punctuated, .longWords].contains($0) })
            } else if let kind = TextCorpus.Kind(rawValue: name) {
                chosen.insert(kind)
            } else {
                throw ValidationError("no kind '\(name)'; there are " + TextCorpus.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ", past-ascii.")
            }
        }
        return chosen
    }

    func run() throws {
        let kinds = try chosenKinds()
        var corpus = TextCorpus(seed: seed)
        let measurer = PangoTextMeasurer(cache: nil, reusesWords: measurer == .pango)
        let all = TextCorpus.Kind.allCases
        var measured = 0, refused = 0
        // By the enum's order; a count is one increment after a full layout.
        var fullLayouts = [Int](repeating: 0, count: FastPathRefusal.allCases.count)
        for (index, request) in corpus.requests(count: texts).enumerated() where kinds.contains(all[index % all.count]) {
            if skipTruncation, request.style.lineBreakMode == .truncateTail { continue }
            for width in TextCorpus.widths {
                do {
                    var refusal: FastPathRefusal?
                    _ = try measurer.lineBoxes(request.text, font: request.font, style: request.style, maxWidth: width, refusal: &refusal)
                    measured += 1
                    if let refusal, let at = FastPathRefusal.allCases.firstIndex(of: refusal) { fullLayouts[at] += 1 }
                } catch {
                    refused += 1
                }
            }
        }
        print("measured \(measured), refused \(refused)")
        guard self.measurer == .pango else { return }
        print(Self.refusalReport(fullLayouts, measured: measured))
    }

    /// How many measurements went to the full layout, and then each reason met with its
    /// count, most first (ties in the enum's order).
    static func refusalReport(_ counts: [Int], measured: Int) -> String {
        let reasons = FastPathRefusal.allCases
        let met = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        let width = met.map { reasons[$0].rawValue.count }.max() ?? 0
        var lines = ["full layout \(counts.reduce(0, +)) of \(measured):"]
        for at in met {
            let name = reasons[at].rawValue
            lines.append("  " + name + String(repeating: " ", count: width - name.count) + "  \(counts[at])")
        }
        return lines.joined(separator: "\n")
    }
}
