import Foundation
import CellFitWorkload

/// A small valid workload, one key per line so that tests can point at lines.
///
/// `x >= y + 8` (required), `y == 20` (weak), `x <= 0` (weak); `y` is a strong
/// edit variable, so after the rounds `y = 31` and `y = 12.5`, `x` is 39 and 20.5.
let baseDocument = """
    {
    "format": "cassowary-workload/1",
    "name": "base",
    "description": "two variables",
    "variables": ["x", "y"],
    "constraints": [
    {"terms": [[1, "x"], [-1.0, "y"]], "constant": -8, "op": ">=", "strength": "required"},
    {"terms": [[1, "y"]], "constant": -20, "op": "==", "strength": "weak"},
    {"terms": [[1, "x"]], "op": "<=", "strength": 1}
    ],
    "edits": [{"variable": "y", "strength": "strong"}],
    "rounds": [{"y": 31}, {"y": 12.5}],
    "expect": [{"x": 39}, {"x": 20.5}]
    }
    """

/// `baseDocument` with `old` replaced by `new` (which must occur exactly once).
func base(replacing old: String, with new: String) -> String {
    precondition(baseDocument.components(separatedBy: old).count == 2, "\(old) must occur once")
    return baseDocument.replacingOccurrences(of: old, with: new)
}

/// The error that parsing `text` (as file `w.json`) throws, or `nil`.
func parseError(_ text: String) -> WorkloadError? {
    do {
        _ = try Workload(parsing: text, file: "w.json")
        return nil
    } catch {
        return error
    }
}

/// "line L, column C" of the first occurrence of `needle` in `text`, plus
/// `skip` characters (columns in Unicode scalars).
func place(of needle: String, in text: String, skip: Int = 0) -> String {
    guard let range = text.range(of: needle) else { return "(\(needle) not found)" }
    let before = text[..<range.lowerBound]
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    let column = (lines.last.map { $0.unicodeScalars.count } ?? 0) + 1 + skip
    return "line \(lines.count), column \(column)"
}

/// The repository root, from this file's path (Tests/CellFitWorkloadTests/Support.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// The repository's copy of the shared workloads (every file under 1 MB of
/// `shared/workloads`), so the tests need nothing outside the clone.
let sharedWorkloads = repositoryRoot + "/Examples/Workloads"
