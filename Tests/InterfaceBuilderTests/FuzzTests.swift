import TestSupport
import Foundation
import InterfaceBuilder
import Testing


@Suite("Interface Builder import never traps")
struct FuzzTests {
    /// Reads and imports every cell; whatever imports must be valid JSON.
    func exercise(_ data: Data) {
        guard let document = try? InterfaceBuilderDocument(parsing: data, path: "fuzz.xib") else { return }
        _ = try? document.cell(matching: nil)
        for cell in document.cells {
            guard let imported = try? document.importCell(cell) else { continue }
            #expect((try? JSONSerialization.jsonObject(with: Data(imported.templateJSON.utf8))) != nil)
        }
    }

    @Test("every prefix of a document")
    func truncations() {
        for text in [Fixtures.settingCell, Fixtures.header] {
            let bytes = Array(text.utf8)
            for end in 0...bytes.count { exercise(Data(bytes[0..<end])) }
        }
    }

    @Test("random byte changes, insertions and deletions")
    func byteMutations() {
        var random = seededXoshiro(0x1B_2022)   // seeded: a failure replays
        let junk = Array("<>\"'=/&;#-:. 0123456789eE+xYESNO".utf8) + [0, 0xFF, 0xC3, 0x80, 10]
        let bytes = Array(Fixtures.settingCell.utf8)
        for _ in 0..<FuzzBudget.cases(1500) {
            var copy = bytes
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0..<copy.count, using: &random)
                let byte = junk[Int.random(in: 0..<junk.count, using: &random)]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: copy[at] = byte
                case 1: copy.remove(at: at)
                default: copy.insert(byte, at: at)
                }
            }
            exercise(Data(copy))
        }
        FuzzBudget.report("Interface Builder byte mutations", cases: FuzzBudget.cases(1500))
    }

    @Test("unknown and hostile elements and attribute values")
    func structuralMutations() {
        var random = seededXoshiro(0xC0FF_EE)
        let elements = [
            #"<segmentedControl id="zz"/>"#, "<foo/>", #"<rect key="frame" width="nan" height="-3"/>"#,
            #"<constraint firstAttribute="weird"/>"#, #"<variation key="default"><mask key="subviews"><exclude reference="swi-00-001"/></mask></variation>"#,
            "<subviews><label/></subviews>", #"<viewLayoutGuide key="safeArea" id="g"/>"#,
            #"<constraints><constraint firstItem="nope" firstAttribute="top" id="q"/></constraints>"#,
            #"<fontDescription key="fontDescription" style="Bogus"/>"#, "<![CDATA[x]]>", "&amp;",
            #"<stackView id="s" axis="diagonal"><rect key="frame" width="1" height="1"/></stackView>"#,
            String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300),
        ]
        let text = Fixtures.settingCell
        let tagEnds = text.indices.filter { text[$0] == ">" }
        for _ in 0..<FuzzBudget.cases(400) {
            var copy = text
            let at = tagEnds[Int.random(in: 0..<tagEnds.count, using: &random)]
            copy.insert(contentsOf: elements[Int.random(in: 0..<elements.count, using: &random)], at: copy.index(after: at))
            exercise(Data(copy.utf8))
        }
        let values = ["-1", "nan", "inf", "1e309", "", "abc", "0:0", "3:", "1e-300", "-0.0", "2000", "1:-0"]
        let keys = ["constant=\"", "width=\"", "multiplier=\"", "priority=\"", "numberOfLines=\"", "pointSize=\"", "x=\""]
        for _ in 0..<FuzzBudget.cases(300) {
            var copy = text
            for _ in 0..<2 {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                let ranges = copy.ranges(of: key)
                guard !ranges.isEmpty else { continue }
                let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
                copy.replaceSubrange(range, with: key + values[Int.random(in: 0..<values.count, using: &random)] + "\" q=\"")
            }
            exercise(Data(copy.utf8))
        }
    }

    @Test("DOCTYPEs with internal entities: nested, cyclic, huge, in text, attributes, comments and CDATA")
    func entities() {
        var random = seededXoshiro(0xE2_7171)
        let values = [
            "World", "&amp;", "&lt;b&gt;", "&e0;", "&e1;&e1;", "&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;", "&#65;", "&#xFFFFFF;",
            "&undefined;", "<b>", "&e3;", "\"", "&", "&e0", String(repeating: "x", count: 4096),
        ]
        let places = ["text=\"", "userLabel=\"", "<string key=\"text\">", "<!-- ", "<![CDATA["]
        let base = Fixtures.settingCell
        var cases = 0
        for _ in 0..<FuzzBudget.cases(300) {
            var declarations = ""
            for index in 0..<Int.random(in: 1...4, using: &random) {
                let value = (0..<Int.random(in: 1...3, using: &random)).map { _ in values[Int.random(in: 0..<values.count, using: &random)] }
                declarations += "<!ENTITY e\(index) \"\(value.joined())\">"
            }
            if Bool.random(using: &random) { declarations += #"<!ENTITY % p "x"><!ENTITY ext SYSTEM "file:///etc/passwd">"# }
            var text = base.replacingOccurrences(
                of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                with: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE document [\(declarations)]>")
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let place = places[Int.random(in: 0..<places.count, using: &random)]
                let ranges = text.ranges(of: place)
                guard let range = ranges.randomElement(using: &random) else { continue }
                text.insert(contentsOf: "&e\(Int.random(in: 0...4, using: &random));", at: range.upperBound)
            }
            exercise(Data(text.utf8))
            cases += 1
        }
        FuzzBudget.report("Interface Builder entities", cases: cases)
    }

    @Test("wide and deep documents: many views, deep nesting, long attribute values")
    func wideAndDeep() {
        var random = seededXoshiro(0x31_0031)
        for _ in 0..<FuzzBudget.cases(20) {
            let width = Int.random(in: 1...400, using: &random), depth = Int.random(in: 1...60, using: &random)
            let leaves = (0..<width).map { "<label text=\"\(String(repeating: "w", count: $0 % 97))\" id=\"l\($0)\"><rect key=\"frame\" width=\"10\" height=\"10\"/></label>" }
            var nested = leaves.joined()
            for level in 0..<depth {
                nested = "<view id=\"v\(level)\"><rect key=\"frame\" width=\"10\" height=\"10\"/><subviews>\(nested)</subviews></view>"
            }
            exercise(Data(Fixtures.header(subviews: nested).utf8))
        }
        FuzzBudget.report("Interface Builder wide and deep", cases: FuzzBudget.cases(20))
    }
}
