import CellLayout
import ExampleCells
import PangoText
import Testing

@Suite("Right to left: leading and trailing, stacks, margins and semantic content attributes")
struct RightToLeftTests {
    static let measurer = FixedAdvanceMeasurer(scale: .x2)
    static let pango = PangoTextMeasurer(scale: .x2)
    static let widths = [320.0, 375.0]

    /// Every view's frame in `rtl` is its frame in `ltr` reflected across the content view
    /// (`x' = W - x - w`), and the heights agree.
    static func expectMirrored(
        _ ltr: CellLayoutResult, _ rtl: CellLayoutResult, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(rtl.height == ltr.height, "\(what): height", sourceLocation: sourceLocation)
        for name in ltr.viewNames {
            guard let frame = ltr.frame(of: name), let mirrored = rtl.frame(of: name) else {
                Issue.record("\(what): no frame for \(name)", sourceLocation: sourceLocation)
                continue
            }
            let reflected = ltr.width - frame.x - frame.width
            let close = abs(mirrored.x - reflected) <= 1e-6 && abs(mirrored.y - frame.y) <= 1e-6
                && abs(mirrored.width - frame.width) <= 1e-6 && abs(mirrored.height - frame.height) <= 1e-6
            #expect(close, "\(what): \(name) is \(mirrored) right to left, \(frame) left to right", sourceLocation: sourceLocation)
        }
    }

