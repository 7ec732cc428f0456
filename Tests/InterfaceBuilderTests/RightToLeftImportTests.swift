import CellLayout
import Foundation
import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing

@Suite("Interface Builder import right to left: semantic content attributes, directional margins, mirrored cells")
struct RightToLeftImportTests {
    /// A header whose label sits at its leading margin (a box's, with the box's `attributes`).
    static func header(box attributes: String, margins: String) -> String {
        Fixtures.header(
            subviews: """
                <view translatesAutoresizingMaskIntoConstraints="NO" \(attributes) id="box-00-001">
                    <rect key="frame" x="0" y="0" width="320" height="40"/>
                    \(margins)
                    <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="dot-00-001">
                            <rect key="frame" x="20" y="10" width="20" height="20"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="dot-00-001" firstAttribute="leading" secondItem="box-00-001" secondAttribute="leadingMargin" id="k01-bb-001"/>
                        <constraint firstItem="dot-00-001" firstAttribute="top" secondItem="box-00-001" secondAttribute="top" constant="10" id="k02-bb-001"/>
                        <constraint firstAttribute="width" constant="20" firstItem="dot-00-001" id="k03-bb-001"/>
                        <constraint firstAttribute="height" constant="20" firstItem="dot-00-001" id="k04-bb-001"/>
                    </constraints>
                </view>
            """,
            constraints: """
                <constraint firstItem="box-00-001" firstAttribute="left" secondItem="hdr-00-001" secondAttribute="left" id="k05-bb-001"/>
                <constraint firstItem="box-00-001" firstAttribute="right" secondItem="hdr-00-001" secondAttribute="right" id="k06-bb-001"/>
                <constraint firstItem="box-00-001" firstAttribute="top" secondItem="hdr-00-001" secondAttribute="top" id="k07-bb-001"/>
                <constraint firstItem="box-00-001" firstAttribute="bottom" secondItem="hdr-00-001" secondAttribute="bottom" id="k08-bb-001"/>
            """)
    }

    static let directional = #"<directionalEdgeInsets key="directionalLayoutMargins" top="0" leading="20" bottom="0" trailing="4"/>"#
    static let bySide = #"<edgeInsets key="layoutMargins" top="0" left="20" bottom="0" right="4"/>"#

    /// The template the header imports to, and the dot's frame laid out in `direction`.
    static func importAndLayOut(_ xib: String, _ direction: LayoutDirection) throws -> (json: String, dot: Rect?) {
        let document = try InterfaceBuilderDocument(parsing: xib, path: "Header.xib")
        let cell = try document.importCell(try document.cell(matching: nil))
        let file = try TemplateFile(parsing: cell.templateJSON, path: "Header.json")
        var fitter = file.template.laidOut(in: direction).makeFitter(measurer: FixedAdvanceMeasurer())
        let layout = try fitter.layout(row: CellContent(), width: 320, height: 40)
        let name = file.interfaceBuilderIDs.first { $0.value == "dot-00-001" }?.key ?? ""
        return (cell.templateJSON, layout.frame(of: name))
    }

    @Test("directional margins are imported by direction and trade sides right to left; margins by side stay")
    func margins() throws {
        let (json, ltr) = try Self.importAndLayOut(Self.header(box: "", margins: Self.directional), .leftToRight)
        #expect(json.contains(#""margins": {"top": 0, "leading": 20, "bottom": 0, "trailing": 4}"#))
        #expect(ltr?.minX == 20)
        #expect(try Self.importAndLayOut(Self.header(box: "", margins: Self.directional), .rightToLeft).dot?.maxX == 300)
        let (bySideJSON, _) = try Self.importAndLayOut(Self.header(box: "", margins: Self.bySide), .leftToRight)
        #expect(bySideJSON.contains(#""margins": {"top": 0, "left": 20, "bottom": 0, "right": 4}"#))
        #expect(try Self.importAndLayOut(Self.header(box: "", margins: Self.bySide), .rightToLeft).dot?.maxX == 316)
    }

