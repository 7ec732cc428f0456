import Foundation
@testable import InterfaceBuilder
import Testing

@Suite("Interface Builder import")
struct ImportTests {
    func imported(_ text: String, path: String = "Fixture.xib", cell id: String? = nil) throws -> ImportedCell {
        let document = try InterfaceBuilderDocument(parsing: text, path: path)
        return try document.importCell(try document.cell(matching: id))
    }

    func constraints(of cell: ImportedCell) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cell.templateJSON.utf8)) as? [String: Any])
        let list = try #require(object["constraints"] as? [[String: String]])
        var byIdentifier: [String: String] = [:]
        for entry in list { byIdentifier[entry["identifier"] ?? ""] = entry["constraint"] }
        return byIdentifier
    }

    @Test("a small header's template, whole")
    func wholeTemplate() throws {
        let cell = try imported(Fixtures.header, path: "/some/folder/Header.xib")
        #expect(cell.templateJSON == Fixtures.headerTemplate)
        #expect(!cell.automaticHeight)   // a reusable view has the size it was given
        #expect(cell.frames["label1"] == Rect(x: 8, y: 10, width: 100, height: 20.5))
        #expect(cell.ibIDs == ["contentView": "hdr-00-001", "label1": "lbl-00-009"])
    }

    @Test("cells listed and matched by id, reuse identifier, then class")
    func cellMatching() throws {
        let document = try InterfaceBuilderDocument(parsing: Fixtures.settingCell, path: "Setting.xib")
        #expect(document.toolsVersion == 14460)
        #expect(document.cells.count == 1)
        let summary = document.cells[0]
        #expect(summary.kind == .tableViewCell && summary.id == "cel-l1-abc")
        #expect(summary.reuseIdentifier == "SettingCell" && summary.customClass == "SettingCell")
        #expect(summary.size == Size(width: 375, height: 60) && summary.contentSize == Size(width: 375, height: 60))
        #expect(summary.viewCount == 5 && summary.constraintCount == 11 && summary.line == 5)
        #expect(try document.cell(matching: nil) == summary)
        #expect(try document.cell(matching: "cel-l1-abc") == summary)
        #expect(try document.cell(matching: "SettingCell") == summary)
        #expect(throws: InterfaceBuilderError.self) { try document.cell(matching: "Other") }
        do {
            _ = try document.cell(matching: "Other")
        } catch {
            #expect(error.code == .noSuchCell)
        }
    }

    @Test("several cells: nil and a shared reuse identifier are ambiguous, the id is not")
    func ambiguity() throws {
        let two = Fixtures.header.replacingOccurrences(
            of: "</objects>",
            with: "<collectionReusableView reuseIdentifier=\"Header\" id=\"hdr-00-002\"><rect key=\"frame\" width=\"10\" height=\"10\"/></collectionReusableView></objects>")
        let document = try InterfaceBuilderDocument(parsing: two, path: "Two.xib")
        #expect(document.cells.map(\.id) == ["hdr-00-001", "hdr-00-002"])
        for id in [nil, "Header"] as [String?] {
            do {
                _ = try document.cell(matching: id)
                Issue.record("expected an ambiguity")
            } catch {
                #expect(error.code == .ambiguousCell)
                #expect(error.message.contains("hdr-00-001") && error.message.contains("hdr-00-002"))
            }
        }
        #expect(try document.cell(matching: "hdr-00-002").id == "hdr-00-002")
    }

    @Test("views: names, kinds, stacks, hidden views hidden as UIKit hides them, fonts, images")
    func views() throws {
        let cell = try imported(Fixtures.settingCell)
        let json = cell.templateJSON
        #expect(cell.viewNames == ["stack1", "titleLabel", "detailText", "switch1", "image1"])
        #expect(json.contains(#""contentView": {"margins": {"top": 11, "leading": 16, "bottom": 11, "trailing": 16}, "ib": "con-te-nt1", "design": [375, 60]}"#))
        #expect(json.contains(#""axis": "vertical", "spacing": 8, "alignment": "top", "distribution": "fill", "arrangedSubviews": ["#))
        #expect(json.contains(#""hugging": {"h": 251, "v": 250}"#))
        #expect(json.contains(#""font": {"size": 16, "weight": "bold", "family": "System"}, "lines": 0, "lineBreak": "wordWrap", "text": "titleLabelText", "staticText": "Title"}"#))
        // A text style stays one, and the label's adjustsFontForContentSizeCategory is copied.
        #expect(json.contains(#""visibility": "uikitHidden", "font": {"textStyle": "subheadline", "family": "System"}, "adjustsFontForContentSizeCategory": true, "lines": 1"#))
        // UIKit's system font is the alias "System", whose stand-in the template names once.
        #expect(json.contains(#""fonts": {"System": "DejaVu Sans"},"#))
        #expect(json.contains(#"{"name": "switch1", "kind": "switch", "ib": "swi-00-001", "design": [51, 31], "hugging": {"h": 250, "v": 250}, "compression": {"h": 750, "v": 750}, "margins": {"top": 8, "left": 8, "bottom": 8, "right": 8}}"#))
        #expect(json.contains(#""size": [24, 24]}"#))
        #expect(cell.hiddenViews == ["detailText"])
        #expect(cell.automaticHeight)
        #expect(cell.frames["detailText"] == Rect(x: 16, y: 38.5, width: 50, height: 10.5))
    }

    @Test("constraints: margins, the cell as content view, safe area, ratios, baselines, priorities")
    func constraintTranslation() throws {
        let cell = try imported(Fixtures.settingCell)
        let byID = try constraints(of: cell)
        #expect(byID["c01-aa-001"] == "stack1.leading == contentView.margins.leading @1000")
        #expect(byID["c02-aa-001"] == "stack1.top == contentView.margins.top @1000")
        #expect(byID["c03-aa-001"] == "contentView.margins.bottom >= stack1.bottom @1000")
        #expect(byID["c04-aa-001"] == "switch1.centerY == contentView.centerY @1000")
        #expect(byID["c05-aa-001"] == "contentView.margins.trailing == switch1.trailing @1000")
        #expect(byID["c06-aa-001"] == "switch1.leading >= stack1.trailing + 8 @750")
        #expect(byID["c07-aa-001"] == "switch1.top >= contentView.safeArea.top - 2 @1000")
        #expect(byID["c08-aa-001"] == "titleLabel.width == detailText.width * 4 @1000")
        #expect(byID["c09-aa-001"] == "titleLabel.lastBaseline == switch1.margins.centerY @1000")
        #expect(byID["c10-aa-001"] == nil && byID["c11-aa-001"] == nil)
        #expect(cell.skippedConstraints == ["c10-aa-001", "c11-aa-001"])
        #expect(cell.notes.contains { $0.contains("placeholders") && $0.contains("c10-aa-001") })
        #expect(cell.notes.contains { $0.contains("widthClass=compact") })
    }

    @Test("autoresizing: two flexible margins share the change in proportion")
    func autoresizing() throws {
        let byID = try constraints(of: try imported(Fixtures.settingCell))
        // Margins 88 and 375 - 88 - 23 = 264: the left one takes 88 / 352 = 1/4 of a change.
        #expect(byID["autoresizing:img-00-001:left"] == "image1.left == contentView.right * 0.25 - 5.75 @1000")
        #expect(byID["autoresizing:img-00-001:width"] == "image1.width == 23 @1000")
        #expect(byID["autoresizing:img-00-001:top"] == "image1.top == contentView.top + 18 @1000")
        #expect(byID["autoresizing:img-00-001:height"] == "image1.height == 24 @1000")
        #expect(byID.keys.filter { $0.hasPrefix("autoresizing:") }.count == 4)
    }

    @Test("autoresizing: each combination reproduces the design frame and UIKit's resizing")
    func autoresizingCombinations() throws {
        for mask in 0..<8 {
            let attributes = [(1, "flexibleMinX"), (2, "widthSizable"), (4, "flexibleMaxX")]
                .filter { mask & $0.0 != 0 }.map { "\($0.1)=\"YES\"" }.joined(separator: " ")
            let body = """
                <view id="box-00-001"><rect key="frame" x="30" y="5" width="60" height="10"/>
                <autoresizingMask key="autoresizingMask" \(attributes)/></view>
                """
            let byID = try constraints(of: try imported(Fixtures.header(subviews: body)))
            let lines = byID.filter { $0.key.hasPrefix("autoresizing:box-00-001:") }
            #expect(lines.count == 4, "mask \(mask)")
            // At a superview width W, UIKit gives the flexible parts (30, 60, 230) the change
            // W - 320 in proportion to their sizes.
            for width in [320.0, 500.0, 200.0] {
                let parts = [30.0, 60.0, 230.0]
                let flexible = (0..<3).filter { mask & (1 << $0) != 0 }
                let total = flexible.map { parts[$0] }.reduce(0, +)
                var new = parts
                for index in flexible { new[index] += (width - 320) * parts[index] / total }
                let horizontal = lines.filter { ["left", "width", "right"].contains($0.key.split(separator: ":").last ?? "") }
                let frame = Solved.horizontal(horizontal.map(\.value), superWidth: width)
                #expect(abs(frame.left - new[0]) < 1e-9 && abs(frame.width - new[1]) < 1e-9, "mask \(mask) at \(width)")
            }
        }
    }

    @Test("numbers: integers without .0, full precision, no exponent, no negative zero")
    func numbers() {
        #expect(formatNumber(0) == "0" && formatNumber(-0.0) == "0" && formatNumber(-7) == "-7")
        #expect(formatNumber(2.5) == "2.5" && formatNumber(20.333333333333332) == "20.333333333333332")
        #expect(formatNumber(1e-5) == "0.00001" && formatNumber(-1.5e-7) == "-0.00000015")
        #expect(formatNumber(1e20) == "100000000000000000000" && formatNumber(16.0 / 9.0) == "1.7777777777777777")
    }
}

