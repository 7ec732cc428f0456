import CellLayout
import ExampleCells
import Testing

/// The numbers, checked on the programs' output against measurements
/// taken here, with the same generated content and the same measurer
/// (fixed-advance, at the programs' default scale, 2x).
@Suite("Examples: the issue's numbers")
struct ExampleNumbersTests {
    static let measurer = FixedAdvanceMeasurer(scale: .x2)

    @Test("ExpandableMovies at 375: title (109, 62, 248, 20), description x 18 width 339, height 131 + h")
    func expandableMovies() throws {
        let rows = try Example.expandableMovies.rows(["--rows", "16"])
        let movies = MovieCell.content(count: 16)
        for (row, movie) in zip(rows, movies) {
            let h = try Self.measurer.measure(movie.intro, font: MovieCell.summary.font, style: TextStyle(lines: 0), maxWidth: 339).height
            // The container is at (10, 8) in the content view: the (99, 54) and (8, 111) move by that.
            #expect(try row.frame("title") == [109, 62, 248, 20])
            #expect(try row.frame("description") == [18, 119, 339, h])
            #expect(try row.frame("container") == [10, 8, 355, 115 + h])
            #expect(row.height == 131 + h, "row \(row.row)")
        }
    }

    @Test("--expand i: row i alone is re-fitted, with the full description")
    func expand() throws {
        let rows = try Example.expandableMovies.rows(["--rows", "10", "--expand", "3"])
        try #require(rows.count == 11)
        let tapped = try #require(rows.last)
        let movie = try #require(MovieCell.content(count: 10).dropFirst(3).first)
        let h = try Self.measurer.measure(movie.full, font: MovieCell.summary.font, style: TextStyle(lines: 0), maxWidth: 339).height
        #expect(tapped.row == 3)
        #expect(try tapped.extra("old_height") == rows[3].height)
        #expect(try tapped.extra("refitted_rows") == 1)
        #expect(tapped.height == 131 + h)
        #expect(tapped.height > rows[3].height)

        let text = try Example.expandableMovies.run(["--measurer", "fixed", "--rows", "10", "--expand", "3"])
        #expect(text.status == 0)
        #expect(text.lines.last == "tap row 3: height \(compact(rows[3].height)) -> \(compact(tapped.height)); re-fitted 1 row, the other 9 untouched")
    }

    @Test("DynamicHeights at 320: height = max(text height, 44) + 20, the label 10 from every edge")
    func dynamicHeights() throws {
        let rows = try Example.dynamicHeights.rows(["--rows", "40"])
        let texts = DynamicHeightsCell.content(count: 40)
        var sawMinimum = false, sawText = false
        for (row, text) in zip(rows, texts) {
            let textHeight = try Self.measurer.measure(text, font: DynamicHeightsCell.label.font, style: TextStyle(lines: 0), maxWidth: 300).height
            #expect(row.height == max(textHeight, 44) + 20, "row \(row.row)")
            #expect(try row.frame("label") == [10, 10, 300, max(textHeight, 44)])
            if textHeight < 44 { sawMinimum = true } else { sawText = true }
        }
        #expect(sawMinimum && sawText, "the generated texts must exercise both sides of the max")
    }

    @Test("MessageCells: the icon shows exactly on rows with media, and the text narrows by 50")
    func messageCells() throws {
        let rows = try Example.messageCells.rows(["--rows", "30"])
        let messages = MessageCell.content(count: 30)
        #expect(messages.contains { $0.hasMedia } && messages.contains { !$0.hasMedia })
        for (row, message) in zip(rows, messages) {
            let icon = try row.frame("icon"), text = try row.frame("text")
            #expect((icon[2], icon[3]) == (message.hasMedia ? (40, 40) : (0, 0)), "row \(row.row)")
            #expect(text[2] == (message.hasMedia ? 375 - 60 - 60 : 375 - 60 - 10), "row \(row.row)")
        }
    }

    @Test("ChatFeed: every row at 375 and again at 667, never taller when wider")
    func chatFeed() throws {
        let rows = try Example.chatFeed.rows(["--rows", "32"])
        try #require(rows.count == 64)
        for (narrow, wide) in zip(rows.prefix(32), rows.suffix(32)) {
            #expect(narrow.row == wide.row)
            #expect((narrow.width, wide.width) == (375, 667))
            #expect(wide.height <= narrow.height, "row \(narrow.row)")
        }
        #expect(zip(rows.prefix(32), rows.suffix(32)).contains { $1.height < $0.height }, "some row must get shorter")
    }

    @Test("EstimatedHeights: the estimate beside the exact height; basic rows exactly 44")
    func estimatedHeights() throws {
        let rows = try Example.estimatedHeights.rows(["--rows", "60"])
        let content = EstimatedHeightsCell.content(count: 60)
        for (row, item) in zip(rows, content) {
            let estimate = try row.extra("estimated")
            switch item {
            case .title:
                #expect(estimate == 114)
                #expect(row.frames["largeTitle"] != nil)
            case .basic:
                #expect(estimate == 44)
                #expect(row.height == 44, "row \(row.row)")
            }
        }
        #expect(content.filter { if case .title = $0 { true } else { false } }.count == 3)
    }
}
