import CellLayout
import Testing
import TemplateFiles
import PangoText

/// Two wrapping labels side by side, written as Interface Builder writes them:
/// the rule that decides their widths before their heights (Docs/Semantics.md,
/// "Text that wraps"), held against Pango's own measurements at the widths the
/// labels get. Issue 19: every row of this template failed with "did not settle",
/// and then gave a label a negative width.
@Suite("Side-by-side wrapping labels: widths first, every row settles")
struct SideBySideTests {
    static let measurer = PangoTextMeasurer(scale: .x2)
    static let font = Font(size: 17)
    static let available = 375.0 - 16 - 8 - 16

    static func template(detailCompression: Int?) throws -> TemplateFile {
        let compression = detailCompression.map { #", "compression": {"h": \#($0)}"# } ?? ""
        return try TemplateFile(parsing: """
            {"views": [{"name": "title", "kind": "label", "font": 17, "lines": 0, "text": "t"},
                       {"name": "detail", "kind": "label", "font": 17, "lines": 0, "text": "d"\(compression)}],
             "constraints": ["H:|-16-[title]-8-[detail]-16-|", "V:|-11-[title]-(>=11)-|", "V:|-11-[detail]-(>=11)-|"]}
            """, path: "side.json")
    }

    /// 60 rows of 1 to 25 words each, a few with one long unbroken word.
    static let texts: [(title: String, detail: String)] = {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "wizards", "hex", "seven"]
        func text(_ count: Int, _ seed: Int) -> String {
            (0..<count).map { words[($0 * 5 + seed) % words.count] }.joined(separator: " ")
        }
        var texts = (0..<57).map { i in (text(1 + (i * 7) % 25, i), text(1 + (i * 11) % 25, i + 3)) }
        texts.append(("Supercalifragilisticexpialidocious-and-then-some-unbroken-characters", "x"))
        texts.append(("Hi", "a much longer detail text that wraps over several lines in the cell"))
        texts.append(("", "an empty title beside a detail"))
        return texts
    }()

    static func rows(_ file: TemplateFile) throws -> [CellContent] {
        func quoted(_ s: String) -> String { "\"" + s + "\"" }
        return try file.rows(parsing: "[" + texts.map { "{\"t\": \(quoted($0.title)), \"d\": \(quoted($0.detail))}" }.joined(separator: ",") + "]")
    }

    func measure(_ text: String, _ width: Double) throws -> TextMeasurement {
        try Self.measurer.measure(text, font: Self.font, style: TextStyle(lines: 0), maxWidth: width)
    }

    /// The label's frame height is its text's height measured by Pango at the
    /// frame's width (within a pixel of it either way: frames are rounded).
    func expectHoldsItsText(_ text: String, _ frame: Rect, row: Int) throws {
        #expect(frame.width >= 0, "row \(row): \(frame)")
        guard !text.isEmpty else { return }
        let pixel = Self.measurer.scale.pixel
        let candidates = try [frame.width - pixel, frame.width, frame.width + pixel].map {
            Self.measurer.scale.roundUp(try measure(text, max(0, $0)).height)
        }
        #expect(candidates.contains(frame.height), "row \(row): \(frame) for '\(text)': \(candidates)")
    }

    /// Lays every row out, checks each label holds its text, and hands over the frames.
    func eachRow(detailCompression: Int?, _ check: (_ row: Int, _ title: Rect, _ detail: Rect) throws -> Void) throws {
        let file = try Self.template(detailCompression: detailCompression)
        var fitter = file.template.makeFitter(measurer: Self.measurer)
        for (i, row) in try Self.rows(file).enumerated() {
            let result = try fitter.fit(row: row, width: 375)
            let title = try #require(result.frame(of: "title")), detail = try #require(result.frame(of: "detail"))
            try expectHoldsItsText(Self.texts[i].title, title, row: i)
            try expectHoldsItsText(Self.texts[i].detail, detail, row: i)
            try check(i, title, detail)
        }
    }

    @Test("default priorities: every row lays out, each label as tall as its text at its width, the width shared fairly")
    func defaultPriorities() throws {
        let pixel = Self.measurer.scale.pixel
        try eachRow(detailCompression: nil) { i, title, _ in
            // Equal priorities: the widths no priority decides are shared equally
            // (the tie-break), within the range both priorities allow: each label at
            // least its text's width when both fit, at most it when they do not, and
            // never below its widest word.
            let (wT, wD) = (try measure(Self.texts[i].title, .infinity).width, try measure(Self.texts[i].detail, .infinity).width)
            let (fT, fD) = (try measure(Self.texts[i].title, 0).width, try measure(Self.texts[i].detail, 0).width)
            let a = Self.available
            let lo = max(min(wT, a - wD), fT), hi = min(max(wT, a - wD), a - fD)
            let expected = min(max(a / 2, lo), hi)
            #expect(abs(title.width - expected) <= pixel, "row \(i): title \(title.width), expected \(expected)")
        }
    }

    @Test("detail compression 749: the title takes what it needs, the detail keeps at least its widest word")
    func detailYields() throws {
        let pixel = Self.measurer.scale.pixel
        try eachRow(detailCompression: 749) { i, title, detail in
            // The detail's floor: its widest unbreakable piece (UILabel breaks a word
            // longer than the line between characters, and so does the measurer).
            let floor = try measure(Self.texts[i].detail, 0).width
            let (wT, wD) = (try measure(Self.texts[i].title, .infinity).width, try measure(Self.texts[i].detail, .infinity).width)
            let a = Self.available
            // When both fit, the room left is shared as at equal priorities (hugging ties).
            let expected = wT + wD <= a ? min(max(a / 2, wT), a - wD) : min(wT, a - floor)
            #expect(abs(title.width - expected) <= pixel, "row \(i): title \(title.width), expected \(expected)")
            #expect(detail.width + pixel >= floor, "row \(i): detail \(detail.width) below its widest word \(floor)")
        }
    }

    @Test("the same heights whatever was fitted before: fresh fitters, reversed order", arguments: [nil, 749])
    func historyFree(detailCompression: Int?) throws {
        let file = try Self.template(detailCompression: detailCompression)
        let rows = try Self.rows(file)
        func heights(_ order: [Int], fresh: Bool) throws -> [Int: Double] {
            try exactHeights(file.template, rows, order: order, fresh: fresh, measurer: Self.measurer)
        }
        let forward = try heights(Array(rows.indices), fresh: false)
        #expect(try heights(rows.indices.reversed(), fresh: false) == forward)
        #expect(try heights(Array(rows.indices), fresh: true) == forward)
    }
}