    /// Lays out `rows` both ways at each width and checks that the layouts mirror each other.
    static func checkMirror<Content>(
        _ template: CellTemplate<Content>, _ rows: [Content], measurer: any TextMeasurer, _ what: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let rtlTemplate = template.laidOut(in: .rightToLeft)
        #expect(rtlTemplate.layoutDirection == .rightToLeft)
        var ltr = template.makeFitter(measurer: measurer)
        var rtl = rtlTemplate.makeFitter(measurer: measurer)
        for width in widths {
            for (k, row) in rows.enumerated() {
                expectMirrored(
                    try ltr.fit(row, width: width), try rtl.fit(row, width: width), "\(what) row \(k) at \(width)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the example cells laid out right to left are their left-to-right layouts reflected")
    func exampleCellsMirror() throws {
        for measurer in [Self.measurer, Self.pango] as [any TextMeasurer] {
            try Self.checkMirror(try MessageCell.template(), MessageCell.content(count: 12), measurer: measurer, "MessageCell")
            try Self.checkMirror(try MovieCell.template(), MovieCell.content(count: 12), measurer: measurer, "MovieCell")
            try Self.checkMirror(try ChatCell.template(), ChatCell.content(count: 12), measurer: measurer, "ChatCell")
            try Self.checkMirror(
                try DynamicHeightsCell.template(), DynamicHeightsCell.content(count: 12), measurer: measurer, "DynamicHeightsCell")
            let rows = EstimatedHeightsCell.content(count: 30)
            let titles = rows.compactMap { if case .title(let row) = $0 { row } else { nil } }
            let basics = rows.compactMap { if case .basic(let text) = $0 { text } else { nil } }
            try Self.checkMirror(try EstimatedHeightsCell.titleTemplate(), titles, measurer: measurer, "EstimatedHeights title")
            try Self.checkMirror(try EstimatedHeightsCell.basicTemplate(), basics, measurer: measurer, "EstimatedHeights basic")
        }
    }

    @Test("a template is left to right by default, and laying it out left to right changes nothing")
    func defaultIsLeftToRight() throws {
        let template = try MessageCell.template()
        #expect(template.layoutDirection == .leftToRight)
        let again = template.laidOut(in: .rightToLeft).laidOut(in: .leftToRight)
        #expect(again.layoutDirection == .leftToRight)
        for row in MessageCell.content(count: 8) {
            let a = try template.fit(row, width: 375, measurer: Self.pango)
            let b = try again.fit(row, width: 375, measurer: Self.pango)
            #expect(a.frames == b.frames)
            #expect(a.exactHeight == b.exactHeight)
        }
    }

    @Test("directions read as files and command lines write them")
    func parsing() {
        #expect(LayoutDirection(parsing: "rtl") == .rightToLeft)
        #expect(LayoutDirection(parsing: "rightToLeft") == .rightToLeft)
        #expect(LayoutDirection(parsing: "ltr") == .leftToRight)
        #expect(LayoutDirection(parsing: "leftToRight") == .leftToRight)
        #expect(LayoutDirection(parsing: "RTL") == nil)
        #expect(SemanticContentAttribute.playback.layoutDirection(relativeTo: .rightToLeft) == .leftToRight)
        #expect(SemanticContentAttribute.spatial.layoutDirection(relativeTo: .rightToLeft) == .leftToRight)
        #expect(SemanticContentAttribute.unspecified.layoutDirection(relativeTo: .rightToLeft) == .rightToLeft)
        #expect(SemanticContentAttribute.forceRightToLeft.layoutDirection(relativeTo: .leftToRight) == .rightToLeft)
        #expect(SemanticContentAttribute.forceLeftToRight.layoutDirection(relativeTo: .rightToLeft) == .leftToRight)
    }

    // MARK: - Stacks

    /// Three image views 8, 16 and 24 wide, 10 high.
    static let words = [8.0, 16, 24].enumerated().map { k, width in
        ImageView(["a", "b", "c"][k], size: Size(width: width, height: 10))
    }

    static func stackTemplate(_ stack: Stack) throws -> CellTemplate<CellContent> {
        try pinnedToMargins(stack, in: ContentView(subviews: [stack]))
    }

    @Test("a horizontal stack right to left places its first arranged view at the right")
    func horizontalStackReversed() throws {
        let measurer = Self.measurer
        let stack = Stack("stack", axis: .horizontal, spacing: 10, distribution: .equalSpacing, arrangedSubviews: Self.words)
        let template = try Self.stackTemplate(stack)
        let ltr = try template.fit(CellContent(), width: 320, measurer: measurer)
        let rtl = try template.laidOut(in: .rightToLeft).fit(CellContent(), width: 320, measurer: measurer)
        // Left to right: a at the left margin, c at the right one.
        #expect(ltr.frame(of: "a")?.minX == 8)
        #expect(ltr.frame(of: "c")?.maxX == 312)
        // Right to left: a at the right margin, c at the left one, the order reversed.
        #expect(rtl.frame(of: "a")?.maxX == 312)
        #expect(rtl.frame(of: "c")?.minX == 8)
        let xs = ["a", "b", "c"].compactMap { rtl.frame(of: $0)?.minX }
        #expect(xs == xs.sorted(by: >))
        Self.expectMirrored(ltr, rtl, "equal-spacing stack")

        for distribution in StackDistribution.allCases {
            var other = stack
            other.distribution = distribution
            let template = try Self.stackTemplate(other)
            Self.expectMirrored(
                try template.fit(CellContent(), width: 320, measurer: measurer),
                try template.laidOut(in: .rightToLeft).fit(CellContent(), width: 320, measurer: measurer), "\(distribution) stack")
        }
    }

    @Test("a vertical stack's leading alignment goes to the right, right to left")
    func verticalStackLeadingAlignment() throws {
        let measurer = Self.measurer
        for alignment in [StackAlignment.leading, .trailing, .center] {
            let stack = Stack("stack", axis: .vertical, spacing: 4, alignment: alignment, arrangedSubviews: Self.words)
            let template = try Self.stackTemplate(stack)
            let ltr = try template.fit(CellContent(), width: 320, measurer: measurer)
            let rtl = try template.laidOut(in: .rightToLeft).fit(CellContent(), width: 320, measurer: measurer)
            Self.expectMirrored(ltr, rtl, "\(alignment)-aligned vertical stack")
            if alignment == .leading {
                for name in ["a", "b", "c"] {
                    #expect(ltr.frame(of: name)?.minX == 8)
                    #expect(rtl.frame(of: name)?.maxX == 312)
                }
            }
        }
    }

    @Test("a stack's directional margins trade sides right to left; its margins by side do not")
    func stackMargins() throws {
        let measurer = Self.measurer
        let base = Stack("stack", axis: .horizontal, spacing: 10, arrangedSubviews: [ImageView("a", size: Size(width: 8, height: 10))])
        var directional = base.directionalLayoutMargins(DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 40))
        directional.isLayoutMarginsRelativeArrangement = true
        let rtl = try Self.stackTemplate(directional).laidOut(in: .rightToLeft).fit(CellContent(), width: 320, measurer: measurer)
        // The stack spans 8...312; its leading margin of 20 is on the right.
        #expect(rtl.frame(of: "a") == Rect(x: 48, y: 8, width: 244, height: 10))
        var bySide = base.layoutMargins(EdgeInsets(top: 0, left: 20, bottom: 0, right: 40))
        bySide.isLayoutMarginsRelativeArrangement = true
        let kept = try Self.stackTemplate(bySide).laidOut(in: .rightToLeft).fit(CellContent(), width: 320, measurer: measurer)
        #expect(kept.frame(of: "a") == Rect(x: 28, y: 8, width: 244, height: 10))
    }

    // MARK: - Semantic content attributes

    /// A 50-wide box whose leading edge is at the content view's centre (which never flips).
    static func centredBox(
        _ attribute: SemanticContentAttribute, direction: LayoutDirection
    ) throws -> Rect? {
        let box = Box("box").semanticContentAttribute(attribute)
        let contentView = ContentView(subviews: [box])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                box.leading.constraint(equalTo: contentView.centerX),
                box.width.constraint(equalToConstant: 50),
                box.top.constraint(equalTo: contentView.top),
                box.height.constraint(equalToConstant: 10),
                contentView.bottom.constraint(equalTo: box.bottom),
            ])
        return try template.laidOut(in: direction).fit(CellContent(), width: 300, measurer: measurer).frame(of: box)
    }

