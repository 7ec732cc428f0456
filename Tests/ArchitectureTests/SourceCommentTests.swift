import Foundation
import Testing

/// Sources say why, not when: an issue's number, a past profile's count or a seed's
/// story belongs in the CHANGELOG, Docs/Performance.md or a fixture's history.
@Suite("Sources' comments keep history out")
struct SourceCommentTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("no file under Sources names an issue of this project by number")
    func noIssueNumbers() throws {
        let pattern = try NSRegularExpression(pattern: #"\b[Ii]ssues? #?[0-9]+"#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" || url.pathExtension == "c" || url.pathExtension == "h" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(url.lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        // The scan found the tree: a moved Sources would pass for the wrong reason.
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("Core/Cassowary").path))
    }
}
