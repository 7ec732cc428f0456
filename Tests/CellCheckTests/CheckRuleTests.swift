import CellCheck
import CellLayout
import Foundation
import InterfaceBuilder
import PangoText
import TemplateFiles
import Testing
import TextMetrics

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A template file written for one test, removed after it.
struct TemporaryTemplate {
    let path: String

    init(_ json: String) throws {
        path = NSTemporaryDirectory() + "cellcheck-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Golden cases: a cell made to show each rule, and the findings `check` must give.
@Suite("cellfit check: each rule on a cell made to show it")
struct CheckRuleTests {
    static let measurer: CheckMeasurerFactory = { scale, report in
        PangoTextMeasurer(scale: scale.flatMap(DisplayScale.init(rawValue:)) ?? .x3, missingFonts: .substitute(report: { report($0.description) }))
    }

    static func plan(widths: [Double] = [320], sizes: [ContentSizeCategory] = [.large]) -> CheckPlan {
        CheckPlan(devices: [], templateWidths: widths, contentSizes: sizes, directions: [.ltr])
    }

    static func findings(_ json: String, widths: [Double] = [320], sizes: [ContentSizeCategory] = [.large]) throws -> [Finding] {
        let file = try TemporaryTemplate(json)
        defer { file.remove() }
        let report = CheckRunner.check(file: file.path, plan: plan(widths: widths, sizes: sizes), makeMeasurer: measurer)
        #expect(report.unreadable == nil, "\(report.unreadable ?? "")")
        #expect(report.cells.first?.errors == [])
        return report.cells.first?.findings ?? []
    }

    @Test("a clean cell has no findings at any width or size")
    func clean() throws {
        let found = try Self.findings(
            """
            {"name": "clean", "views": [{"name": "title", "kind": "label", "font": 17, "lines": 0, "staticText": "A title that wraps onto more lines at larger sizes"}],
             "constraints": ["title.leading == contentView.margins.leading", "title.trailing == contentView.margins.trailing",
                             "title.top == contentView.margins.top", "title.bottom == contentView.margins.bottom"]}
            """, widths: [320, 440], sizes: [.large, .accessibilityExtraExtraExtraLarge])
        #expect(found.filter { $0.rule != .standInFont }.isEmpty, "\(found.map(\.message))")
    }

    @Test("truncated: one line of text wider than its label, and a wrapping text limited to two lines")
    func truncated() throws {
        let found = try Self.findings(
            """
            {"name": "t", "views": [
               {"name": "one", "kind": "label", "font": 17, "lines": 1, "staticText": "A single line far too long to fit one hundred points"},
               {"name": "two", "kind": "label", "font": 17, "lines": 2, "staticText": "Several words that need many more than two lines at one hundred points wide"}],
             "constraints": ["one.leading == contentView.leading + 8", "one.width == 100", "one.top == contentView.top + 8",
                             "two.leading == contentView.leading + 8", "two.width == 100", "two.top == one.bottom + 8",
                             "two.bottom == contentView.bottom - 8"]}
            """)
        let truncated = found.filter { $0.rule == .truncated }
        #expect(Set(truncated.flatMap(\.views)) == ["one", "two"])
        #expect(truncated.allSatisfy { $0.message.contains("numberOfLines allows") })
    }

    @Test("clipped, overlap and negative: views placed past the edge, on each other, and squeezed")
    func geometry() throws {
        let found = try Self.findings(
            """
            {"name": "g", "views": [
               {"name": "photo", "kind": "image", "size": [60, 60]},
               {"name": "name", "kind": "label", "font": 17, "staticText": "Name"},
               {"name": "wide", "kind": "box"},
               {"name": "squeezed", "kind": "box"}],
             "constraints": ["photo.leading == contentView.leading + 8", "photo.top == contentView.top + 8", "photo.bottom == contentView.bottom - 8",
                             "name.leading == photo.leading + 30", "name.top == photo.top + 30",
                             "wide.leading == contentView.leading + 200", "wide.width == 200", "wide.top == contentView.top", "wide.height == 10",
                             "squeezed.top == contentView.top + 20", "squeezed.bottom == contentView.top + 10", "squeezed.leading == contentView.leading", "squeezed.width == 10"]}
            """)
        #expect(found.contains { $0.rule == .clipped && $0.views == ["wide"] && $0.message.contains("80 pt past the right edge") })
        #expect(found.contains { $0.rule == .overlap && Set($0.views) == ["photo", "name"] })
        #expect(found.contains { $0.rule == .negative && $0.views == ["squeezed"] })
        #expect(!found.contains { $0.rule == .clipped && $0.views != ["wide"] })
    }

    @Test("zero-height: a self-sizing row whose constraints give the content view no height")
    func zeroHeight() throws {
        let found = try Self.findings(
            """
            {"name": "z", "views": [{"name": "title", "kind": "label", "font": 17, "staticText": "Centred"}],
             "constraints": ["title.leading == contentView.margins.leading", "title.centerY == contentView.centerY"]}
            """)
        #expect(found.contains {
            $0.rule == .zeroHeight && $0.severity == .warning && $0.message.contains("ambiguously suggest a height of zero")
        })
        // UIKit lays it out at the standard height then: the label is not reported clipped.
        #expect(!found.contains { $0.rule == .clipped })
    }

