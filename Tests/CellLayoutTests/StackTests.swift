import CellLayout
import CellFitSamples
import Testing
import PangoText

@Suite("Stacks: spacing, collapsed views, alignment, distribution")
struct StackTests {
    static let font = Font(size: 16)   // fixed advance: 8 px a character, 20 px a line
    static let measurer = FixedAdvanceMeasurer()

    /// A vertical stack of three labels pinned to the content view's margins (8).
    static func vertical(customAfterFirst: Double? = nil) throws -> CellTemplate<[Visibility]> {
        let labels = ["one", "two", "three"].map { Label($0, text: $0, font: font) }
        var stack = Stack("stack", axis: .vertical, spacing: 8, arrangedSubviews: labels)
        if let customAfterFirst { stack = stack.customSpacing(customAfterFirst, after: labels[0]) }
        let contentView = ContentView(subviews: [stack])
        let margins = contentView.layoutMarginsGuide
        return try CellTemplate<[Visibility]>(
            name: "stack", contentView: contentView,
            constraints: [
                stack.leading.constraint(equalTo: margins.leading),
                stack.trailing.constraint(equalTo: margins.trailing),
                stack.top.constraint(equalTo: margins.top),
                stack.bottom.constraint(equalTo: margins.bottom),
            ]
        ) { visibility, row in
            for (label, v) in zip(labels, visibility) { row.setVisibility(v, for: label) }
        }
    }

    func tops(_ layout: CellLayoutResult) -> [Double?] {
        ["one", "two", "three"].map { layout.frame(of: $0)?.minY }
    }

    @Test("all visible: 8 apart, filling the width")
    func allVisible() throws {
        let layout = try Self.vertical().fit([.visible, .visible, .visible], width: 320, measurer: Self.measurer)
        #expect(tops(layout) == [8, 36, 64])
        #expect(layout.frame(of: "two") == Rect(x: 8, y: 36, width: 304, height: 20))
        #expect(layout.height == 92)
    }

