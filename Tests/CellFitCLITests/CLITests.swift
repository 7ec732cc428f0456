import ExecutableTestSupport
import Foundation
import Testing

/// Runs the built `cellfit` binary and captures what it prints.
enum CellFit {
    typealias Result = ProcessResult

    static let executable = BuiltExecutable("cellfit", repositoryRoot: repositoryRoot)

    static func run(_ arguments: [String], input: String? = nil) throws -> Result {
        try executable.run(arguments, input: input)
    }

    static func run(_ arguments: [String], inputBytes: Data) throws -> Result {
        try executable.run(arguments, inputBytes: inputBytes)
    }
}

/// The repository root, from this file's path (Tests/CellFitCLITests/CLITests.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// A fixture in Tests/CellFitCLITests/Fixtures.
func fixture(_ name: String) -> String {
    repositoryRoot + "/Tests/CellFitCLITests/Fixtures/" + name
}

func jsonObject(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}

@Suite("cellfit solve", .serialized)
struct SolveCLITests {
    @Test("a workload whose expectations hold: exit 0 and an aligned table")
    func passing() throws {
        let result = try CellFit.run(["solve", fixture("stack.json")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.lines
        #expect(lines.count == 2)
        let header = try #require(lines.first), row = try #require(lines.last)
        let words = row.split(separator: " ").map(String.init)
        #expect(words.first == "stack")
        #expect(Array(words[1...3]) == ["cassowary", "4", "4"])
        #expect(Array(words.suffix(2)) == ["ok", "0"])
        // Aligned: left-aligned columns start together, right-aligned ones end together.
        let headerCells = cells(header), rowCells = cells(row)
        #expect(headerCells.map(\.text) == [
            "workload", "backend", "variables", "constraints", "build", "rounds", "rounds time", "per round", "expect", "mismatches",
        ])
        try #require(rowCells.count == headerCells.count)
        for column in headerCells.indices {
            if [0, 1, 8].contains(column) {
                #expect(headerCells[column].start == rowCells[column].start, "column \(column)")
            } else {
                #expect(headerCells[column].end == rowCells[column].end, "column \(column)")
            }
        }
    }

