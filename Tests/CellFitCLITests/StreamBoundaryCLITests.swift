import Foundation
import Testing

/// Bad lines (malformed, invalid UTF-8, blank, over the line limit) at and around every
/// batch boundary of a streamed `cellfit heights`, where the reading thread has handed
/// batches over ahead of the workers and the writing thread trails them: the places a
/// stream that stops early, or goes on past a bad line, must neither crash nor lose a
/// row (issue 50: a batch left in the hand-over freed a semaphore in use, SIGILL, and
/// the rows already sized were lost with the process).
///
/// Every expectation is held to one clean run of the same rows: line `i` of the
/// output is row `i` of the input, so the lines a stream with bad lines must write are
/// the clean run's lines of its good rows, byte for byte.
@Suite("cellfit heights, streamed: bad lines at every batch and hand-over boundary", .serialized)
struct StreamBoundaryCLITests {
    /// Rows per batch at one width: `HeightsStream.batchJobs` jobs (2,048), a row being
    /// one job per width.
    static let batchJobs = 2_048
    /// Four batches at one width, seven at two: the reader is two batches ahead of the
    /// workers at every boundary but the last.
    static let rowCount = 6_400
    /// One line over the 16 MiB limit (`HeightsStream.maximumLineBytes`).
    static let lineLimit = 16 << 20

    let template = example("MessageCells").template

    enum Bad: CaseIterable, CustomStringConvertible {
        case malformed, invalidUTF8, blank, overLong

        var description: String {
            switch self {
            case .malformed: "malformed"
            case .invalidUTF8: "invalid UTF-8"
            case .blank: "blank"
            case .overLong: "over-long"
            }
        }

        func line(row: Int) -> Data {
            switch self {
            case .malformed: Data(#"{"id": "r-\#(row)", "user": oops"#.utf8)
            case .invalidUTF8:
                Data(#"{"id":"r-\#(row)","user":""#.utf8) + Data([0xFF, 0xC3, 0x28])
                    + Data(#"","text":"x","timestamp":"t","hasMedia":false}"#.utf8)
            case .blank: Data()
            case .overLong: Data(#"{"text": ""#.utf8) + Data(repeating: UInt8(ascii: "w"), count: lineLimit) + Data(#""}"#.utf8)
            }
        }
    }

    /// MessageCells' rows over and over, each with its own id.
    static let goodLines: [Data] = {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: example("MessageCells").data)),
            let rows = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]], !rows.isEmpty
        else { return [] }
        return (0..<rowCount).compactMap { index in
            var row = rows[index % rows.count]
            row["id"] = "r-\(index)"
            return try? JSONSerialization.data(withJSONObject: row, options: [.sortedKeys])
        }
    }()

    /// The rows at and around each batch boundary for `widths` widths, and the first
    /// and last rows.
    static func boundaryRows(widths: Int) -> [Int] {
        let batch = batchJobs / widths
        var rows: Set<Int> = [0, 1, rowCount - 1]
        for end in stride(from: batch, to: rowCount, by: batch) { rows.formUnion([end - 1, end, end + 1]) }
        return rows.sorted()
    }

    /// The stream: the good lines, with `bad` in place of the rows it names.
    static func stream(_ bad: [Int: Bad]) -> Data {
        var data = Data()
        for (index, line) in goodLines.enumerated() {
            data += bad[index]?.line(row: index) ?? line
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    func arguments(widths: String, workers: Int, policy: String) -> [String] {
        ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", widths,
         "--workers", "\(workers)", "--on-error", policy]
    }

    /// The clean run's lines, one per row and width.
    func cleanLines(widths: String) throws -> [String] {
        try #require(Self.goodLines.count == Self.rowCount)
        let clean = try CellFit.run(arguments(widths: widths, workers: 2, policy: "throw"), inputBytes: Self.stream([:]))
        try #require(clean.status == 0, "\(clean.stderr)")
        return clean.lines
    }

    @Test("throw: every row before the first bad line is written, then its error and exit 2", arguments: [1, 2, 8])
    func throwStopsAtTheFirst(workers: Int) throws {
        let clean = try cleanLines(widths: "375")
        for (offset, row) in Self.boundaryRows(widths: 1).enumerated() {
            // The over-long line once per worker count (16 MiB a run), the others in turn.
            let kind: Bad = offset == workers ? .overLong : [.malformed, .invalidUTF8, .blank][offset % 3]
            let result = try CellFit.run(arguments(widths: "375", workers: workers, policy: "throw"), inputBytes: Self.stream([row: kind]))
            #expect(result.status == 2, "\(kind) line at row \(row): \(result.stderr)")
            #expect(result.lines == Array(clean.prefix(row)), "\(kind) line at row \(row), \(workers) workers")
            #expect(result.stderr.hasPrefix("error: <stdin>:\(row + 1):"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test("recover: every good row is written in order, every bad line reported by its number, then exit 2",
          arguments: [(1, "375"), (2, "375"), (8, "375"), (2, "375,414"), (8, "375,414")])
    func recoverWritesEveryGoodRow(workers: Int, widths: String) throws {
        let clean = try cleanLines(widths: widths)
        let count = widths.split(separator: ",").count
        let bad = badLines(widths: count, workers: workers)
        let result = try CellFit.run(arguments(widths: widths, workers: workers, policy: "recover"), inputBytes: Self.stream(bad))
        #expect(result.status == 2)
        let expected = clean.enumerated().filter { bad[$0.offset / count] == nil }.map(\.element)
        #expect(result.lines.count == expected.count)
        #expect(result.lines == expected)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == bad.count + 1, "\(result.stderr)")
        for (error, row) in zip(errors, bad.keys.sorted()) {
            #expect(error.hasPrefix("error: <stdin>:\(row + 1):"), "\(bad[row]!) line at row \(row): \(error)")
        }
        #expect(errors.last == "error: \(bad.count) lines of <stdin> held no row (each reported above, by line); every other row was written")
    }

    @Test("report: one line per row, in order: the clean run's for good rows, the error for bad ones, exit 0",
          arguments: [1, 2, 8])
    func reportWritesEveryRow(workers: Int) throws {
        let clean = try cleanLines(widths: "375")
        let bad = badLines(widths: 1, workers: workers)
        let result = try CellFit.run(arguments(widths: "375", workers: workers, policy: "report"), inputBytes: Self.stream(bad))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == Self.rowCount)
        for (row, line) in result.lines.enumerated() {
            if bad[row] == nil {
                #expect(line == clean[row])
            } else {
                #expect(line.hasPrefix("{\"row\":\(row),") && line.contains("\"error\":\"<stdin>:\(row + 1)"), "\(line)")
            }
        }
    }

    /// Bad lines at every boundary row, their kinds in turn, the over-long one where
    /// `workers` puts it (a different boundary for each count).
    func badLines(widths: Int, workers: Int) -> [Int: Bad] {
        let rows = Self.boundaryRows(widths: widths)
        var bad: [Int: Bad] = [:]
        for (offset, row) in rows.enumerated() {
            bad[row] = offset == workers ? .overLong : [.malformed, .invalidUTF8, .blank][offset % 3]
        }
        return bad
    }
}
