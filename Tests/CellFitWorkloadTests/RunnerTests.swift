import Cassowary
import CellFitWorkload
import Foundation
import Testing

@Suite("Runner")
struct RunnerTests {
    @Test("the base workload plays to its expected values")
    func baseWorkload() throws {
        let workload = try Workload(parsing: baseDocument)
        let report = try WorkloadRunner(repeats: 3).run(workload, on: CassowaryWorkloadSolver.self)
        #expect(report.expectation == .ok)
        #expect(report.mismatches.isEmpty)
        #expect(report.checked == 2)
        #expect(report.repeats == 3)
        #expect(report.name == "base" && report.backend == "cassowary")
        #expect(report.variables == 2 && report.constraints == 3 && report.edits == 1 && report.rounds == 2)
        #expect(report.finalValues == [20.5, 12.5])
        #expect(report.buildTime > .zero && report.roundsTime > .zero)
        #expect(report.perRoundTime == report.roundsTime / 2)
    }

    @Test("a wrong expectation is reported with its round, variable, expected and actual value")
    func mismatch() throws {
        let workload = try Workload(parsing: base(replacing: #"{"x": 20.5}"#, with: #"{"x": 21, "y": 12.5}"#))
        let report = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
        #expect(report.expectation == .mismatch)
        #expect(report.checked == 3)
        #expect(report.mismatches == [.init(round: 1, variable: "x", expected: 21, got: 20.5)])
        #expect(report.mismatches.first?.description == "expect[1].x: expected 21.0, got 20.5")
    }

    @Test("reading only the expected variables gives the same verdict", arguments: [#"{"x": 20.5}"#, #"{"x": 20}"#])
    func expectedReads(last: String) throws {
        let workload = try Workload(parsing: base(replacing: #"{"x": 20.5}"#, with: last))
        let all = try WorkloadRunner(reads: .allVariables).run(workload, on: CassowaryWorkloadSolver.self)
        let expected = try WorkloadRunner(reads: .expectedVariables).run(workload, on: CassowaryWorkloadSolver.self)
        #expect(all.mismatches == expected.mismatches)
        #expect(all.expectation == expected.expectation)
        #expect(all.finalValues == expected.finalValues)
    }

    @Test("without rounds, the expectation is checked after the build")
    func noRounds() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["a", "b"],
             "constraints": [{"terms": [[1, "a"]], "constant": -4, "op": "==", "strength": "required"},
                             {"terms": [[1, "b"], [-2, "a"]], "op": "==", "strength": "required"}],
             "expect": {"b": 8.5}}
            """
        let report = try WorkloadRunner().run(try Workload(parsing: text), on: CassowaryWorkloadSolver.self)
        #expect(report.rounds == 0)
        #expect(report.mismatches == [.init(round: nil, variable: "b", expected: 8.5, got: 8)])
        #expect(report.mismatches.first?.description == "expect.b: expected 8.5, got 8.0")
        #expect(report.perRoundTime == report.roundsTime)
    }

    @Test("without expect, the verdict is none")
    func noExpect() throws {
        let workload = try Workload(parsing: base(replacing: #","# + "\n" + #""expect": [{"x": 39}, {"x": 20.5}]"#, with: ""))
        let report = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
        #expect(report.expectation == .none && report.checked == 0)
        #expect(report.finalValues == [20.5, 12.5])
    }

    @Test("conflicting required constraints are a solver error naming the constraint")
    func unsatisfiable() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["a"],
             "constraints": [{"terms": [[1, "a"]], "constant": -4, "op": "==", "strength": "required"},
                             {"terms": [[1, "a"]], "constant": -5, "op": "==", "strength": "required"}]}
            """
        do {
            _ = try WorkloadRunner().run(try Workload(parsing: text), on: CassowaryWorkloadSolver.self)
            Issue.record("played an unsatisfiable workload")
        } catch {
            #expect(error.code == .solver)
            #expect(error.path == "constraints[1]")
            #expect(!error.message.isEmpty)
        }
    }

    @Test("the tolerance is 1e-6 absolute or relative, whichever is larger")
    func tolerance() {
        #expect(WorkloadRunner.matches(1e-6, 0))
        #expect(!WorkloadRunner.matches(1.1e-6, 0))
        #expect(WorkloadRunner.matches(1e6 + 1, 1e6))
        #expect(!WorkloadRunner.matches(1e6 + 1.01, 1e6))
        #expect(WorkloadRunner.matches(-39.0000005, -39))
        #expect(!WorkloadRunner.matches(.nan, 0))
        #expect(!WorkloadRunner.matches(.infinity, 1))
    }

    @Test("the JSON line has the documented keys in order, and reads back")
    func jsonLine() throws {
        let workload = try Workload(parsing: baseDocument)
        let report = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
        let line = report.jsonLine(includingValues: true)
        #expect(!line.contains("\n"))
        let keys = ["name", "backend", "variables", "constraints", "build_us", "rounds", "rounds_us", "per_round_us",
                    "expect", "mismatches", "values"]
        let positions = keys.map { line.range(of: "\"\($0)\": ")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "base")
        #expect(object["backend"] as? String == "cassowary")
        #expect(object["variables"] as? Int == 2)
        #expect(object["constraints"] as? Int == 3)
        #expect(object["rounds"] as? Int == 2)
        #expect(object["expect"] as? String == "ok")
        #expect(object["mismatches"] as? Int == 0)
        #expect(object["values"] as? [String: Double] == ["x": 20.5, "y": 12.5])
        #expect(line.hasSuffix(#""values": {"x": 20.5, "y": 12.5}}"#))
        #expect(!report.jsonLine().contains("values"))
    }

    @Test("microseconds are printed with nanosecond resolution")
    func microseconds() {
        #expect(WorkloadReport.microseconds(.nanoseconds(27_456)) == "27.456")
        #expect(WorkloadReport.microseconds(.seconds(2)) == "2000000.0")
        #expect(WorkloadReport.microseconds(.zero) == "0.0")
    }

    @Test("values print so that they read back exactly")
    func roundTripValues() throws {
        let text = """
            {"format": "cassowary-workload/1", "variables": ["a", "b\\"q"],
             "constraints": [{"terms": [[3, "a"]], "constant": -1, "op": "==", "strength": "required"},
                             {"terms": [[1, "b\\"q"]], "constant": 1e-7, "op": "==", "strength": "required"}]}
            """
        let report = try WorkloadRunner().run(try Workload(parsing: text), on: CassowaryWorkloadSolver.self)
        let line = report.jsonLine(includingValues: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let values = try #require(object["values"] as? [String: Double])
        #expect(values["a"]?.bitPattern == report.finalValues[0].bitPattern)
        #expect(values["b\"q"]?.bitPattern == report.finalValues[1].bitPattern)
        #expect(abs(report.finalValues[0] - 1.0 / 3) < 1e-12)
    }
}