    /// The cells of a table line (separated by two or more spaces) with their character offsets.
    private func cells(_ line: String) -> [(text: String, start: Int, end: Int)] {
        var result: [(text: String, start: Int, end: Int)] = []
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            if characters[index] == " " { index += 1; continue }
            let start = index
            while index < characters.count,
                  !(characters[index] == " " && (index + 1 == characters.count || characters[index + 1] == " ")) {
                index += 1
            }
            result.append((String(characters[start..<index]), start, index))
        }
        return result
    }

    @Test("--json prints one object per file with the documented keys")
    func jsonShape() throws {
        let result = try CellFit.run(["solve", "--json", "--repeat", "3", fixture("stack.json")])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        let line = try #require(result.lines.first)
        let object = try jsonObject(line)
        #expect(Set(object.keys) == ["name", "backend", "variables", "constraints", "build_us", "rounds", "rounds_us",
                                     "per_round_us", "expect", "mismatches"])
        #expect(line.hasPrefix(#"{"name": "stack", "backend": "cassowary", "variables": 4, "constraints": 4, "build_us": "#))
        #expect(object["rounds"] as? Int == 2)
        #expect(object["expect"] as? String == "ok")
        #expect(object["mismatches"] as? Int == 0)
        for key in ["build_us", "rounds_us", "per_round_us"] {
            #expect(((object[key] as? Double) ?? -1) > 0, "\(key)")
        }
    }

    @Test("a mismatch: exit 1, and the variable, expected and actual value are named")
    func mismatch() throws {
        let path = fixture("stack-wrong.json")
        let result = try CellFit.run(["solve", path])
        #expect(result.status == 1)
        #expect(result.stderr == "mismatch: \(path): expect[1].top1: expected 21.5, got 20.5\n")
        #expect(result.lines.last?.hasSuffix("mismatch           1") == true)

        let json = try CellFit.run(["solve", "--json", path])
        #expect(json.status == 1)
        let object = try jsonObject(try #require(json.lines.first))
        #expect(object["expect"] as? String == "mismatch")
        #expect(object["mismatches"] as? Int == 1)
    }

    @Test("an invalid file: exit 2, and the message names the file and the place")
    func invalid() throws {
        let path = fixture("stack-invalid.json")
        let result = try CellFit.run(["solve", path])
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(path): line 8, column 44: constraints[1].terms[2]: unknown variable \"h7\"\n")
        #expect(result.stdout.isEmpty)

        let json = try CellFit.run(["solve", "--json", path])
        #expect(json.status == 2)
        let object = try jsonObject(try #require(json.lines.first))
        #expect(object["name"] as? String == "stack-invalid")
        #expect((object["error"] as? String)?.hasSuffix(#"constraints[1].terms[2]: unknown variable "h7""#) == true)
    }

    @Test("required constraints that cannot all hold: exit 2, naming the constraint")
    func unsatisfiable() throws {
        let path = fixture("unsatisfiable.json")
        let result = try CellFit.run(["solve", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: \(path): constraints[1]: "))
        #expect(result.stdout.isEmpty)
    }

    @Test("a file that does not exist: exit 2")
    func missingFile() throws {
        let result = try CellFit.run(["solve", "/nonexistent/none.json"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: /nonexistent/none.json: cannot read the file: No such file or directory\n")
    }

    @Test("several files: one JSON line each, and the worst status wins")
    func severalFiles() throws {
        let files = ["stack.json", "stack-wrong.json", "no-expect.json"].map(fixture)
        let result = try CellFit.run(["solve", "--json"] + files)
        #expect(result.status == 1)
        let verdicts = try result.lines.map { try jsonObject($0)["expect"] as? String }
        #expect(verdicts == ["ok", "mismatch", "none"])

        let withInvalid = try CellFit.run(["solve"] + files + [fixture("stack-invalid.json")])
        #expect(withInvalid.status == 2)
        #expect(withInvalid.lines.count == 4)  // header and three rows
    }

    @Test("--values prints every variable after the last round")
    func values() throws {
        let human = try CellFit.run(["solve", "--values", fixture("stack.json")])
        #expect(human.status == 0)
        #expect(Array(human.lines.suffix(5)) == ["# stack", "top0 = 0.0", "height0 = 12.5", "top1 = 20.5", "height1 = 20.0"])

        let json = try CellFit.run(["solve", "--json", "--values", fixture("stack.json")])
        let line = try #require(json.lines.first)
        #expect(line.hasSuffix(#", "values": {"top0": 0.0, "height0": 12.5, "top1": 20.5, "height1": 20.0}}"#))
        let values = try #require(try jsonObject(line)["values"] as? [String: Double])
        #expect(values == ["top0": 0, "height0": 12.5, "top1": 20.5, "height1": 20])
    }

    @Test("a workload without expect reports none and exits 0")
    func noExpect() throws {
        let result = try CellFit.run(["solve", "--json", "--values", fixture("no-expect.json")])
        #expect(result.status == 0)
        let object = try jsonObject(try #require(result.lines.first))
        #expect(object["expect"] as? String == "none")
        let values = try #require(object["values"] as? [String: Double])
        #expect(values["a"] == 2.5)
        #expect(abs((values["b"] ?? 0) - 2.4) < 1e-12)
    }

    @Test("the options list only the backends that exist, and bad options are usage errors")
    func options() throws {
        let help = try CellFit.run(["solve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("(values: cassowary, glpk)"))
        let badBackend = try CellFit.run(["solve", "--backend", "kiwi", fixture("stack.json")])
        #expect(badBackend.status == 64)
        let badRepeat = try CellFit.run(["solve", "--repeat", "0", fixture("stack.json")])
        #expect(badRepeat.status == 64)
        #expect(badRepeat.stderr.contains("--repeat must be at least 1"))
    }
}