    @Test("semanticContentAttribute is imported, and the view lays out in the direction it forces")
    func semanticContentAttribute() throws {
        let forced = Self.header(box: #"semanticContentAttribute="forceRightToLeft""#, margins: Self.directional)
        let (json, dot) = try Self.importAndLayOut(forced, .leftToRight)
        #expect(json.contains(#""semanticContentAttribute": "forceRightToLeft""#))
        #expect(!json.contains("is not modelled"))
        // The box lays out right to left; the dot, whose own attribute is unspecified,
        // puts its leading (left) edge at the box's leading margin, 20 from the right.
        #expect(dot?.minX == 300)
        let kept = Self.header(box: #"semanticContentAttribute="playback""#, margins: Self.directional)
        // The box keeps its leading margin at its left, 20 in; the dot lays out right to
        // left, so its leading (right) edge is there.
        #expect(try Self.importAndLayOut(kept, .rightToLeft).dot?.maxX == 20)
        let unknown = Self.header(box: #"semanticContentAttribute="sideways""#, margins: "")
        #expect(throws: InterfaceBuilderError.self) { try Self.importAndLayOut(unknown, .leftToRight) }
    }

    /// Whether the mirror property applies to a cell's template: no `left` or `right`
    /// anywhere (autoresizing masks are imported as left and width), no view that forces
    /// a direction, and no `centerX` with a multiplier or a constant (`centerX` is not
    /// directional: 4 to the left stays to the left, as in UIKit).
    static func mirrors(_ file: TemplateFile, json: String) -> Bool {
        guard !json.contains("\"semanticContentAttribute\"") else { return false }
        return file.constraints.allSatisfy { c in
            let anchors = [c.first] + (c.second.map { [$0] } ?? [])
            if anchors.contains(where: { $0.attribute == .left || $0.attribute == .right }) { return false }
            return (c.multiplier == 1 && c.constant == 0) || !anchors.contains { $0.attribute == .centerX }
        }
    }

    @Test("an imported cell laid out right to left is its left-to-right layout reflected", arguments: SharedCell.oracleReady)
    func mirroredSharedCell(_ cell: SharedCell) throws {
        let document = try InterfaceBuilderDocument(contentsOfFile: cell.path)
        let imported = try document.importCell(try document.cell(matching: cell.cellID))
        let file = try TemplateFile(parsing: imported.templateJSON, path: cell.file + "#" + cell.cellID)
        guard Self.mirrors(file, json: imported.templateJSON) else { return }
        let scale = Oracle.scale(ofFile: cell.path)
        let measurer = PangoTextMeasurer(scale: scale, missingFonts: .substitute(report: { _ in }))
        // Frames are on the pixel grid, whose rounding of a half pixel is not symmetric
        // (and a cell's width need not be on it): a mirrored edge may round one pixel over.
        let tolerance = scale.pixel + 1e-6
        let size = imported.contentSize
        func layOut(_ direction: LayoutDirection) -> CellLayoutResult? {
            var fitter = file.template.laidOut(in: direction).makeFitter(measurer: measurer)
            fitter.recoversFromConflicts = true
            return try? fitter.layout(row: CellContent(), width: size.width, height: size.height, intrinsicSizes: .design)
        }
        guard let ltr = layOut(.leftToRight) else { return }
        let rtl = try #require(layOut(.rightToLeft))
        for name in ltr.viewNames {
            guard let frame = ltr.frame(of: name), let mirrored = rtl.frame(of: name) else { continue }
            let reflected = Rect(x: size.width - frame.maxX, y: frame.y, width: frame.width, height: frame.height)
            let close = abs(mirrored.x - reflected.x) <= tolerance && abs(mirrored.y - reflected.y) <= 1e-6
                && abs(mirrored.width - reflected.width) <= tolerance && abs(mirrored.height - reflected.height) <= 1e-6
            #expect(close, "\(name): \(mirrored) right to left, \(reflected) reflected, \(frame) left to right")
        }
    }
}
