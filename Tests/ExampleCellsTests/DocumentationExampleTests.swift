import ExampleCells
import Foundation
import CellLayout
import Testing
import TemplateFiles

@Suite("Docs/TemplateFiles.md: the complete example loads and lays out")
struct DocumentationExampleTests {
    /// The ```json blocks of Docs/TemplateFiles.md, in order.
    static func jsonBlocks() throws -> [String] {
        let text = try String(contentsOfFile: fixture("../../../Docs/TemplateFiles.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```json" {
                current = []
            } else if line == "```", let lines = current {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("the template and its rows, as the Swift MessageCells template lays them out")
    func example() throws {
        let blocks = try Self.jsonBlocks()
        try #require(blocks.count == 2)
        let file = try TemplateFile(parsing: blocks[0], path: "message.json")
        let rows = try file.rows(parsing: blocks[1])
        #expect(file.constraints.last?.identifier == "bottom")
        let messages = [
            Message(user: "ada", text: "Hello!", timestamp: "12:04", hasMedia: false),
            Message(user: "grace", text: "A longer message that wraps onto several lines.", timestamp: "12:05", hasMedia: true),
        ]
        try expectSameLayouts(
            file.template, rows, MessageCell.template(), messages, widths: [320, 375], measurer: FixedAdvanceMeasurer())
    }
}