    @Test("a view's semantic content attribute decides which edge its leading is")
    func semanticContentAttributes() throws {
        // Leading at the left: the box starts at the centre; at the right: it ends there.
        let left = Rect(x: 150, y: 0, width: 50, height: 10), right = Rect(x: 100, y: 0, width: 50, height: 10)
        #expect(try Self.centredBox(.unspecified, direction: .leftToRight) == left)
        #expect(try Self.centredBox(.unspecified, direction: .rightToLeft) == right)
        #expect(try Self.centredBox(.forceLeftToRight, direction: .rightToLeft) == left)
        #expect(try Self.centredBox(.forceRightToLeft, direction: .leftToRight) == right)
        #expect(try Self.centredBox(.forceRightToLeft, direction: .rightToLeft) == right)
        #expect(try Self.centredBox(.playback, direction: .rightToLeft) == left)
        #expect(try Self.centredBox(.spatial, direction: .rightToLeft) == left)
    }

    @Test("a superview's forced direction does not pass to its subviews")
    func attributeNotInherited() throws {
        let label = Box("inner")
        let container = Box("container", subviews: [label]).semanticContentAttribute(.forceRightToLeft)
        let contentView = ContentView(subviews: [container])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                container.left.constraint(equalTo: contentView.left),
                container.right.constraint(equalTo: contentView.right),
                container.top.constraint(equalTo: contentView.top),
                container.bottom.constraint(equalTo: contentView.bottom),
                // The container's leading is its right edge; the inner box's leading its left.
                label.trailing.constraint(equalTo: container.leading),
                label.width.constraint(equalToConstant: 40),
                label.top.constraint(equalTo: container.top),
                label.height.constraint(equalToConstant: 10),
                label.bottom.constraint(equalTo: container.bottom),
            ])
        let layout = try template.fit(CellContent(), width: 300, measurer: Self.measurer)
        #expect(layout.frame(of: container) == Rect(x: 0, y: 0, width: 300, height: 10))
        #expect(layout.frame(of: label) == Rect(x: 260, y: 0, width: 40, height: 10))
    }

    // MARK: - Margins

    /// `view` pinned to the content view's margins on every edge.
    static func pinnedToMargins(_ view: some CellView, in contentView: ContentView) throws -> CellTemplate<CellContent> {
        let margins = contentView.layoutMarginsGuide
        return try CellTemplate(
            contentView: contentView,
            constraints: [
                view.leading.constraint(equalTo: margins.leading),
                view.trailing.constraint(equalTo: margins.trailing),
                view.top.constraint(equalTo: margins.top),
                view.bottom.constraint(equalTo: margins.bottom),
            ])
    }

    @Test("directional margins trade sides right to left; margins by side stay")
    func margins() throws {
        let label = ImageView("label", size: Size(width: 8, height: 10))
        let directional = ContentView(subviews: [label])
            .directionalLayoutMargins(DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 30))
        let bySide = ContentView(subviews: [label]).layoutMargins(EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
        func frame(_ contentView: ContentView, _ direction: LayoutDirection) throws -> Rect? {
            try Self.pinnedToMargins(label, in: contentView).laidOut(in: direction)
                .fit(CellContent(), width: 300, measurer: Self.measurer).frame(of: label)
        }
        let leftTen = Rect(x: 10, y: 0, width: 260, height: 10), leftThirty = Rect(x: 30, y: 0, width: 260, height: 10)
        #expect(try frame(directional, .leftToRight) == leftTen)
        #expect(try frame(directional, .rightToLeft) == leftThirty)
        #expect(try frame(bySide, .leftToRight) == leftTen)
        #expect(try frame(bySide, .rightToLeft) == leftTen)
    }

    @Test("left, right and centerX never flip")
    func absoluteAttributes() throws {
        let box = Box("box")
        let contentView = ContentView(subviews: [box])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                box.left.constraint(equalTo: contentView.left, constant: 20),
                box.right.constraint(equalTo: contentView.centerX),
                box.top.constraint(equalTo: contentView.top),
                box.height.constraint(equalToConstant: 10),
                contentView.bottom.constraint(equalTo: box.bottom),
            ])
        let rtl = try template.laidOut(in: .rightToLeft).fit(CellContent(), width: 300, measurer: Self.measurer)
        #expect(rtl.frame(of: box) == Rect(x: 20, y: 0, width: 130, height: 10))
    }

    @Test("leading with a multiplier right to left is measured from the ancestor's right edge")
    func multiplier() throws {
        let box = Box("box")
        let contentView = ContentView(subviews: [box])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                box.leading.constraint(equalTo: contentView.trailing, multiplier: 0.25),
                box.width.constraint(equalToConstant: 40),
                box.top.constraint(equalTo: contentView.top),
                box.height.constraint(equalToConstant: 10),
                contentView.bottom.constraint(equalTo: box.bottom),
            ])
        let ltr = try template.fit(CellContent(), width: 400, measurer: Self.measurer)
        let rtl = try template.laidOut(in: .rightToLeft).fit(CellContent(), width: 400, measurer: Self.measurer)
        #expect(ltr.frame(of: box)?.minX == 100)
        #expect(rtl.frame(of: box)?.maxX == 300)
    }
}
