import Foundation
import TextMetrics

/// What fails a run: findings at or above a severity that no baseline accepts. A text
/// finding measured with a stand-in font is a warning at most, unless fonts are strict.
public struct FailurePolicy: Sendable {
    /// The least severity that fails the run (`--severity`, `error` by default).
    public var failsFrom: Severity
    /// `--strict-fonts`: a finding that depends on a stand-in font keeps its severity.
    public var strictFonts: Bool
    /// The keys of the findings a baseline accepts (`--baseline`).
    public var accepted: Set<String>

    /// A policy: by default errors fail, stand-in fonts soften text findings, nothing is accepted.
    public init(failsFrom: Severity = .error, strictFonts: Bool = false, accepted: Set<String> = []) {
        self.failsFrom = failsFrom
        self.strictFonts = strictFonts
        self.accepted = accepted
    }

    /// The severity the finding counts at.
    public func severity(of finding: Finding) -> Severity {
        if finding.dependsOnStandInFont, !strictFonts, finding.rule != .standInFont {
            return min(finding.severity, .warning)
        }
        return finding.severity
    }

    /// Whether the finding fails the run.
    public func fails(_ finding: Finding) -> Bool {
        severity(of: finding) >= failsFrom && !accepted.contains(finding.key)
    }
}

/// A finding and every configuration it occurs in: how the reports show it once.
public struct GroupedFinding: Sendable {
    /// The finding as first found (its message's numbers are that configuration's).
    public var first: Finding
    /// Every configuration where it occurs, in the order checked.
    public var configurations: [CheckConfiguration]
}

extension CellReport {
    /// The findings grouped by ``Finding/key``, in the order they were first found.
    public var grouped: [GroupedFinding] {
        var order: [String] = []
        var groups: [String: GroupedFinding] = [:]
        for finding in findings {
            if groups[finding.key] == nil {
                order.append(finding.key)
                groups[finding.key] = GroupedFinding(first: finding, configurations: [])
            }
            groups[finding.key]?.configurations.append(finding.configuration)
        }
        return order.compactMap { groups[$0] }
    }
}

/// A report format: `--format`.
public enum CheckFormat: String, Sendable, CaseIterable {
    /// Per file and cell, each finding once with its configurations, then the counts.
    case human
    /// Ant/Jenkins JUnit XML.
    case junit
    /// One JSON object per finding and configuration.
    case ndjson
}

/// What a run found so far, counted as its files are written.
public struct CheckTally: Sendable {
    /// Files written, readable or not.
    public var files = 0
    /// Files that could not be read.
    public var unreadable = 0
    /// Cells checked.
    public var cells = 0
    /// Layouts made (cells × configurations).
    public var layouts = 0
    /// Distinct findings (each once per cell) by the severity they count at.
    public var counts: [Severity: Int] = [:]
    /// Distinct findings that fail the run.
    public var failing = 0
    /// Distinct findings a baseline accepts.
    public var accepted = 0
    /// Cells whose layout or import failed.
    public var cellErrors = 0

    /// Whether the run fails: a failing finding or a cell that could not be checked.
    public var fails: Bool { failing > 0 || cellErrors > 0 }

    /// `3 files, 12 cells, 360 layouts: 1 error, 4 warnings, 2 notes; 1 failing`.
    public var summary: String {
        var out = "\(files) file\(files == 1 ? "" : "s"), \(cells) cell\(cells == 1 ? "" : "s"), \(layouts) layouts: "
        out += Severity.allCases.reversed().map { "\(counts[$0] ?? 0) \($0.rawValue)\(counts[$0] ?? 0 == 1 ? "" : "s")" }.joined(separator: ", ")
        if accepted > 0 { out += " (\(accepted) in the baseline)" }
        if unreadable > 0 { out += "; \(unreadable) unreadable" }
        return out + (failing > 0 ? "; \(failing) failing" : "; none failing")
    }
}

/// Writes a report file by file, so that a run holds one file's findings at a time
/// however many files it checks: ``header``, then ``section(for:)`` per file in order,
/// then ``footer``. ``tally`` counts what was written.
public struct CheckReportWriter: Sendable {
    /// The format written.
    public let format: CheckFormat
    /// What fails, and what a baseline accepts.
    public let policy: FailurePolicy
    /// What the sections written so far hold.
    public private(set) var tally = CheckTally()

