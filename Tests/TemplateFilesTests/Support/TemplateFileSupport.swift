import CellLayout
import Testing
import TemplateFiles

/// The path of a file in Tests/TemplateFilesTests/Fixtures.
func fixture(_ name: String) -> String {
    // This file is Tests/TemplateFilesTests/Support/TemplateFileSupport.swift.
    let path = "\(#filePath)"
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
    return directory + "/Fixtures/" + name
}

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

extension String {
    /// The string with `"` escaped, for JSON text built in tests.
    func replacingQuotes() -> String {
        var out = ""
        for character in self { out += character == "\"" ? "\\\"" : String(character) }
        return out
    }
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

/// Fits every row with both templates and expects the same heights and frames of every view.
func expectSameLayouts<A, B>(
    _ a: CellTemplate<A>, _ aRows: [A], _ b: CellTemplate<B>, _ bRows: [B], widths: [Double],
    measurer: some TextMeasurer, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    #expect(a.viewNames.sorted() == b.viewNames.sorted(), sourceLocation: sourceLocation)
    var fitterA = a.makeFitter(measurer: measurer)
    var fitterB = b.makeFitter(measurer: measurer)
    for width in widths {
        for (index, (rowA, rowB)) in zip(aRows, bRows).enumerated() {
            let layoutA = try fitterA.fit(rowA, width: width)
            let layoutB = try fitterB.fit(rowB, width: width)
            #expect(layoutA.rowHeight == layoutB.rowHeight, "row \(index), width \(width)", sourceLocation: sourceLocation)
            for name in b.viewNames {
                #expect(
                    layoutA.frame(of: name) == layoutB.frame(of: name), "row \(index), width \(width), view \(name)",
                    sourceLocation: sourceLocation)
            }
        }
    }
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
