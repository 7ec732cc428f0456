// The whole TextCorpus (20,000 texts: English, punctuation, overlong words, CJK, emoji
// sequences, Arabic and Hebrew, combining marks, odd whitespace) measured uncached by
// the Pango fast path (`pango`, words' widths reused) and by a full Pango layout of
// every text (`pango-layout`), each text at four widths in one of three fonts and four
// styles. One iteration is the whole corpus (80,000 measurements).
//
// "Corpus: fast path equals full layout" is the proof run: it lays every text out both
// ways and fails, naming the text, font, style and width, unless the lines are the
// same to the Pango unit (or both calls fail alike). It prints how many texts the fast
// path answered. `make test` runs a 2,000-text slice of the same check
// (Tests/TextMetricsTests/PangoCorpusTests.swift).

import Benchmark
import CellFitSamples
import PangoText
import TextMetrics

let corpusSize = 20_000

struct CorpusMismatch: Error, CustomStringConvertible {
    var description: String
}

func registerCorpus() {
    var corpus = TextCorpus(seed: 0xC0_2B05)
    let requests = corpus.requests(count: corpusSize)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 5)
    for (name, measurer) in [
        ("pango       ", PangoTextMeasurer(cache: nil)), ("pango-layout", PangoTextMeasurer(cache: nil, reusesWords: false)),
    ] {
        Benchmark("Corpus 20,000 texts x 4 widths: \(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for request in requests {
                    for width in TextCorpus.widths {
                        blackHole(try? measurer.lineBoxes(request.text, font: request.font, style: request.style, maxWidth: width))
                    }
                }
            }
        }
    }
    // Each kind of text alone (the kinds take turns in the corpus), both measurers: the
    // speed-up of the fast paths per script. "past ASCII" is every kind but the three
    // of ASCII words.
    let kinds = TextCorpus.Kind.allCases
    let ascii: Set<TextCorpus.Kind> = [.english, .punctuated, .longWords]
    var groups = kinds.map { kind in
        (name: kind.rawValue, requests: requests.enumerated().filter { kinds[$0.offset % kinds.count] == kind }.map(\.element))
    }
    groups.append(
        (name: "past ASCII", requests: requests.enumerated().filter { !ascii.contains(kinds[$0.offset % kinds.count]) }.map(\.element)))
    let perKind = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 5)
    for group in groups {
        for (name, measurer) in [
            ("pango       ", PangoTextMeasurer(cache: nil)), ("pango-layout", PangoTextMeasurer(cache: nil, reusesWords: false)),
        ] {
            Benchmark("Corpus kind \(group.name) (\(group.requests.count) texts x 4 widths): \(name)", configuration: perKind) { benchmark in
                for _ in benchmark.scaledIterations {
                    for request in group.requests {
                        for width in TextCorpus.widths {
                            blackHole(try? measurer.lineBoxes(request.text, font: request.font, style: request.style, maxWidth: width))
                        }
                    }
                }
            }
        }
    }
    Benchmark(
        "Corpus: fast path equals full layout",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0, maxIterations: 1)
    ) { _ in
        let fast = PangoTextMeasurer(cache: nil), layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        var compared = 0, failedAlike = 0
        for request in requests {
            for width in TextCorpus.widths {
                let expected = Result { () throws(TextMeasurementError) in
                    try layout.lineBoxes(request.text, font: request.font, style: request.style, maxWidth: width)
                }
                let actual = Result { () throws(TextMeasurementError) in
                    try fast.lineBoxes(request.text, font: request.font, style: request.style, maxWidth: width)
                }
                guard actual == expected else {
                    throw CorpusMismatch(
                        description: "\(request.font) \(request.style) at \(width): \(request.text.debugDescription): "
                            + "\(actual) from the fast path, \(expected) from the full layout")
                }
                compared += 1
                if case .failure = expected { failedAlike += 1 }
            }
        }
        print("Corpus: \(compared) measurements of \(requests.count) texts identical to the Pango unit (\(failedAlike) refused alike)")
    }
}