    /// A writer of `format` under `policy`.
    public init(format: CheckFormat, policy: FailurePolicy) {
        self.format = format
        self.policy = policy
    }

    /// What comes before the first file.
    public var header: String {
        // The root carries no totals: they are known only at the end of a stream.
        format == .junit ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cellfit check\">\n" : ""
    }

    /// What comes after the last file: the human summary line, JUnit's closing tag.
    public var footer: String {
        switch format {
        case .human: tally.summary + "\n"
        case .junit: "</testsuites>\n"
        case .ndjson: ""
        }
    }

    /// One file's part of the report; counts it in ``tally``.
    public mutating func section(for file: FileReport) -> String {
        tally.files += 1
        if file.unreadable != nil { tally.unreadable += 1 }
        for cell in file.cells {
            tally.cells += 1
            tally.layouts += cell.configurations
            if !cell.errors.isEmpty { tally.cellErrors += 1 }
            for group in cell.grouped {
                let finding = group.first
                tally.counts[policy.severity(of: finding), default: 0] += 1
                if policy.fails(finding) { tally.failing += 1 }
                if policy.accepted.contains(finding.key) { tally.accepted += 1 }
            }
        }
        switch format {
        case .human: return human(file)
        case .junit: return junit(file)
        case .ndjson: return ndjson(file)
        }
    }

    private func human(_ file: FileReport) -> String {
        if let why = file.unreadable { return "\(file.file): error: \(why)\n" }
        var out = ""
        for cell in file.cells {
            let groups = cell.grouped
            guard !groups.isEmpty || !cell.errors.isEmpty else { continue }
            out += "\(file.file):\(cell.cell.line): \(cell.cell)\n"
            for error in cell.errors { out += "  error: \(error)\n" }
            for group in groups {
                let finding = group.first
                let isAccepted = policy.accepted.contains(finding.key)
                var line = "  \(policy.severity(of: finding).rawValue): [\(finding.rule.rawValue)]"
                if !finding.views.isEmpty {
                    let ids = finding.ibIDs.isEmpty ? "" : " (" + finding.ibIDs.joined(separator: ", ") + ")"
                    line += " " + finding.views.joined(separator: ", ") + ids + ":"
                }
                line += " " + finding.message
                if !finding.lines.isEmpty { line += " (line " + finding.lines.map(String.init).joined(separator: ", ") + ")" }
                if finding.dependsOnStandInFont && finding.rule != .standInFont { line += " [stand-in font]" }
                if isAccepted { line += " [baseline]" }
                out += line + "\n"
                if finding.rule != .standInFont {
                    out += "    at " + CheckOutput.summary(of: group.configurations, total: cell.configurations) + "\n"
                }
            }
        }
        return out
    }

    private func junit(_ file: FileReport) -> String {
        let xml = CheckOutput.xml
        var cases = ""
        var failures = 0, errors = 0
        if let why = file.unreadable {
            errors += 1
            cases += "    <testcase classname=\"\(xml(file.file))\" name=\"(file)\">\n"
            cases += "      <error message=\"\(xml(why))\" type=\"unreadable\"/>\n    </testcase>\n"
        }
        for cell in file.cells {
            cases += "    <testcase classname=\"\(xml(file.file))\" name=\"\(xml(cell.cell.description))\">\n"
            var notes = ""
            for error in cell.errors {
                errors += 1
                cases += "      <error message=\"\(xml(error))\" type=\"layout\"/>\n"
            }
            for group in cell.grouped {
                let finding = group.first
                let text = finding.views.joined(separator: ", ") + ": " + finding.message + "\n"
                    + CheckOutput.summary(of: group.configurations, total: cell.configurations)
                    + (finding.lines.isEmpty ? "" : "\nlines " + finding.lines.map(String.init).joined(separator: ", "))
                if policy.fails(finding) {
                    failures += 1
                    cases += "      <failure message=\"\(xml("[\(finding.rule.rawValue)] \(finding.message)"))\" type=\"\(finding.rule.rawValue)\">"
                    cases += xml(text) + "</failure>\n"
                } else {
                    notes += "\(policy.severity(of: finding).rawValue): [\(finding.rule.rawValue)] \(text)\n"
                }
            }
            if !notes.isEmpty { cases += "      <system-out>\(xml(notes))</system-out>\n" }
            cases += "    </testcase>\n"
        }
        let tests = file.cells.count + (file.unreadable == nil ? 0 : 1)
        return "  <testsuite name=\"\(xml(file.file))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + cases + "  </testsuite>\n"
    }

