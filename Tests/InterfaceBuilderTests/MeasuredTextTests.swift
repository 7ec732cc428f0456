import CellLayout
import Foundation
import Geometry
import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing
import TextMetrics

/// Text measured as Core Text measured it: Ramotion's folding-cell demo at commit
/// b6525b5 (Xcode 7.3, MIT), whose Interface Builder frames were laid out with the Open
/// Sans files the repository bundles (Apache-2.0), both in `Fixtures/measured/`
/// (README and NOTICE there). Its 33 single-line labels in Open Sans Regular,
/// Semibold and Light, 10 to 24 pt, take their size from their text, so each frame is
/// Core Text's measurement; Xcode 7 stored whole points, hence scale 1.
@Suite("Measured text: the folding cell's frames with its own fonts")
struct MeasuredTextTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/measured").path
    static let storyboard = directory + "/Ramotion__folding-cell__FoldingCell__FoldingCell-Demo__Base.lproj__Main.b6525b5.storyboard"

    @Test("imported and laid out with --font-dir at 600 × 667, every frame is IB's within half a point")
    func everyFrame() throws {
        try PangoTextMeasurer.addFonts(inDirectory: Self.directory + "/fonts")
        let document = try InterfaceBuilderDocument(contentsOfFile: Self.storyboard)
        let imported = try document.importCell(try document.cell(matching: "fgm-B1-nUi"))
        // The file names its fonts as IB does: family and PostScript face.
        #expect(imported.templateJSON.contains("\"family\": \"Open Sans, System\""))
        #expect(imported.templateJSON.contains("\"face\": \"OpenSans-Semibold\""))
        let file = try TemplateFile(parsing: imported.templateJSON, path: "folding-cell#fgm-B1-nUi")
        // Strict: a font that is not found fails the test rather than standing in.
        var fitter = file.template.makeFitter(measurer: PangoTextMeasurer(scale: .x1, cache: nil))
        let layout = try fitter.layout(row: CellContent(), width: 600, height: 667, intrinsicSizes: .measured)
        var compared = 0
        var off: [String] = []
        for (name, ib) in imported.frames.sorted(by: { $0.key < $1.key }) {
            let mine = try #require(layout.frame(of: name), "no frame for \(name)")
            compared += 1
            let by = [mine.x - ib.x, mine.y - ib.y, mine.width - ib.width, mine.height - ib.height].map(abs).max() ?? 0
            if by > 0.5 { off.append("\(name): \(mine) vs IB \(ib)") }
        }
        #expect(compared == 62)
        #expect(off.isEmpty, "\(off.joined(separator: "; "))")
        #expect(layout.frame(of: ContentView.name) == Rect(x: 0, y: 0, width: 600, height: 667))
    }

    @Test("an image-only button is its image's size from <resources>")
    func imageButton() throws {
        let document = try InterfaceBuilderDocument(contentsOfFile: Self.storyboard)
        let imported = try document.importCell(try document.cell(matching: "fgm-B1-nUi"))
        let name = try #require(imported.ibIDs.first { $0.value == "vW5-Q1-KFs" }?.key)
        #expect(imported.templateJSON.contains("\"name\": \"\(name)\", \"kind\": \"control\""))
        #expect(imported.notes.contains { $0.contains("'burger' and no title is as big as its image (38×29") })
        // <customFonts>: what the app bundles.
        #expect(imported.notes.contains { $0.contains("OpenSans-Semibold.ttf (OpenSans-Semibold)") && $0.contains("--font-dir") })
    }
}