    @Test("zero-height: what the collapse costs a cell taller than the standard row fails as clipped")
    func zeroHeightTallCell() throws {
        let found = try Self.findings(
            """
            {"name": "z", "views": [{"name": "photo", "kind": "image", "size": [60, 60]}],
             "constraints": ["photo.leading == contentView.margins.leading", "photo.centerY == contentView.centerY"]}
            """)
        #expect(found.contains { $0.rule == .zeroHeight })
        #expect(found.contains { $0.rule == .clipped && $0.views == ["photo"] && $0.severity == .error })
    }

    @Test("conflict: required constraints that cannot hold, and the one UIKit breaks")
    func conflict() throws {
        let found = try Self.findings(
            """
            {"name": "c", "views": [{"name": "bar", "kind": "box"}],
             "constraints": ["bar.leading == contentView.leading + 16", "bar.trailing == contentView.trailing - 16",
                             "bar.width == 400", "bar.top == contentView.top", "bar.height == 10", "bar.bottom == contentView.bottom"]}
            """)
        let conflict = try #require(found.first { $0.rule == .conflict })
        #expect(conflict.message.hasPrefix("Unable to simultaneously satisfy constraints"))
        #expect(conflict.message.contains("bar.width == 400"))
        #expect(conflict.message.contains("UIKit breaks"))
        #expect(!conflict.lines.isEmpty)
    }

    @Test("ambiguous: a view nothing places vertically")
    func ambiguous() throws {
        let found = try Self.findings(
            """
            {"name": "a", "views": [{"name": "box", "kind": "box"}, {"name": "title", "kind": "label", "font": 17, "staticText": "Title"}],
             "constraints": ["box.leading == contentView.leading", "box.width == 10", "box.height == 10",
                             "title.leading == contentView.margins.leading", "title.top == contentView.margins.top", "title.bottom == contentView.margins.bottom"]}
            """)
        #expect(found.contains { $0.rule == .ambiguous && $0.views == ["box"] && $0.message.contains("box.y") })
    }

    @Test("--rules selects: a cell with a conflict and a clipped view reports only the rule asked for")
    func ruleSelection() throws {
        let file = try TemporaryTemplate(
            """
            {"name": "c", "views": [{"name": "bar", "kind": "box"}],
             "constraints": ["bar.leading == contentView.leading + 300", "bar.width == 100", "bar.top == contentView.top", "bar.height == 10", "bar.bottom == contentView.bottom"]}
            """)
        defer { file.remove() }
        var plan = Self.plan()
        plan.checker = CellChecker(rules: [.conflict])
        let report = CheckRunner.check(file: file.path, plan: plan, makeMeasurer: Self.measurer)
        #expect(report.cells.first?.findings.isEmpty == true)
        plan.checker = CellChecker(rules: [.clipped])
        let clipped = CheckRunner.check(file: file.path, plan: plan, makeMeasurer: Self.measurer)
        #expect(clipped.cells.first?.findings.map(\.rule) == [.clipped])
    }

    @Test("a file that is not a template or IB file is unreadable, with its reason")
    func unreadable() throws {
        let file = try TemporaryTemplate("{\"name\": 3}")
        defer { file.remove() }
        let report = CheckRunner.check(file: file.path, plan: Self.plan(), makeMeasurer: Self.measurer)
        #expect(report.unreadable != nil)
        #expect(report.cells.isEmpty)
    }
}

