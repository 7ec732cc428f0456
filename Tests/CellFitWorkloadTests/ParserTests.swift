import Cassowary
import CellFitWorkload
import Foundation
import TestSupport
import Testing

@Suite("Parser: known answers")
struct ParserTests {
    @Test("the base document reads as the model written out by hand")
    func baseDocumentModel() throws {
        let workload = try Workload(parsing: baseDocument, file: "w.json")
        let expected = try Workload(
            name: "base", description: "two variables", variables: ["x", "y"],
            constraints: [
                .init(terms: [.init(1, 0), .init(-1, 1)], constant: -8, relation: .greaterThanOrEqual, priority: .required),
                .init(terms: [.init(1, 1)], constant: -20, relation: .equal, priority: 1),
                .init(terms: [.init(1, 0)], constant: 0, relation: .lessThanOrEqual, priority: 1),
            ],
            edits: [.init(variable: 1, priority: 750)],
            rounds: [[.init(variable: 1, value: 31)], [.init(variable: 1, value: 12.5)]],
            expect: [[.init(variable: 0, value: 39)], [.init(variable: 0, value: 20.5)]])
        #expect(workload == expected)
    }

    @Test("strength names map to 1000, 750, 250 and 1; numbers are priorities", arguments: [
        ("\"required\"", Float(1000)), ("\"strong\"", 750), ("\"medium\"", 250), ("\"weak\"", 1),
        ("50", 50), ("1", 1), ("1000", 1000), ("999.5", 999.5), ("2.5e2", 250),
    ])
    func strengths(text: String, priority: Float) throws {
        let workload = try Workload(parsing: base(replacing: #""strength": "weak"}"#, with: #""strength": \#(text)}"#))
        #expect(workload.constraints[1].priority == Priority(priority))
    }

    @Test("ops map to relations", arguments: [("==", Relation.equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)])
    func ops(op: String, relation: Relation) throws {
        let workload = try Workload(parsing: base(replacing: #""op": ">=""#, with: #""op": "\#(op)""#))
        #expect(workload.constraints[0].relation == relation)
    }

    @Test("defaults: constant 0, weight 1, edit strength strong, name from the file")
    func defaults() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["a"],
             "constraints": [{"terms": [[2, "a"]], "op": "<=", "strength": "medium"}],
             "edits": [{"variable": "a"}]}
            """
        let workload = try Workload(parsing: text, file: "some/dir/my-load.json")
        #expect(workload.name == "my-load")
        #expect(workload.description == "")
        #expect(workload.constraints[0].constant == 0)
        #expect(workload.constraints[0].weight == 1)
        #expect(workload.edits == [.init(variable: 0, priority: .defaultHigh)])
        #expect(workload.rounds.isEmpty)
        #expect(workload.expect == nil)
        #expect(try Workload(parsing: text).name == "workload")
    }

    @Test("weights are read")
    func weights() throws {
        let workload = try Workload(
            parsing: base(replacing: #""strength": "weak"}"#, with: #""strength": "weak", "weight": 0.25}"#))
        #expect(workload.constraints[1].weight == 0.25)
    }

    @Test("keys may come in any order: variables after everything else")
    func keyOrder() throws {
        let text = """
            {"expect": [{"b": 3}], "rounds": [{"a": 1}], "edits": [{"variable": "a", "strength": 500}],
             "constraints": [{"op": "==", "strength": "required", "terms": [[1, "b"], [-1, "a"], [1, "c"]], "constant": -2}],
             "variables": ["c", "b", "a"], "format": "cassowary-workload/1", "name": "late"}
            """
        let workload = try Workload(parsing: text)
        #expect(workload.variables == ["c", "b", "a"])
        #expect(workload.constraints[0].terms == [.init(1, 1), .init(-1, 2), .init(1, 0)])
        #expect(workload.edits == [.init(variable: 2, priority: 500)])
        #expect(workload.rounds == [[.init(variable: 2, value: 1)]])
        #expect(workload.expect == [[.init(variable: 1, value: 3)]])
    }

    @Test("a variable may appear in several terms of a constraint; the terms are kept as written")
    func repeatedTerms() throws {
        let workload = try Workload(
            parsing: base(replacing: #"[[1, "y"]], "constant": -20"#, with: #"[[1, "y"], [2, "y"]], "constant": -20"#))
        #expect(workload.constraints[1].terms == [.init(1, 1), .init(2, 1)])
    }

    @Test("with no rounds, expect is a single object")
    func expectWithoutRounds() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["a"],
             "constraints": [{"terms": [[1, "a"]], "constant": -4, "op": "==", "strength": "required"}],
             "expect": {"a": 4}}
            """
        let workload = try Workload(parsing: text)
        #expect(workload.expect == [[.init(variable: 0, value: 4)]])
    }

    @Test("unknown top-level keys are skipped, whatever they hold")
    func unknownTopLevelKeys() throws {
        let workload = try Workload(
            parsing: base(
                replacing: #""name": "base","#,
                with: #""name": "base", "seed": 7, "meta": {"a": [true, false, null, -1.5e3, "s\n", {}], "b": []},"#))
        #expect(workload.name == "base")
    }

    @Test("string escapes, including surrogate pairs, become the characters they stand for")
    func escapes() throws {
        let name = #"a\"b\\c\/\u00e9\ud83d\ude00\t"#
        let text = """
            {"format": "cassowary-workload/1", "variables": ["\(name)"],
             "constraints": [{"terms": [[1, "\(name)"]], "op": "==", "strength": "required"}]}
            """
        let workload = try Workload(parsing: text)
        #expect(workload.variables == ["a\"b\\c/é😀\t"])
    }

    @Test("non-ASCII names pass through unchanged")
    func unicodeNames() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["höhe", "幅"],
             "constraints": [{"terms": [[1, "höhe"], [1, "幅"]], "op": "==", "strength": "required"}]}
            """
        #expect(try Workload(parsing: text).variables == ["höhe", "幅"])
    }

    @Test("whitespace of every JSON kind is allowed between tokens")
    func whitespace() throws {
        let spaced = baseDocument.replacingOccurrences(of: ", ", with: " ,\t\r\n ")
            .replacingOccurrences(of: ": ", with: " \n: \t")
        #expect(try Workload(parsing: spaced) == Workload(parsing: baseDocument))
    }
}

@Suite("Parser: numbers")
struct NumberTests {
    /// Reads `text` as the constant of a constraint.
    private func read(_ text: String) throws -> Double {
        try Workload(parsing: base(replacing: #""constant": -20"#, with: #""constant": \#(text)"#)).constraints[1].constant
    }

    // The standard library's conversion is correctly rounded, which makes it the oracle.
    @Test("numbers are read to the nearest Double", arguments: [
        "0", "-0", "-0.0", "1", "0.1", "0.3", "-12.5", "1e22", "1e23", "1E-7", "1e+2", "9007199254740992",
        "9007199254740993", "123456789012345678901234567890", "0.000000000000000000000000001",
        "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "666.8000000000001",
        "0.30000000000000004", "89255.0e-22", "3.14159265358979323846264338327950288",
    ])
    func knownNumbers(text: String) throws {
        let value = try read(text)
        let oracle = try #require(Double(text))
        #expect(value.bitPattern == oracle.bitPattern, "\(text): \(value) vs \(oracle)")
    }

    @Test("random doubles printed in Swift's shortest form read back exactly")
    func randomRoundTrip() throws {
        var generator = SplitMix64(seed: 0x0D0B_1E5)   // seeded: a failure replays
        var texts: [String] = []
        for _ in 0..<2000 {
            let magnitude = Double(Int.random(in: -30...30, using: &generator))
            texts.append(String(Double.random(in: -1...1, using: &generator) * pow(10, magnitude)))
            texts.append(String(Double(Int.random(in: -100_000...100_000, using: &generator)) / 8))
        }
        let document = """
            {"format": "cassowary-workload/1", "variables": ["a"],
             "constraints": [\(texts.map { #"{"terms": [[1, "a"]], "constant": \#($0), "op": "==", "strength": 1}"# }.joined(separator: ",\n"))]}
            """
        let workload = try Workload(parsing: document)
        for (constraint, text) in zip(workload.constraints, texts) {
            #expect(constraint.constant.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
