import CellLayout
import ExampleCells
import TestSupport
import Testing
import PangoText

@Suite("ExpandableMovies: the issue's frames")
struct ExpandableMoviesTests {
    static let movie = Movie(
        title: "The Grand Budapest Hotel",
        intro: "A concierge and his lobby boy.",
        full: "The adventures of Gustave H, a legendary concierge at a famous European hotel between the wars, and Zero Moustafa, the lobby boy who becomes his most trusted friend.")

    @Test("at width 375: title (99, 54, 248, 20), description (8, 111, 339, h), content 131 + h")
    func frames() throws {
        try check(FixedAdvanceMeasurer())
    }

    @Test("the same with Pango (DejaVu Sans) at 1x, 2x and 3x")
    func pango() throws {
        for scale in DisplayScale.allCases { try check(PangoTextMeasurer(scale: scale)) }
    }

    func check(_ measurer: some TextMeasurer) throws {
        let template = try MovieCell.template()
        for expanded in [false, true] {
            var movie = Self.movie
            movie.expanded = expanded
            let text = expanded ? movie.full : movie.intro
            // The description's height at the width the issue gives it: the engine
            // must find that width itself.
            let h = try measurer.measure(text, font: Font(size: 13), style: TextStyle(lines: 0), maxWidth: 339).height
            let layout = try template.fit(movie, width: 375, measurer: measurer)
            #expect(layout.frame(of: "title", in: "container") == Rect(x: 99, y: 54, width: 248, height: 20))
            #expect(layout.frame(of: "description", in: "container") == Rect(x: 8, y: 111, width: 339, height: h))
            #expect(layout.frame(of: "poster", in: "container") == Rect(x: 6, y: 6, width: 85, height: 100))
            #expect(layout.frame(of: "container") == Rect(x: 10, y: 8, width: 355, height: 115 + h))
            #expect(devicePixels(layout.height, measurer.scale) == devicePixels(131 + h, measurer.scale))
            #expect(devicePixels(layout.rowHeight, measurer.scale) == devicePixels(131 + h, measurer.scale) + 1)
        }
    }

    @Test("hand-checked numbers: 13 px fixed advance is 6.5 px a character, 16.25 px a line")
    func handChecked() throws {
        // 52 characters fit in 339 px. Ten "word"s take 49 of them; with " the"
        // the line would be 53, so the rest wraps: two lines, h = ceil(2 × 16.25) = 33 at 1x.
        let text = String(repeating: "word ", count: 10) + "the end of it all"
        let movie = Movie(title: "T", intro: text, full: text)
        let layout = try MovieCell.template().fit(movie, width: 375, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: "description", in: "container") == Rect(x: 8, y: 111, width: 339, height: 33))
        #expect(layout.height == 164)
    }
}