@Suite("cellfit check: right to left")
struct CheckDirectionTests {
    @Test("a cell clean left to right is clean right to left, and an overlap mirrored is found in both directions")
    func bothDirections() throws {
        let file = try TemporaryTemplate(
            """
            {"name": "d", "views": [
               {"name": "photo", "kind": "image", "size": [40, 40]},
               {"name": "name", "kind": "label", "font": 17, "staticText": "Name"},
               {"name": "badge", "kind": "label", "font": 12, "staticText": "New messages waiting"}],
             "constraints": ["photo.leading == contentView.margins.leading", "photo.top == contentView.margins.top",
                             "photo.bottom <= contentView.margins.bottom",
                             "name.leading == photo.trailing + 8", "name.top == photo.top", "name.bottom <= contentView.margins.bottom",
                             "badge.leading == name.leading + 2", "badge.top == name.top + 2"]}
            """)
        defer { file.remove() }
        let plan = CheckPlan(devices: [], templateWidths: [320], contentSizes: [.large], directions: [.ltr, .rtl])
        let report = CheckRunner.check(file: file.path, plan: plan, makeMeasurer: CheckRuleTests.measurer)
        let overlaps = report.cells.flatMap(\.findings).filter { $0.rule == .overlap }
        #expect(Set(overlaps.map(\.configuration.direction)) == [.ltr, .rtl])
        #expect(overlaps.allSatisfy { Set($0.views) == ["name", "badge"] })
        #expect(report.cells.first?.configurations == 2)
    }

    @Test("after a conflict, what the layout left shows is a warning; the conflict is the failure")
    func findingsAfterAConflict() throws {
        let found = try CheckRuleTests.findings(
            """
            {"name": "c", "views": [{"name": "photo", "kind": "image", "size": [60, 60]}],
             "constraints": ["photo.leading == contentView.leading", "photo.top == contentView.top", "photo.bottom == contentView.bottom",
                             "photo.width == 400", "photo.trailing == contentView.trailing"]}
            """)
        #expect(found.contains { $0.rule == .conflict && $0.severity == .error })
        let clipped = found.filter { $0.rule == .clipped }
        #expect(!clipped.isEmpty, "\(found.map(\.message))")
        #expect(clipped.allSatisfy { $0.severity == .warning && $0.message.hasSuffix("(in the layout left after the conflict)") })
    }

    @Test("clipped reads the alignment rectangle: a slider's thumb overhang past the edge is no finding, its track is")
    func clippedByAlignmentRectangle() throws {
        func clipped(_ inset: String) throws -> [Finding] {
            try CheckRuleTests.findings(
                """
                {"name": "s", "views": [{"name": "slider", "kind": "control", "size": [null, 31], "alignmentInsets": {"top": 0, "left": 2, "bottom": 0, "right": 2}}],
                 "constraints": ["slider.leading == contentView.leading \(inset)", "slider.trailing == contentView.trailing",
                                 "slider.top == contentView.top + 4", "slider.bottom == contentView.bottom - 4"]}
                """
            ).filter { $0.rule == .clipped }
        }
        // The frame reaches 2 pt past both edges; what shows does not.
        #expect(try clipped("").isEmpty)
        #expect(try clipped("- 3").contains { $0.message.contains("3 pt past the left edge") })
    }

    @Test("a geometric finding on a view whose size is IB's misplaced frame is a warning that says so")
    func misplacedSizeIsAWarning() throws {
        let file = try TemplateFile(
            parsing: """
                {"name": "m", "views": [{"name": "field", "kind": "control", "size": [200, 45]}],
                 "constraints": ["field.leading == contentView.leading + 8", "field.top == contentView.top + 24"]}
                """, path: "m.json")
        var input = CheckInput(template: file.template, width: 320, fixedHeight: 60)
        let cell = CheckedCell(file: "m.json", id: "m", className: nil, reuseIdentifier: nil, line: 1)
        let configuration = CheckConfiguration(device: "design", width: 320, contentSize: "L", direction: .ltr)
        func clipped() -> [Finding] {
            CellChecker().check(input, cell: cell, configuration: configuration, measurer: FixedAdvanceMeasurer(), substitutions: { [] })
                .findings.filter { $0.rule == .clipped }
        }
        #expect(clipped().map(\.severity) == [.error])
        input.misplacedSizes = ["field"]
        #expect(clipped().map(\.severity) == [.warning])
        #expect(clipped().first?.message.contains("misplaced frame") == true)
    }
}
