import CellLayout
import Testing
import TemplateFiles
import TestSupport

/// The path of a file in Tests/TemplateFilesTests/Fixtures.
func fixture(_ name: String) -> String {
    // This file is Tests/TemplateFilesTests/Support/TemplateFileSupport.swift.
    let path = "\(#filePath)"
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
    return directory + "/Fixtures/" + name
}

/// The repository's Examples folder: the example template files and their rows.
let examplesDirectory: String = {
    // This file is Tests/TemplateFilesTests/Support/TemplateFileSupport.swift.
    "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/") + "/Examples"
}()

/// A template file with `views` (JSON array text) and `constraints`, one per line,
/// so that a constraint's index + 4 is its line.
func templateText(views: String, constraints: [String], metrics: String? = nil) -> String {
    var lines = ["{", "  \"views\": \(views),"]
    if let metrics { lines.insert("  \"metrics\": \(metrics),", at: 1) }
    lines.append("  \"constraints\": [")
    lines += constraints.enumerated().map { index, constraint in
        "    \"" + constraint.replacingQuotes() + "\"" + (index == constraints.count - 1 ? "" : ",")
    }
    lines += ["  ]", "}"]
    return lines.joined(separator: "\n")
}

/// The number of lines of `text`.
func lineCount(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).count
}

/// Runs `body` and returns the ``TemplateFileError`` it throws, recording an issue when it throws nothing.
func templateError(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws(TemplateFileError) -> Void
) -> TemplateFileError? {
    do {
        try body()
        Issue.record("expected a TemplateFileError", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A constraint's parts as one comparable string (LayoutConstraint is not Equatable).
func parts(_ constraint: LayoutConstraint) -> String {
    var text = "\(constraint.first) \(constraint.relation.rawValue) \(constraint.second.map(\.description) ?? "nil")"
    text += " × \(constraint.multiplier) + \(constraint.constant) @\(constraint.priority.rawValue)"
    text += " collapsed \(constraint.collapsedConstant)"
    if let identifier = constraint.identifier { text += " id \(identifier)" }
    return text
}

/// Each row's exact height at width 375, the rows fitted in `order` by one fitter
/// (or, when `fresh`, by a new fitter each): equal maps mean the heights do not
/// depend on what was fitted before.
func exactHeights(
    _ template: CellTemplate<CellContent>, _ rows: [CellContent], order: [Int], fresh: Bool, measurer: any TextMeasurer
) throws -> [Int: Double] {
    var fitter = template.makeFitter(measurer: measurer)
    var result: [Int: Double] = [:]
    for i in order {
        if fresh { fitter = template.makeFitter(measurer: measurer) }
        result[i] = try fitter.fit(row: rows[i], width: 375).exactHeight
    }
    return result
}
