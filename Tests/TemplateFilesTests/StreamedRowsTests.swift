import CellLayout
import Foundation
import JSONSupport
import Testing
import TemplateFiles
import TestSupport

@Suite("Streamed rows: NDJSON lines read one at a time, ids carried as written, errors at the file's line")
struct StreamedRowsTests {
    static let file: TemplateFile = {
        do {
            return try TemplateFile(parsing: #"{"views": [{"name": "title", "kind": "label", "text": "t"}], "constraints": ["V:|-[title]-|", "H:|-[title]-|"]}"#)
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    func record(_ line: String, lineNumber: Int = 12, row: Int = 11) throws(TemplateFileError) -> RowRecord {
        try Self.file.record(parsingLine: Array(line.utf8), lineNumber: lineNumber, row: row, path: "feed.ndjson")
    }

    @Test("a line's row and its id, as written: strings with their quotes and escapes, numbers digit for digit")
    func ids() throws {
        #expect(try record(#"{"t": "a"}"#).idJSON == nil)
        #expect(try record(#"{"t": "a", "id": "p-\u0041\"x"}"#).idJSON == #""p-\u0041\"x""#)
        #expect(try record(#" {"id": 18446744073709551615, "t": "a"} "#).idJSON == "18446744073709551615")
        #expect(try record(#"{"id": -1.5e3, "t": "a"}"#).idJSON == "-1.5e3")
        let row = try record(#"{"t": "hello", "id": 7}"#).content
        let layout = try Self.file.template.fit(row, width: 200, measurer: FixedAdvanceMeasurer())
        let alone = try Self.file.template.fit(try Self.file.rows(parsing: #"[{"t": "hello"}]"#)[0], width: 200, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: "title") == alone.frame(of: "title"))
    }

    @Test("the id of a line refused for its fields, for its error line; none when it has no usable one")
    func idOfRefusedLine() {
        #expect(TemplateFile.idJSON(inLine: Array(#"{"id": "x-1", "t": 3}"#.utf8)) == #""x-1""#)
        #expect(TemplateFile.idJSON(inLine: Array(#"{"t": 3, "id": 12}"#.utf8)) == "12")
        #expect(TemplateFile.idJSON(inLine: Array(#"{"t": 3, "id": [12]}"#.utf8)) == nil)
        #expect(TemplateFile.idJSON(inLine: Array(#"{"id": 1"#.utf8)) == nil)
        #expect(TemplateFile.idJSON(inLine: Array("[1]".utf8)) == nil)
        #expect(TemplateFile.idJSON(inLine: []) == nil)
    }

    @Test("errors name the file, the line's own number, the column and the row", arguments: [
        ("", TemplateFileError.Code.syntax, "feed.ndjson:12:1: row 11: the line is blank; every line of an NDJSON rows file is one row (a JSON object)"),
        ("  \t", .syntax, "feed.ndjson:12:1: row 11: the line is blank; every line of an NDJSON rows file is one row (a JSON object)"),
        (#"{"t": "a"} x"#, .syntax, "feed.ndjson:12:12: row 11: "),
        (#"{"t": 1}"#, .wrongFieldType, "feed.ndjson:12:7: row 11, field 't', view 'title': expected"),
        ("[1]", .wrongType, "feed.ndjson:12:1: row 11: expected a row (an object of fields), found an array"),
        (#"{"t": "a", "id": null}"#, .wrongFieldType,
         "feed.ndjson:12:18: row 11, field 'id': expected a string or a number (the row's identifier, carried to its output), found null"),
        (#"{"t": "a", "id": {"k": 1}}"#, .wrongFieldType, "feed.ndjson:12:18: row 11, field 'id': expected a string or a number"),
        (#"{"id": 1}"#, .missingField, "feed.ndjson:12:1: row 11, field 't', view 'title': the row has no such field"),
    ])
    func errors(line: String, code: TemplateFileError.Code, message: String) {
        #expect {
            _ = try record(line)
        } throws: { error in
            guard let error = error as? TemplateFileError else { return false }
            return error.code == code && error.message.hasPrefix(message) && error.line == 12 && error.row == 11
        }
    }

    @Test("records of a JSON array file: the rows rows(contentsOfFile:) reads, with their ids")
    func records() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"[{"t": "a", "id": "x"}, {"t": "b"}, {"id": 3, "t": "c"}]"#.write(toFile: path, atomically: true, encoding: .utf8)
        let records = try Self.file.records(contentsOfFile: path)
        #expect(records.map(\.idJSON) == [#""x""#, nil, "3"])
        try #"[{"t": "a", "id": true}]"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try Self.file.records(contentsOfFile: path)
        } throws: { error in
            (error as? TemplateFileError)?.message.hasPrefix(path + ":1:19: row 0, field 'id'") == true
        }
    }
}

@Suite("LineReader: lines in blocks, line ends, runaway lines")
struct LineReaderTests {
    /// Every line `text` holds, read through a pipe in blocks of `block` bytes.
    func lines(_ text: [UInt8], block: Int, limit: Int = 1 << 20) throws -> [LineReader.Line] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor, path: path, blockBytes: block, maximumLineBytes: limit)
        var result: [LineReader.Line] = []
        while let line = try reader.next() { result.append(line) }
        #expect(reader.lineCount == result.count)
        return result
    }

    func text(_ string: String) -> LineReader.Line { .text(Array(string.utf8)) }

    @Test("line ends: \\n, \\r\\n, none at the end; blank lines kept; a final \\n starts no line", arguments: [16, 17, 64, 1 << 16])
    func lineEnds(block: Int) throws {
        let input = "first\r\n\nthird line, longer than one block of sixteen bytes\n\r\nlast"
        #expect(try lines(Array(input.utf8), block: block) == [
            text("first"), text(""), text("third line, longer than one block of sixteen bytes"), text(""), text("last"),
        ])
        #expect(try lines(Array("a\nb\n".utf8), block: block) == [text("a"), text("b")])
        #expect(try lines([], block: block).isEmpty)
        #expect(try lines(Array("\n".utf8), block: block) == [text("")])
    }

    @Test("a line over the limit is skipped whole, its length told, and the next line read", arguments: [16, 100, 1 << 16])
    func runaway(block: Int) throws {
        let long = String(repeating: "x", count: 1000)
        #expect(try lines(Array("a\n\(long)\nb\n\(long)".utf8), block: block, limit: 999) == [
            text("a"), .tooLong(bytes: 1000), text("b"), .tooLong(bytes: 1000),
        ])
        #expect(try lines(Array("\(long)\n".utf8), block: block, limit: 1000) == [text(long)])
    }

    @Test("random lines in random blocks come back as written")
    func random() throws {
        // A fixed seed: the same cases in every run.
        var random = SplitMix64(seed: 0x11E5_0F_B10C)
        func next() -> UInt64 { random.next() }
        for index in 0..<50 {
            let written = (0..<Int(next() % 40)).map { _ in
                String((0..<Int(next() % 90)).map { _ in Character(Unicode.Scalar(UInt8(32 + next() % 95))) })
            }
            let read = try lines(Array(written.joined(separator: "\n").utf8), block: Int(16 + next() % 50))
            // An empty last line written without its own "\n" is no line.
            var expected = written
            if expected.last == "" { expected.removeLast() }
            #expect(read == expected.map(text), "case \(index) of seed 0x11E50FB10C")
        }
    }
}

@Suite("LineReader through a pipe, and a line at the limit with its \\r")
struct LineReaderPipeTests {
    @Test("lines written into a pipe by another thread, in pieces, come back whole")
    func pipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let text = (0..<2000).map { "line \($0) " + String(repeating: "x", count: $0 % 97) }.joined(separator: "\n")
        let bytes = Array(text.utf8)
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let piece = min(1 + offset % 333, bytes.count - offset)
                let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress.map { $0 + offset }, piece) }
                if written <= 0 { break }
                offset += written
            }
            close(writeEnd)
        }
        writer.start()
        var reader = LineReader(descriptor: readEnd, path: "<pipe>", blockBytes: 100, maximumLineBytes: 1 << 20)
        var read: [String] = []
        while let line = try reader.next() {
            guard case .text(let bytes) = line else { Issue.record("a line over the limit"); break }
            read.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(read == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test("a line of exactly the limit is kept with or without its \\r; one byte more is not")
    func limitAndCarriageReturn() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let full = String(repeating: "y", count: 100)
        try "\(full)\r\n\(full)\n\(full)y\r\n\(full)\r".write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor, path: path, blockBytes: 16, maximumLineBytes: 100)
        var lines: [LineReader.Line] = []
        while let line = try reader.next() { lines.append(line) }
        let kept = LineReader.Line.text(Array(full.utf8))
        #expect(lines == [kept, kept, .tooLong(bytes: 101), kept])
    }
}
