import Foundation
import InterfaceBuilder
import Testing

@Suite("Interface Builder import errors")
struct ErrorTests {
    /// The error importing the header's only cell throws, or nil when it imports.
    func importError(_ text: String) -> InterfaceBuilderError? {
        do {
            let document = try InterfaceBuilderDocument(parsing: text, path: "Bad.xib")
            _ = try document.importCell(try document.cell(matching: nil))
            return nil
        } catch {
            return error
        }
    }

    func line(of needle: String, in text: String) -> Int {
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test("a view class the importer does not know is a view of its design size, or a box holding its subviews")
    func unknownViewClass() throws {
        let leaf = #"<frobnicatorView id="frb-00-001"><rect key="frame" x="0" y="0" width="100" height="28"/></frobnicatorView>"#
        let cell = try InterfaceBuilderDocument(parsing: Fixtures.header(subviews: leaf), path: "Odd.xib")
        let imported = try cell.importCell(try cell.cell(matching: nil))
        #expect(imported.templateJSON.contains(#""kind": "control""#) && imported.templateJSON.contains(#""size": [100, 28]"#))
        #expect(imported.notes.contains { $0.contains("frobnicatorView is not a UIKit class the importer knows") })
        let holder = #"<frobnicatorView id="frb-00-001"><rect key="frame" width="100" height="28"/><subviews><view id="box-00-001"><rect key="frame" width="10" height="10"/></view></subviews></frobnicatorView>"#
        let boxed = try InterfaceBuilderDocument(parsing: Fixtures.header(subviews: holder), path: "Odd.xib")
        let boxedCell = try boxed.importCell(try boxed.cell(matching: nil))
        #expect(boxedCell.viewNames.count == 2)
        #expect(boxedCell.templateJSON.contains(#""kind": "box""#))
    }

    @Test("every UIKit class imports: segmented controls, text fields, bars, pickers, progress views, scroll views")
    func uikitClasses() throws {
        let views = [
            #"<segmentedControl id="v01-00-001"><rect key="frame" width="100" height="28"/><segments><segment title="A"/></segments></segmentedControl>"#,
            #"<textField id="v02-00-001"><rect key="frame" y="30" width="100" height="34"/></textField>"#,
            #"<progressView id="v03-00-001"><rect key="frame" y="70" width="100" height="4"/></progressView>"#,
            #"<searchBar id="v04-00-001"><rect key="frame" y="80" width="100" height="56"/></searchBar>"#,
            #"<mapView id="v05-00-001"><rect key="frame" y="140" width="100" height="50"/></mapView>"#,
            #"<pickerView id="v06-00-001"><rect key="frame" y="190" width="100" height="216"/></pickerView>"#,
        ]
        let document = try InterfaceBuilderDocument(parsing: Fixtures.header(subviews: views.joined(separator: "\n")), path: "Classes.xib")
        let imported = try document.importCell(try document.cell(matching: nil))
        let json = imported.templateJSON
        #expect(imported.viewNames.count == views.count)
        #expect(json.contains(#""size": [100, 28], "alignmentInsets": {"top": 0, "left": 0, "bottom": 1, "right": 0}"#))
        #expect(json.contains(#""size": [null, 4]"#) && json.contains(#""size": [null, 56]"#))
        #expect(json.contains(#""size": [100, 216]"#))
        #expect(json.contains(#"{"name": "view1", "kind": "box""#))
    }

    @Test("an unknown element inside a view is a note; one holding subviews or constraints is refused; decoration is silent")
    func unknownChild() throws {
        let label = #"<label text="x" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001"><rect key="frame" width="10" height="10"/>CHILD</label>"#
        let decorated = label.replacingOccurrences(
            of: "CHILD", with: #"<color key="textColor" white="1" alpha="1"/><nil key="highlightedColor"/><accessibility key="accessibilityConfiguration"/><animations/><gestureRecognizers/>"#)
        #expect(importError(Fixtures.header(subviews: decorated)) == nil)
        let unknown = label.replacingOccurrences(of: "CHILD", with: "<frobnicate/>")
        #expect(importError(Fixtures.header(subviews: unknown)) == nil)
        let document = try InterfaceBuilderDocument(parsing: Fixtures.header(subviews: unknown), path: "Odd.xib")
        let imported = try document.importCell(try document.cell(matching: nil))
        #expect(imported.notes.contains { $0.contains("<frobnicate> inside <label id=\"lbl-00-001\">") })
        let holding = label.replacingOccurrences(of: "CHILD", with: "<frobnicate><subviews/></frobnicate>")
        let error = try #require(importError(Fixtures.header(subviews: holding)))
        #expect(error.code == .unsupportedElement && error.element == "<frobnicate>")
    }

    @Test("a constraint naming no imported view is an error, never dropped")
    func unknownReference() throws {
        let text = Fixtures.header(
            subviews: #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"><rect key="frame" width="10" height="10"/></view>"#,
            constraints: #"<constraint firstItem="box-00-001" firstAttribute="top" secondItem="zzz-zz-zzz" secondAttribute="top" id="bad-00-001"/>"#)
        let error = try #require(importError(text))
        #expect(error.code == .unknownReference)
        #expect(error.element == #"<constraint id="bad-00-001">"#)
        #expect(error.message.contains("zzz-zz-zzz"))
    }

    @Test("a position equal to a constant cannot be written")
    func positionConstant() throws {
        let text = Fixtures.header(
            subviews: #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"><rect key="frame" width="10" height="10"/></view>"#,
            constraints: #"<constraint firstItem="box-00-001" firstAttribute="top" constant="3" id="bad-00-002"/>"#)
        #expect(importError(text)?.code == .unsupportedConstraint)
    }

    @Test("bad numbers, ratios and enumerations are invalid attributes")
    func invalidAttributes() {
        let box = #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"><rect key="frame" width="10" height="10"/></view>"#
        for constraint in [
            #"<constraint firstItem="box-00-001" firstAttribute="width" constant="nan" id="n-1"/>"#,
            #"<constraint firstItem="box-00-001" firstAttribute="width" secondItem="box-00-001" secondAttribute="height" multiplier="3:0" id="n-2"/>"#,
            #"<constraint firstItem="box-00-001" firstAttribute="width" constant="4" priority="0" id="n-3"/>"#,
            #"<constraint firstItem="box-00-001" firstAttribute="sideways" constant="4" id="n-4"/>"#,
            #"<constraint firstItem="box-00-001" firstAttribute="width" relation="roughly" constant="4" id="n-5"/>"#,
        ] {
            #expect(importError(Fixtures.header(subviews: box, constraints: constraint))?.code == .invalidAttribute, "\(constraint)")
        }
        let stack = #"<stackView axis="diagonal" translatesAutoresizingMaskIntoConstraints="NO" id="stk-00-001"><rect key="frame" width="10" height="10"/></stackView>"#
        #expect(importError(Fixtures.header(subviews: stack))?.code == .invalidAttribute)
    }

    @Test("malformed XML reports the parser's line")
    func malformed() throws {
        let text = "<?xml version=\"1.0\"?>\n<document>\n<objects>\n<view id=\"a\" <oops/>\n</objects>\n</document>\n"
        do {
            _ = try InterfaceBuilderDocument(parsing: text, path: "Broken.xib")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedXML && error.file == "Broken.xib")
            #expect(error.line == 4)
        }
    }

    @Test("bytes that are not UTF-8 are refused before the parser sees them")
    func invalidUTF8() {
        var bytes = Array("<document>\n<objects>\n<vi".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("ew id=\"a\"/></objects></document>".utf8)
        do {
            _ = try InterfaceBuilderDocument(parsing: Data(bytes), path: "Latin.xib")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedXML && error.line == 3)
        }
    }

    @Test("not a document, an unreadable file; a view without a frame is no failure (issue 51)")
    func otherFailures() throws {
        #expect(throws: InterfaceBuilderError.self) { try InterfaceBuilderDocument(parsing: "<plist/>", path: "x.plist") }
        do {
            _ = try InterfaceBuilderDocument(contentsOfFile: "/nonexistent/Cell.xib")
        } catch {
            #expect(error.code == .unreadableFile && error.line == 0)
        }
        let frameless = Fixtures.header(subviews: #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"/>"#)
        // UIKit decodes it at a zero frame and its constraints place it (FramelessAndBaselineStackTests).
        #expect(importError(frameless) == nil)
    }
}
