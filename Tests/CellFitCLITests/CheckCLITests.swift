import Foundation
import Testing

/// `cellfit check` end to end: exit statuses, and the pictures of `--svg-dir` read back.
@Suite("cellfit check", .serialized)
struct CheckCLITests {
    /// A folder of its own per test, removed at the end.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-check-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
    }

    /// A 60-pt image placed 20 pt left of the content view: clipped at every width.
    static let clipped = """
        {"name": "clipped", "views": [{"name": "photo", "kind": "image", "size": [60, 60]}],
         "constraints": ["photo.leading == contentView.leading - 20", "photo.top == contentView.top", "photo.bottom == contentView.bottom"]}
        """

    static let clean = """
        {"name": "clean", "views": [{"name": "photo", "kind": "image", "size": [60, 60]}],
         "constraints": ["photo.leading == contentView.margins.leading", "photo.top == contentView.margins.top",
                         "photo.bottom == contentView.margins.bottom"]}
        """

    @Test("a failing cell exits 1 and draws one picture per failing configuration, its view outlined where it lies")
    func pictures() throws {
        let folder = try Folder()
        let file = try folder.write("clipped.json", Self.clipped)
        let pictures = folder.path + "/pictures"
        let result = try CellFit.run(["check", file, "--widths", "320,375", "--direction", "ltr,rtl", "--svg-dir", pictures])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("clipped"))
        let names = try FileManager.default.contentsOfDirectory(atPath: pictures).sorted()
        #expect(names.count == 4, "\(names)")
        for name in names {
            let svg = try #require(XMLNode.parse(try String(contentsOfFile: pictures + "/" + name, encoding: .utf8)))
            let overlays = svg.descendants(named: "rect").filter { $0.attributes["class"] == "overlay" }
            #expect(overlays.map { $0.attributes["data-view"] } == ["photo"], "\(name)")
            let width = try #require(Double(name.contains("-320-") ? "320" : "375"))
            let x = try #require(overlays.first?.number("x"))
            // Left to right the image starts 20 pt before the content view; mirrored, it ends 20 pt past it.
            let expected = name.hasSuffix("-rtl.svg") ? width - 40 : -20
            #expect(abs(x - expected) < 1e-6, "\(name): x \(x)")
        }
    }

    @Test("a clean cell exits 0 and draws nothing; a missing file exits 2 and the others are still checked")
    func statuses() throws {
        let folder = try Folder()
        let file = try folder.write("clean.json", Self.clean)
        let pictures = folder.path + "/pictures"
        let clean = try CellFit.run(["check", file, "--svg-dir", pictures])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures).isEmpty)
        let missing = try CellFit.run(["check", file, folder.path + "/absent.xib"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("absent.xib"), "\(missing.stderr)")
    }
}
