// Time per measurement by text length (20, 50, 100, 200, 400 characters), for the Pango
// and fixed-advance measurers, with and without the measurement cache; the Pango fast
// path (words' widths) against a full layout on ASCII texts; and the whole
// text corpus (Corpus.swift) through the Pango fast path and the full layout.
//
// Each benchmark iteration measures one string, wrapped to 320 px (a phone-width label)
// in 15 px DejaVu Sans; the strings rotate through a pool of 64 distinct ones so the
// uncached runs never see a repeat in Pango's own caches of laid-out text. The cached runs
// measure the same pool after warming the cache, so every call is a hit.

import Benchmark
import PangoText
import Synchronization
import TextMetrics

let lengths = [20, 50, 100, 200, 400]
let poolSize = 64
let font = Font(family: "DejaVu Sans", size: 15)
let width = 320.0

/// Deterministic English-like text of exactly `length` characters.
func sampleTexts(length: Int, count: Int, seed: UInt64, asciiOnly: Bool = false) -> [String] {
    let vocabulary = [
        "the", "cell", "height", "follows", "from", "its", "text", "wrapped", "to", "the", "width",
        "that", "layout", "gives", "each", "label", "and", "rows", "are", "measured", "once", "café",
        "constraint", "solver", "baseline", "message", "avatar", "timestamp", "expanded", "a", "of",
    ]
    let words = asciiOnly ? vocabulary.filter { $0.allSatisfy(\.isASCII) } : vocabulary
    var state = seed | 1
    func next() -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(words.count))
    }
    return (0..<count).map { _ in
        var text = ""
        while text.count < length {
            if !text.isEmpty { text += " " }
            text += words[next()]
        }
        return String(text.prefix(length))
    }
}

/// Registers one benchmark measuring `texts` round-robin with `measurer`.
func register(_ name: String, _ measurer: some TextMeasurer, _ texts: [String], warm: Bool) {
    let rotation = Rotation()
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, .throughput],
            timeUnits: .nanoseconds,
            warmupIterations: warm ? texts.count : 10,
            maxDuration: .seconds(1),
            maxIterations: 1_000_000
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let index = rotation.next.add(1, ordering: .relaxed).oldValue % texts.count
            blackHole(try measurer.measure(texts[index], font: font, style: .default, maxWidth: width))
        }
    }
}

/// Which text of the pool comes next: the closure runs once per iteration, so the
/// position has to outlive it (a local index would measure the first text every time).
final class Rotation: Sendable {
    let next = Atomic<Int>(0)
}

let benchmarks: @Sendable () -> Void = {
    for length in lengths {
        let texts = sampleTexts(length: length, count: poolSize, seed: UInt64(length))
        let label = String(repeating: " ", count: 3 - String(length).count) + "\(length) chars"
        register("Pango uncached \(label)", PangoTextMeasurer(cache: nil), texts, warm: false)
        register("Pango cached   \(label)", PangoTextMeasurer(), texts, warm: true)
        register("Fixed uncached \(label)", FixedAdvanceMeasurer(), texts, warm: false)
        register("Fixed cached   \(label)", FixedAdvanceMeasurer().cached(), texts, warm: true)
        // ASCII words only ("café" left out): every text the fast path's to answer, against
        // a full layout of the same texts.
        let ascii = sampleTexts(length: length, count: poolSize, seed: UInt64(length), asciiOnly: true)
        register("Pango words  ASCII \(label)", PangoTextMeasurer(cache: nil), ascii, warm: false)
        register("Pango layout ASCII \(label)", PangoTextMeasurer(cache: nil, reusesWords: false), ascii, warm: false)
    }
    registerCorpus()
}
