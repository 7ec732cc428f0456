import CellLayout
import Foundation
import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing

/// Frames UIKit keeps that constraints do not state: an autoresizing control's frame,
/// a scroll view's content, a misplaced control's stand-in size.
@Suite("Interface Builder: autoresizing controls, scroll view content, misplaced sizes")
struct ScrollAndControlFrameTests {
    /// The header laid out at 320 × 40 with `body`; each named view's frame by IB id.
    static func frames(_ body: String, constraints: String = "") throws -> (cell: ImportedCell, frames: [String: Rect]) {
        let document = try InterfaceBuilderDocument(parsing: Fixtures.header(subviews: body, constraints: constraints), path: "Header.xib")
        let cell = try document.importCell(try document.cell(matching: nil))
        let file = try TemplateFile(parsing: cell.templateJSON, path: "Header.json")
        var fitter = file.template.makeFitter(measurer: FixedAdvanceMeasurer())
        let layout = try fitter.layout(row: CellContent(), width: 320, height: 40)
        var frames: [String: Rect] = [:]
        for (name, id) in file.interfaceBuilderIDs { frames[id] = layout.frame(of: name) }
        return (cell, frames)
    }

    @Test("an autoresizing slider keeps the frame the file gives it, not that frame as its alignment rectangle")
    func autoresizingSlider() throws {
        let (_, frames) = try Self.frames(
            """
            <slider opaque="NO" fixedFrame="YES" value="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="sld-00-001">
                <rect key="frame" x="44" y="4" width="250" height="31"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </slider>
            """)
        #expect(frames["sld-00-001"] == Rect(x: 44, y: 4, width: 250, height: 31))
    }

    /// A scroll view filling the header with a 200 × 60 content view pinned to all its edges.
    static let scroll = """
        <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="scr-00-001">
            <rect key="frame" x="0.0" y="0.0" width="320" height="40"/>
            <subviews>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="cnt-00-002">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="60"/>
                    <constraints>
                        <constraint firstAttribute="width" constant="200" id="k01-cc-001"/>
                        <constraint firstAttribute="height" constant="60" id="k02-cc-001"/>
                    </constraints>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="cnt-00-002" firstAttribute="top" secondItem="scr-00-001" secondAttribute="top" id="k03-cc-001"/>
                <constraint firstItem="cnt-00-002" firstAttribute="leading" secondItem="scr-00-001" secondAttribute="leading" id="k04-cc-001"/>
                <constraint firstAttribute="bottom" secondItem="cnt-00-002" secondAttribute="bottom" id="k05-cc-001"/>
                <constraint firstAttribute="trailing" secondItem="cnt-00-002" secondAttribute="trailing" id="k06-cc-001"/>
            </constraints>
        </scrollView>
        """
    static let scrollFillsHeader = """
        <constraint firstItem="scr-00-001" firstAttribute="top" secondItem="hdr-00-001" secondAttribute="top" id="k07-cc-001"/>
        <constraint firstItem="scr-00-001" firstAttribute="bottom" secondItem="hdr-00-001" secondAttribute="bottom" id="k08-cc-001"/>
        <constraint firstItem="scr-00-001" firstAttribute="leading" secondItem="hdr-00-001" secondAttribute="leading" id="k09-cc-001"/>
        <constraint firstItem="scr-00-001" firstAttribute="trailing" secondItem="hdr-00-001" secondAttribute="trailing" id="k10-cc-001"/>
        """

    @Test("content pinned to a scroll view's edges sets the content size: a taller content does not conflict with the frame")
    func scrollContent() throws {
        let (cell, frames) = try Self.frames(Self.scroll, constraints: Self.scrollFillsHeader)
        #expect(frames["scr-00-001"] == Rect(x: 0, y: 0, width: 320, height: 40))
        // Scrolled to its start: the content's top and leading edges are the scroll view's.
        #expect(frames["cnt-00-002"] == Rect(x: 0, y: 0, width: 200, height: 60))
        #expect(Set(cell.skippedConstraints).isSuperset(of: ["k05-cc-001", "k06-cc-001"]))
        #expect(!cell.skippedConstraints.contains("k03-cc-001"))
        #expect(cell.notes.contains { $0.contains("content area") && $0.contains("k05-cc-001") })
    }

    @Test("a scroll view's bottom margin tied to its content sets the content size too")
    func scrollContentMargin() throws {
        let body = Self.scroll.replacingOccurrences(
            of: #"<constraint firstAttribute="bottom" secondItem="cnt-00-002""#,
            with: #"<constraint firstAttribute="bottomMargin" secondItem="cnt-00-002""#)
        let (cell, frames) = try Self.frames(body, constraints: Self.scrollFillsHeader)
        #expect(cell.skippedConstraints.contains("k05-cc-001"))
        #expect(frames["cnt-00-002"]?.height == 60)
    }

    @Test("a width between a scroll view and its content relates the content to the frame and is kept")
    func scrollContentWidth() throws {
        let body = Self.scroll.replacingOccurrences(
            of: #"<constraint firstAttribute="width" constant="200" id="k01-cc-001"/>"#, with: "")
            .replacingOccurrences(
                of: #"<constraint firstAttribute="bottom""#,
                with: #"<constraint firstItem="cnt-00-002" firstAttribute="width" secondItem="scr-00-001" secondAttribute="width" id="k11-cc-001"/><constraint firstAttribute="bottom""#)
        let (_, frames) = try Self.frames(body, constraints: Self.scrollFillsHeader)
        #expect(frames["cnt-00-002"]?.width == 320)
    }

    @Test("a control whose frame the file marks misplaced is named: its size is a guess")
    func misplacedSize() throws {
        let field = """
            <textField opaque="NO" misplaced="YES" borderStyle="roundedRect" translatesAutoresizingMaskIntoConstraints="NO" id="txt-00-001">
                <rect key="frame" x="8" y="4" width="200" height="45"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
            </textField>
            """
        let constraints = """
            <constraint firstItem="txt-00-001" firstAttribute="top" secondItem="hdr-00-001" secondAttribute="top" constant="4" id="k01-dd-001"/>
            <constraint firstItem="txt-00-001" firstAttribute="leading" secondItem="hdr-00-001" secondAttribute="leading" constant="8" id="k02-dd-001"/>
            """
        let (cell, _) = try Self.frames(field, constraints: constraints)
        #expect(cell.misplacedSizes.count == 1)
        let (placed, _) = try Self.frames(field.replacingOccurrences(of: #"misplaced="YES" "#, with: ""), constraints: constraints)
        #expect(placed.misplacedSizes.isEmpty)
    }
}
