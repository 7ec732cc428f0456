import CellLayout
import Foundation
@testable import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing

/// Two imports that failed (issue 51): a view Xcode saved without a frame (sized only by
/// its constraints), and a stack with `baselineRelativeArrangement`, whose template the
/// reader refused.
@Suite("Frameless views and baseline-relative stacks")
struct FramelessAndBaselineStackTests {
    static let frameless = Fixtures.header(
        subviews: """
            <view translatesAutoresizingMaskIntoConstraints="NO" id="box-00-001"/>
            <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">
                <rect key="frame" x="120" y="10" width="100" height="20.5"/>
            </label>
            """,
        constraints: """
            <constraint firstItem="box-00-001" firstAttribute="leading" secondItem="hdr-00-001" secondAttribute="leading" constant="8" id="k01-aa-001"/>
            <constraint firstItem="box-00-001" firstAttribute="top" secondItem="hdr-00-001" secondAttribute="top" constant="10" id="k02-aa-001"/>
            <constraint firstItem="box-00-001" firstAttribute="width" constant="100" id="k03-aa-001"/>
            <constraint firstItem="box-00-001" firstAttribute="height" constant="20" id="k04-aa-001"/>
            <constraint firstItem="lbl-00-001" firstAttribute="leading" secondItem="box-00-001" secondAttribute="trailing" constant="12" id="k05-aa-001"/>
            <constraint firstItem="lbl-00-001" firstAttribute="centerY" secondItem="hdr-00-001" secondAttribute="centerY" id="k06-aa-001"/>
            """)

    @Test("a view without a stored frame imports, is left out of IB's frames, and its constraints place it")
    func framelessView() throws {
        let document = try InterfaceBuilderDocument(parsing: Self.frameless, path: "Frameless.xib")
        let cell = try document.importCell(try document.cell(matching: nil))
        #expect(cell.notes.contains { $0.contains("box-00-001 stores no frame") })
        #expect(cell.frames["view1"] == nil)
        #expect(cell.frames["label1"] == Rect(x: 120, y: 10, width: 100, height: 20.5))
        let file = try TemplateFile(parsing: cell.templateJSON, path: "Frameless.xib#hdr-00-001")
        var fitter = file.template.makeFitter(measurer: FixedAdvanceMeasurer())
        let layout = try fitter.layout(row: CellContent(), width: 320, height: 40, intrinsicSizes: .design)
        #expect(layout.frame(of: "view1") == Rect(x: 8, y: 10, width: 100, height: 20))
        #expect(layout.frame(of: "label1")?.x == 120)
    }

    static func stack(baselineRelative: Bool, axis: String = "vertical") -> String {
        """
        {"name": "stack", "views": [
          {"name": "stack", "kind": "stack", "axis": "\(axis)", "spacing": 20, "baselineRelative": \(baselineRelative), "arrangedSubviews": [
            {"name": "title", "kind": "label", "font": 17, "text": "title"},
            {"name": "icon", "kind": "image", "size": [30, 30]},
            {"name": "detail", "kind": "label", "font": 12, "text": "detail"}
          ]}],
         "constraints": ["H:|-[stack]-|", "V:|-[stack]-|"]}
        """
    }

    @Test("baseline-relative: a vertical stack spaces last baseline to first baseline, a view without text from its bottom; a horizontal one ignores it")
    func baselineRelativeStack() throws {
        let measurer = FixedAdvanceMeasurer()
        var row = CellContent()
        row.setText("Title", forViewNamed: "title")
        row.setText("Detail", forViewNamed: "detail")
        var plain = try TemplateFile(parsing: Self.stack(baselineRelative: false), path: "plain").template.makeFitter(measurer: measurer)
        var baselines = try TemplateFile(parsing: Self.stack(baselineRelative: true), path: "baselines").template.makeFitter(measurer: measurer)
        let before = try plain.fit(row: row, width: 320), after = try baselines.fit(row: row, width: 320)
        let title = try #require(after.frame(of: "title")), icon = try #require(after.frame(of: "icon"))
        let detail = try #require(after.frame(of: "detail"))
        let titleText = try measurer.measure("Title", font: Font(size: 17), style: TextStyle(lines: 1))
        let detailText = try measurer.measure("Detail", font: Font(size: 12), style: TextStyle(lines: 1))
        // An image's baselines are its bottom edge (UIKit's for a view without text): the
        // icon's bottom is 20 below the title's last baseline, the detail's first baseline
        // 20 below the icon's bottom.
        let titleLastBaseline = title.y + titleText.lastBaseline
        let iconBottom = icon.y + icon.height
        let detailFirstBaseline = detail.y + detailText.firstBaseline
        #expect(abs(iconBottom - titleLastBaseline - 20) < 1e-6)
        #expect(abs(detailFirstBaseline - iconBottom - 20) < 1e-6)
        // Without it, edge to edge.
        let plainTitle = try #require(before.frame(of: "title")), plainIcon = try #require(before.frame(of: "icon"))
        #expect(plainIcon.y - (plainTitle.y + plainTitle.height) == 20)
        // A horizontal stack is laid out as if the flag were not there.
        var horizontal = try TemplateFile(parsing: Self.stack(baselineRelative: true, axis: "horizontal"), path: "h").template.makeFitter(measurer: measurer)
        var horizontalPlain = try TemplateFile(parsing: Self.stack(baselineRelative: false, axis: "horizontal"), path: "hp").template.makeFitter(measurer: measurer)
        let flagged = try horizontal.fit(row: row, width: 320).frames, unflagged = try horizontalPlain.fit(row: row, width: 320).frames
        #expect(flagged == unflagged)
    }
}
