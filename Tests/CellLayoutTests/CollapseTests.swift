import CellLayout
import Testing

@Suite("Collapse: zero size, collapsed constants, neighbours close the gap")
struct CollapseTests {
    // Fixed advance, 16 px: 8 px a character, 20 px a line.
    static let font = Font(size: 16)
    static let a = Label("a", text: "Top", font: font)
    static let b = ImageView("b", size: Size(width: 50, height: 30))
    static let c = Label("c", text: "Bottom", font: font)
    static let contentView = ContentView(subviews: [a, b, c])

    static func template(keepGapAfterB: Bool) throws -> CellTemplate<Visibility> {
        var below = c.top.constraint(equalTo: b.bottom, constant: 8)
        if keepGapAfterB { below = below.collapsedConstant(8) }
        return try CellTemplate<Visibility>(
            name: "collapse", contentView: contentView,
            constraints: [
                a.top.constraint(equalTo: contentView.top, constant: 10),
                a.leading.constraint(equalTo: contentView.leading, constant: 10),
                b.top.constraint(equalTo: a.bottom, constant: 8),
                b.leading.constraint(equalTo: a.leading),
                below,
                c.leading.constraint(equalTo: a.leading),
                c.bottom.constraint(equalTo: contentView.bottom, constant: -10),
            ]
        ) { visibility, row in
            row.setVisibility(visibility, for: b)
        }
    }

    @Test("visible: a, 8, b (30), 8, c")
    func visible() throws {
        let layout = try Self.template(keepGapAfterB: false).fit(.visible, width: 320, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: Self.a) == Rect(x: 10, y: 10, width: 24, height: 20))
        #expect(layout.frame(of: Self.b) == Rect(x: 10, y: 38, width: 50, height: 30))
        #expect(layout.frame(of: Self.c) == Rect(x: 10, y: 76, width: 48, height: 20))
        #expect(layout.height == 106)
    }

    @Test("collapsed with default collapsed constants: both gaps close")
    func collapsedClosesGap() throws {
        let layout = try Self.template(keepGapAfterB: false).fit(.collapsed, width: 320, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: Self.b) == Rect(x: 10, y: 30, width: 0, height: 0))
        #expect(layout.frame(of: Self.c)?.minY == 30)
        #expect(layout.height == 60)
        #expect(layout.visibility(of: "b") == .collapsed)
    }

    @Test("collapsed constant 8 on one side keeps a single gap")
    func collapsedConstantKeepsOneGap() throws {
        let layout = try Self.template(keepGapAfterB: true).fit(.collapsed, width: 320, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: Self.c)?.minY == 38)
        #expect(layout.height == 68)
    }

    @Test("hidden keeps the space (Auto Layout's own behaviour)")
    func hiddenKeepsSpace() throws {
        let template = try Self.template(keepGapAfterB: false)
        let hidden = try template.fit(.hidden, width: 320, measurer: FixedAdvanceMeasurer())
        let visible = try template.fit(.visible, width: 320, measurer: FixedAdvanceMeasurer())
        #expect(hidden.frames == visible.frames)
        #expect(hidden.visibility(of: "b") == .hidden)
    }

    @Test("a collapsed box collapses its subviews; a hidden one hides them")
    func collapsePropagates() throws {
        let inner = Label("inner", text: "inside", font: Self.font)
        let box = Box("box", subviews: [inner])
        let after = Label("after", text: "after", font: Self.font)
        let contentView = ContentView(subviews: [box, after])
        let template = try CellTemplate<Visibility>(
            contentView: contentView,
            constraints: [
                box.top.constraint(equalTo: contentView.top),
                box.leading.constraint(equalTo: contentView.leading),
                inner.top.constraint(equalTo: box.top, constant: 5),
                inner.leading.constraint(equalTo: box.leading, constant: 5),
                inner.bottom.constraint(equalTo: box.bottom, constant: -5),
                inner.trailing.constraint(equalTo: box.trailing, constant: -5),
                after.top.constraint(equalTo: box.bottom, constant: 4),
                after.leading.constraint(equalTo: contentView.leading),
                after.bottom.constraint(equalTo: contentView.bottom),
            ]
        ) { visibility, row in row.setVisibility(visibility, for: box) }
        let measurer = FixedAdvanceMeasurer()
        let shown = try template.fit(.visible, width: 200, measurer: measurer)
        #expect(shown.frame(of: "box") == Rect(x: 0, y: 0, width: 58, height: 30))
        #expect(shown.height == 54)
        let gone = try template.fit(.collapsed, width: 200, measurer: measurer)
        #expect(gone.visibility(of: "inner") == .collapsed)
        #expect(gone.frame(of: "inner")?.size == .zero)
        #expect(gone.frame(of: "box")?.size == .zero)
        #expect(gone.frame(of: "after")?.minY == 0)
        #expect(gone.height == 20)
        let hidden = try template.fit(.hidden, width: 200, measurer: measurer)
        #expect(hidden.visibility(of: "inner") == .hidden)
        #expect(hidden.height == 54)
    }

    @Test("the margins of a collapsed view are zero")
    func collapsedMargins() throws {
        let box = Box("box").layoutMargins(EdgeInsets(all: 12))
        let below = Label("below", text: "x", font: Self.font)
        let contentView = ContentView(subviews: [box, below])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                box.top.constraint(equalTo: contentView.top),
                box.leading.constraint(equalTo: contentView.leading),
                box.height.constraint(equalToConstant: 40).collapsedConstant(0),
                below.top.constraint(equalTo: box.layoutMarginsGuide.bottom),
                below.leading.constraint(equalTo: box.layoutMarginsGuide.leading),
                below.bottom.constraint(equalTo: contentView.bottom),
            ])
        var row = CellContent()
        let shown = try template.fit(row, width: 100, measurer: FixedAdvanceMeasurer())
        #expect(shown.frame(of: below) == Rect(x: 12, y: 28, width: 8, height: 20))
        row.setVisibility(.collapsed, for: box)
        let gone = try template.fit(row, width: 100, measurer: FixedAdvanceMeasurer())
        #expect(gone.frame(of: below) == Rect(x: 0, y: 0, width: 8, height: 20))
    }
}
