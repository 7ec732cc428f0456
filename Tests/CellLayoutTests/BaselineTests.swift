import CellLayout
import TestSupport
import Testing
import PangoText

@Suite("Baselines: labels, text views, stacks, views without text")
struct BaselineTests {
    // Fixed advance: baseline at 1.0 × size below each line's top, lines 1.25 × size.
    static let measurer = FixedAdvanceMeasurer()

    @Test("first-baseline stack alignment: a 12 px label sits 12 lower than a 24 px one")
    func stackFirstBaseline() throws {
        let big = Label("big", text: "Big", font: Font(size: 24))
        let small = Label("small", text: "small", font: Font(size: 12)).contentHugging(250, for: .horizontal)
        let template = try StackTests.horizontal([big, small], alignment: .firstBaseline)
        let layout = try template.fit(CellContent(), width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: big) == Rect(x: 8, y: 8, width: 36, height: 30))
        #expect(layout.frame(of: small) == Rect(x: 54, y: 20, width: 258, height: 15))
        #expect(layout.frame(of: "row")?.height == 30)
        #expect(layout.height == 46)
    }

    @Test("last-baseline stack alignment follows the last line of a two-line label")
    func stackLastBaseline() throws {
        let twoLines = Label("two", text: "one\ntwo", font: Font(size: 16), lines: 0)
        let small = Label("small", text: "x", font: Font(size: 12)).contentHugging(250, for: .horizontal)
        let template = try StackTests.horizontal([twoLines, small], alignment: .lastBaseline)
        let layout = try template.fit(CellContent(), width: 320, measurer: Self.measurer)
        // The last baseline of "one\ntwo" is 20 + 16 = 36 below its top; the small
        // label's is 12 below its own, so its top is 24 lower.
        #expect(layout.frame(of: twoLines)?.minY == 8)
        #expect(layout.frame(of: small)?.minY == 32)
        #expect(layout.frame(of: "row")?.height == 40)
    }

    @Test("baseline constraints between labels, a text view and an image")
    func directConstraints() throws {
        let title = Label("title", text: "Title", font: Font(size: 20))
        let note = Label("note", text: "note", font: Font(size: 10))
        let bubble = TextView("bubble", text: "hi", font: Font(size: 10))
        let image = ImageView("image", size: Size(width: 10, height: 10))
        let contentView = ContentView(subviews: [title, note, bubble, image])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                title.top.constraint(equalTo: contentView.top, constant: 5),
                title.leading.constraint(equalTo: contentView.leading),
                note.leading.constraint(equalTo: title.trailing, constant: 4),
                note.firstBaseline.constraint(equalTo: title.firstBaseline),
                bubble.leading.constraint(equalTo: note.trailing, constant: 4),
                bubble.firstBaseline.constraint(equalTo: title.lastBaseline),
                image.leading.constraint(equalTo: bubble.trailing, constant: 4),
                image.lastBaseline.constraint(equalTo: title.firstBaseline),
                contentView.bottom.constraint(equalTo: title.bottom, constant: 5),
            ])
        let layout = try template.fit(CellContent(), width: 320, measurer: Self.measurer)
        // Title: 5 characters of 10 px, baseline at 5 + 20 = 25.
        #expect(layout.frame(of: title) == Rect(x: 0, y: 5, width: 50, height: 25))
        // Note: baseline 10 below its top, so its top is at 15.
        #expect(layout.frame(of: note) == Rect(x: 54, y: 15, width: 20, height: 13))
        // A text view's baseline includes its top inset (8): top = 25 - 8 - 10;
        // its size is the text's (10 x 12.5 ↑ 13) plus the insets (5 + 5, 8 + 8).
        #expect(layout.frame(of: bubble) == Rect(x: 78, y: 7, width: 20, height: 29))
        // An image's baseline is its bottom.
        #expect(layout.frame(of: image) == Rect(x: 102, y: 15, width: 10, height: 10))
    }

    @Test("Pango: stack baselines line up to the device pixel")
    func pangoBaselines() throws {
        let measurer = PangoTextMeasurer(scale: .x3)
        let big = Label("big", text: "Big", font: Font(size: 24))
        let small = Label("small", text: "small", font: Font(size: 11)).contentHugging(250, for: .horizontal)
        let template = try StackTests.horizontal([big, small], alignment: .firstBaseline)
        let layout = try template.fit(CellContent(), width: 320, measurer: measurer)
        let bigBaseline = try measurer.measure("Big", font: big.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).firstBaseline
        let smallBaseline = try measurer.measure("small", font: small.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).firstBaseline
        let bigTop = try #require(layout.frame(of: big)?.minY)
        let smallTop = try #require(layout.frame(of: small)?.minY)
        #expect(devicePixels(bigTop + bigBaseline, .x3) == devicePixels(smallTop + smallBaseline, .x3))
        #expect(smallTop > bigTop)
    }
}