    private func ndjson(_ file: FileReport) -> String {
        if let why = file.unreadable { return CheckOutput.json(["file": file.file, "error": why]) + "\n" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = ""
        for cell in file.cells {
            for error in cell.errors {
                out += CheckOutput.json(["file": file.file, "cell": cell.cell.id, "error": error]) + "\n"
            }
            for finding in cell.findings {
                var line = finding
                line.severity = policy.severity(of: finding)
                let record = CheckOutput.Line(finding: line, fails: policy.fails(finding), baseline: policy.accepted.contains(finding.key))
                guard let data = try? encoder.encode(record) else { continue }
                out += String(decoding: data, as: UTF8.self) + "\n"
            }
        }
        return out
    }
}

/// The report formats of a finished run, whole, and the baseline file.
public enum CheckOutput {
    /// The whole report of `files` in `format`.
    public static func report(_ files: [FileReport], format: CheckFormat, policy: FailurePolicy) -> String {
        var writer = CheckReportWriter(format: format, policy: policy)
        var out = writer.header
        for file in files { out += writer.section(for: file) }
        return out + writer.footer
    }

    /// The summary a person reads: per file and cell, each finding once with the
    /// configurations where it occurs, then the counts.
    public static func human(_ files: [FileReport], policy: FailurePolicy) -> String {
        report(files, format: .human, policy: policy)
    }

    /// Ant/Jenkins JUnit XML: a `testsuite` per file, a `testcase` per cell, a `failure`
    /// per failing finding (each once, with its configurations), an `error` per layout
    /// or file that failed; findings that do not fail go to the case's `system-out`.
    public static func junit(_ files: [FileReport], policy: FailurePolicy) -> String {
        report(files, format: .junit, policy: policy)
    }

    /// One JSON object per finding (every configuration, ungrouped): a stream another tool filters.
    public static func ndjson(_ files: [FileReport], policy: FailurePolicy) -> String {
        report(files, format: .ndjson, policy: policy)
    }

    /// `5 of 24 configurations: iphone-se-3 (343 pt) AX3 ltr, …` (at most eight named).
    static func summary(of configurations: [CheckConfiguration], total: Int) -> String {
        let named = configurations.prefix(8).map(\.description).joined(separator: ", ")
        let more = configurations.count > 8 ? ", …" : ""
        return "\(configurations.count) of \(total) configuration\(total == 1 ? "" : "s"): \(named)\(more)"
    }

    struct Line: Encodable {
        let finding: Finding
        let fails: Bool
        let baseline: Bool

        func encode(to encoder: any Encoder) throws {
            try finding.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(fails, forKey: .fails)
            try container.encode(baseline, forKey: .baseline)
            try container.encode(finding.key, forKey: .key)
        }

        enum Keys: String, CodingKey { case fails, baseline, key }
    }

    static func json(_ object: [String: String]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The baseline file: the keys of today's findings, sorted, one per line of a JSON array.
    public static func baseline(_ files: [FileReport]) -> String {
        baseline(keys: Set(files.flatMap { $0.cells.flatMap { $0.findings.map(\.key) } }))
    }

    /// The baseline file of findings' keys gathered as a run went.
    public static func baseline(keys unsorted: Set<String>) -> String {
        let keys = unsorted.sorted()
        let object: [String: Any] = ["version": 1, "findings": keys]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a baseline file's keys.
    /// - Throws: ``BaselineError`` naming the file and what is wrong with it.
    public static func readBaseline(_ path: String) throws(BaselineError) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else { throw BaselineError(message: "\(path): cannot be read") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BaselineError(message: "\(path): not a JSON object (a file --write-baseline wrote)")
        }
        guard object["version"] as? Int == 1, let keys = object["findings"] as? [String] else {
            throw BaselineError(message: "\(path): expected {\"version\": 1, \"findings\": [strings]}")
        }
        return Set(keys)
    }

    static func xml(_ text: String) -> String { text.xmlEscaped }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Sendable {
    /// The file and what is wrong with it.
    public let message: String
}
