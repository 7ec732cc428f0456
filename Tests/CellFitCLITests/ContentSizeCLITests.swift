import Foundation
import Testing

/// `--content-size` on `heights` and `layout`, run as a user would, with the Dynamic
/// Type example (Examples/Templates/DynamicType.json: a headline and a multi-line body
/// that adjust, and a date in the caption style that does not).
@Suite("cellfit --content-size")
struct ContentSizeCLITests {
    static let (template, data) = example("DynamicType")
    static let all = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    func heights(_ extra: [String], input: String? = nil) throws -> CellFit.Result {
        try CellFit.run(["heights", "--template", Self.template, "--width", "320,375"] + extra, input: input)
    }

    @Test("all: twelve heights per row and width in one pass, in the categories' order, never decreasing")
    func all() throws {
        let result = try heights(["--data", Self.data, "--content-size", "all", "--format", "ndjson"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.data))) as? [[String: Any]])
        let rows = objects.count
        let texts = objects.filter { !((($0["title"] as? String) ?? "") + (($0["body"] as? String) ?? "")).isEmpty }.count
        #expect(lines.count == rows * 2 * 12)
        var rising = 0
        for row in 0..<rows {
            for (w, width) in [320, 375].enumerated() {
                let heights = Self.all.indices.map { c in lines[row * 24 + c * 2 + w] }
                #expect(heights.map { $0["row"] as? Int } == Array(repeating: row, count: 12))
                #expect(heights.map { $0["width"] as? Int } == Array(repeating: width, count: 12))
                #expect(heights.map { $0["contentSize"] as? String } == Self.all)
                let values = heights.compactMap { $0["height"] as? Double }
                #expect(values.count == 12 && zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "row \(row) at \(width): \(values)")
                if values[11] > values[0] { rising += 1 }
            }
        }
        #expect(rising == texts * 2 && texts > 0, "every row with text grows from xS to AX5")
        // Large is the default: the category's lines are the heights without --content-size.
        let plain = try heights(["--data", Self.data, "--format", "ndjson"])
        let large = lines.enumerated().filter { $0.offset % 24 / 2 == 3 }.map { $0.element["height"] as? Double }
        let plainHeights = plain.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["height"] as? Double
        }
        #expect(large == plainHeights)
    }

    @Test("csv gains a contentSize column; a stream gives the lines of the whole file; json nests the categories")
    func formats() throws {
        let csv = try heights(["--data", Self.data, "--content-size", "L,AX3"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "row,width,contentSize,height")
        #expect(lines.dropFirst().prefix(4).map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
            == ["0,320,L", "0,375,L", "0,320,AX3", "0,375,AX3"])
        let rows = try Data(contentsOf: URL(fileURLWithPath: Self.data))
        let objects = try #require(try JSONSerialization.jsonObject(with: rows) as? [[String: Any]])
        let ndjson = try objects.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let streamed = try heights(["--data", "-", "--content-size", "L,AX3"], input: ndjson)
        #expect(streamed.status == 0 && streamed.stdout == csv.stdout)
        let reported = try heights(["--data", Self.data, "--content-size", "L,AX3", "--on-error", "report"])
        #expect(reported.stdout.split(separator: "\n").dropFirst().map { $0.dropLast() } == lines.dropFirst().map { $0[...] })
        let json = try heights(["--data", Self.data, "--content-size", "L,AX3", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["contentSizes"] as? [String] == ["L", "AX3"])
        let first = try #require((object["heights"] as? [[[Double]]])?.first)
        let csvFirst = lines.dropFirst().prefix(4).compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        #expect(first == [[csvFirst[0], csvFirst[1]], [csvFirst[2], csvFirst[3]]])
    }

    @Test("layout takes one category; --every-text-style scales the date too; bad names are exit 64 with the list")
    func layout() throws {
        func date(_ extra: [String]) throws -> [Double] {
            let result = try CellFit.run(["layout", "--template", Self.template, "--data", Self.data, "--width", "375"] + extra)
            #expect(result.status == 0)
            let line = result.stdout.split(separator: "\n").first { $0.contains("date:") } ?? ""
            return line.drop(while: { $0 != "[" }).dropFirst().dropLast().split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
        }
        let large = try date([]), ax3 = try date(["--content-size", "AX3"]), every = try date(["--content-size", "AX3", "--every-text-style"])
        #expect(large.count == 4 && ax3.count == 4 && every.count == 4)
        // The caption date does not adjust: its size stays; it moves with the taller title.
        #expect(ax3.suffix(2) == large.suffix(2) && ax3[1] > large[1])
        #expect(every[2] > large[2] && every[3] > large[3])
        let two = try CellFit.run(["layout", "--template", Self.template, "--width", "375", "--content-size", "L,AX3"])
        #expect(two.status == 64 && two.stderr.contains("one category for layout"))
        let bad = try heights(["--data", Self.data, "--content-size", "L,XL3"])
        #expect(bad.status == 64 && bad.stderr.contains("'XL3' is not a content size category; expected xS, S, M, L, xL, xxL, xxxL, AX1"))
        let twice = try heights(["--data", Self.data, "--content-size", "L,l"])
        #expect(twice.status == 64 && twice.stderr.contains("lists L twice"))
        let alone = try heights(["--data", Self.data, "--every-text-style"])
        #expect(alone.status == 64 && alone.stderr.contains("--every-text-style goes with --content-size"))
    }
}

