import Foundation
import InterfaceBuilder
import Testing

@Suite("Interface Builder view kinds")
struct ViewKindTests {
    func imported(_ text: String) throws -> ImportedCell {
        let document = try InterfaceBuilderDocument(parsing: text, path: "Kinds.xib")
        return try document.importCell(try document.cell(matching: nil))
    }

    /// The template's views, flattened, by name.
    func views(_ cell: ImportedCell) throws -> [String: [String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cell.templateJSON.utf8)) as? [String: Any])
        var result: [String: [String: Any]] = [:]
        func walk(_ list: [[String: Any]]) {
            for view in list {
                result[view["name"] as? String ?? ""] = view
                walk((view["subviews"] as? [[String: Any]] ?? []) + (view["arrangedSubviews"] as? [[String: Any]] ?? []))
            }
        }
        walk(object["views"] as? [[String: Any]] ?? [])
        return result
    }

    /// `"15 bold DejaVu Serif italic"`.
    func font(_ view: [String: Any]?) -> String {
        guard let font = view?["font"] as? [String: Any] else { return "none" }
        let size = (font["size"] as? Double).map { formatted($0) } ?? "?"
        let parts = [size, font["weight"] as? String ?? "?", font["family"] as? String ?? "?", font["style"] as? String]
        return parts.compactMap { $0 }.joined(separator: " ")
    }

    func formatted(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    func frame(_ width: Int, _ height: Int) -> String { #"<rect key="frame" x="0.0" y="0.0" width="\#(width)" height="\#(height)"/>"# }

    @Test("controls have fixed sizes; buttons take their title, font and insets")
    func controlsAndButtons() throws {
        let body = """
            <stepper translatesAutoresizingMaskIntoConstraints="NO" id="stp-00-001">\(frame(94, 32))</stepper>
            <activityIndicatorView style="large" translatesAutoresizingMaskIntoConstraints="NO" id="act-00-001">\(frame(58, 58))</activityIndicatorView>
            <activityIndicatorView style="medium" translatesAutoresizingMaskIntoConstraints="NO" id="act-00-002">\(frame(20, 20))</activityIndicatorView>
            <button buttonType="roundedRect" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-001">\(frame(60, 30))
                <state key="normal" title="Tap"/></button>
            <button translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-002">\(frame(40, 40))
                <fontDescription key="fontDescription" name="Menlo-BoldItalic" family="Menlo" pointSize="13"/>
                <inset key="contentEdgeInsets" minX="4" minY="2" maxX="6" maxY="3"/>
                <state key="normal" image="star"/></button>
            """
        let cell = try imported(Fixtures.header(subviews: body))
        let byName = try views(cell)
        #expect(byName["control1"]?["size"] as? [Double] == [94, 32])
        #expect(byName["control2"]?["size"] as? [Double] == [37, 37])
        #expect(byName["control3"]?["size"] as? [Double] == [20, 20])
        let system = try #require(byName["button1"])
        #expect(system["staticText"] as? String == "Tap" && system["text"] as? String == "button1Text")
        #expect(system["insets"] as? [String: Double] == ["top": 6, "left": 0, "bottom": 6, "right": 0])
        #expect(font(system) == "15 regular System")
        let custom = try #require(byName["button2"])
        #expect(custom["staticText"] as? String == "")
        #expect(custom["insets"] as? [String: Double] == ["top": 2, "left": 4, "bottom": 3, "right": 6])
        // IB's family and face as IB names them; the weight and slant from the name stand
        // in where the face is not installed.
        #expect(font(custom) == "13 bold Menlo, System Monospaced italic")
        #expect((custom["font"] as? [String: Any])?["face"] as? String == "Menlo-BoldItalic")
        #expect(cell.notes.contains { $0.contains("btn-00-002") && $0.contains("no title") })
    }

    @Test("text views, attributed labels, placeholder image sizes")
    func textAndImages() throws {
        let body = """
            <textView translatesAutoresizingMaskIntoConstraints="NO" id="txt-00-001">\(frame(200, 80))
                <string key="text">Lorem
            ipsum</string>
                <fontDescription key="fontDescription" type="italicSystem" pointSize="14"/></textView>
            <label numberOfLines="3" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">\(frame(100, 20))
                <attributedString key="attributedText">
                    <fragment content="Hello, "><attributes><font key="NSFont" size="15" name="Georgia-Bold"/></attributes></fragment>
                    <fragment content="world"/>
                </attributedString></label>
            <imageView placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="30" translatesAutoresizingMaskIntoConstraints="NO" id="img-00-001">\(frame(10, 30))</imageView>
            <imageView placeholderIntrinsicWidth="143" placeholderIntrinsicHeight="80.5" translatesAutoresizingMaskIntoConstraints="NO" id="img-00-002">\(frame(143, 80))</imageView>
            """
        let cell = try imported(Fixtures.header(subviews: body))
        let byName = try views(cell)
        let text = try #require(byName["textView1"])
        #expect(text["staticText"] as? String == "Lorem\nipsum" && text["lines"] == nil)
        #expect(text["insets"] as? [String: Double] == ["top": 8, "left": 5, "bottom": 8, "right": 5])
        #expect(font(text) == "14 regular System italic")
        #expect(cell.notes.contains { $0.contains("txt-00-001") && $0.contains("scrolls") })
        let label = try #require(byName["label1"])
        #expect(label["staticText"] as? String == "Hello, world" && label["lines"] as? Int == 3)
        #expect(label["lineBreak"] as? String == "truncateTail")
        // A face the file gives no family for: the serif alias stands in by its character.
        #expect(font(label) == "15 bold System Serif")
        #expect((label["font"] as? [String: Any])?["face"] as? String == "Georgia-Bold")
        #expect(byName["image1"]?["size"] is NSNull)
        #expect(byName["image2"]?["size"] as? [Double] == [143, 80.5])
    }

    @Test("a top-level view is a cell; a subview the default variation uninstalls is left out with its constraints")
    func topLevelViewAndUninstalledSubview() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="12118">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="top-00-001" customClass="BadgeView">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="44"/>
                        <subviews>
                            <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">\(frame(20, 20))</label>
                            <label text="B" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-002">\(frame(20, 20))
                                <constraints><constraint firstAttribute="width" constant="20" id="k03-aa-001"/></constraints></label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="lbl-00-001" firstAttribute="leading" secondItem="top-00-001" secondAttribute="leadingMargin" id="k01-aa-001"/>
                            <constraint firstItem="lbl-00-002" firstAttribute="leading" secondItem="lbl-00-001" secondAttribute="trailing" id="k02-aa-001"/>
                        </constraints>
                        <variation key="default">
                            <mask key="subviews"><exclude reference="lbl-00-002"/></mask>
                        </variation>
                    </view>
                </objects>
            </document>
            """
        let document = try InterfaceBuilderDocument(parsing: text, path: "Badge.xib")
        #expect(document.cells.map(\.kind) == [.view])
        let cell = try document.importCell(document.cells[0])
        #expect(cell.name == "BadgeView" && cell.viewNames == ["label1"])
        #expect(cell.skippedConstraints == ["k03-aa-001", "k02-aa-001"])
        #expect(document.cells[0].constraintCount == 3 && document.cells[0].viewCount == 2)
        #expect(cell.templateJSON.contains(#""constraint": "label1.leading == contentView.margins.leading @1000""#))
        #expect(cell.templateJSON.contains(#""margins": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}, "ib": "top-00-001""#))
    }

    @Test("a built-in style's labels with a zero font size take UIKit's label size; elsewhere zero is an error")
    func builtInStyleZeroFontSize() throws {
        func document(style: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="16097">
                <objects>
                    <tableViewCell \(style) textLabel="lbl-00-001" id="cel-00-001">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <tableViewCellContentView key="contentView" id="cnt-00-001">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            <subviews>
                                <label text="Title" id="lbl-00-001">
                                    <rect key="frame" x="16" y="0.0" width="288" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                </label>
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        }
        let styled = try imported(document(style: #"style="IBUITableViewCellStyleDefault""#))
        #expect(font(try views(styled)["label1"]) == "17 regular System")
        #expect(styled.notes.contains { $0.contains("a pointSize of 0 leaves the font to the cell style") })
        let error = #expect(throws: InterfaceBuilderError.self) { try imported(document(style: "")) }
        #expect(error?.message == "the font has no positive pointSize" && error?.line == 12)
    }
}
