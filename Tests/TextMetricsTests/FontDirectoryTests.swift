import Foundation
import Locking
import PangoText
import Testing
import TextMetrics

/// The user's fonts (`PangoTextMeasurer.addFonts(inDirectory:)`), faces by PostScript
/// name, and named stand-ins for what is not installed. The fonts are Open Sans 1.10
/// (Apache-2.0), the files Ramotion's folding-cell demo bundles, in the Interface
/// Builder fixtures (`Fixtures/measured/fonts`).
@Suite("Font folders, faces and stand-ins")
struct FontDirectoryTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../InterfaceBuilderTests/Fixtures/measured/fonts").standardized.path

    let strict = PangoTextMeasurer(cache: nil)

    @Test("a folder's fonts are measured by family and by PostScript name, the face's weight included")
    func folderFonts() throws {
        try PangoTextMeasurer.addFonts(inDirectory: Self.folder)
        // Added before (by this test or another in the process): nothing more to add.
        #expect(try PangoTextMeasurer.addFonts(inDirectory: Self.folder) == 0)
        #expect(try PangoTextMeasurer.addFonts(inDirectory: Self.folder + "/.") == 0)
        let text = "W 85th St, New York"
        let regular = try strict.measure(text, font: Font(family: "Open Sans", size: 18))
        let semibold = try strict.measure(text, font: Font(family: "Open Sans", size: 18, weight: .semibold))
        let dejaVu = try strict.measure(text, font: Font(size: 18))
        #expect(semibold.width > regular.width)
        #expect(regular.width != dejaVu.width)
        // Open Sans's hhea ascender and descender (2189 + 600 of 2048 units) give a line
        // of 24.5 px at 18 px: 25 on the 1x grid; DejaVu's is 21.
        #expect(regular.height == 25)
        #expect(dejaVu.height == 21)
        // By PostScript name: the face's family, weight and slant, whatever the request says.
        let face = Font(family: "DejaVu Sans", size: 18, weight: .regular, face: "OpenSans-Semibold")
        #expect(try strict.measure(text, font: face) == semibold)
        #expect(try strict.measure(text, font: Font(size: 18, face: "OpenSans-Light")).width < regular.width)
    }

    @Test("a missing family or face is refused by default, and stands in by name under substitute")
    func standIns() throws {
        #expect(throws: TextMeasurementError.unknownFontFace("CellFitNoSuch-Bold")) {
            try strict.measure("x", font: Font(size: 16, face: "CellFitNoSuch-Bold"))
        }
        let seen = Locked<[FontSubstitution]>([])
        let lenient = PangoTextMeasurer(cache: nil, missingFonts: .substitute(report: { s in seen.withLock { $0.append(s) } }))
        // A missing family: DejaVu Sans stands in, at the requested weight.
        let bold = Font(family: "CellFit No Such Family", size: 16, weight: .bold)
        #expect(try lenient.measure("hello", font: bold) == strict.measure("hello", font: Font(size: 16, weight: .bold)))
        // A list keeps its installed names.
        let listed = Font(family: "CellFit No Such Family, DejaVu Serif", size: 16)
        #expect(try lenient.measure("hello", font: listed) == strict.measure("hello", font: Font(family: "DejaVu Serif", size: 16)))
        // A missing face falls back to its family, weight and slant.
        let face = Font(family: "DejaVu Sans", size: 16, weight: .bold, style: .oblique, face: "CellFitNoSuch-BoldOblique")
        #expect(
            try lenient.measure("hello", font: face)
                == strict.measure("hello", font: Font(size: 16, weight: .bold, style: .oblique)))
        let said = seen.withLock { $0 }.map(\.description)
        #expect(said.contains("font 'CellFit No Such Family' is not installed: 'DejaVu Sans bold' stands in"))
        #expect(said.contains("font 'CellFit No Such Family' is not installed: 'DejaVu Serif' stands in"))
        #expect(said.contains("font 'CellFitNoSuch-BoldOblique' is not installed: 'DejaVu Sans bold oblique' stands in"))
        #expect(said.count == 3)
        let both = Font(family: "CellFit Missing A, CellFit Missing B", size: 16, face: "CellFitNoSuch-Regular")
        _ = try lenient.measure("hello", font: both)
        #expect(seen.withLock { $0 }.last?.description
            == "fonts 'CellFitNoSuch-Regular', 'CellFit Missing A', 'CellFit Missing B' are not installed: 'DejaVu Sans' stands in")
    }

    @Test("a folder that cannot be read, is a file, or holds no font is refused by name")
    func badFolders() throws {
        let missing = "/nonexistent/cellfit-fonts"
        do {
            try PangoTextMeasurer.addFonts(inDirectory: missing)
            Issue.record("a missing folder was accepted")
        } catch {
            #expect(error.kind == .fontDirectory)
            #expect(error.message.contains(missing))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-nofonts-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try Data("not a font".utf8).write(to: empty.appendingPathComponent("readme.ttf"))
        #expect(throws: TextMeasurementError.self) { try PangoTextMeasurer.addFonts(inDirectory: empty.path) }
        #expect(throws: TextMeasurementError.self) {
            try PangoTextMeasurer.addFonts(inDirectory: empty.appendingPathComponent("readme.ttf").path)
        }
        // Nothing was lost: the installed fonts still measure.
        #expect(try strict.measure("x", font: Font(size: 16)).width == 10)
    }

    /// DejaVu Sans, as installed (`fonts-dejavu-core`), damaged in the ways issue 50 found
    /// and a few more: each copy alone in a folder is refused by name, with what is wrong.
    /// fontconfig listed the first two (the table count from the bytes it read, the
    /// truncated file from its cache) and every text then measured 0 wide.
    @Test("a font that cannot be loaded or measures nothing is refused by name, the folder left unadded", arguments: [
        ("numtables-ffff.ttf", "has a table directory of 65535 tables that runs past the end of the file"),
        ("truncated.ttf", "past the end of the file (300000 bytes): truncated or damaged"),
        ("no-cmap.ttf", "maps no character to a glyph"),
        ("zero-advances.ttf", "gives every glyph a width of 0"),
        ("not-a-font.otf", "is not a font fontconfig can read"),
    ])
    func brokenFont(name: String, reason: String) throws {
        let installed = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: installed)))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        /// The directory record of `tag`: its offset in the file and its length.
        func record(_ tag: String) -> (at: Int, offset: Int, length: Int)? {
            let number = { (at: Int) in (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
            for table in 0..<tables where bytes[12 + 16 * table..<16 + 16 * table].elementsEqual(tag.utf8) {
                let at = 12 + 16 * table
                return (at, number(at + 8), number(at + 12))
            }
            return nil
        }
        switch name {
        case "numtables-ffff.ttf": bytes[4] = 0xFF; bytes[5] = 0xFF
        case "truncated.ttf": bytes.removeLast(bytes.count - 300_000)
        case "no-cmap.ttf":
            let cmap = try #require(record("cmap"))
            bytes.replaceSubrange(cmap.at..<cmap.at + 4, with: Array("xmap".utf8))
        case "zero-advances.ttf":
            let hmtx = try #require(record("hmtx"))
            for metric in stride(from: hmtx.offset, to: hmtx.offset + hmtx.length - 3, by: 4) { bytes[metric] = 0; bytes[metric + 1] = 0 }
        default: bytes = Array("not a font".utf8)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        let error = #expect(throws: TextMeasurementError.self) { try PangoTextMeasurer.addFonts(inDirectory: folder.path) }
        #expect(error?.kind == .fontDirectory)
        #expect(error?.message.hasPrefix("font file '\(folder.path)/\(name)' ") == true, "\(String(describing: error))")
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
        // The folder was not added: the installed DejaVu Sans measures as before.
        #expect(try strict.measure("hello wrapped world", font: Font(size: 16)).width > 100)
    }
}
