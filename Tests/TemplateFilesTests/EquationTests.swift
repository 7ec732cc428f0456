import CellLayout
import Testing
import TemplateFiles

@Suite("Equations: each form makes the constraint the anchor methods make")
struct EquationTests {
    static let views = """
        [{"name": "title", "kind": "label"}, {"name": "body", "kind": "label", "lines": 0},
         {"name": "image", "kind": "image"},
         {"name": "box", "kind": "box", "subviews": [{"name": "inner", "kind": "label"}]}]
        """
    static let title = Label("title")
    static let body = Label("body")
    static let image = ImageView("image")
    static let inner = Label("inner")
    static let box = Box("box", subviews: [inner])
    static let contentView = ContentView(subviews: [title, body, image, box])

    static let cases: [(String, LayoutConstraint)] = [
        ("body.top == title.bottom + 4", body.top.constraint(equalTo: title.bottom, constant: 4)),
        ("title.height >= 20 @750", title.height.constraint(greaterThanOrEqualToConstant: 20).priority(750)),
        ("image.width == 24 | collapsed 0", image.width.constraint(equalToConstant: 24).collapsedConstant(0)),
        ("image.height == 0.75 * image.width", image.height.constraint(equalTo: image.width, multiplier: 0.75)),
        ("image.height == image.width * 0.75 + 4", image.height.constraint(equalTo: image.width, multiplier: 0.75, constant: 4)),
        ("image.height <= image.width / 2 - 1", image.height.constraint(lessThanOrEqualTo: image.width, multiplier: 0.5, constant: -1)),
        ("title.leading == superview.margins.leading", title.leading.constraint(equalTo: contentView.layoutMarginsGuide.leading)),
        ("inner.trailing == superview.layoutMarginsGuide.trailing", inner.trailing.constraint(equalTo: box.layoutMarginsGuide.trailing)),
        ("body.margins.top == contentView.top", body.layoutMarginsGuide.top.constraint(equalTo: contentView.top)),
        ("body.firstBaseline == title.baseline + 20", body.firstBaseline.constraint(equalTo: title.lastBaseline, constant: 20)),
        ("title.trailing <= superview.trailing - padding @high - 1",
         title.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -10).priority(749)),
        ("title.width == 2 * padding", title.width.constraint(equalToConstant: 20)),
        ("title.trailing == -padding + superview.trailing", title.trailing.constraint(equalTo: contentView.trailing, constant: -10)),
        ("title.width == -title.height", title.width.constraint(equalTo: title.height, multiplier: -1)),
        ("title.top == superview.top + 8 | collapsed 2 @low", title.top.constraint(equalTo: contentView.top, constant: 8).collapsedConstant(2).priority(250)),
        ("title.top==superview.top+8@defaultHigh|collapsed-padding",
         title.top.constraint(equalTo: contentView.top, constant: 8).priority(750).collapsedConstant(-10)),
        ("inner.centerX == box.centerX * 0.5", inner.centerX.constraint(equalTo: box.centerX, multiplier: 0.5)),
        ("title.height == 44 @fittingSizeLevel", title.height.constraint(equalToConstant: 44).priority(.fittingSizeLevel)),
        ("title.height == 44 @required", title.height.constraint(equalToConstant: 44)),
        ("title.height >= 44 @defaultLow + 0.5", title.height.constraint(greaterThanOrEqualToConstant: 44).priority(250.5)),
        ("title.left >= body.right", title.left.constraint(greaterThanOrEqualTo: body.right)),
        ("box.bottom == superview.bottom", box.bottom.constraint(equalTo: contentView.bottom)),
    ]

    @Test("each form", arguments: 0..<cases.count)
    func form(index: Int) throws {
        let (equation, expected) = Self.cases[index]
        let text = templateText(views: Self.views, constraints: [equation], metrics: #"{"padding": 10}"#)
        let file = try TemplateFile(parsing: text, path: "t.json")
        #expect(file.constraints.map(parts) == [parts(expected)], "\(equation)")
        #expect(file.constraints.first?.location == CellLayout.SourceLocation(file: "t.json", line: lineCount(text) - 2))
    }

    @Test("an object entry gives the constraint an identifier")
    func identifier() throws {
        let text = """
            {"views": [{"name": "title", "kind": "label"}],
             "constraints": [{"constraint": "title.height == 44", "identifier": "fixedHeight"}]}
            """
        let file = try TemplateFile(parsing: text)
        #expect(file.constraints.first?.identifier == "fixedHeight")
        #expect(file.constraints.first?.description == "fixedHeight: title.height == 44")
    }
}
