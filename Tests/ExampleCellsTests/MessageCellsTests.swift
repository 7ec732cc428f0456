import CellLayout
import CellFitSamples
import ExampleCells
import TestSupport
import Testing
import PangoText

@Suite("MessageCells: the timestamp rule, text × media")
struct MessageCellsTests {
    static let longText = SampleText.words(40, seed: 3)

    static let cases: [(text: String, media: Bool)] = [
        ("", false), ("", true), ("Short.", false), ("Short.", true),
        (longText, false), (longText, true),
    ]

    func check(_ measurer: some TextMeasurer, widths: [Double]) throws {
        let template = try MessageCell.template()
        var fitter = template.makeFitter(measurer: measurer)
        for width in widths {
            for (text, media) in Self.cases {
                let message = Message(user: "ada", text: text, timestamp: "12:04", hasMedia: media)
                let expected = try MessageCell.expected(message, width: width, measurer: measurer)
                let layout = try fitter.fit(message, width: width)
                let label = "text \(text.count) chars, media \(media), width \(width)"
                let timestamp = try #require(layout.frame(of: MessageCell.timestamp))
                let textFrame = try #require(layout.frame(of: MessageCell.text))
                let s = measurer.scale
                #expect(devicePixels(timestamp.minY, s) == devicePixels(expected.timestampTop, s), "\(label)")
                #expect(devicePixels(layout.height, s) == devicePixels(expected.height, s), "\(label)")
                #expect(textFrame.width == expected.textWidth, "\(label)")
                #expect(devicePixels(textFrame.height, s) == devicePixels(expected.textHeight, s), "\(label)")
                #expect(layout.visibility(of: "icon") == (media ? .visible : .collapsed))
                if media {
                    #expect(layout.frame(of: MessageCell.icon) == Rect(x: width - 50, y: textFrame.minY, width: 40, height: 40))
                }
            }
        }
        #expect(fitter.compiledVariantCount == 2)
    }

    @Test("fixed-advance text: all four cases at two widths")
    func fixedAdvance() throws {
        try check(FixedAdvanceMeasurer(), widths: [320, 375])
        try check(FixedAdvanceMeasurer(scale: .x3), widths: [414])
    }

    @Test("Pango, DejaVu Sans: all four cases at two widths")
    func pango() throws {
        try check(PangoTextMeasurer(scale: .x2), widths: [320, 375])
    }

    @Test("which term wins: avatar with little text, text with no media, icon with short text")
    func whichTermWins() throws {
        let measurer = FixedAdvanceMeasurer()
        let template = try MessageCell.template()
        // No text, no media: the avatar decides. Bottom at 50, timestamp 15 tall.
        let bare = try template.fit(Message(user: "ada", text: "", timestamp: "now", hasMedia: false), width: 320, measurer: measurer)
        #expect(bare.frame(of: "timestamp")?.minY == 35)
        #expect(bare.height == 60)
        // Short text with media: the icon decides. username 19 (15 px × 1.25 → 18.75 ↑),
        // text top 33, icon bottom 73, timestamp top 83, height 83 + 15 + 10.
        let icon = try template.fit(Message(user: "ada", text: "hi", timestamp: "now", hasMedia: true), width: 320, measurer: measurer)
        #expect(icon.frame(of: "timestamp")?.minY == 83)
        #expect(icon.height == 108)
        // The text narrows by the icon's width plus padding.
        let plainWidth = try #require(bare.frame(of: "text")?.width)
        let narrowed = try #require(icon.frame(of: "text")?.width)
        #expect(plainWidth - narrowed == 50)
    }
}
