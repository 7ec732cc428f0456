import Foundation
import Testing

/// `cellfit solve --backend glpk` and `cellfit solve --compare`.
///
/// The large workloads are left out to keep the suite fast: GLPK solves every
/// round from scratch (chain-1000 and grid-30x30 take about ten seconds each
/// in a release build, random-5000-1 a minute).
@Suite("cellfit solve: the GLPK backend and --compare")
struct BackendCLITests {
    static let workloads = ["enaml-like-1", "chain-100", "grid-10x10", "cells-1000", "random-50-1"]

    static func workload(_ name: String) -> String {
        repositoryRoot + "/Examples/Workloads/\(name).json"
    }

    /// The fields of a `solve --json` line that do not depend on the backend or the clock.
    static func verdict(_ line: String) throws -> [String] {
        let object = try jsonObject(line)
        return ["name", "variables", "constraints", "rounds", "expect", "mismatches"].map { "\(object[$0] ?? "nil")" }
    }

    @Test("--backend glpk reaches the same expectation verdicts as cassowary", arguments: workloads)
    func sameVerdictsOnWorkloads(name: String) throws {
        let cassowary = try CellFit.run(["solve", "--json", Self.workload(name)])
        let glpk = try CellFit.run(["solve", "--json", "--backend", "glpk", Self.workload(name)])
        #expect(glpk.status == cassowary.status, "\(glpk.stderr)")
        #expect(glpk.status == 0)
        let line = try #require(glpk.lines.first)
        #expect(try jsonObject(line)["backend"] as? String == "glpk")
        #expect(try Self.verdict(line) == Self.verdict(try #require(cassowary.lines.first)))
    }

    @Test("--backend glpk on the fixtures: same exit status, same mismatch, same values")
    func sameVerdictsOnFixtures() throws {
        for name in ["stack.json", "stack-wrong.json", "no-expect.json"] {
            let cassowary = try CellFit.run(["solve", "--json", "--values", fixture(name)])
            let glpk = try CellFit.run(["solve", "--json", "--values", "--backend", "glpk", fixture(name)])
            #expect(glpk.status == cassowary.status, "\(name)")
            #expect(glpk.stderr == cassowary.stderr, "\(name)")
            let a = try jsonObject(try #require(cassowary.lines.first))
            let b = try jsonObject(try #require(glpk.lines.first))
            #expect(a["expect"] as? String == b["expect"] as? String, "\(name)")
            let valuesA = try #require(a["values"] as? [String: Double]), valuesB = try #require(b["values"] as? [String: Double])
            #expect(valuesA.keys.sorted() == valuesB.keys.sorted())
            for (key, value) in valuesA {
                #expect(abs(value - (valuesB[key] ?? .nan)) <= 1e-9, "\(name): \(key)")
            }
        }
        let table = try CellFit.run(["solve", "--backend", "glpk", fixture("stack.json")])
        #expect(table.status == 0)
        #expect(table.lines.last?.split(separator: " ").prefix(2) == ["stack", "glpk"])
    }

    @Test("a conflict among four constraints: both backends name the three that conflict, not the bystander")
    func conflictSet() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.write("""
            {"format": "cassowary-workload/1", "name": "three", "variables": ["a", "b", "c"],
             "constraints": [{"terms": [[1, "a"]], "constant": -1, "op": "==", "strength": "required"},
                             {"terms": [[1, "c"]], "constant": -7, "op": "==", "strength": "required"},
                             {"terms": [[1, "b"], [-1, "a"]], "op": "==", "strength": "required"},
                             {"terms": [[1, "b"]], "constant": -2, "op": "==", "strength": "required"}]}
            """, to: "three.json")
        let cassowary = try CellFit.run(["solve", path]), glpk = try CellFit.run(["solve", "--backend", "glpk", path])
        #expect(cassowary.status == 2 && glpk.status == 2)
        for output in [cassowary.stderr, glpk.stderr] {
            #expect(output.contains("constraints[0]: a - 1 == 0"))
            #expect(output.contains("constraints[2]: b - a == 0"))
            #expect(!output.contains("constraints[1]"))
        }
        #expect(cassowary.stderr.contains("constraints[3]: unsatisfiable required constraint b - 2 == 0"))
        #expect(glpk.stderr.contains("constraints[3]: b - 2 == 0"))
    }

    @Test("a coefficient beyond GLPK's range: exit 2 with the number named, not an abort (issue 19)",
          arguments: ["1e300", "1e-200", "1e200"])
    func outOfRange(_ coefficient: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.write("""
            {"format": "cassowary-workload/1", "name": "far", "variables": ["a", "b"],
             "constraints": [{"terms": [[\(coefficient), "a"], [1, "b"]], "op": "==", "strength": "required"}]}
            """, to: "far.json")
        for arguments in [["solve", "--backend", "glpk", path], ["solve", "--compare", path]] {
            let result = try CellFit.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("outside GLPK's range"), "\(result.stderr)")
        }
    }