/// Dynamic Type of imported cells (issue 51): UIKit resolves a text style when it decodes
/// a nib, so every label whose font has one takes the category the cell is loaded
/// under, adjusting or not. The importer marks the template (`"textStyles": "nib"`), and
/// `--adjusting-text-styles-only` keeps the other rule.
@Suite("cellfit --content-size, imported cells")
struct ImportedContentSizeCLITests {
    /// Two labels in text styles that do not adjust, stacked, and one of a fixed size.
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects>
                <tableViewCell contentMode="scaleToFill" reuseIdentifier="Styled" rowHeight="-1" id="cel-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="80"/>
                    <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cel-00-001" id="con-00-001">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="80"/>
                        <subviews>
                            <label text="Title" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">
                                <rect key="frame" x="16" y="11" width="343" height="20.5"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                            </label>
                            <label text="Some words of a body that wraps" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-002">
                                <rect key="frame" x="16" y="35.5" width="343" height="20.5"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
                            <label text="Fixed" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-003">
                                <rect key="frame" x="16" y="60" width="343" height="9"/>
                                <fontDescription key="fontDescription" type="system" pointSize="9"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="lbl-00-001" firstAttribute="leading" secondItem="con-00-001" secondAttribute="leadingMargin" id="c01-aa-001"/>
                            <constraint firstAttribute="trailingMargin" secondItem="lbl-00-001" secondAttribute="trailing" id="c02-aa-001"/>
                            <constraint firstItem="lbl-00-001" firstAttribute="top" secondItem="con-00-001" secondAttribute="topMargin" id="c03-aa-001"/>
                            <constraint firstItem="lbl-00-002" firstAttribute="leading" secondItem="lbl-00-001" secondAttribute="leading" id="c04-aa-001"/>
                            <constraint firstItem="lbl-00-002" firstAttribute="trailing" secondItem="lbl-00-001" secondAttribute="trailing" id="c05-aa-001"/>
                            <constraint firstItem="lbl-00-002" firstAttribute="top" secondItem="lbl-00-001" secondAttribute="bottom" constant="4" id="c06-aa-001"/>
                            <constraint firstItem="lbl-00-003" firstAttribute="leading" secondItem="lbl-00-001" secondAttribute="leading" id="c07-aa-001"/>
                            <constraint firstItem="lbl-00-003" firstAttribute="top" secondItem="lbl-00-002" secondAttribute="bottom" constant="4" id="c08-aa-001"/>
                            <constraint firstAttribute="bottomMargin" secondItem="lbl-00-003" secondAttribute="bottom" id="c09-aa-001"/>
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
            </objects>
        </document>
        """

    func heights(_ template: String, _ extra: [String]) throws -> [Double] {
        let result = try CellFit.run(["heights", "--template", template, "--width", "375", "--content-size", "all", "--format", "ndjson"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.lines.map { try #require(try jsonObject($0)["height"] as? Double) }
    }

    @Test("text styles of a nib take every category with no option; --adjusting-text-styles-only keeps them at Large")
    func nibRule() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let xib = try scratch.write(Self.xib, to: "Styled.xib")
        let template = scratch.file("Styled.json")
        let imported = try CellFit.run(["import", xib, "--out", template])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: template, encoding: .utf8)
        #expect(text.contains(#""textStyles": "nib""#))

        let nib = try heights(template, [])
        #expect(nib.count == 12)
        #expect(zip(nib, nib.dropFirst()).allSatisfy { $0 <= $1 }, "\(nib)")
        #expect(nib[0] < nib[3] && nib[3] < nib[6] && nib[6] < nib[11], "xS < L < xxxL < AX5: \(nib)")
        #expect(try heights(template, ["--every-text-style"]) == nib)

        let adjusting = try heights(template, ["--adjusting-text-styles-only"])
        #expect(adjusting == Array(repeating: nib[3], count: 12), "no label adjusts: every category is Large's: \(adjusting)")

        let both = try CellFit.run(["heights", "--template", template, "--width", "375", "--content-size", "all",
                                    "--every-text-style", "--adjusting-text-styles-only"])
        #expect(both.status == 64 && both.stderr.contains("name two rules"))
        let alone = try CellFit.run(["heights", "--template", template, "--width", "375", "--adjusting-text-styles-only"])
        #expect(alone.status == 64 && alone.stderr.contains("--adjusting-text-styles-only goes with --content-size"))
    }
}
