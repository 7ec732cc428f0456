import CellLayout
import CellFitSamples
import Testing
import PangoText

@Suite("Hugging and compression resistance: two labels on one line")
struct HuggingCompressionTests {
    /// `left` at the leading padding, `right` 8 after it, running to the trailing padding.
    static func template(
        leftHugging: Priority = 251, rightHugging: Priority = 251,
        leftResistance: Priority = 750, rightResistance: Priority = 750
    ) throws -> CellTemplate<(String, String)> {
        let left = Label("left", font: Font(size: 16))
            .contentHugging(leftHugging, for: .horizontal).compressionResistance(leftResistance, for: .horizontal)
        let right = Label("right", font: Font(size: 16))
            .contentHugging(rightHugging, for: .horizontal).compressionResistance(rightResistance, for: .horizontal)
        let contentView = ContentView(subviews: [left, right])
        return try CellTemplate<(String, String)>(
            contentView: contentView,
            constraints: [
                left.leading.constraint(equalTo: contentView.leading, constant: 10),
                right.leading.constraint(equalTo: left.trailing, constant: 8),
                right.trailing.constraint(equalTo: contentView.trailing, constant: -10),
                left.top.constraint(equalTo: contentView.top, constant: 10),
                right.top.constraint(equalTo: contentView.top, constant: 10),
                contentView.bottom.constraint(equalTo: left.bottom, constant: 10),
            ]
        ) { texts, row in
            row.setText(texts.0, forViewNamed: "left")
            row.setText(texts.1, forViewNamed: "right")
        }
    }

    func widths(_ template: CellTemplate<(String, String)>, _ texts: (String, String), _ measurer: some TextMeasurer) throws -> (Double?, Double?) {
        let layout = try template.fit(texts, width: 320, measurer: measurer)
        return (layout.frame(of: "left")?.width, layout.frame(of: "right")?.width)
    }

    @Test("short texts: the label that hugs less stretches (292 px between them)")
    func hugging() throws {
        let m = FixedAdvanceMeasurer()
        let texts = ("Name", "Detail")   // 32 and 48 px
        let rightStretches = try widths(Self.template(rightHugging: 250), texts, m)
        #expect(rightStretches == (32, 260))
        let leftStretches = try widths(Self.template(leftHugging: 250), texts, m)
        #expect(leftStretches == (244, 48))
    }

    @Test("long texts: the label that resists less is compressed")
    func compression() throws {
        let m = FixedAdvanceMeasurer()
        let texts = (String(repeating: "l", count: 30), String(repeating: "r", count: 20))   // 240 and 160 px
        let rightGives = try widths(Self.template(rightResistance: 749), texts, m)
        #expect(rightGives == (240, 52))
        let leftGives = try widths(Self.template(leftResistance: 749), texts, m)
        #expect(leftGives == (132, 160))
    }

    @Test("Pango: the same contest with measured widths")
    func pango() throws {
        let m = PangoTextMeasurer(scale: .x2)
        let font = Font(size: 16)
        let short = ("Name", "Detail")
        let nameWidth = try m.measure("Name", font: font).width
        let detailWidth = try m.measure("Detail", font: font).width
        #expect(try widths(Self.template(rightHugging: 250), short, m) == (nameWidth, 292 - nameWidth))
        #expect(try widths(Self.template(leftHugging: 250), short, m) == (292 - detailWidth, detailWidth))
        let long = (SampleText.words(8), SampleText.words(6, seed: 5))
        let longLeft = try m.measure(long.0, font: font).width
        let longRight = try m.measure(long.1, font: font).width
        #expect(longLeft + longRight > 292)
        #expect(try widths(Self.template(rightResistance: 749), long, m) == (longLeft, 292 - longLeft))
        #expect(try widths(Self.template(leftResistance: 749), long, m) == (292 - longRight, longRight))
    }
}
