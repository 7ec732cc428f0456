import Foundation
import Testing
import TemplateFiles
import PangoText

/// MessageCells' rows as NDJSON lines, each given an `"id"`: strings for even rows,
/// numbers for odd ones (one past 2^53, which a Double would round).
func messageLines() throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: example("MessageCells").data))
    let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return try rows.enumerated().map { index, row in
        var row = row
        row["id"] = index % 2 == 0 ? "m-\(index)" as Any : index as Any
        var line = String(decoding: try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]), as: UTF8.self)
        if index == 1 { line = line.replacingOccurrences(of: "\"id\":1,", with: "\"id\":9007199254740993,") }
        return line
    }
}

/// The id a line of ``messageLines()`` carries, as its output line writes it.
func messageID(_ index: Int) -> String {
    index == 1 ? "9007199254740993" : index % 2 == 0 ? "\"m-\(index)\"" : "\(index)"
}

@Suite("cellfit heights, streamed", .serialized)
struct HeightsStreamCLITests {
    let template = example("MessageCells").template

    @Test("NDJSON on standard input: one line per row, in order, ids carried as written, heights the fitter's")
    func streamed() throws {
        let lines = try messageLines()
        let result = try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375", "--workers", "2"],
            input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let expected = try expectedHeights("MessageCells", width: 375, measurer: PangoTextMeasurer(scale: .x2))
        #expect(result.lines.count == expected.count)
        for (index, line) in result.lines.enumerated() {
            let height = expected[index]
            let shown = height == height.rounded() ? String(Int(height)) : String(height)
            #expect(line == "{\"row\":\(index),\"id\":\(messageID(index)),\"height\":\(shown)}")
        }
    }

