import CellFitSamples
import Testing
@testable import PangoText
@testable import TextMetrics

/// The Pango measurer's fast path (`reusesWords`, the default) against a full Pango
/// layout of every text, on a slice of ``TextCorpus``: English, punctuation, words
/// longer than the line, CJK, emoji sequences, Arabic and Hebrew, combining marks and
/// odd whitespace, in three fonts, four widths and several styles. The lines must be
/// the same to the Pango unit (or both calls fail with the same error). The
/// TextMetricsBenchmarks target runs the whole corpus (20,000 texts).
@Suite("Pango corpus: the fast path gives Pango's lines on every text")
struct PangoCorpusTests {
    @Test("2,000 texts of the corpus, every font, width and style")
    func slice() throws {
        var corpus = TextCorpus(seed: 0xC0_2B05)
        let fast = PangoTextMeasurer(cache: nil), layout = PangoTextMeasurer(cache: nil, reusesWords: false)
        let state = try PangoThreadState.current()
        var compared = 0, answeredFast = 0, simple = 0, truncatedFast = 0
        // Per kind of text (the kinds take turns): measurements, and those the fast path answered.
        var byKind: [TextCorpus.Kind: (compared: Int, fast: Int)] = [:]
        for (index, request) in corpus.requests(count: 2_000).enumerated() {
            let (text, font, style) = (request.text, request.font, request.style)
            let kind = TextCorpus.Kind.allCases[index % TextCorpus.Kind.allCases.count]
            for maxWidth in TextCorpus.widths {
                let expected = Result { () throws(TextMeasurementError) in try layout.lineBoxes(text, font: font, style: style, maxWidth: maxWidth) }
                let actual = Result { () throws(TextMeasurementError) in try fast.lineBoxes(text, font: font, style: style, maxWidth: maxWidth) }
                compared += 1
                #expect(actual == expected, "\(font) \(style) at \(maxWidth): \(text.debugDescription)")
                var starts: [Int]? = []
                let lines = state.fastLines(text, font: font, style: style, maxWidth: maxWidth, starts: &starts)
                let answered = lines != nil
                // Truncated from the fast lines: the ellipsis search starts where they say.
                if let lines, style.lineBreakMode == .truncateTail, style.lines > 0, lines.count > style.lines, maxWidth.isFinite,
                    starts?.count == lines.count {
                    truncatedFast += 1
                }
                byKind[kind, default: (0, 0)].compared += 1
                if answered { byKind[kind, default: (0, 0)].fast += 1 }
                if PangoWords.isSimple(text) {
                    simple += 1
                    if answered { answeredFast += 1 }
                }
            }
        }
        #expect(compared == 8_000)
        // The ASCII texts are a share of the corpus the word path can take; it answers most of them.
        #expect(simple > compared / 8, "\(simple) ASCII texts of \(compared)")
        #expect(answeredFast > simple / 2, "\(answeredFast) answered fast of \(simple) ASCII texts")
        // Texts truncated at a line limit keep the fast lines above the cut, and search
        // for the ellipsis over single lines from the fast paths: the comparison above
        // holds them to the full layout's truncation.
        #expect(truncatedFast > 100, "\(truncatedFast) truncated from the fast lines")
        // Chinese and Japanese sentences go to the segments' path, unless a segment is
        // wider than 60 px.
        for kind in [TextCorpus.Kind.chineseSentences, .japaneseSentences] {
            let (all, fast) = byKind[kind, default: (0, 0)]
            #expect(fast > all / 2, "\(kind): \(fast) of \(all) answered fast")
        }
    }
}