    @Test("required constraints that cannot hold: exit 2 on both backends, each naming the same conflict set")
    func infeasibleOnBothBackends() throws {
        let path = fixture("unsatisfiable.json")
        let cassowary = try CellFit.run(["solve", path])
        let glpk = try CellFit.run(["solve", "--backend", "glpk", path])
        #expect(cassowary.status == 2)
        #expect(glpk.status == cassowary.status)
        #expect(glpk.stdout.isEmpty)
        #expect(glpk.stderr.hasPrefix("error: \(path): constraints: the required constraints cannot all hold (GLPK "))
        let set = "constraints[0]: a - 4 == 0"
        #expect(glpk.stderr.contains("these cannot hold together: \(set); constraints[1]: a - 5 == 0"))
        #expect(cassowary.stderr.contains("constraints[1]: unsatisfiable required constraint a - 5 == 0"))
        #expect(cassowary.stderr.contains("already in the solver: \(set)"))

        let json = try CellFit.run(["solve", "--json", "--backend", "glpk", path])
        #expect(json.status == 2)
        let object = try jsonObject(try #require(json.lines.first))
        #expect(object["name"] as? String == "unsatisfiable")
        #expect(object["backend"] as? String == "glpk")
        #expect((object["error"] as? String)?.contains("constraints: the required constraints cannot all hold") == true)
    }

    @Test("--compare on the workloads: exit 0, one agreeing line per round and one after the build", arguments: workloads)
    func compareWorkloads(name: String) throws {
        let result = try CellFit.run(["solve", "--compare", "--json", Self.workload(name)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let rows = try result.lines.map(jsonObject)
        let rounds = try #require(try CellFit.run(["solve", "--json", Self.workload(name)]).lines.first)
        #expect(rows.count == (try jsonObject(rounds)["rounds"] as? Int ?? -1) + 1)
        #expect(rows.first?["round"] is NSNull)
        #expect(rows.dropFirst().map { $0["round"] as? Int } == Array(0..<(rows.count - 1)))
        for row in rows {
            #expect(row["name"] as? String == name)
            #expect(row["agree"] as? Bool == true)
            #expect(row["cassowary_feasible"] as? Bool == true)
            #expect(row["glpk_feasible"] as? Bool == true)
            let difference = try #require(row["difference"] as? Double), allowed = try #require(row["allowed"] as? Double)
            #expect(difference <= allowed)
        }
    }

    @Test("--compare --json prints the documented keys, in order")
    func compareJSONShape() throws {
        let result = try CellFit.run(["solve", "--compare", "--json", fixture("stack.json")])
        #expect(result.status == 0)
        #expect(result.lines.count == 3)
        let line = try #require(result.lines.first)
        #expect(line.hasPrefix(
            #"{"name": "stack", "round": null, "levels": 3, "cassowary_feasible": true, "glpk_feasible": true, "level": "#))
        let object = try jsonObject(line)
        #expect(Set(object.keys) == [
            "name", "round", "levels", "cassowary_feasible", "glpk_feasible", "level", "cassowary_sum", "glpk_optimum",
            "difference", "allowed", "agree",
        ])
        #expect(line.hasSuffix(#", "agree": true}"#))
    }

    @Test("--compare prints an aligned table: one row per file and round")
    func compareTable() throws {
        let result = try CellFit.run(["solve", "--compare", fixture("stack.json"), fixture("no-expect.json")])
        #expect(result.status == 0)
        let lines = result.lines
        #expect(lines.count == 1 + 3 + 1)
        #expect(lines.first?.split(separator: " ") == [
            "workload", "round", "levels", "cassowary", "glpk", "level", "difference", "allowed", "verdict",
        ])
        #expect(lines.dropFirst().map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "stack build", "stack 0", "stack 1", "no-expect build",
        ])
        for line in lines.dropFirst() {
            #expect(line.hasSuffix("  agree"))
            #expect(line.count == lines[1].count)
        }
    }

    @Test("--compare on required constraints that cannot hold: both backends say so, and that is agreement")
    func compareInfeasible() throws {
        let result = try CellFit.run(["solve", "--compare", "--json", fixture("unsatisfiable.json")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.lines.count == 1)
        let row = try jsonObject(try #require(result.lines.first))
        #expect(row["cassowary_feasible"] as? Bool == false)
        #expect(row["glpk_feasible"] as? Bool == false)
        #expect(row["agree"] as? Bool == true)
        #expect(row["difference"] is NSNull)

        let table = try CellFit.run(["solve", "--compare", fixture("unsatisfiable.json")])
        #expect(table.status == 0)
        #expect(table.lines.last?.split(separator: " ") == [
            "unsatisfiable", "build", "1", "infeasible", "infeasible", "-", "-", "-", "agree",
        ])
    }

    /// `marginal.json` sits between the two backends' tolerances (Cassowary's
    /// epsilon is 1e-8, GLPK works to 1e-7): if either changes, pick a gap
    /// that still lies between them.
    @Test("--compare on a conflict only Cassowary sees: exit 1, differ, and the reason on standard error")
    func compareDisagreement() throws {
        let path = fixture("marginal.json")
        let result = try CellFit.run(["solve", "--compare", path])
        #expect(result.status == 1)
        #expect(result.lines.last?.split(separator: " ") == [
            "marginal", "build", "1", "infeasible", "feasible", "-", "-", "-", "differ",
        ])
        #expect(result.stderr.hasPrefix("difference: \(path): build: cassowary rejects constraints[1] ("))
        #expect(result.stderr.contains("but GLPK finds the required constraints feasible"))

        let json = try CellFit.run(["solve", "--compare", "--json", path])
        #expect(json.status == 1)
        #expect(try jsonObject(try #require(json.lines.first))["agree"] as? Bool == false)
    }

    @Test("--compare: an invalid file is exit 2 with an error line, and the other files are still compared")
    func compareInvalid() throws {
        let files = [fixture("stack-invalid.json"), fixture("stack.json")]
        let result = try CellFit.run(["solve", "--compare", "--json"] + files)
        #expect(result.status == 2)
        #expect(result.lines.count == 1 + 3)
        let error = try jsonObject(try #require(result.lines.first))
        #expect(error["name"] as? String == "stack-invalid")
        #expect(error["backend"] as? String == "compare")
        #expect(result.stderr.hasPrefix("error: \(files[0]): line 8, column 44: "))
    }

    @Test("bad option combinations are usage errors that say what to leave out")
    func badOptions() throws {
        let stack = fixture("stack.json")
        let cases: [(arguments: [String], message: String)] = [
            (["--compare", "--backend", "glpk"], "--compare runs both backends; leave out --backend."),
            (["--compare", "--backend", "cassowary"], "--compare runs both backends; leave out --backend."),
            (["--compare", "--values"], "--compare compares level optima, not values; leave out --values."),
            (["--compare", "--repeat", "3"], "--compare does not time the backends; leave out --repeat."),
            (["--tolerance", "1e-3"], "--tolerance applies only to --compare."),
            (["--backend", "glpk", "--tolerance", "1e-3"], "--tolerance applies only to --compare."),
            (["--compare", "--tolerance=-1"], "--tolerance must be a finite number, 0 or more (got -1.0)."),
            (["--compare", "--tolerance", "inf"], "--tolerance must be a finite number, 0 or more (got inf)."),
            (["--backend", "kiwi"], "Please provide one of 'cassowary' and 'glpk'"),
        ]
        for (arguments, message) in cases {
            let result = try CellFit.run(["solve"] + arguments + [stack])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        let tolerant = try CellFit.run(["solve", "--compare", "--tolerance", "0.01", stack])
        #expect(tolerant.status == 0)
        let help = try CellFit.run(["solve", "--help"])
        for word in ["glpk", "--compare", "--tolerance"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
    }
}
