import CellLayout
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TemplateFiles

/// A rows file parsed on several threads gives the rows and the errors one thread
/// gives: the same rows in the same order, and for a bad file the same message (the
/// file's first error, with its line and column), wherever the bad row is.
@Suite("Rows parsed in parallel: the same rows and the same errors as one thread")
struct ParallelRowsTests {
    static let template = """
        {"views": [
          {"name": "title", "kind": "label", "text": "title"},
          {"name": "photo", "kind": "image", "imageSize": "photo", "visible": "!noPhoto"}],
         "constraints": ["V:|-[title]-[photo]-|", "H:|-[title]-|", "H:|-[photo]"]}
        """

    /// Titles that a scan of brackets and strings must read past: quotes, backslashes,
    /// brackets, commas, unicode escapes, and text past ASCII.
    static let titles = [
        "plain", #"a \"quoted\" [bracket], {brace}"#, #"back\\slash\\"#, #"\u005B\u005D \u0022"#, "漢字、かな。", "👍🏽 ok",
        "", #"\\\""#, "comma, [", "}]",
    ]

    static func rowsText(count: Int, ids: Bool, spacing: String = "\n ") -> String {
        var rows: [String] = []
        for i in 0..<count {
            let title = titles[i % titles.count]
            let photo = i % 3 == 0 ? "null" : "[\(i % 50), \(i % 7)]"
            let id = ids ? #""id": "r-\#(i)", "# : ""
            rows.append(#"{\#(id)"title": "\#(title)", "photo": \#(photo), "noPhoto": \#(i % 5 == 0), "extra": {"n": [1, [2, {"x": "]"}]]}}"#)
        }
        return "\u{FEFF}[" + spacing + rows.joined(separator: "," + spacing) + spacing + "]\n"
    }

    @Test("rows and records are the same on one thread and on four", arguments: [1, 127, 128, 1_000])
    func sameRows(count: Int) throws {
        let file = try TemplateFile(parsing: Self.template)
        for spacing in ["\n ", "", "\r\n\t"] {
            let text = Self.rowsText(count: count, ids: true, spacing: spacing)
            let bytes = Array(text.utf8)
            // The parallel path answers (a file of fewer than two chunks is read serially).
            let taken = TemplateFile.parallelElements(of: SourceText(path: "r.json", indexing: bytes), workers: 4) { _, row throws(TemplateFileError) in row }
            #expect((taken != nil) == (count >= 128), "\(count) rows")
            let serial = try file.rows(parsing: bytes, path: "r.json", workers: 1)
            let parallel = try file.rows(parsing: bytes, path: "r.json", workers: 4)
            // CellContent is not Equatable: its description lists every change it holds.
            #expect(serial.map { "\($0)" } == parallel.map { "\($0)" })
            #expect(serial.count == count)
            let path = try Self.write(text)
            let one = try file.records(contentsOfFile: path, workers: 1), four = try file.records(contentsOfFile: path, workers: 4)
            #expect(one.map { "\($0.content)" } == four.map { "\($0.content)" })
            #expect(one.map(\.idJSON) == four.map(\.idJSON))
        }
    }

    @Test("a bad file gives the same error on one thread and on four, wherever the fault is")
    func sameErrors() throws {
        let file = try TemplateFile(parsing: Self.template)
        let good = Self.rowsText(count: 600, ids: false)
        let faults: [(String, String)] = [
            (#""photo": null"#, #""photo": nul"#),  // syntax
            (#""title": "plain""#, #""title": 3"#),  // wrong field type
            (#""noPhoto": false"#, #""noPhoto": false, "noPhoto": true"#),  // duplicate key
            (#""photo": [1, 1]"#, #""photo": [1, -1]"#),  // invalid value
            (#"{"title": "plain""#, #"{"titel": "plain""#),  // missing field
            (#"{"title": "comma, [""#, #"{"title": "comma, ["#),  // unterminated string
        ]
        for (original, broken) in faults {
            for occurrence in [0, 1, 7] {
                guard let text = Self.replacing(original, with: broken, occurrence: occurrence, in: good) else { continue }
                let bytes = Array(text.utf8)
                let serial = Self.message { () throws(TemplateFileError) in _ = try file.rows(parsing: bytes, path: "r.json", workers: 1) }
                let parallel = Self.message { () throws(TemplateFileError) in _ = try file.rows(parsing: bytes, path: "r.json", workers: 4) }
                #expect(serial != nil, "\(broken) #\(occurrence) should fail")
                #expect(serial == parallel, "\(broken) #\(occurrence)")
            }
        }
        // Past the array, and an array that does not close.
        for text in [good + "x", String(good.dropLast(2)), "{" + good.dropFirst(2)] {
            let bytes = Array(text.utf8)
            let serial = Self.message { () throws(TemplateFileError) in _ = try file.rows(parsing: bytes, path: "r.json", workers: 1) }
            #expect(serial != nil)
            #expect(serial == Self.message { () throws(TemplateFileError) in _ = try file.rows(parsing: bytes, path: "r.json", workers: 4) })
        }
    }

    @Test("the scan finds every element's start, or gives up on what is not one array")
    func elementStarts() {
        func starts(_ text: String) -> [Int]? { Array(text.utf8).withUnsafeBufferPointer { TemplateFile.elementStarts($0) } }
        #expect(starts("[]") == [])
        #expect(starts(" [ 1 , \"a,]\" , {\"b\": [1, 2]} ] ") == [3, 7, 15])
        #expect(starts(#"["\\", "\""]"#) == [1, 7])
        #expect(starts("[1, 2") == nil)
        #expect(starts("[1] 2") == nil)
        #expect(starts("{}") == nil)
        #expect(starts("[1}") == nil)
    }

    static func message(_ body: () throws(TemplateFileError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.message
        }
    }

    /// `text` with the `occurrence`-th (from 0) `original` replaced by `broken`, or nil.
    static func replacing(_ original: String, with broken: String, occurrence: Int, in text: String) -> String? {
        let bytes = Array(text.utf8), needle = Array(original.utf8)
        var seen = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) {
                if seen == occurrence {
                    return String(decoding: bytes[..<index] + Array(broken.utf8) + bytes[(index + needle.count)...], as: UTF8.self)
                }
                seen += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return nil
    }

    static func write(_ text: String) throws -> String {
        let path = "/tmp/cellfit-parallel-rows-\(text.utf8.count).json"
        guard let file = fopen(path, "w") else { throw WriteFailure() }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw WriteFailure() }
        return path
    }

    struct WriteFailure: Error {}
}
