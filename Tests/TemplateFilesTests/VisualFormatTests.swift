import CellLayout
import Testing
import TemplateFiles

@Suite("Visual formats: the same constraints as the equivalent equations")
struct VisualFormatTests {
    static let views = """
        [{"name": "avatar", "kind": "image"}, {"name": "username", "kind": "label"},
         {"name": "media", "kind": "image"}, {"name": "body", "kind": "label"},
         {"name": "timestamp", "kind": "label"},
         {"name": "box", "kind": "box", "subviews": [{"name": "a", "kind": "label"}, {"name": "b", "kind": "label"}]}]
        """

    static let cases: [(format: String, equations: [String])] = [
        ("H:|-10-[avatar(40)]-10-[username]-(>=8)-[media]-10-|", [
            "avatar.leading == superview.leading + 10", "avatar.width == 40", "username.leading == avatar.trailing + 10",
            "media.leading >= username.trailing + 8", "superview.trailing == media.trailing + 10",
        ]),
        ("V:|-10-[username]-4-[body]-4-[timestamp]-10-|", [
            "username.top == superview.top + 10", "body.top == username.bottom + 4", "timestamp.top == body.bottom + 4",
            "superview.bottom == timestamp.bottom + 10",
        ]),
        ("[a][b]", ["b.leading == a.trailing"]),
        ("H:[a]-[b]", ["b.leading == a.trailing + 8"]),
        ("H:|-[a]-|", ["a.leading == box.leading + 8", "box.trailing == a.trailing + 8"]),
        ("H:|[a]|", ["a.leading == superview.leading", "superview.trailing == a.trailing"]),
        ("V:[a(>=20@750,<=b)]", ["a.height >= 20 @750", "a.height <= b.height"]),
        ("H:[a(==b)]", ["a.width == b.width"]),
        ("H:[a]-(>=8@250,<=20)-[b]", ["b.leading >= a.trailing + 8 @250", "b.leading <= a.trailing + 20"]),
        ("H:|-(-5)-[a]", ["a.leading == box.leading - 5"]),
        ("H:|-pad-[avatar(size@high)]-(pad@999)-|", [
            "avatar.leading == contentView.leading + pad", "avatar.width == size @750",
            "contentView.trailing == avatar.trailing + pad @999",
        ]),
        ("V: | - 10 - [ body ( 20 ) ]", ["body.top == superview.top + 10", "body.height == 20"]),
    ]

    @Test("each format", arguments: 0..<cases.count)
    func format(index: Int) throws {
        let (format, equations) = Self.cases[index]
        let metrics = #"{"pad": 12, "size": 36}"#
        let text = templateText(views: Self.views, constraints: [format], metrics: metrics)
        let fromFormat = try TemplateFile(parsing: text)
        let fromEquations = try TemplateFile(parsing: templateText(views: Self.views, constraints: equations, metrics: metrics))
        #expect(fromFormat.constraints.map(parts) == fromEquations.constraints.map(parts), "\(format)")
        #expect(fromFormat.constraints.allSatisfy { $0.location.line == lineCount(text) - 2 })
    }
}