/// Solves the horizontal autoresizing equations of `view1` at a superview width.
enum Solved {
    static func horizontal(_ equations: [String], superWidth: Double) -> (left: Double, width: Double) {
        var values: [String: Double] = [:]
        for equation in equations {
            let sides = equation.replacingOccurrences(of: " @1000", with: "").components(separatedBy: " == ")
            if sides[0].hasPrefix("view1.") {
                values[sides[0]] = linear(sides[1], superWidth: superWidth)
            } else {
                // `contentView.right == view1.edge + c` puts the edge c before the superview's right.
                let tokens = sides[1].split(separator: " ").map(String.init)
                let constant = tokens.count == 3 ? (tokens[1] == "+" ? 1 : -1) * Double(tokens[2])! : 0
                values[tokens[0]] = superWidth - constant
            }
        }
        let left = values["view1.left"] ?? (values["view1.right"]! - values["view1.width"]!)
        return (left, values["view1.width"] ?? (values["view1.right"]! - left))
    }

    /// `contentView.left + c`, `contentView.right * k - c`, or a number.
    static func linear(_ text: String, superWidth: Double) -> Double {
        let tokens = text.split(separator: " ").map(String.init)
        var value: Double
        switch tokens[0] {
        case "contentView.left": value = 0
        case "contentView.right": value = superWidth
        default: value = Double(tokens[0])!
        }
        var index = 1
        if index < tokens.count, tokens[index] == "*" {
            value *= Double(tokens[index + 1])!
            index += 2
        }
        if index < tokens.count { value += (tokens[index] == "+" ? 1 : -1) * Double(tokens[index + 1])! }
        return value
    }
}
