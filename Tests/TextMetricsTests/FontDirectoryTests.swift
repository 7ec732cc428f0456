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
}
