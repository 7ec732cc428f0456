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

    @Test("a view class the importer does not map names file, line and element")
    func unknownViewClass() throws {
        let text = Fixtures.header(subviews: """
            <segmentedControl opaque="NO" segmentControlStyle="plain" selectedSegmentIndex="0" id="keJ-kn-yV4">
                <rect key="frame" x="0" y="0" width="100" height="28"/>
            </segmentedControl>
            """)
        let error = try #require(importError(text))
        #expect(error.code == .unsupportedElement)
        #expect(error.element == #"<segmentedControl id="keJ-kn-yV4">"#)
        #expect(error.line == line(of: "<segmentedControl", in: text))
        #expect(error.description == "Bad.xib:\(error.line): <segmentedControl id=\"keJ-kn-yV4\">: \(error.message)")
    }

    @Test("an unknown element inside a view is refused, decoration is not")
    func unknownChild() throws {
        let label = #"<label text="x" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001"><rect key="frame" width="10" height="10"/>CHILD</label>"#
        let decorated = label.replacingOccurrences(
            of: "CHILD", with: #"<color key="textColor" white="1" alpha="1"/><nil key="highlightedColor"/><accessibility key="accessibilityConfiguration"/>"#)
        #expect(importError(Fixtures.header(subviews: decorated)) == nil)
        let unknown = label.replacingOccurrences(of: "CHILD", with: "<frobnicate/>")
        let error = try #require(importError(Fixtures.header(subviews: unknown)))
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

    @Test("not a document, an unreadable file, a missing frame")
    func otherFailures() throws {
        #expect(throws: InterfaceBuilderError.self) { try InterfaceBuilderDocument(parsing: "<plist/>", path: "x.plist") }
        do {
            _ = try InterfaceBuilderDocument(contentsOfFile: "/nonexistent/Cell.xib")
        } catch {
            #expect(error.code == .unreadableFile && error.line == 0)
        }
        let frameless = Fixtures.header(subviews: #"<view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"/>"#)
        #expect(importError(frameless)?.code == .missingAttribute)
    }
}
