import CellLayout
import ExampleCells
import Foundation
import Testing
import TemplateFiles
import PangoText

/// The example cells' template files (`Examples/Templates`) against their Swift
/// templates (`ExampleCells`): every row of every data file (`Examples/Data`)
/// gets exactly the same row height and frames from both, with the
/// fixed-advance measurer and with Pango.
///
/// The Swift rows are rebuilt from the data file itself (read with Foundation's
/// JSON reader, independently of TemplateFiles'), so the test compares the two
/// templates on the same values; `cellfit example-data`'s test checks that the
/// data files are still what the generators make.
@Suite("Example template files lay out as the example cells")
struct ExampleTemplateTests {
    static let examples: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Examples"
    }()

    enum Measurer: String, CaseIterable, CustomTestStringConvertible {
        case fixed, pango
        var testDescription: String { rawValue }

        func make() -> any TextMeasurer {
            switch self {
            case .fixed: FixedAdvanceMeasurer(scale: .x2)
            case .pango: PangoTextMeasurer(scale: .x2)
            }
        }
    }

    /// The template file, its rows as TemplateFiles reads them, and the same rows as JSON objects.
    static func load(_ name: String, data: String? = nil) throws -> (TemplateFile, [CellContent], [[String: Any]]) {
        let file = try TemplateFile(contentsOfFile: "\(examples)/Templates/\(name).json")
        let dataPath = "\(examples)/Data/\(data ?? name).json"
        let rows = try file.rows(contentsOfFile: dataPath)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dataPath))) as? [[String: Any]])
        try #require(rows.count == objects.count)
        return (file, rows, objects)
    }

    static func string(_ object: [String: Any], _ key: String) throws -> String {
        try #require(object[key] as? String, "field \(key)")
    }

    /// Fits every row with both templates and expects the same row heights and frames.
    static func expectSame<Model>(
        _ file: TemplateFile, _ rows: [CellContent], _ swift: CellTemplate<Model>, _ models: [Model],
        width: Double, measurer: Measurer, minimumRows: Int
    ) throws {
        #expect(rows.count >= minimumRows)
        let m = measurer.make()
        var fromFile = file.template.makeFitter(measurer: m)
        var fromSwift = swift.makeFitter(measurer: m)
        var differing = 0
        for (index, (row, model)) in zip(rows, models).enumerated() {
            let a = try fromFile.fit(row, width: width), b = try fromSwift.fit(model, width: width)
            if a.rowHeight != b.rowHeight || a.frames != b.frames {
                differing += 1
                if differing <= 3 {
                    Issue.record("\(file.name) row \(index) (\(measurer)): file \(a) ≠ Swift \(b)")
                }
            }
        }
        #expect(differing == 0, "\(differing) of \(rows.count) rows differ")
    }

    @Test("ChatFeed: 1000 rows", arguments: Measurer.allCases)
    func chatFeed(measurer: Measurer) throws {
        let (file, rows, objects) = try Self.load("ChatFeed")
        let models = try objects.map { ChatEntry(heading: try Self.string($0, "heading"), text: try Self.string($0, "text")) }
        try Self.expectSame(file, rows, ChatCell.template(), models, width: 375, measurer: measurer, minimumRows: 1000)
    }

    @Test("MessageCells", arguments: Measurer.allCases)
    func messageCells(measurer: Measurer) throws {
        let (file, rows, objects) = try Self.load("MessageCells")
        let models = try objects.map {
            Message(
                user: try Self.string($0, "user"), text: try Self.string($0, "text"),
                timestamp: try Self.string($0, "timestamp"), hasMedia: try #require($0["hasMedia"] as? Bool))
        }
        #expect(models.contains { $0.hasMedia } && models.contains { !$0.hasMedia })
        try Self.expectSame(file, rows, MessageCell.template(), models, width: 375, measurer: measurer, minimumRows: 100)
    }

    @Test("ExpandableMovies: closed and tapped-open rows", arguments: Measurer.allCases)
    func expandableMovies(measurer: Measurer) throws {
        let (file, rows, objects) = try Self.load("ExpandableMovies")
        let models = try objects.map { object -> Movie in
            let shown = try Self.string(object, "description")
            let expanded = try #require(object["expanded"] as? Bool)
            // The row shows `description`, whichever of intro and full text it is.
            return Movie(title: try Self.string(object, "title"), intro: shown, full: shown, expanded: expanded)
        }
        #expect(models.contains { $0.expanded })
        try Self.expectSame(file, rows, MovieCell.template(), models, width: 375, measurer: measurer, minimumRows: 100)
    }

    @Test("DynamicHeights", arguments: Measurer.allCases)
    func dynamicHeights(measurer: Measurer) throws {
        let (file, rows, objects) = try Self.load("DynamicHeights")
        let models = try objects.map { try Self.string($0, "text") }
        try Self.expectSame(
            file, rows, DynamicHeightsCell.template(), models, width: DynamicHeightsCell.width, measurer: measurer,
            minimumRows: 100)
    }

    @Test("EstimatedHeights: title rows and basic rows", arguments: Measurer.allCases)
    func estimatedHeights(measurer: Measurer) throws {
        let (titleFile, titleRows, titleObjects) = try Self.load("EstimatedHeights-title")
        let titles = try titleObjects.map { TitleRow(title: try Self.string($0, "title"), body: try Self.string($0, "body")) }
        try Self.expectSame(
            titleFile, titleRows, EstimatedHeightsCell.titleTemplate(), titles, width: 375, measurer: measurer, minimumRows: 10)

        let (basicFile, basicRows, basicObjects) = try Self.load("EstimatedHeights-basic")
        let basics = try basicObjects.map { try Self.string($0, "text") }
        try Self.expectSame(
            basicFile, basicRows, EstimatedHeightsCell.basicTemplate(), basics, width: 375, measurer: measurer, minimumRows: 100)
    }
}
