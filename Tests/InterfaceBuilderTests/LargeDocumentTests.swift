import Foundation
import InterfaceBuilder
import Testing

/// Documents past 10 MB: libxml2's push parser refuses a buffer of more than 10,000,000
/// bytes at once (`XML_MAX_LOOKUP_LIMIT`), and `XMLParser(data:)` handed it the whole
/// file, so a 9 MB storyboard imported and an 11 MB one failed with "parser error 1"
/// (issue 50). The documents here are made at run time in a temporary folder.
@Suite("Interface Builder documents past 10 MB")
struct LargeDocumentTests {
    /// A storyboard of the fixtures with five cells over five scenes.
    static let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cells/MoZhouqi__iOS8SelfSizingCells__iOS8SelfSizingCells__Base.lproj__Main.storyboard").path

    /// `text` with the scenes of its `<scenes>` repeated until the document holds at least
    /// `bytes` bytes; copy `k` has every IB id (`"abc-de-fgh"`, in any attribute) written
    /// `"abc-de-fgh-k"`, so each copy's ids and references stay its own.
    static func repeatingScenes(of text: String, toAtLeast bytes: Int) throws -> (document: String, copies: Int) {
        let open = try #require(text.range(of: "<scenes>")), close = try #require(text.range(of: "</scenes>"))
        let scenes = String(text[open.upperBound..<close.lowerBound])
        // Split on quotes: the odd pieces are attribute values (the scenes hold no quote in text).
        let pieces = scenes.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
        let isID = pieces.indices.map { $0 % 2 == 1 && isInterfaceBuilderID(pieces[$0]) }
        var body = scenes
        var size = text.utf8.count
        var copies = 0
        while size < bytes {
            copies += 1
            var copy = ""
            for (index, piece) in pieces.enumerated() {
                if index > 0 { copy += "\"" }
                copy += isID[index] ? "\(piece)-\(copies)" : piece
            }
            body += copy
            size += copy.utf8.count
        }
        return (String(text[..<open.upperBound]) + body + String(text[close.lowerBound...]), copies)
    }

    /// Whether `value` has the shape of an id Interface Builder generates: `abc-de-fgh`.
    static func isInterfaceBuilderID(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [3, 2, 3] && parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a 12 MB storyboard of repeated scenes imports, its last copy of a cell as the original")
    func twelveMegabytes() throws {
        let text = try String(contentsOfFile: Self.storyboard, encoding: .utf8)
        let (large, copies) = try Self.repeatingScenes(of: text, toAtLeast: 12_000_000)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Large.storyboard").path
        try large.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(large.utf8.count >= 12_000_000)

        let original = try InterfaceBuilderDocument(contentsOfFile: Self.storyboard)
        let document = try InterfaceBuilderDocument(contentsOfFile: path)
        #expect(document.cells.count == original.cells.count * (copies + 1))
        let cell = try original.cell(matching: "FrY-2I-7OM")
        let copy = try document.cell(matching: "FrY-2I-7OM-\(copies)")
        #expect(copy.size == cell.size && copy.viewCount == cell.viewCount && copy.constraintCount == cell.constraintCount)
        // The copy's ids carry its suffix, its description names the large file; the
        // template is the original's otherwise.
        let withoutDescription = { (json: String) in json.split(separator: "\n").filter { !$0.contains("\"description\":") } }
        let imported = withoutDescription(try document.importCell(copy).templateJSON.replacingOccurrences(of: "-\(copies)\"", with: "\""))
        let expected = withoutDescription(try original.importCell(cell).templateJSON)
        #expect(imported == expected)
    }

    @Test("a single comment past libxml2's 10,000,000 bytes is refused with an error that says so")
    func tokenPastTheParsersLimit() throws {
        let text = try String(contentsOfFile: Self.storyboard, encoding: .utf8)
        let comment = "<!-- " + String(repeating: "x", count: 10_500_000) + " -->"
        let large = text.replacingOccurrences(of: "<scenes>", with: "<scenes>\n" + comment)
        let error = #expect(throws: InterfaceBuilderError.self) {
            try InterfaceBuilderDocument(parsing: large, path: "Comment.storyboard")
        }
        #expect(error?.code == .malformedXML)
        #expect(error?.message.contains("10,000,000 bytes") == true, "\(String(describing: error))")
    }
}
