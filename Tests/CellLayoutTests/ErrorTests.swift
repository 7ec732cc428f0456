import CellLayout
import CellFitSamples
import Testing
import PangoText

@Suite("Errors: unsatisfiable templates and bad declarations")
struct ErrorTests {
    static let measurer = FixedAdvanceMeasurer()

    /// Runs `body` and returns the ``CellLayoutError`` it throws.
    func layoutError(_ body: () throws -> Void) -> CellLayoutError? {
        do {
            try body()
            return nil
        } catch let error as CellLayoutError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test("a width that cannot hold at the fitting width names the views, the constraints and their lines")
    func unsatisfiableAtWidth() throws {
        let title = Label("title")
        let contentView = ContentView(subviews: [title])
        let widthLine = #line + 5
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                title.leading.constraint(equalTo: contentView.leading, constant: 10),
                title.width.constraint(equalToConstant: 400),
                title.trailing.constraint(equalTo: contentView.trailing, constant: -10),
                title.top.constraint(equalTo: contentView.top),
            ])
        // Fits at 420; not at 375.
        #expect(try template.fit(CellContent(), width: 420, measurer: Self.measurer).frame(of: title)?.width == 400)
        let error = try #require(layoutError { _ = try template.fit(CellContent(), width: 375, measurer: Self.measurer) })
        #expect(error.code == .unsatisfiable)
        #expect(Set(error.views) == ["title", "contentView"])
        #expect(error.conflicts.count == 4)
        let widthConflict = try #require(error.conflicts.first { $0.equation == "title.width == 400" })
        #expect(widthConflict.location?.line == widthLine)
        #expect(widthConflict.location?.fileID.hasSuffix("ErrorTests.swift") == true)
        #expect(widthConflict.declaration != nil)
        #expect(error.conflicts.contains { $0.equation == "contentView.width == 375" && $0.reason == "the fitting width" })
        #expect(!error.conflicts.contains { $0.equation.contains("top") }, "the top constraint is not part of the conflict")
        #expect(error.description.contains("ErrorTests.swift:\(widthLine)"))
        // A failed width leaves the fitter usable.
        var fitter = template.makeFitter(measurer: Self.measurer)
        #expect(layoutError { _ = try fitter.fit(CellContent(), width: 375) }?.code == .unsatisfiable)
        #expect(try fitter.fit(CellContent(), width: 420).frame(of: title)?.width == 400)
    }

    @Test("a conflict at any width is found when the variant compiles")
    func unsatisfiableAlways() throws {
        let box = Box("box")
        let contentView = ContentView(subviews: [box])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                box.height.constraint(equalToConstant: 10),
                box.top.constraint(equalTo: contentView.top),
                box.height.constraint(equalToConstant: 20).identifier("second height"),
            ])
        let error = try #require(layoutError { _ = try template.fit(CellContent(), width: 100, measurer: Self.measurer) })
        #expect(error.code == .unsatisfiable)
        #expect(error.views == ["box"])
        #expect(error.conflicts.map(\.equation) == ["box.height == 10", "second height: box.height == 20"])
    }

    @Test("a collapsed view whose size constraint keeps its constant conflicts with its zero size")
    func collapseConflict() throws {
        let icon = ImageView("icon")
        let contentView = ContentView(subviews: [icon])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                icon.width.constraint(equalToConstant: 40).collapsedConstant(40),
                icon.leading.constraint(equalTo: contentView.leading),
            ])
        var row = CellContent()
        row.setVisibility(.collapsed, for: icon)
        let error = try #require(layoutError { _ = try template.fit(row, width: 100, measurer: Self.measurer) })
        #expect(error.code == .unsatisfiable)
        #expect(error.conflicts.contains { $0.reason == "'icon' is collapsed" && $0.equation == "icon.width == 0" })
        #expect(error.message.contains("'icon' collapsed"))
    }

    @Test("a baseline that cannot sit where the text puts it is unsatisfiable, naming the measured text")
    func baselineConflict() throws {
        let label = Label("label", text: "text", font: Font(size: 16))
        let contentView = ContentView(subviews: [label])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                label.top.constraint(equalTo: contentView.top, constant: 10),
                label.firstBaseline.constraint(equalTo: contentView.top, constant: 12),
                label.leading.constraint(equalTo: contentView.leading),
            ])
        let error = try #require(layoutError { _ = try template.fit(CellContent(), width: 100, measurer: Self.measurer) })
        #expect(error.code == .unsatisfiable)
        #expect(error.conflicts.count == 3)
        #expect(error.conflicts.contains { $0.equation == "label first baseline == 16" && $0.reason == "measured text" })
        #expect(error.conflicts.contains { $0.equation == "label.top == contentView.top + 10" })
        #expect(error.conflicts.contains { $0.equation == "label.firstBaseline == contentView.top + 12" })
    }

    @Test("a label whose width depends on its height: a layout where its text fits, or notConverged or tooNarrow — never a negative width")
    func widthTiedToHeight() throws {
        // width = 400 - m × height, and the label's height resists as hard as required:
        // every extra line narrows the label, which makes more lines. Some of these have
        // a width whose text fits it; the others must say so, never return a label
        // narrower than zero or one whose height is not its text's at its width.
        var laidOut = 0, refused = 0
        for m in [1.0, 2, 3, 4, 6] {
            for words in [20, 60, 120] {
                let label = Label("label", font: Font(size: 10), lines: 0)
                    .compressionResistance(749, for: .horizontal).compressionResistance(.required, for: .vertical)
                let contentView = ContentView(subviews: [label])
                let template = try CellTemplate(
                    contentView: contentView,
                    constraints: [
                        label.leading.constraint(equalTo: contentView.leading),
                        label.top.constraint(equalTo: contentView.top),
                        label.width.constraint(equalTo: label.height, multiplier: -m, constant: 400),
                    ])
                var row = CellContent()
                let text = SampleText.words(words)
                row.setText(text, for: label)
                do {
                    let frame = try #require(try template.fit(row, width: 500, measurer: Self.measurer).frame(of: label))
                    #expect(frame.width >= 0 && abs(frame.width - (400 - m * frame.height)) <= 1, "m \(m), \(words) words: \(frame)")
                    let fits = try Self.measurer.measure(text, font: Font(size: 10), style: TextStyle(lines: 0), maxWidth: frame.width)
                    // The text fits: no line wider than the label, and the label at least as tall
                    // (taller where hugging yields to the width its text was measured at).
                    #expect(fits.width <= frame.width && fits.height <= frame.height, "m \(m), \(words) words: \(frame), text \(fits)")
                    laidOut += 1
                } catch let error as CellLayoutError {
                    #expect(error.code == .notConverged || error.code == .tooNarrow, "m \(m), \(words) words: \(error)")
                    #expect(error.views == ["label"])
                    refused += 1
                }
            }
        }
        // Both outcomes occur, so both are tested.
        #expect(laidOut > 0 && refused > 0, "laid out \(laidOut), refused \(refused)")
    }

    @Test("declaration mistakes are errors with the line of the declaration, never crashes")
    func declarationErrors() throws {
        let a = Label("a"), b = Label("b")
        func make(_ views: [any CellView], _ constraints: [LayoutConstraint]) -> CellLayoutError? {
            layoutError { _ = try CellTemplate(contentView: ContentView(subviews: views), constraints: constraints) }
        }
        #expect(make([a, Label("a")], [])?.code == .duplicateViewName)
        #expect(make([Label("")], [])?.code == .invalidName)
        #expect(make([Box("contentView")], [])?.code == .invalidName)
        #expect(make([Box("box", subviews: [ContentView()])], [])?.code == .invalidName)

        let line = #line + 1
        let unknown = make([a], [a.leading.constraint(equalTo: b.trailing)])
        #expect(unknown?.code == .unknownView)
        #expect(unknown?.views == ["b"])
        #expect(unknown?.location?.line == line)
        #expect(unknown?.message.contains("'b'") == true)

        let ref = { (view: String, attribute: LayoutAttribute) in AnchorReference(view: view, attribute: attribute) }
        #expect(make([a, b], [LayoutConstraint(ref("a", .leading), .equal, ref("b", .top))])?.code == .incompatibleAnchors)
        #expect(make([a, b], [LayoutConstraint(ref("a", .width), .equal, ref("b", .top))])?.code == .incompatibleAnchors)
        #expect(make([a, b], [LayoutConstraint(ref("a", .top), .equal, nil, constant: 4)])?.code == .incompatibleAnchors)
        #expect(make([a], [LayoutConstraint(AnchorReference(view: "a", attribute: .firstBaseline, layoutMarginsGuide: true), .equal, ref("contentView", .top))])?.code == .incompatibleAnchors)
        #expect(make([a, b], [a.leading.constraint(equalTo: b.leading, multiplier: 0)])?.code == .incompatibleAnchors)
        #expect(make([a], [a.width.constraint(equalToConstant: .nan)])?.code == .invalidValue)
        #expect(make([a], [a.width.constraint(equalToConstant: 1).collapsedConstant(.infinity)])?.code == .invalidValue)
        #expect(make([a], [a.width.constraint(equalToConstant: 1).priority(Priority(999.9999))])?.code == .invalidPriority)
        #expect(make([a], [a.width.constraint(equalToConstant: 1).priority(0)])?.code == .invalidPriority)
        #expect(make([a.contentHugging(1001, for: .vertical)], [])?.code == .invalidPriority)
        #expect(make([Label("f", font: Font(size: 0))], [])?.code == .invalidValue)
        #expect(make([ImageView("i", size: Size(width: -1, height: 2))], [])?.code == .invalidValue)
        #expect(make([Stack("s", axis: .vertical, alignment: .firstBaseline, arrangedSubviews: [a])], [])?.code == .invalidStack)
        #expect(make([Stack("s", axis: .vertical, arrangedSubviews: [a]).customSpacing(4, after: b), b], [])?.code == .invalidStack)
        // Allowed: priorities at the top of the declarable range, and required.
        #expect(make([a], [a.width.constraint(equalToConstant: 1).priority(999.999)]) == nil)
        #expect(make([a.contentHugging(.required, for: .horizontal)], []) == nil)
    }

    @Test("row content that names a missing view or sets what a view lacks")
    func contentErrors() throws {
        let image = ImageView("image", size: Size(width: 10, height: 10))
        let label = Label("label")
        let template = try CellTemplate(contentView: ContentView(subviews: [image, label]), constraints: [])
        func fit(_ set: (inout CellContent) -> Void) -> CellLayoutError? {
            var row = CellContent()
            set(&row)
            return layoutError { _ = try template.fit(row, width: 100, measurer: Self.measurer) }
        }
        #expect(fit { $0.setText("x", forViewNamed: "missing") }?.code == .unknownView)
        #expect(fit { $0.setText("x", forViewNamed: "image") }?.code == .wrongViewKind)
        #expect(fit { $0.setImageSize(Size(width: 1, height: 1), forViewNamed: "label") }?.code == .wrongViewKind)
        #expect(fit { $0.setVisibility(.collapsed, forViewNamed: "contentView") }?.code == .wrongViewKind)
        #expect(fit { $0.setImageSize(Size(width: .nan, height: 1), for: image) }?.code == .invalidValue)
        #expect(fit { $0.setFont(Font(size: -3), for: label) }?.code == .invalidValue)
        #expect(fit { $0.setFont(Font(family: "No Such Family Anywhere", size: 12), for: label) } == nil, "the fixed measurer ignores families")
        #expect(layoutError { _ = try template.fit(CellContent(), width: -1, measurer: Self.measurer) }?.code == .invalidWidth)
        #expect(layoutError { _ = try template.fit(CellContent(), width: .infinity, measurer: Self.measurer) }?.code == .invalidWidth)
        #expect(layoutError { _ = try template.fit(CellContent(), width: 100, measurer: Self.measurer, separatorHeight: -1) }?.code == .invalidValue)
    }

    @Test("a font family Pango does not know is a text-measurement error naming the view")
    func unknownFamily() throws {
        let label = Label("label", text: "hello", font: Font(family: "No Such Family Anywhere", size: 12))
        let template = try CellTemplate(contentView: ContentView(subviews: [label]), constraints: [])
        let error = try #require(layoutError { _ = try template.fit(CellContent(), width: 100, measurer: PangoTextMeasurer()) })
        #expect(error.code == .textMeasurement)
        #expect(error.views == ["label"])
        #expect(error.textError?.kind == .unknownFontFamily)
    }
}
