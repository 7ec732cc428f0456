import CellCheck
import CellLayout
import Foundation
import InterfaceBuilder
import Testing
import TextMetrics

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The reports, the baseline and Interface Builder cells through `check`.
@Suite("cellfit check: reports, baseline and Interface Builder cells")
struct CheckOutputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("InterfaceBuilderTests/Fixtures/cells").path
    static let staleFile = fixtures + "/xhzengAIB__iOS8SelfSizingCells__iOS8SelfSizingCells__iOS8SelfSizingCells__Base.lproj__Main.storyboard"
    /// RxDataSources' example storyboard: laid out with 8 pt margins by an Xcode before 9
    /// and saved by 9.1 without updating its frames (Docs/InterfaceBuilder.md).
    static let staleStoryboard = URL(fileURLWithPath: fixtures).deletingLastPathComponent()
        .appendingPathComponent("xib2/cells/RxSwiftCommunity__RxDataSources__Examples__Example__Base.lproj__Main.storyboard").path
    static let cleanFile = fixtures + "/Instagram__IGListKit__Examples__Examples-iOS__IGListKitExamples__Views__NibSelfSizingCell.xib"

    static func check(_ files: [String], devices: [Device] = Device.common) -> [FileReport] {
        let plan = CheckPlan(devices: devices, templateWidths: [], contentSizes: [.large], directions: [.ltr])
        return files.map { CheckRunner.check(file: $0, plan: plan, makeMeasurer: CheckRuleTests.measurer) }
    }

    @Test("stale-frames: a storyboard whose stored frames are not what its constraints give, at its design device only")
    func staleFrames() {
        let report = Self.check([Self.staleStoryboard])[0]
        let stale = report.cells.flatMap(\.findings).filter { $0.rule == .staleFrames }
        #expect(stale.count == 3)
        #expect(stale.allSatisfy { $0.configuration.device == "design" && $0.configuration.contentSize == "L" })
        #expect(stale.allSatisfy { !$0.lines.isEmpty && !$0.ibIDs.isEmpty })
    }

    @Test("a table view cell is laid out at the content width each device gives it")
    func deviceWidths() {
        let report = Self.check([Self.staleFile], devices: [Device.named("iphone-se-1"), Device.named("iphone-16-pro-max")].compactMap { $0 })[0]
        let cell = report.cells.first { $0.cell.id == "18e-0o-Xfh" }
        // The design device (600 pt canvas), then 320 and 440 pt screens: three widths.
        #expect(cell?.configurations == 3)
        let widths = Set(cell?.findings.filter { $0.rule != .standInFont }.map(\.configuration.width) ?? [])
        #expect(widths.isSubset(of: [600, 320, 440]))
    }

    @Test("a cell that reproduces IB's frames fails nothing at its design device and Large")
    func cleanAtDesign() {
        let report = Self.check([Self.cleanFile], devices: [])[0]
        let policy = FailurePolicy()
        #expect(report.unreadable == nil)
        #expect(!report.cells.isEmpty)
        #expect(report.cells.flatMap(\.findings).filter(policy.fails).isEmpty)
    }

    @Test("JUnit: testsuites, a testsuite per file, a testcase per cell, a failure per failing finding")
    func junit() throws {
        let reports = Self.check([Self.staleFile, Self.cleanFile])
        let policy = FailurePolicy(failsFrom: .warning)
        let text = CheckOutput.junit(reports, policy: policy)
        let document = try XMLDocument(xmlString: text)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        var failures = 0
        for suite in suites {
            #expect(suite.attribute(forName: "name")?.stringValue != nil)
            let cases = suite.elements(forName: "testcase")
            #expect(suite.attribute(forName: "tests")?.stringValue == String(cases.count))
            var suiteFailures = 0
            for testCase in cases {
                #expect(testCase.attribute(forName: "name")?.stringValue?.isEmpty == false)
                #expect(testCase.attribute(forName: "classname")?.stringValue != nil)
                for failure in testCase.elements(forName: "failure") {
                    suiteFailures += 1
                    #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("[") == true)
                    #expect(CheckRule(rawValue: failure.attribute(forName: "type")?.stringValue ?? "") != nil)
                }
            }
            #expect(suite.attribute(forName: "failures")?.stringValue == String(suiteFailures))
            failures += suiteFailures
        }
        let expected = reports.flatMap(\.cells).reduce(0) { $0 + $1.grouped.filter { policy.fails($0.first) }.count }
        #expect(failures == expected)
        #expect(failures > 0)
        // The root carries no totals (the report is written as files finish); its name is required.
        #expect(root.attribute(forName: "name")?.stringValue == "cellfit check")
    }

    @Test("NDJSON: one object per finding and configuration, with its rule, key and whether it fails")
    func ndjson() throws {
        let reports = Self.check([Self.staleFile])
        let lines = CheckOutput.ndjson(reports, policy: FailurePolicy()).split(separator: "\n")
        #expect(lines.count == reports.flatMap(\.cells).reduce(0) { $0 + $1.findings.count })
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(CheckRule(rawValue: object["rule"] as? String ?? "") != nil)
            #expect(object["key"] is String)
            #expect(object["fails"] is Bool)
        }
    }

    @Test("a baseline accepts today's findings: nothing fails against it, and a new finding still does")
    func baseline() throws {
        let reports = Self.check([Self.staleFile])
        let all = reports.flatMap(\.cells).flatMap(\.findings)
        #expect(all.contains(where: FailurePolicy().fails))
        let path = NSTemporaryDirectory() + "baseline-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try CheckOutput.baseline(reports).write(toFile: path, atomically: true, encoding: .utf8)
        let accepted = try CheckOutput.readBaseline(path)
        let policy = FailurePolicy(accepted: accepted)
        #expect(!all.contains(where: policy.fails))
        var new = try #require(all.first { $0.rule == .conflict || $0.rule == .clipped })
        new.message = "a finding the baseline has not seen"
        #expect(policy.fails(new))
        #expect(throws: BaselineError.self) { try CheckOutput.readBaseline(Self.cleanFile) }
    }

    @Test("a text finding measured with a stand-in font is a warning, unless fonts are strict")
    func standInFonts() {
        let reports = Self.check([Self.staleFile])
        let textual = reports.flatMap(\.cells).flatMap(\.findings).filter { $0.dependsOnStandInFont && $0.rule != .standInFont }
        #expect(!textual.isEmpty)
        for finding in textual where finding.severity == .error {
            #expect(FailurePolicy().severity(of: finding) == .warning)
            #expect(FailurePolicy(strictFonts: true).severity(of: finding) == .error)
        }
        #expect(reports.flatMap(\.cells).flatMap(\.findings).contains { $0.rule == .standInFont })
    }
}
