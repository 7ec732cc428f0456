import ExampleCells
import CellLayout
import Testing
import TemplateFiles
import PangoText

@Suite("MessageCells from a template file: the Swift template's heights and frames")
struct MessageTemplateFileTests {
    /// The rows of Fixtures/messages.json as the Swift template's model values.
    static let messages: [Message] = {
        let long = "the quick brown fox jumps over the lazy dog while a cat watches from the window ledge "
            + "and wonders why anyone would bother running at all on such a warm afternoon"
        return [
            Message(user: "ada", text: "", timestamp: "12:04", hasMedia: false),
            Message(user: "ada", text: "", timestamp: "12:04", hasMedia: true),
            Message(user: "grace", text: "Short.", timestamp: "12:05", hasMedia: false),
            Message(user: "grace", text: "Short.", timestamp: "12:05", hasMedia: true),
            Message(user: "linus", text: long.replacingOccurrences("quick", "\"quick\""), timestamp: "yesterday", hasMedia: false),
            Message(user: "linus", text: long, timestamp: "yesterday", hasMedia: true),
        ]
    }()

    @Test("fixed-advance text at 1x and 3x, two widths")
    func fixedAdvance() throws {
        let file = try TemplateFile(contentsOfFile: fixture("message.json"))
        let rows = try file.rows(contentsOfFile: fixture("messages.json"))
        #expect(rows.count == Self.messages.count)
        for measurer in [FixedAdvanceMeasurer(), FixedAdvanceMeasurer(scale: .x3)] {
            try expectSameLayouts(
                file.template, rows, MessageCell.template(), Self.messages, widths: [320, 375], measurer: measurer)
        }
    }

    @Test("Pango text at 2x")
    func pango() throws {
        let file = try TemplateFile(contentsOfFile: fixture("message.json"))
        let rows = try file.rows(contentsOfFile: fixture("messages.json"))
        try expectSameLayouts(
            file.template, rows, MessageCell.template(), Self.messages, widths: [375], measurer: PangoTextMeasurer(scale: .x2))
    }

    @Test("the file's name, fields and constraints, each constraint at its line")
    func declarations() throws {
        let file = try TemplateFile(contentsOfFile: fixture("message.json"))
        #expect(file.name == "message")
        #expect(file.fields == ["user", "text", "hasMedia", "timestamp"])
        #expect(file.template.viewNames == ["contentView", "avatar", "username", "text", "icon", "timestamp"])
        // The first visual format makes four constraints, all on line 13.
        #expect(file.constraints.prefix(4).allSatisfy { $0.location.line == 13 && $0.location.fileID == fixture("message.json") })
        #expect(Array(file.constraints.map(\.description).prefix(4)) == [
            "avatar.leading == contentView.leading + 10", "avatar.width == 40", "username.leading == avatar.trailing + 10",
            "contentView.trailing >= username.trailing + 10",
        ])
        let collapsing = try #require(file.constraints.first { $0.first == AnchorReference(view: "icon", attribute: .trailing) })
        #expect(collapsing.collapsedConstant == -10)
        #expect(collapsing.location.line == 18)
    }
}

extension String {
    /// The string with the first `target` replaced by `replacement` (no Foundation in the tests).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
