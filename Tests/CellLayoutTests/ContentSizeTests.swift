import CellLayout
import Testing
import PangoText

/// `CellTemplate.adjusted(to:everyTextStyle:)`: which fonts take the category, from the
/// template and from rows, measured through the fitter against the measurer's own
/// answer at the table's size.
@Suite("Dynamic Type in templates")
struct ContentSizeTests {
    let body: Label
    let caption: Label
    let template: CellTemplate<CellContent>

    init() throws {
        var body = Label("body", font: .preferred(.body), lines: 0)
        body.adjustsFontForContentSizeCategory = true
        // A text style without adjustsFontForContentSizeCategory: UIKit keeps the font it was given.
        let caption = Label("caption", font: .preferred(.caption1))
        let cell = ContentView(subviews: [body, caption])
        template = try CellTemplate(contentView: cell, constraints: [
            body.leading.constraint(equalTo: cell.leading), body.trailing.constraint(equalTo: cell.trailing),
            caption.leading.constraint(equalTo: cell.leading),
            body.top.constraint(equalTo: cell.top), caption.top.constraint(equalTo: body.bottom),
            caption.bottom.constraint(equalTo: cell.bottom),
        ])
        (self.body, self.caption) = (body, caption)
    }

    static let text = "Dynamic Type makes this text larger, and the row taller, at the larger sizes."

    func heights(_ template: CellTemplate<CellContent>, row: CellContent = CellContent()) throws -> (body: Double, caption: Double) {
        var row = row
        row.setText(Self.text, for: body)
        row.setText("Caption", for: caption)
        let layout = try template.fit(row, width: 300, measurer: PangoTextMeasurer(scale: .x2))
        return (layout.frame(of: body)?.height ?? -1, layout.frame(of: caption)?.height ?? -1)
    }

    func measured(_ text: String, _ style: DynamicTypeStyle, _ category: ContentSizeCategory, lines: Int) throws -> Double {
        try PangoTextMeasurer(scale: .x2).measure(
            text, font: Font.preferred(style).resolved(at: category),
            style: TextStyle(lines: lines, lineBreakMode: .truncateTail), maxWidth: lines == 0 ? 300 : .infinity
        ).height
    }

    @Test("an adjusting view's text style takes the category; a view that does not adjust keeps Large")
    func adjusting() throws {
        #expect(template.contentSizeCategory == .large)
        for category in ContentSizeCategory.allCases {
            let adjusted = template.adjusted(to: category)
            #expect(adjusted.contentSizeCategory == category)
            let got = try heights(adjusted)
            #expect(got.body == (try measured(Self.text, .body, category, lines: 0)), "\(category)")
            #expect(got.caption == (try measured("Caption", .caption1, .large, lines: 1)), "\(category)")
        }
        #expect(try heights(template.adjusted(to: .extraSmall)).body < (try heights(template.adjusted(to: .accessibilityExtraExtraExtraLarge))).body)
    }

    @Test("everyTextStyle: the view that does not adjust takes the category too, as in a cell loaded under it")
    func everyTextStyle() throws {
        let got = try heights(template.adjusted(to: .accessibilityExtraLarge, everyTextStyle: true))
        #expect(got.caption == (try measured("Caption", .caption1, .accessibilityExtraLarge, lines: 1)))
        #expect(got.caption > (try heights(template)).caption)
    }

    @Test("a font a row sets takes the category where its view adjusts; adjusting again starts from Large")
    func rowFonts() throws {
        var row = CellContent()
        row.setFont(.preferred(.title1), for: body)
        let got = try heights(template.adjusted(to: .accessibilityExtraLarge), row: row)
        #expect(got.body == (try measured(Self.text, .title1, .accessibilityExtraLarge, lines: 0)))
        let back = template.adjusted(to: .accessibilityExtraExtraExtraLarge).adjusted(to: .large)
        #expect(try heights(back) == (try heights(template)))
    }
}
