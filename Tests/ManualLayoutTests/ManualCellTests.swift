import Testing
import ManualLayout

/// A label 10 from every edge, at least 44 tall (the DynamicHeights cell),
/// written by hand; counts how often it is laid out.
private struct PaddedLabel: ManualCell {
    let name = "padded"
    var font = Font(size: 14)

    func layout(_ text: String, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
        let inner = pass.bounds.inset(by: EdgeInsets(all: 10))
        let label = try pass.text(text, font: font, lines: 0, view: "label", width: inner.width)
        let height = max(label.height, 44)
        pass.place("label", inner.withHeight(height))
        return height + 20
    }
}

/// A one-line title beside a 40x40 icon and a text view with insets below.
private struct TitleAndBubble: ManualCell {
    let name = "bubble"

    func layout(_ content: (String, String), in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
        let (icon, rest) = pass.bounds.inset(by: EdgeInsets(all: 8)).divided(atDistance: 40, from: .left)
        pass.place("icon", icon.withHeight(40))
        let column = rest.remainder(after: 8, from: .left)
        let title = try pass.text(content.0, font: Font(size: 15), view: "title", width: column.width)
        pass.place("title", column.aligned(Size(width: title.width, height: title.height)))
        let insets = EdgeInsets(vertical: 4, horizontal: 6)
        let bubble = try pass.text(
            content.1, font: Font(size: 13), lines: 0, insets: insets, emptyAsLine: true, view: "bubble",
            width: column.width)
        pass.place("bubble", Rect(x: column.x, y: column.y + title.height + 4, width: bubble.width, height: bubble.height))
        return max(8 + 40, 8 + title.height + 4 + bubble.height) + 8
    }
}

@Suite("Manual cells")
struct ManualCellTests {
    let measurer = FixedAdvanceMeasurer(advance: 0.5, lineHeight: 1.25, scale: .x2)

    @Test("height and layout agree, from one piece of arithmetic", arguments: [0, 1, 7, 40, 120])
    func heightMatchesLayout(words: Int) throws {
        let text = Array(repeating: "word", count: words).joined(separator: " ")
        let cell = PaddedLabel()
        for width in [120.0, 320, 375] {
            let height = try cell.height(for: text, width: width, measurer: measurer)
            let layout = try cell.layout(for: text, width: width, measurer: measurer)
            #expect(height == layout.rowHeight)
            #expect(layout.separatorHeight == 0.5)
            let label = try #require(layout.frame(of: "label"))
            #expect(label.maxY + 10 == layout.height)
        }
    }

    @Test("the DynamicHeights formula: max(text, 44) + 20")
    func formula() throws {
        // 14 px font, advance 7 px, line 17.5 px; 300 px wide lines hold 42 characters.
        let cell = PaddedLabel()
        let short = try cell.layout(for: "hello", width: 320, measurer: measurer)
        #expect(short.height == 64)
        let long = String(repeating: "abcdefghi ", count: 30)  // 300 characters, 9-letter words
        let m = try measurer.measure(long, font: Font(size: 14), maxWidth: 300)
        let tall = try cell.layout(for: long, width: 320, measurer: measurer)
        #expect(m.height > 44)
        #expect(tall.height == m.height + 20)
        #expect(tall.frame(of: "label") == Rect(x: 10, y: 10, width: 300, height: m.height))
    }

    @Test("one-line text truncates to the width; text-view insets wrap around the text")
    func textRules() throws {
        let pass = TitleAndBubble()
        let title = String(repeating: "x", count: 100)  // 750 px unwrapped at 15 px
        let layout = try pass.layout(for: (title, "short text"), width: 200, measurer: measurer)
        let column = 200.0 - 8 - 40 - 8 - 8
        #expect(layout.frame(of: "title")?.width == column)
        // 15 px x 1.25 = 18.75, rounded up to the 2x grid.
        #expect(layout.frame(of: "title")?.height == 19)
        let bubble = try #require(layout.frame(of: "bubble"))
        #expect(bubble.width == 10 * 6.5 + 12)  // "short text" at 6.5 px a character, plus the insets
        #expect(bubble.minY == 8 + 19 + 4)
    }

    @Test("an empty text view is one line tall; an empty label is nothing")
    func emptyText() throws {
        let layout = try TitleAndBubble().layout(for: ("", ""), width: 300, measurer: measurer)
        #expect(layout.frame(of: "title")?.size == Size(width: 0, height: 0))
        let line = try measurer.measure(" ", font: Font(size: 13))
        #expect(layout.frame(of: "bubble")?.height == line.height + 8)
        #expect(try PaddedLabel().layout(for: "", width: 320, measurer: measurer).height == 64)
    }

    @Test("bad widths and fonts are errors that name the cell and the view")
    func errors() throws {
        let cell = PaddedLabel()
        for width in [-1.0, .nan, .infinity] {
            let error = #expect(throws: ManualLayoutError.self) {
                try cell.height(for: "x", width: width, measurer: measurer)
            }
            #expect(error?.code == .invalidValue)
            #expect(error?.message.contains("cell 'padded'") == true)
        }
        let broken = PaddedLabel(font: Font(size: -3))
        let error = #expect(throws: ManualLayoutError.self) {
            try broken.layout(for: "x", width: 320, measurer: measurer)
        }
        #expect(error?.code == .textMeasurement)
        #expect(error?.view == "label")
        #expect(error?.message.contains("'label'") == true)
        #expect(throws: ManualLayoutError.self) {
            try cell.height(for: "x", width: 320, measurer: measurer, separatorHeight: -1)
        }
    }

    @Test("frames and heights land on the pixel grid of the measurer's scale", arguments: DisplayScale.allCases)
    func pixelGrid(scale: DisplayScale) throws {
        let m = FixedAdvanceMeasurer(advance: 0.53, lineHeight: 1.17, scale: scale)
        let layout = try TitleAndBubble().layout(for: ("Title", "some words in a bubble that wraps"), width: 201.3, measurer: m)
        func onGrid(_ v: Double) -> Bool { (v * scale.factor - (v * scale.factor).rounded()).magnitude < 1e-9 }
        #expect(onGrid(layout.height) && onGrid(layout.rowHeight))
        for frame in layout.frames.values {
            #expect(onGrid(frame.minX) && onGrid(frame.minY) && onGrid(frame.width) && onGrid(frame.height))
        }
        #expect(layout.viewNames == ["icon", "title", "bubble"])
    }
}
