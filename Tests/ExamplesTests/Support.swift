import ExecutableTestSupport
import Foundation
import Testing

/// The five example programs, run as built binaries.
enum Example: String, CaseIterable, CustomTestStringConvertible {
    case expandableMovies = "ExpandableMovies"
    case messageCells = "MessageCells"
    case dynamicHeights = "DynamicHeights"
    case chatFeed = "ChatFeed"
    case estimatedHeights = "EstimatedHeights"

    var testDescription: String { rawValue }

    /// Runs the program with `arguments`.
    func run(_ arguments: [String]) throws -> ProcessResult {
        try BuiltExecutable(rawValue, repositoryRoot: repositoryRoot).run(arguments)
    }

    /// Runs it with `--json --measurer fixed` and `arguments`, expects success, and
    /// returns every line parsed.
    func rows(_ arguments: [String]) throws -> [Row] {
        let result = try run(["--json", "--measurer", "fixed"] + arguments)
        try #require(result.status == 0, "\(rawValue) \(arguments): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try result.lines.map(Row.init)
    }
}

/// One `--json` line.
struct Row {
    let object: [String: Any]
    let row: Int
    let width: Double
    let height: Double
    let frames: [String: [Double]]

    init(_ line: String) throws {
        object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        row = try #require(object["row"] as? Int, "\(line)")
        width = try #require(object["width"] as? Double, "\(line)")
        height = try #require(object["height"] as? Double, "\(line)")
        frames = try #require(object["frames"] as? [String: [Double]], "\(line)")
    }

    /// The frame of `view` as (x, y, width, height).
    func frame(_ view: String) throws -> [Double] {
        let frame = try #require(frames[view], "no frame for \(view) in row \(row)")
        try #require(frame.count == 4)
        return frame
    }

    /// A number the example adds to the row ("estimated", "old_height").
    func extra(_ key: String) throws -> Double {
        try #require(object[key] as? Double, "no \(key) in row \(row)")
    }
}

/// The repository root, from this file's path (Tests/ExamplesTests/Support.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// `131` for whole numbers, `147.5` otherwise: how the programs print heights.
func compact(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