    @Test("a collapsed view and the spacing next to it are skipped")
    func collapsedMiddle() throws {
        let layout = try Self.vertical().fit([.visible, .collapsed, .visible], width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: "one")?.minY == 8)
        #expect(layout.frame(of: "three")?.minY == 36)
        #expect(layout.frame(of: "two")?.size == .zero)
        #expect(layout.height == 64)
        let first = try Self.vertical().fit([.collapsed, .visible, .visible], width: 320, measurer: Self.measurer)
        #expect(first.frame(of: "two")?.minY == 8)
        #expect(first.height == 64)
    }

    @Test("custom spacing after a view applies while it shows, and goes with it")
    func customSpacing() throws {
        let template = try Self.vertical(customAfterFirst: 20)
        let all = try template.fit([.visible, .visible, .visible], width: 320, measurer: Self.measurer)
        #expect(tops(all) == [8, 48, 76])
        let firstGone = try template.fit([.collapsed, .visible, .visible], width: 320, measurer: Self.measurer)
        #expect(firstGone.frame(of: "two")?.minY == 8)
        #expect(firstGone.frame(of: "three")?.minY == 36)
    }

    @Test("hidden arranged views keep their place")
    func hiddenKeepsPlace() throws {
        let layout = try Self.vertical().fit([.visible, .hidden, .visible], width: 320, measurer: Self.measurer)
        #expect(tops(layout) == [8, 36, 64])
    }

    @Test("every arranged view collapsed: the stack has no height")
    func allCollapsed() throws {
        let layout = try Self.vertical().fit([.collapsed, .collapsed, .collapsed], width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: "stack") == Rect(x: 8, y: 8, width: 304, height: 0))
        #expect(layout.height == 16)
    }

    /// A horizontal stack at the content view's margins, holding `views`.
    static func horizontal(
        _ views: [any CellView], alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
        spacing: Double = 10, extra: (Stack) -> [LayoutConstraint] = { _ in [] }
    ) throws -> CellTemplate<CellContent> {
        let stack = Stack("row", axis: .horizontal, spacing: spacing, alignment: alignment, distribution: distribution, arrangedSubviews: views)
        let contentView = ContentView(subviews: [stack])
        let margins = contentView.layoutMarginsGuide
        return try CellTemplate(
            contentView: contentView,
            constraints: [
                stack.leading.constraint(equalTo: margins.leading),
                stack.trailing.constraint(equalTo: margins.trailing),
                stack.top.constraint(equalTo: margins.top),
                stack.bottom.constraint(equalTo: margins.bottom),
            ] + extra(stack))
    }

    @Test("center alignment: a 20 px label beside a 40 px image sits 10 down; the stack hugs the image")
    func centerAlignment() throws {
        let image = ImageView("image", size: Size(width: 40, height: 40))
        let label = Label("label", text: "hello", font: Self.font).contentHugging(250, for: .horizontal)
        let layout = try Self.horizontal([image, label], alignment: .center).fit(CellContent(), width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: image) == Rect(x: 8, y: 8, width: 40, height: 40))
        #expect(layout.frame(of: label) == Rect(x: 58, y: 18, width: 254, height: 20))
        #expect(layout.frame(of: "row")?.height == 40)
        #expect(layout.height == 56)
    }

    @Test("leading and trailing alignment put the short view at the top or the bottom")
    func edgeAlignment() throws {
        let image = ImageView("image", size: Size(width: 40, height: 40))
        let label = Label("label", text: "hello", font: Self.font).contentHugging(250, for: .horizontal)
        let top = try Self.horizontal([image, label], alignment: .top).fit(CellContent(), width: 320, measurer: Self.measurer)
        #expect(top.frame(of: label)?.minY == 8)
        let bottom = try Self.horizontal([image, label], alignment: .bottom).fit(CellContent(), width: 320, measurer: Self.measurer)
        #expect(bottom.frame(of: label)?.minY == 28)
    }

    @Test("fillEqually: equal widths; a collapsed view's share goes to the others")
    func fillEqually() throws {
        let boxes = ["a", "b", "c"].map { Box($0) }
        let template = try Self.horizontal(boxes, distribution: .fillEqually) { stack in
            [stack.height.constraint(equalToConstant: 30)]
        }
        let all = try template.fit(CellContent(), width: 336, measurer: Self.measurer)
        #expect(boxes.map { all.frame(of: $0)?.width } == [100, 100, 100])
        #expect(all.frame(of: "c")?.minX == 228)
        var row = CellContent()
        row.setVisibility(.collapsed, for: boxes[1])
        let two = try template.fit(row, width: 336, measurer: Self.measurer)
        #expect(two.frame(of: "a") == Rect(x: 8, y: 8, width: 155, height: 30))
        #expect(two.frame(of: "c") == Rect(x: 173, y: 8, width: 155, height: 30))
    }

    @Test("equalSpacing: views keep their sizes, gaps are equal")
    func equalSpacing() throws {
        let images = ["a", "b", "c"].map { ImageView($0, size: Size(width: 20, height: 20)) }
        let template = try Self.horizontal(images, distribution: .equalSpacing)
        let layout = try template.fit(CellContent(), width: 316, measurer: Self.measurer)
        #expect(images.map { layout.frame(of: $0)?.minX } == [8, 148, 288])
        #expect(images.allSatisfy { layout.frame(of: $0)?.width == 20 })
    }

    @Test("nested stacks and Pango text: a vertical stack of a title and a wrapped body")
    func nestedWithPango() throws {
        let measurer = PangoTextMeasurer(scale: .x2)
        let title = Label("title", font: Font(size: 17, weight: .bold))
        // The texts take the width the image leaves: the image hugs harder than the
        // labels (252 > 251) and resists harder than the body's unwrapped width
        // pushes (751 > 750). Without that, image and labels would tie at one
        // priority and the layout would be ambiguous, as it would be in UIKit.
        let body = Label("body", font: Font(size: 14), lines: 0)
        let texts = Stack("texts", axis: .vertical, spacing: 4, arrangedSubviews: [title, body])
        let image = ImageView("image", size: Size(width: 60, height: 60))
            .compressionResistance(751, for: .horizontal).contentHugging(252, for: .horizontal)
        let template = try Self.horizontal([image, texts], alignment: .top, spacing: 12)
        var row = CellContent()
        let bodyText = SampleText.words(30)
        row.setText("Title", for: title)
        row.setText(bodyText, for: body)
        let layout = try template.fit(row, width: 375, measurer: measurer)
        let textWidth = 375.0 - 16 - 60 - 12
        let titleHeight = try measurer.measure("Title", font: title.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).height
        let bodyHeight = try measurer.measure(bodyText, font: body.font, style: TextStyle(lines: 0), maxWidth: textWidth).height
        #expect(layout.frame(of: body) == Rect(x: 80, y: 8 + titleHeight + 4, width: textWidth, height: bodyHeight))
        #expect(layout.height == 8 + max(60, titleHeight + 4 + bodyHeight) + 8)
    }

    @Test("hidden the UIKit way: zero along the axis, out of the spacing, half a spacing after the visible view before it")
    func uikitHidden() throws {
        let middle = try Self.vertical().fit([.visible, .uikitHidden, .visible], width: 320, measurer: Self.measurer)
        // The visible views keep one spacing between them, as with a collapsed view.
        #expect(tops(middle) == [8, 32, 36])
        #expect(middle.height == 64)
        // The hidden view keeps its width across the axis (the stack fills it) and is 0 tall.
        #expect(middle.frame(of: "two") == Rect(x: 8, y: 32, width: 304, height: 0))
        #expect(middle.visibility(of: "two") == .uikitHidden)
        let last = try Self.vertical().fit([.visible, .visible, .uikitHidden], width: 320, measurer: Self.measurer)
        #expect(last.frame(of: "three") == Rect(x: 8, y: 60, width: 304, height: 0))
        #expect(last.height == 64)
        let first = try Self.vertical().fit([.uikitHidden, .visible, .visible], width: 320, measurer: Self.measurer)
        #expect(first.frame(of: "one")?.minY == 8 && first.frame(of: "one")?.height == 0)
        #expect(first.frame(of: "two")?.minY == 8)
    }

    @Test("hidden the UIKit way: a required length of the view's own wins over UIStackView's 999.999")
    func uikitHiddenRequiredLength() throws {
        let labels = ["one", "two"].map { Label($0, text: $0, font: Self.font) }
        let stack = Stack("stack", axis: .vertical, spacing: 8, arrangedSubviews: labels)
        let contentView = ContentView(subviews: [stack])
        let template = try CellTemplate<Visibility>(
            name: "stack", contentView: contentView,
            constraints: [
                stack.leading.constraint(equalTo: contentView.leading), stack.trailing.constraint(equalTo: contentView.trailing),
                stack.top.constraint(equalTo: contentView.top), stack.bottom.constraint(equalTo: contentView.bottom),
                labels[1].height.constraint(equalToConstant: 30),
            ]
        ) { visibility, row in row.setVisibility(visibility, for: labels[1]) }
        let layout = try template.fit(.uikitHidden, width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: "two")?.height == 30)
        #expect(layout.frame(of: "one")?.minY == 0)
    }

    @Test("outside a stack, hidden the UIKit way keeps its place, as hidden does")
    func uikitHiddenOutsideStack() throws {
        let label = Label("label", text: "abc", font: Self.font)
        let contentView = ContentView(subviews: [label])
        let template = try CellTemplate<Visibility>(
            name: "plain", contentView: contentView,
            constraints: [
                label.leading.constraint(equalTo: contentView.leading, constant: 10),
                label.top.constraint(equalTo: contentView.top, constant: 10),
                label.bottom.constraint(equalTo: contentView.bottom, constant: -10),
            ]
        ) { visibility, row in row.setVisibility(visibility, for: label) }
        let hidden = try template.fit(.hidden, width: 320, measurer: Self.measurer)
        let uikit = try template.fit(.uikitHidden, width: 320, measurer: Self.measurer)
        #expect(uikit.frame(of: "label") == hidden.frame(of: "label"))
        #expect(uikit.height == 40)
    }

    @Test("a control with no intrinsic width (UIKit's noIntrinsicMetric) takes its width from its constraints")
    func controlWithoutIntrinsicWidth() throws {
        var bar = Control("bar", size: Size(width: 0, height: 4))
        bar.intrinsicAxes = [.vertical]
        let contentView = ContentView(subviews: [bar])
        let template = try CellTemplate<Int>(
            name: "bar", contentView: contentView,
            constraints: [
                bar.leading.constraint(equalTo: contentView.leading, constant: 20),
                bar.trailing.constraint(equalTo: contentView.trailing, constant: -20),
                bar.top.constraint(equalTo: contentView.top, constant: 10),
                bar.bottom.constraint(equalTo: contentView.bottom, constant: -10),
            ]
        ) { _, _ in }
        let layout = try template.fit(0, width: 320, measurer: Self.measurer)
        #expect(layout.frame(of: "bar") == Rect(x: 20, y: 10, width: 280, height: 4))
        #expect(layout.height == 24)
    }
}
