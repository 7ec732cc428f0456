import Cassowary
import CellFitWorkload
import Foundation
import Testing

/// The shared workloads (the copy in `Examples/Workloads`) read by this parser and, as
/// an independent oracle, by Foundation's `JSONSerialization`: both readings
/// must give the same model.
@Suite("Shared workloads")
struct SharedWorkloadTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sharedWorkloads)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Files small enough for the oracle to read quickly in a debug build.
    static let smallFiles = files.filter { name in
        let size = (try? FileManager.default.attributesOfItem(atPath: sharedWorkloads + "/" + name)[.size] as? Int) ?? 0
        return size < 1_000_000
    }

    @Test("the shared workloads are there")
    func present() {
        #expect(Self.files.count >= 10, "no workloads found in \(sharedWorkloads)")
        #expect(Self.files.contains("chain-1000.json"))
    }

    @Test("this parser and JSONSerialization read the same model", arguments: smallFiles)
    func matchesOracle(file: String) throws {
        let path = sharedWorkloads + "/" + file
        let parsed = try Workload(contentsOfFile: path)
        let oracle = try Self.oracle(path)
        #expect(try parsed.sortedLists == oracle)
    }

    @Test("sizes of workloads whose sizes their generators state", arguments: [
        ("chain-100.json", 253, 403, 20), ("chain-1000.json", 2053, 4003, 20),
        ("grid-10x10.json", 456, 637, 10), ("cells-1000.json", 26, 27, 1000), ("enaml-like-1.json", 37, 111, 60),
    ])
    func sizes(file: String, variables: Int, constraints: Int, rounds: Int) throws {
        let workload = try Workload(contentsOfFile: sharedWorkloads + "/" + file)
        #expect(workload.variables.count == variables)
        #expect(workload.constraints.count == constraints)
        #expect(workload.rounds.count == rounds)
        #expect(workload.expect?.count == rounds)
    }

    /// Reads a workload with Foundation and builds the model through the checking initialiser.
    static func oracle(_ path: String) throws -> Workload {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = try #require(root["variables"] as? [String])
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() { index[name] = position }
        func priority(_ value: Any?) throws -> Priority {
            switch value {
            case let name as String:
                return ["required": 1000, "strong": 750, "medium": 250, "weak": 1][name].map { Priority(Float($0)) }
                    ?? Priority(-1)
            case let number as NSNumber: return Priority(number.floatValue)
            default: return Priority(750)  // the default for edits
            }
        }
        func assignments(_ object: Any) throws -> [Workload.Assignment] {
            let dictionary = try #require(object as? [String: NSNumber])
            // Key order is lost in a dictionary; the parser keeps file order. Compare sorted.
            return dictionary.map { Workload.Assignment(variable: index[$0.key] ?? -1, value: $0.value.doubleValue) }
                .sorted { $0.variable < $1.variable }
        }
        let constraints = try (try #require(root["constraints"] as? [[String: Any]])).map { object in
            let terms = try (try #require(object["terms"] as? [[Any]])).map { pair in
                Workload.Term(try #require(pair[0] as? NSNumber).doubleValue, index[try #require(pair[1] as? String)] ?? -1)
            }
            let relation: Relation = ["==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual][object["op"] as? String ?? ""]
                ?? .equal
            return Workload.Constraint(
                terms: terms, constant: (object["constant"] as? NSNumber)?.doubleValue ?? 0, relation: relation,
                priority: try priority(object["strength"]), weight: (object["weight"] as? NSNumber)?.doubleValue ?? 1)
        }
        let edits = try (root["edits"] as? [[String: Any]] ?? []).map { object in
            Workload.Edit(variable: index[try #require(object["variable"] as? String)] ?? -1, priority: try priority(object["strength"]))
        }
        let rounds = try (root["rounds"] as? [Any] ?? []).map(assignments)
        var expect: [[Workload.Assignment]]?
        if let list = root["expect"] as? [Any] {
            expect = try list.map(assignments)
        } else if let single = root["expect"] {
            expect = [try assignments(single)]
        }
        return try Workload(
            name: root["name"] as? String ?? "", description: root["description"] as? String ?? "", variables: names,
            constraints: constraints, edits: edits, rounds: rounds, expect: expect)
    }
}

extension Workload {
    /// The same workload with each round's and expectation's entries sorted by variable, for comparing with the oracle.
    var sortedLists: Workload {
        get throws {
            try Workload(
                name: name, description: description, variables: variables, constraints: constraints, edits: edits,
                rounds: rounds.map { $0.sorted { $0.variable < $1.variable } },
                expect: expect?.map { $0.sorted { $0.variable < $1.variable } })
        }
    }
}
