import Foundation
import Testing

/// Every way `heights`, `render` and `demo` can fail: the exit status and the
/// message. 1: a row cannot be laid out; 2: an input cannot be read or is
/// invalid, or the output cannot be written; 64: a bad option value.
@Suite("cellfit heights, render and demo: errors", .serialized)
struct TemplateCommandErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        /// Every one of these is in standard error.
        let messages: [String]
        var testDescription: String { name }
    }

    static let message = example("MessageCells")
    static let out = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-error-test.svg").path

    static func heights(_ extra: [String], template: String = message.template, data: String = message.data) -> [String] {
        ["heights", "--template", template, "--data", data] + extra
    }

    static func render(_ extra: [String], template: String = message.template, data: String = message.data) -> [String] {
        ["render", "--template", template, "--data", data, "--width", "375"] + extra
    }

    static let cases: [Case] = [
        // Files.
        Case(name: "missing template file", arguments: heights(["--width", "375"], template: "/nonexistent/t.json"),
             status: 2, messages: ["error: /nonexistent/t.json: cannot read the file: No such file or directory"]),
        Case(name: "missing rows file", arguments: heights(["--width", "375"], data: "/nonexistent/rows.json"),
             status: 2, messages: ["error: /nonexistent/rows.json: cannot read the file: No such file or directory"]),
        Case(name: "bad template", arguments: heights(["--width", "375"], template: fixture("bad-template.json")),
             status: 2, messages: ["bad-template.json:3:31: view 'label': 'kind' is 'lable' (did you mean 'label'?)"]),
        Case(name: "bad rows", arguments: heights(["--width", "375"], data: fixture("bad-rows.json")),
             status: 2, messages: ["bad-rows.json:2:3: row 0, field 'hasMedia', view 'icon': the row has no such field"]),
        Case(name: "rows file that is no array", arguments: heights(["--width", "375"], data: fixture("bad-template.json")),
             status: 2, messages: ["bad-template.json:1:1: ", "expected an array of rows"]),
        Case(name: "render: missing template", arguments: render(["--out", out], template: "/nonexistent/t.json"),
             status: 2, messages: ["error: /nonexistent/t.json: cannot read the file"]),
        Case(name: "demo: missing examples", arguments: ["demo", "--examples", "/nonexistent"],
             status: 2, messages: ["error: /nonexistent/Templates/ChatFeed.json: cannot read the file"]),
        // Output.
        Case(name: "render: unwritable output", arguments: render(["--out", "/nonexistent/cells.svg"]),
             status: 2, messages: ["error: cannot write '/nonexistent/cells.svg': No such file or directory"]),
        Case(name: "demo: unwritable output",
             arguments: ["demo", "--examples", repositoryRoot + "/Examples", "--out", "/nonexistent/demo.svg"],
             status: 2, messages: ["error: cannot write '/nonexistent/demo.svg'"]),
        // Rows that cannot be laid out.
        Case(name: "a row taller than TableSizing's limit: template, row, width and limit named (issue 19)",
             arguments: heights(["--width", "10"], template: fixture("tall-template.json"), data: fixture("tall-rows.json")),
             status: 1,
             messages: ["error: row 1: template 'tall' at width 10: height 1164063 is above the limit of 1000000 points (maximumRowHeight)"]),
        Case(name: "unsatisfiable row",
             arguments: heights(["--width", "375"], template: fixture("conflict-template.json"), data: fixture("conflict-rows.json")),
             status: 1, messages: ["error: row 0: template 'conflict' cannot be laid out at width 375", "label.width == 500"]),
        Case(name: "unsatisfiable row, glpk",
             arguments: heights(["--width", "375", "--engine", "glpk"], template: fixture("conflict-template.json"),
                                data: fixture("conflict-rows.json")),
             status: 1, messages: ["error: row 0: template 'conflict' cannot be laid out at width 375"]),
        Case(name: "render: unsatisfiable row",
             arguments: ["render", "--template", fixture("conflict-template.json"), "--data", fixture("conflict-rows.json"),
                         "--width", "375", "--out", out],
             status: 1, messages: ["error: row 0: template 'conflict' cannot be laid out at width 375"]),
        // Option values.
        Case(name: "width not a number", arguments: heights(["--width", "abc"]),
             status: 64, messages: ["The value 'abc' is invalid for '--width <points>'"]),
        Case(name: "negative width", arguments: heights(["--width=-1"]),
             status: 64, messages: ["--width must be a finite number of points above 0 (got -1)."]),
        Case(name: "zero width", arguments: heights(["--width", "0"]),
             status: 64, messages: ["--width must be a finite number of points above 0 (got 0)."]),
        Case(name: "infinite width", arguments: heights(["--width", "inf"]),
             status: 64, messages: ["--width must be a finite number of points above 0 (got inf)."]),
        Case(name: "missing width", arguments: heights([]),
             status: 64, messages: ["Missing expected argument '--width <points>'"]),
        Case(name: "bad scale", arguments: heights(["--width", "375", "--scale", "4"]),
             status: 64, messages: ["--scale must be 1, 2 or 3 (got 4)."]),
        Case(name: "bad format", arguments: heights(["--width", "375", "--format", "xml"]),
             status: 64, messages: ["The value 'xml' is invalid for '--format <format>'. Please provide one of 'csv', 'json' or 'ndjson'."]),
        Case(name: "bad engine", arguments: heights(["--width", "375", "--engine", "manual"]),
             status: 64, messages: ["The value 'manual' is invalid for '--engine <engine>'. Please provide one of 'constraints' and 'glpk'."]),
        Case(name: "bad measurer", arguments: heights(["--width", "375", "--measurer", "coretext"]),
             status: 64, messages: ["The value 'coretext' is invalid for '--measurer <measurer>'"]),
        Case(name: "bad worker count", arguments: heights(["--width", "375", "--workers", "0"]),
             status: 64, messages: ["--workers must be at least 1 (got 0)."]),
        Case(name: "render: reversed rows range", arguments: render(["--rows", "5..2", "--out", out]),
             status: 64, messages: ["--rows must be A..B or A, with 0 <= A <= B (got '5..2')."]),
        Case(name: "render: rows range that is no range", arguments: render(["--rows", "1...3", "--out", out]),
             status: 64, messages: ["--rows must be A..B or A, with 0 <= A <= B (got '1...3')."]),
        Case(name: "render: negative row", arguments: render(["--rows=-1..3", "--out", out]),
             status: 64, messages: ["--rows must be A..B or A, with 0 <= A <= B (got '-1..3')."]),
        Case(name: "render: rows past the end", arguments: render(["--rows", "190..200", "--out", out]),
             status: 64, messages: ["error: --rows 190..200 reaches past the last row: the rows file has 200 rows (0..199)"]),
        Case(name: "render: no rows to draw", arguments: render(["--out", out], data: fixture("empty-rows.json")),
             status: 64, messages: ["error: the rows file has no rows to draw"]),
        Case(name: "render: missing output", arguments: render([]),
             status: 64, messages: ["Missing expected argument '--out <file>'"]),
        Case(name: "demo: bad width", arguments: ["demo", "--width", "0"],
             status: 64, messages: ["--width must be a finite number of points above 0 (got 0)."]),
        Case(name: "demo: bad row count", arguments: ["demo", "--draw-rows", "0"],
             status: 64, messages: ["--draw-rows must be at least 1 (got 0)."]),
    ]

    @Test("exit status and message", arguments: cases)
    func failure(_ test: Case) throws {
        let result = try CellFit.run(test.arguments)
        #expect(result.status == test.status, "\(result.stderr)")
        for message in test.messages {
            #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
    }

    @Test("a failed render leaves no file and no temporary file behind")
    func noPartialOutput() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let result = try CellFit.run([
            "render", "--template", fixture("conflict-template.json"), "--data", fixture("conflict-rows.json"),
            "--width", "375", "--out", scratch.file("x.svg"),
        ])
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}