    @Test("streamed and whole give the same lines: an .ndjson file, a JSON array, CRLF line ends, no final newline")
    func sameAsWhole() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let lines = try messageLines()
        let ndjson = try scratch.write(lines.joined(separator: "\r\n"), to: "rows.ndjson")
        let array = try scratch.write("[" + lines.joined(separator: ",\n") + "]", to: "rows.json")
        for format in ["ndjson", "csv"] {
            let base = ["heights", "--template", template, "--format", format, "--width", "320,375,414"]
            let streamed = try CellFit.run(base + ["--data", ndjson])
            let whole = try CellFit.run(base + ["--data", array])
            #expect(streamed.status == 0 && whole.status == 0, "\(streamed.stderr) \(whole.stderr)")
            #expect(streamed.lines.count == lines.count * 3 + (format == "csv" ? 1 : 0))
            #expect(streamed.stdout == whole.stdout)
        }
    }

    @Test("several widths: row-major lines with \"width\", each height the one-width command's")
    func severalWidths() throws {
        let lines = try messageLines()
        let input = lines.joined(separator: "\n")
        let widths = [320.0, 375, 414]
        let several = try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "320,375,414"], input: input)
        #expect(several.status == 0, "\(several.stderr)")
        var single: [[String]] = []
        for width in widths {
            let run = try CellFit.run(
                ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "\(Int(width))"], input: input)
            single.append(run.lines)
        }
        #expect(several.lines.count == lines.count * widths.count)
        for (index, line) in several.lines.enumerated() {
            let (row, w) = index.quotientAndRemainder(dividingBy: widths.count)
            let object = try jsonObject(line)
            let alone = try jsonObject(single[w][row])
            #expect(object["row"] as? Int == row)
            #expect(object["width"] as? Double == widths[w])
            #expect(object["height"] as? Double == alone["height"] as? Double)
            #expect(alone["width"] == nil)
        }
    }

    /// Rows 0 and 1 fine, a blank line, a row with a number where text goes, a line
    /// that is not JSON, an id of the wrong type, then a fine row: a stream with
    /// trouble in the middle.
    func troubledInput() throws -> String {
        let lines = try messageLines()
        return [lines[0], lines[1], "", #"{"id": "bad-3", "user": 7, "text": "x", "timestamp": "1", "hasMedia": false}"#, "{nope",
                #"{"id": [1], "user": "a", "text": "b", "timestamp": "c", "hasMedia": true}"#, lines[2]]
            .joined(separator: "\n") + "\n"
    }

    @Test("--on-error report: an error line for each blank, malformed or failing line, by row, and the stream goes on")
    func report() throws {
        let result = try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375", "--on-error", "report"],
            input: try troubledInput())
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.lines.map(jsonObject)
        #expect(objects.map { $0["row"] as? Int } == Array(0...6))
        #expect(objects.map { $0["height"] != nil } == [true, true, false, false, false, false, true])
        let errors = objects.map { $0["error"] as? String ?? "" }
        #expect(errors[2] == "<stdin>:3:1: row 2: the line is blank; every line of an NDJSON rows file is one row (a JSON object)")
        #expect(errors[3].hasPrefix("<stdin>:4:25: row 3, field 'user'"))
        // A row refused for its fields still carries its id; one without a usable id none.
        #expect(objects.map { $0["id"] as? String } == ["m-0", nil, nil, "bad-3", nil, nil, "m-2"])
        #expect(result.lines[1].hasPrefix(#"{"row":1,"id":9007199254740993,"height":"#))
        #expect(errors[4].hasPrefix("<stdin>:5:2: row 4: "))
        #expect(errors[5].hasPrefix("<stdin>:6:8: row 5, field 'id': expected a string or a number"))
        // The row after the trouble is sized as it would be alone.
        let alone = try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375"], input: try messageLines()[2])
        #expect((objects[6]["height"] as? Double) == (try jsonObject(try #require(alone.lines.first))["height"] as? Double))
        #expect(objects[6]["id"] as? String == "m-2")
    }

    @Test("--on-error report in CSV: an error column, quoted")
    func reportCSV() throws {
        let result = try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--width", "375", "--on-error", "report"], input: try troubledInput())
        #expect(result.status == 0)
        #expect(result.lines.first == "row,height,error")
        #expect(result.lines[1].hasPrefix("0,") && result.lines[1].hasSuffix(","))
        #expect(result.lines[3] == #"2,,"<stdin>:3:1: row 2: the line is blank; every line of an NDJSON rows file is one row (a JSON object)""#)
    }

    /// ``troubledInput()`` streamed at 375 under `policy`, as ndjson.
    func troubled(_ policy: String) throws -> CellFit.Result {
        try CellFit.run(
            ["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375", "--on-error", policy],
            input: try troubledInput())
    }

    @Test("--on-error throw: the rows before a malformed line are written, then exit 2 naming it")
    func malformedStops() throws {
        let result = try troubled("throw")
        #expect(result.status == 2)
        #expect(result.lines.count == 2)
        #expect(result.stderr == "error: <stdin>:3:1: row 2: the line is blank; every line of an NDJSON rows file is one row (a JSON object)\n")
    }

    @Test("--on-error recover: every good row is written, each line that holds no row is reported where it stands, then exit 2")
    func malformedRecovered() throws {
        let result = try troubled("recover")
        #expect(result.status == 2)
        // Rows 0, 1 and 6 are good; a row keeps its number in the input.
        #expect(try result.lines.map { try jsonObject($0)["row"] as? Int } == [0, 1, 6])
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 5)
        #expect(errors.first == "error: <stdin>:3:1: row 2: the line is blank; every line of an NDJSON rows file is one row (a JSON object)")
        #expect(errors[1].hasPrefix("error: <stdin>:4:25: row 3, field 'user'"))
        #expect(errors[2].hasPrefix("error: <stdin>:5:2: row 4: "))
        #expect(errors[3].hasPrefix("error: <stdin>:6:8: row 5, field 'id'"))
        #expect(errors[4] == "error: 4 lines of <stdin> held no row (each reported above, by line); every other row was written")
    }

    @Test("a row that cannot be laid out: throw writes the rows before it and exits 1 naming it; report gives its line an error")
    func layoutFailure() throws {
        // Unsatisfiable at any width but 520: each row fails at 375 and fits at 520.
        let conflict = fixture("conflict-template.json")
        let input = #"{"text": "a", "id": "first"}"# + "\n" + #"{"text": "b"}"# + "\n"
        let base = ["heights", "--template", conflict, "--data", "-", "--format", "ndjson", "--measurer", "fixed"]
        let thrown = try CellFit.run(base + ["--width", "520,375"], input: input)
        #expect(thrown.status == 1)
        #expect(thrown.lines.isEmpty)
        #expect(thrown.stderr.hasPrefix("error: row 0: template 'conflict' cannot be laid out at width 375"))
        let reported = try CellFit.run(base + ["--width", "520,375", "--on-error", "report"], input: input)
        #expect(reported.status == 0)
        let objects = try reported.lines.map(jsonObject)
        #expect(objects.map { $0["width"] as? Double } == [520, 375, 520, 375])
        #expect(objects.map { $0["height"] != nil } == [true, false, true, false])
        #expect(objects[0]["id"] as? String == "first" && objects[1]["id"] as? String == "first")
        #expect((objects[1]["error"] as? String)?.hasPrefix("template 'conflict' cannot be laid out at width 375") == true)
        let recovered = try CellFit.run(base + ["--width", "375", "--on-error", "recover"], input: input)
        #expect(recovered.status == 0)
        let brokenLines = try recovered.lines.map(jsonObject)
        #expect(brokenLines.allSatisfy { ($0["broken"] as? [String])?.isEmpty == false && $0["height"] != nil })
        #expect(recovered.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: row ") })
    }

    @Test("a line over the limit is an error row, and costs no more than its block")
    func overlongLine() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let lines = try messageLines()
        let huge = #"{"user": "u", "timestamp": "t", "hasMedia": false, "text": ""# + String(repeating: "a", count: 17 << 20) + "\"}"
        let file = try scratch.write([lines[0], huge, lines[1]].joined(separator: "\n"), to: "rows.jsonl")
        let result = try CellFit.run(
            ["heights", "--template", template, "--data", file, "--format", "ndjson", "--width", "375", "--on-error", "report"])
        #expect(result.status == 0)
        let objects = try result.lines.map(jsonObject)
        #expect(objects.count == 3)
        #expect((objects[1]["error"] as? String)?.contains("row 1: the line is \(huge.utf8.count) bytes long, over the limit of 16777216 bytes") == true)
        #expect(objects[2]["height"] != nil)
    }

    @Test("empty input: no lines (a CSV header); a JSON array of no rows the same")
    func empty() throws {
        let ndjson = try CellFit.run(["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375"], input: "")
        #expect(ndjson.status == 0 && ndjson.stdout.isEmpty)
        let csv = try CellFit.run(["heights", "--template", template, "--data", "-", "--width", "375"], input: "")
        #expect(csv.status == 0 && csv.stdout == "row,height\n")
    }

    @Test("a reader that closes the pipe ends the command quietly, status 0")
    func closedPipe() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let lines = try messageLines()
        // 200 × 60 rows: far more output than a pipe buffer holds.
        let input = try scratch.write(Array(repeating: lines.joined(separator: "\n"), count: 60).joined(separator: "\n"), to: "rows.ndjson")
        let binary = try #require(CellFit.executable.path)
        let script = "'\(binary)' heights --template '\(template)' --data '\(input)' --format ndjson --width 375 --measurer fixed"
            + " 2>'\(scratch.file("err"))' | head -n 3; echo \"status ${PIPESTATUS[0]}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let printed = output.split(separator: "\n")
        #expect(printed.count == 4)
        #expect(printed.last == "status 0")
        #expect(try scratch.read("err").isEmpty)
    }

    @Test("an input that cannot be read, an output that cannot be written: exit 2 naming it")
    func unreadableAndUnwritable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.file("rows.ndjson")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (data, message) in [(directory, "\(directory): cannot read the file: Is a directory"),
                                (scratch.file("none.ndjson"), "none.ndjson: cannot read the file: No such file or directory")] {
            let result = try CellFit.run(["heights", "--template", template, "--data", data, "--width", "375"])
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let binary = try #require(CellFit.executable.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "'\(binary)' heights --template '\(template)' --data - --width 375 --measurer fixed < /dev/null > /dev/full"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr == "error: cannot write standard output: No space left on device\n")
    }

    /// MessageCells' rows eleven times over (2,200 rows, each with its own id): more
    /// than one batch at one width, three at two.
    func manyLines() throws -> [String] {
        let lines = try messageLines()
        return (0..<11).flatMap { copy in
            lines.enumerated().map { index, line in
                line.replacingOccurrences(of: "\"id\":\(messageID(index)),", with: "\"id\":\"c\(copy)-\(index)\",")
            }
        }
    }

    @Test("batches: a stream of several batches gives the whole file's lines; a malformed line in the third stops after the rows before it")
    func severalBatches() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        var lines = try manyLines()
        #expect(Set(lines.map { $0.split(separator: "\"id\":").last.map(String.init) ?? "" }).count == 2200)
        let array = try scratch.write("[" + lines.joined(separator: ",\n") + "]", to: "rows.json")
        let base = ["heights", "--template", template, "--format", "ndjson", "--width", "375,414", "--measurer", "fixed", "--workers", "2"]
        let streamed = try CellFit.run(base + ["--data", "-"], input: lines.joined(separator: "\n"))
        let whole = try CellFit.run(base + ["--data", array])
        #expect(streamed.status == 0 && whole.status == 0)
        #expect(streamed.lines.count == 4400)
        #expect(streamed.stdout == whole.stdout)
        lines[2100] = "{oops"
        let stopped = try CellFit.run(base + ["--data", "-"], input: lines.joined(separator: "\n"))
        #expect(stopped.status == 2)
        #expect(stopped.lines.count == 4200)
        #expect(stopped.stdout == String(whole.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(4200).joined(separator: "\n")) + "\n")
        #expect(stopped.stderr.hasPrefix("error: <stdin>:2101:2: row 2100: "))
    }

    @Test("a row that cannot be laid out in the middle of a batch: throw writes the rows before it; report the rest too")
    func layoutFailureMidBatch() throws {
        // At width 10 every character is a line (500 points) of a 400-point font: 3,000
        // of them pass TableSizing's height limit.
        let tall = fixture("tall-template.json")
        let long = String(repeating: "a", count: 3000)
        let input = [#"{"t": "a"}"#, #"{"t": "b"}"#, #"{"t": "\#(long)", "id": 7}"#, #"{"t": "c"}"#].joined(separator: "\n")
        let base = ["heights", "--template", tall, "--data", "-", "--format", "ndjson", "--width", "10", "--measurer", "fixed"]
        let thrown = try CellFit.run(base, input: input)
        #expect(thrown.status == 1)
        #expect(thrown.lines.count == 2)
        #expect(thrown.stderr.hasPrefix("error: row 2: template 'tall' at width 10: height "))
        #expect(thrown.stderr.contains("is above the limit of 1000000 points (maximumRowHeight)"))
        let reported = try CellFit.run(base + ["--on-error", "report"], input: input)
        #expect(reported.status == 0)
        let objects = try reported.lines.map(jsonObject)
        #expect(objects.map { $0["height"] != nil } == [true, true, false, true])
        #expect(objects[2]["id"] as? Int == 7)
    }

    @Test("read whole at several widths, throw names the first row in input order that fails at any width, as a stream does")
    func firstFailingRowAcrossWidths() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // Row 1 fails at both widths, row 0 only at 10 (the second width): a line holds
        // one character at 10, four at 1000.
        let rows = try scratch.write(
            "[{\"t\": \"\(String(repeating: "a", count: 3000))\"}, {\"t\": \"\(String(repeating: "a", count: 9000))\"}]", to: "rows.json")
        let arguments = ["heights", "--template", fixture("tall-template.json"), "--width", "1000,10", "--measurer", "fixed"]
        let whole = try CellFit.run(arguments + ["--data", rows])
        #expect(whole.status == 1)
        #expect(whole.stderr.hasPrefix("error: row 0: template 'tall' at width 10: "))
    }

    @Test("recover across batches and widths: every row's line carries what was broken, and a warning names it")
    func recoverAcrossBatches() throws {
        // A label 100 wide between 8-point margins: at 320 and 375 one constraint must give.
        let conflict = fixture("recoverable-conflict.json")
        let input = (0..<1100).map { #"{"t": "x", "id": \#($0)}"# }.joined(separator: "\n")
        let result = try CellFit.run(
            ["heights", "--template", conflict, "--data", "-", "--format", "ndjson", "--width", "320,375", "--measurer", "fixed",
             "--on-error", "recover"], input: input)
        #expect(result.status == 0)
        let objects = try result.lines.map(jsonObject)
        #expect(objects.count == 2200)
        for (index, object) in objects.enumerated() {
            #expect(object["row"] as? Int == index / 2 && object["id"] as? Int == index / 2)
            #expect((object["broken"] as? [String])?.first?.hasPrefix("title.width == 100") == true)
        }
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 2200)
        #expect(warnings.last?.hasPrefix("warning: row 1099: unsatisfiable constraints; will attempt to recover by breaking title.width == 100") == true)
    }

    @Test("a failure keeps its status when the reader has gone before it")
    func failureAfterClosedPipe() throws {
        let binary = try #require(CellFit.executable.path)
        let tall = fixture("tall-template.json")
        let input = #"{"t": "a"}\#n{"t": "\#(String(repeating: "a", count: 3000))"}"#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "printf '%s' \"$ROWS\" | '\(binary)' heights --template '\(tall)' --data - --width 10 --measurer fixed 2>/dev/null | true; exit ${PIPESTATUS[1]}"]
        process.environment = ["ROWS": input]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
    }

    @Test("ids are read where they are written: an id of any type passes in CSV, and is the row's error in ndjson")
    func idsOnlyWhereWritten() throws {
        let input = #"{"id": null, "user": "u", "text": "t", "timestamp": "1", "hasMedia": false}"#
        let csv = try CellFit.run(["heights", "--template", template, "--data", "-", "--width", "375"], input: input)
        #expect(csv.status == 0)
        #expect(csv.lines.count == 2)
        let ndjson = try CellFit.run(["heights", "--template", template, "--data", "-", "--format", "ndjson", "--width", "375"], input: input)
        #expect(ndjson.status == 2)
        #expect(ndjson.stderr.contains("field 'id': expected a string or a number"))
    }

    @Test("options that do not go with streamed rows or several widths are refused (exit 64)")
    func refused() throws {
        let (template, data) = example("MessageCells")
        let cases: [([String], String)] = [
            (["heights", "--template", template, "--data", "-", "--width", "375", "--format", "json"], "--format json writes one object"),
            (["heights", "--template", template, "--data", "-", "--width", "375", "--check-ambiguity"], "--check-ambiguity takes one width"),
            (["heights", "--template", template, "--data", data, "--width", "375,414", "--check-ambiguity"], "--check-ambiguity takes one width"),
            (["heights", "--template", template, "--data", data, "--width", "375,375"], "--width lists 375 twice"),
            (["heights", "--template", template, "--data", data, "--width", "375,"], "--width"),
            (["heights", "--template", template, "--data", data, "--width", "375,-1"], "--width must be a finite number"),
            (["layout", "--template", template, "--data", data, "--width", "375,414"], "--width takes one width for layout"),
            (["render", "--template", template, "--data", "-", "--width", "375", "--out", "/dev/null"], "render reads a rows file whole"),
        ]
        for (arguments, message) in cases {
            let result = try CellFit.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("--format json at several widths: \"widths\" and one array per row; report's nulls and \"errors\"")
    func jsonSeveralWidths() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let rows = try scratch.write(#"[{"text": "a"}, {"text": "b"}]"#, to: "rows.json")
        let result = try CellFit.run([
            "heights", "--template", fixture("conflict-template.json"), "--data", rows, "--width", "520,375", "--measurer", "fixed",
            "--format", "json", "--on-error", "report",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try jsonObject(result.stdout)
        #expect(object["widths"] as? [Double] == [520, 375])
        let heights = try #require(object["heights"] as? [[Any]])
        #expect(heights.count == 2 && heights.allSatisfy { $0.count == 2 && $0[0] is Double && $0[1] is NSNull })
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.map { $0["row"] as? Int } == [0, 1])
        #expect(errors.allSatisfy { $0["width"] as? Double == 375 })
    }
}
