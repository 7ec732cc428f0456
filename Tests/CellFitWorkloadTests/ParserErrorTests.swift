import CellFitWorkload
import Foundation
import Testing

/// Every error the reader reports, with its exact message, line and column.
@Suite("Parser: error messages")
struct ParserErrorTests {
    /// Replaces `old` in the base document by `new`, parses, and checks the full
    /// message: the place is where `marker` (default: `new`) starts in the
    /// document, at its first occurrence right after `after`.
    private func check(
        _ old: String, _ new: String, marker: String? = nil, after: String = "", path: String, _ message: String,
        code: WorkloadError.Code, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let document = base(replacing: old, with: new)
        let error = parseError(document)
        let prefix = path.isEmpty ? "" : path + ": "
        let location = place(of: after + (marker ?? new), in: document, skip: after.unicodeScalars.count)
        #expect(
            error?.description == "w.json: \(location): \(prefix)\(message)",
            sourceLocation: sourceLocation)
        #expect(error?.code == code, sourceLocation: sourceLocation)
    }

    // MARK: Not JSON

    @Test("empty input")
    func emptyInput() {
        #expect(parseError("")?.description == "w.json: line 1, column 1: expected an object, found the end of the input")
        #expect(parseError("  \n ")?.description == "w.json: line 2, column 2: expected an object, found the end of the input")
    }

    @Test("a document that is not an object")
    func notAnObject() {
        #expect(parseError("[1]")?.description == "w.json: line 1, column 1: expected an object, found an array")
        #expect(parseError("[1]")?.code == .schema)
    }

    @Test("a missing comma between array elements")
    func missingComma() {
        check(#"[{"y": 31}, {"y": 12.5}]"#, #"[{"y": 31} {"y": 12.5}]"#, marker: #"{"y": 12.5}"#,
              path: "rounds", "expected ',' or ']' after an array element, found an object", code: .syntax)
    }

    @Test("a missing comma between object members")
    func missingMemberComma() {
        check(#""name": "base","#, #""name": "base""#, marker: #""description""#,
              path: "", "expected ',' or '}' after an object member, found a string", code: .syntax)
    }

    @Test("a trailing comma in an array")
    func trailingComma() {
        check(#"["x", "y"]"#, #"["x", "y",]"#, marker: "]", path: "variables",
              "trailing comma: expected a value after ',', found ']'", code: .syntax)
    }

    @Test("a missing colon")
    func missingColon() {
        check(#""name": "base""#, #""name" "base""#, marker: #""base""#, after: #""name" "#, path: "",
              "expected ':' after the key 'name', found a string", code: .syntax)
    }

    @Test("a key that is not a string")
    func unquotedKey() {
        check(#""name": "base""#, #"name: "base""#, path: "", "expected a key in quotes, found 'n'", code: .syntax)
    }

    @Test("an unterminated string points at its opening quote")
    func unterminatedString() {
        let document = #"{"format": "cassowary-workload/1", "name": "abc"#
        #expect(parseError(document)?.description == "w.json: line 1, column 44: name: unterminated string")
    }

    @Test("input that ends inside an object")
    func truncated() {
        let document = String(baseDocument.dropLast(2))
        let error = parseError(document)
        #expect(error?.description.hasSuffix("unterminated object: expected ',' or '}', found the end of the input") == true)
        #expect(error?.code == .syntax)
    }

    @Test("text after the document")
    func trailingText() {
        let document = baseDocument + "\n{}"
        #expect(parseError(document)?.description == "w.json: line 15, column 1: expected the end of the document, found an object")
    }

    @Test("malformed numbers", arguments: [
        ("01", "invalid number: leading zeros are not allowed"),
        ("1.", "invalid number: expected a digit after '.'"),
        ("-", "invalid number: expected a digit after '-'"),
        ("1e", "invalid number: expected a digit in the exponent"),
        ("-x", "invalid number: expected a digit after '-'"),
    ])
    func malformedNumbers(text: String, message: String) {
        check(#""constant": -20"#, #""constant": \#(text)"#, marker: text + #", "op""#, after: #""constant": "#,
              path: "constraints[1].constant", message, code: .syntax)
    }

    @Test("values that are not numbers where a number belongs", arguments: [
        ("+1", "expected a number, found '+'", WorkloadError.Code.syntax),
        ("NaN", "expected a number, found 'N'", .syntax),
        (".5", "expected a number, found '.'", .syntax),
        ("\"8\"", "expected a number, found a string", .schema),
        ("true", "expected a number, found a boolean", .schema),
        ("null", "expected a number, found null", .schema),
    ])
    func notNumbers(text: String, message: String, code: WorkloadError.Code) {
        check(#""constant": -20"#, #""constant": \#(text)"#, marker: text, after: #""constant": "#,
              path: "constraints[1].constant", message, code: code)
    }

    @Test("invalid escapes and characters in strings")
    func badStrings() {
        check(#""name": "base""#, #""name": "ba\qse""#, marker: #"\q"#, path: "name",
              #"invalid escape '\q' in a string"#, code: .syntax)
        check(#""name": "base""#, #""name": "ba\u12""#, marker: #"\u12"#, path: "name",
              #"invalid \u escape: expected 4 hexadecimal digits"#, code: .syntax)
        check(#""name": "base""#, #""name": "ba\udc00se""#, marker: #"\udc00"#, path: "name",
              #"invalid \u escape: a low surrogate without a high surrogate"#, code: .syntax)
        check(#""name": "base""#, #""name": "ba\ud800se""#, marker: #"\ud800"#, path: "name",
              #"invalid \u escape: a high surrogate without a low surrogate"#, code: .syntax)
        check(#""name": "base""#, "\"name\": \"ba\tse\"", marker: "\t", path: "name",
              "control character 0x9 in a string; escape it", code: .syntax)
    }

    @Test("invalid UTF-8 in a string")
    func invalidUTF8() {
        var bytes = Array(#"{"format": "cassowary-workload/1", "name": "ab"#.utf8)
        bytes += [0xFF, 0x22, 0x7D]
        do {
            _ = try Workload(parsing: bytes, file: "w.json")
            Issue.record("parsed invalid UTF-8")
        } catch {
            #expect(error.description == "w.json: line 1, column 44: name: invalid UTF-8 in a string")
        }
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        let document = #"{"description": "höhe 幅", "format": 7}"#
        #expect(parseError(document)?.description == "w.json: line 1, column 37: format: expected a string, found a number")
    }

    @Test("deep nesting is refused, not a crash")
    func deepNesting() {
        let document = #"{"junk": "# + String(repeating: "[", count: 100_000)
        let error = parseError(document)
        #expect(error?.message == "nesting deeper than 64 levels")
        #expect(error?.path == "junk")
    }

    // MARK: Shape

    @Test("missing keys")
    func missingKeys() {
        for key in ["format", "variables", "constraints"] {
            // Remove the key's lines: from the key up to the next top-level key.
            var document = baseDocument
            let keyRange = document.range(of: "\n\"\(key)\"")!
            let end = document[keyRange.upperBound...].range(of: "\n\"")!.lowerBound
            document.removeSubrange(document.index(after: keyRange.lowerBound)...end)
            #expect(parseError(document)?.description == "w.json: line 1, column 1: missing key \"\(key)\"")
            #expect(parseError(document)?.code == .schema)
        }
        check(#"{"terms": [[1, "y"]], "constant": -20, "op": "==", "strength": "weak"}"#,
              #"{"constant": -20, "op": "==", "strength": "weak"}"#, path: "constraints[1]", #"missing key "terms""#, code: .schema)
        check(#""op": "==", "strength": "weak"}"#, #""strength": "weak"}"#, marker: #"{"terms": [[1, "y"]]"#,
              path: "constraints[1]", #"missing key "op""#, code: .schema)
        check(#", "strength": "weak"}"#, "}", marker: #"{"terms": [[1, "y"]]"#,
              path: "constraints[1]", #"missing key "strength""#, code: .schema)
        check(#"{"variable": "y", "strength": "strong"}"#, #"{"strength": "strong"}"#,
              path: "edits[0]", #"missing key "variable""#, code: .schema)
    }

    @Test("unknown keys in constraints and edits")
    func unknownKeys() {
        check(#""strength": "weak"}"#, #""stength": "weak"}"#, marker: #""stength""#, path: "constraints[1]",
              #"unknown key "stength"; a constraint has "terms", "constant", "op", "strength" and "weight""#, code: .schema)
        check(#""strength": "strong"}"#, #""strength": "strong", "weight": 2}"#, marker: #""weight""#, path: "edits[0]",
              #"unknown key "weight"; an edit has "variable" and "strength""#, code: .schema)
    }

    @Test("duplicate keys")
    func duplicateKeys() {
        check(#""description": "two variables","#, #""description": "two variables", "name": "again","#,
              marker: #""name": "again""#, path: "", #"duplicate key "name""#, code: .schema)
        check(#""op": "==""#, #""op": "==", "op": "<=""#, marker: #""op": "<=""#, path: "constraints[1]",
              #"duplicate key "op""#, code: .schema)
        check(#"{"y": 12.5}"#, #"{"y": 12.5, "y": 13}"#, marker: #""y": 13"#, path: "rounds[1]",
              #"duplicate key "y""#, code: .schema)
        check(#"{"x": 20.5}"#, #"{"x": 20.5, "x": 1}"#, marker: #""x": 1"#, path: "expect[1]",
              #"duplicate key "x""#, code: .schema)
    }

    @Test("values of the wrong type")
    func wrongTypes() {
        check(#"["x", "y"]"#, #""x""#, path: "variables", "expected an array, found a string", code: .schema)
        check(#"["x", "y"]"#, #"["x", 2]"#, marker: "2]", path: "variables[1]", "expected a string, found a number", code: .schema)
        check(#"{"variable": "y", "strength": "strong"}"#, #"["y"]"#, path: "edits[0]",
              "expected an object, found an array", code: .schema)
        check(#"[{"y": 31}, {"y": 12.5}]"#, #"{"y": 31}"#, path: "rounds", "expected an array, found an object", code: .schema)
        check(#""strength": "weak"}"#, #""strength": true}"#, marker: "true", path: "constraints[1].strength",
              #"expected a strength ("required", "strong", "medium", "weak" or a number), found a boolean"#, code: .schema)
        check(#""op": "==""#, #""op": 1"#, marker: "1", after: #""op": "#, path: "constraints[1].op", "expected a string, found a number", code: .schema)
    }

    @Test("terms that are not [coefficient, \"variable\"] pairs")
    func badTerms() {
        check(#"[[1, "y"]]"#, #"[[1]]"#, marker: "[1]", path: "constraints[1].terms[0]",
              #"a term must be a pair [coefficient, "variable"]"#, code: .schema)
        check(#"[[1, "y"]]"#, #"[[1, "y", 2]]"#, marker: #"[1, "y", 2]"#, path: "constraints[1].terms[0]",
              #"a term must be a pair [coefficient, "variable"]"#, code: .schema)
        check(#"[[1, "y"]]"#, #"["y"]"#, marker: #""y"], "constant""#, path: "constraints[1].terms[0]",
              #"expected a term [coefficient, "variable"], found a string"#, code: .schema)
        check(#"[[1, "y"]]"#, #"[["y", 1]]"#, marker: #""y", 1"#, path: "constraints[1].terms[0][0]",
              "expected a number, found a string", code: .schema)
        check(#"[[1, "y"]]"#, #"[[1, 2]]"#, marker: "2]]", path: "constraints[1].terms[0][1]",
              "expected a string, found a number", code: .schema)
    }

    @Test("an unsupported format")
    func unsupportedFormat() {
        check(#""cassowary-workload/1""#, #""cassowary-workload/2""#, path: "format",
              #"unsupported format "cassowary-workload/2"; expected "cassowary-workload/1""#, code: .invalidValue)
    }

    // MARK: Variables

    @Test("unknown variables, wherever they are named")
    func unknownVariables() {
        check(#"[[1, "y"]], "constant": -20"#, #"[[1, "h7"]], "constant": -20"#, marker: #""h7""#,
              path: "constraints[1].terms[0]", #"unknown variable "h7""#, code: .unknownVariable)
        check(#"{"variable": "y""#, #"{"variable": "w""#, marker: #""w""#, path: "edits[0].variable",
              #"unknown variable "w""#, code: .unknownVariable)
        check(#"{"x": 39}"#, #"{"x": 39, "z": 1}"#, marker: #""z""#, path: "expect[0]",
              #"unknown variable "z""#, code: .unknownVariable)
    }

    @Test("the earliest unknown variable is reported")
    func earliestUnknownVariable() {
        let document = base(replacing: #"[[1, "x"]], "op""#, with: #"[[1, "late"]], "op""#)
            .replacingOccurrences(of: #"[[1, "y"]], "constant""#, with: #"[[1, "early"]], "constant""#)
        #expect(parseError(document)?.description
            == "w.json: \(place(of: "\"early\"", in: document)): constraints[1].terms[0]: unknown variable \"early\"")
    }

    @Test("a variable listed twice")
    func duplicateVariable() {
        check(#"["x", "y"]"#, #"["x", "y", "x"]"#, marker: #""x"]"#, path: "variables[2]",
              #"duplicate variable "x" (already listed at variables[0])"#, code: .duplicateVariable)
    }

    // MARK: Values

    @Test("an unknown op")
    func badOp() {
        check(#""op": ">=""#, #""op": "=>""#, marker: #""=>""#, path: "constraints[0].op",
              #"unknown op "=>"; expected "==", "<=" or ">=""#, code: .invalidValue)
    }

    @Test("an unknown strength name")
    func badStrength() {
        check(#""strength": "weak"}"#, #""strength": "strongest"}"#, marker: #""strongest""#, path: "constraints[1].strength",
              #"unknown strength "strongest"; expected "required", "strong", "medium", "weak" or a number in 1...1000"#,
              code: .invalidValue)
    }

    @Test("priorities out of range", arguments: [("0", "0"), ("1001", "1001"), ("-5", "-5"), ("0.5", "0.5"), ("1e9", "1000000000")])
    func priorityOutOfRange(text: String, shown: String) {
        check(#""strength": "weak"}"#, #""strength": \#(text)}"#, marker: text, after: #""strength": "#, path: "constraints[1].strength",
              "priority \(shown) is out of range 1...1000", code: .invalidValue)
    }

    @Test("numbers too large to be finite", arguments: [
        (#""constant": -20"#, #""constant": 1e999"#, "1e999", "constraints[1].constant"),
        (#"[[1, "y"]]"#, #"[[-2e400, "y"]]"#, "-2e400", "constraints[1].terms[0][0]"),
        (#"{"y": 31}"#, #"{"y": 1E309}"#, "1E309", "rounds[0].y"),
        (#"{"x": 39}"#, #"{"x": 9e99999999999}"#, "9e99999999999", "expect[0].x"),
        (#""strength": "weak"}"#, #""strength": "weak", "weight": 1e500}"#, "1e500", "constraints[1].weight"),
    ])
    func nonFinite(old: String, new: String, number: String, path: String) {
        check(old, new, marker: number, path: path, "the number \(number) is too large", code: .invalidValue)
    }

    @Test("weights must be positive", arguments: ["0", "-1", "-0.0"])
    func badWeight(text: String) {
        let shown = text == "-1" ? "-1" : "0"
        check(#""strength": "weak"}"#, #""strength": "weak", "weight": \#(text)}"#, marker: text, after: #""weight": "#,
              path: "constraints[1].weight", "weight must be positive, got \(shown)", code: .invalidValue)
    }

    @Test("edit variables must be below required", arguments: [#""required""#, "1000"])
    func requiredEdit(text: String) {
        check(#""strength": "strong"}"#, #""strength": \#(text)}"#, marker: text, after: #""y", "strength": "#, path: "edits[0].strength",
              "an edit variable must be below required (got priority 1000)", code: .invalidValue)
    }

    @Test("a variable made an edit variable twice")
    func duplicateEdit() {
        check(#"[{"variable": "y", "strength": "strong"}]"#,
              #"[{"variable": "y", "strength": "strong"}, {"variable": "y", "strength": "weak"}]"#,
              marker: #""y", "strength": "weak""#, path: "edits[1].variable",
              #""y" is already an edit variable (edits[0])"#, code: .invalidValue)
    }

    @Test("rounds may only name edit variables")
    func roundNamesNonEdit() {
        check(#"{"y": 12.5}"#, #"{"y": 12.5, "x": 3}"#, marker: #""x": 3"#, path: "rounds[1].x",
              #""x" is not an edit variable; rounds may only suggest values for variables listed in "edits""#,
              code: .invalidValue)
    }

    // MARK: Expect

    @Test("expect must have one entry per round")
    func expectLength() {
        check(#"[{"x": 39}, {"x": 20.5}]"#, #"[{"x": 39}]"#, path: "expect",
              #""expect" has 1 entry but there are 2 rounds"#, code: .expectMismatch)
        check(#"[{"x": 39}, {"x": 20.5}]"#, #"[{"x": 39}, {"x": 20.5}, {}]"#, path: "expect",
              #""expect" has 3 entries but there are 2 rounds"#, code: .expectMismatch)
        check(#"[{"x": 39}, {"x": 20.5}]"#, #"{"x": 39}"#, path: "expect",
              #""expect" must be an array with one object per round"#, code: .expectMismatch)
        check(#"[{"x": 39}, {"x": 20.5}]"#, "3", after: #""expect": "#, path: "expect",
              "expected an array of objects (or one object when there are no rounds), found a number", code: .schema)
    }

    @Test("without rounds, expect must be a single object")
    func expectWithoutRounds() {
        let document = """
            {"format": "cassowary-workload/1", "variables": ["a"],
             "constraints": [{"terms": [[1, "a"]], "op": "==", "strength": "required"}],
             "expect": [{"a": 0}]}
            """
        #expect(parseError(document)?.description
            == #"w.json: line 3, column 12: expect: there are no rounds, so "expect" must be a single object"#)
    }

    // MARK: Files

    @Test("a file that does not exist")
    func missingFile() {
        do {
            _ = try Workload(contentsOfFile: "/nonexistent/dir/w.json")
            Issue.record("read a file that does not exist")
        } catch {
            #expect(error.description == "/nonexistent/dir/w.json: cannot read the file: No such file or directory")
            #expect(error.code == .unreadable)
        }
    }

    @Test("a directory")
    func directory() {
        do {
            _ = try Workload(contentsOfFile: repositoryRoot)
            Issue.record("read a directory")
        } catch {
            #expect(error.description == "\(repositoryRoot): cannot read the file: Is a directory")
        }
    }

    @Test("file errors carry the file name and the place")
    func fileErrorsNameTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-\(UUID().uuidString).json").path
        try base(replacing: #"[[1, "y"]], "constant": -20"#, with: #"[[1, "h7"]], "constant": -20"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Workload(contentsOfFile: path)
            Issue.record("read an invalid file")
        } catch {
            #expect(error.description == "\(path): line 8, column 16: constraints[1].terms[0]: unknown variable \"h7\"")
            #expect(error.file == path && error.line == 8 && error.column == 16 && error.path == "constraints[1].terms[0]")
        }
    }
}
