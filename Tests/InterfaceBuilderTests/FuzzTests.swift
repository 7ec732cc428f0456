import CassowaryTestSupport
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
        var random = ScenarioGenerator.seededGenerator(0x1B_2022)   // seeded: a failure replays
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
        var random = ScenarioGenerator.seededGenerator(0xC0FF_EE)
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
}
