import CellLayout
import CellFitSamples
import ExampleCells
import TestSupport
import Testing
import PangoText

@Suite("DynamicHeights: max(text, 44) + 20")
struct DynamicHeightsTests {
    func check(_ measurer: some TextMeasurer) throws {
        var fitter = try DynamicHeightsCell.template().makeFitter(measurer: measurer)
        var sawMinimum = false, sawText = false
        for text in SampleText.assorted {
            let textHeight = try measurer.measure(text, font: Font(size: 14), style: TextStyle(lines: 0), maxWidth: 300).height
            let layout = try fitter.fit(text, width: 320)
            let s = measurer.scale
            #expect(devicePixels(layout.height, s) == devicePixels(max(textHeight, 44) + 20, s), "\(text.count) characters")
            #expect(devicePixels(layout.rowHeight, s) == devicePixels(layout.height, s) + 1)
            #expect(
                devicePixels(layout.frame(of: "label"), s)
                    == devicePixels(Rect(x: 10, y: 10, width: 300, height: max(textHeight, 44)), s))
            if textHeight < 44 { sawMinimum = true } else { sawText = true }
        }
        #expect(sawMinimum && sawText, "the texts must exercise both sides of the max")
    }

    @Test("fixed-advance text") func fixed() throws { try check(FixedAdvanceMeasurer()) }
    @Test("fixed-advance text at 3x") func fixed3x() throws { try check(FixedAdvanceMeasurer(scale: .x3)) }
    @Test("Pango, DejaVu Sans at 2x") func pango() throws { try check(PangoTextMeasurer(scale: .x2)) }

    @Test("hand-checked: 14 px fixed advance is 7 px a character, 17.5 px a line; 42 characters fit in 300")
    func handChecked() throws {
        let template = try DynamicHeightsCell.template()
        let measurer = FixedAdvanceMeasurer()
        // One line: 17.5 → 18 at 1x, below the 44 minimum.
        #expect(try template.fit("Hello", width: 320, measurer: measurer).height == 64)
        // 4 lines of 42-character lines: 70 px.
        let text = String(repeating: "abcdefghi ", count: 16)
        #expect(try template.fit(text, width: 320, measurer: measurer).height == 90)
    }
}
