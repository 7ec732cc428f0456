import Cassowary
import CellFitWorkload
import Testing

/// The checking initialiser: the same rules as the parser, reported by path.
@Suite("Model validation")
struct ModelTests {
    private let valid = (
        variables: ["x", "y"],
        constraints: [Workload.Constraint(terms: [.init(1, 0), .init(-1, 1)], constant: -8, relation: .greaterThanOrEqual)],
        edits: [Workload.Edit(variable: 1, priority: .defaultHigh)],
        rounds: [[Workload.Assignment(variable: 1, value: 3)]]
    )

    private func error(
        variables: [String]? = nil, constraints: [Workload.Constraint]? = nil, edits: [Workload.Edit]? = nil,
        rounds: [[Workload.Assignment]]? = nil, expect: [[Workload.Assignment]]? = nil
    ) -> String? {
        do {
            _ = try Workload(
                name: "m", variables: variables ?? valid.variables, constraints: constraints ?? valid.constraints,
                edits: edits ?? valid.edits, rounds: rounds ?? valid.rounds, expect: expect)
            return nil
        } catch {
            #expect(error.file == nil && error.line == nil)
            return error.description
        }
    }

    @Test("a valid model is accepted")
    func acceptsValidModels() {
        #expect(error() == nil)
        #expect(error(expect: [[.init(variable: 0, value: 11)]]) == nil)
    }

    @Test("each rule is checked, with the path of the culprit")
    func rules() {
        #expect(error(variables: ["x", "y", "x"]) == #"variables[2]: duplicate variable "x" (already listed at variables[0])"#)
        #expect(error(constraints: [.init(terms: [.init(1, 2)], relation: .equal)])
            == "constraints[0].terms[0]: variable index 2 is out of range 0..<2")
        #expect(error(constraints: [.init(terms: [.init(.nan, 0)], relation: .equal)])
            == "constraints[0].terms[0][0]: number nan is not finite")
        #expect(error(constraints: [.init(terms: [], constant: .infinity, relation: .equal)])
            == "constraints[0].constant: number inf is not finite")
        #expect(error(constraints: [.init(terms: [], relation: .equal, priority: 0)])
            == "constraints[0].strength: priority 0 is out of range 1...1000")
        #expect(error(constraints: [.init(terms: [], relation: .equal, weight: 0)])
            == "constraints[0].weight: weight must be positive, got 0")
        #expect(error(constraints: [.init(terms: [], relation: .equal, weight: .infinity)])
            == "constraints[0].weight: number inf is not finite")
        #expect(error(edits: [.init(variable: 1, priority: .required)])
            == "edits[0].strength: an edit variable must be below required (got priority 1000)")
        #expect(error(edits: [.init(variable: 5, priority: 1)]) == "edits[0].variable: variable index 5 is out of range 0..<2")
        #expect(error(edits: [.init(variable: 1, priority: 1), .init(variable: 1, priority: 2)])
            == #"edits[1].variable: "y" is already an edit variable (edits[0])"#)
        #expect(error(rounds: [[.init(variable: 0, value: 1)]])
            == #"rounds[0].x: "x" is not an edit variable; rounds may only suggest values for variables listed in "edits""#)
        #expect(error(rounds: [[.init(variable: 1, value: 1), .init(variable: 1, value: 2)]]) == #"rounds[0].y: duplicate key "y""#)
        #expect(error(rounds: [[.init(variable: 1, value: .nan)]]) == "rounds[0].y: number nan is not finite")
        #expect(error(expect: [[], []]) == #"expect: "expect" has 2 entries but there is 1 round"#)
        #expect(error(rounds: [], expect: [[], []]) == #"expect: there are no rounds, so "expect" must be a single object"#)
        #expect(error(expect: [[.init(variable: 9, value: 1)]]) == "expect[0]: variable index 9 is out of range 0..<2")
    }

    @Test("names that are not identifiers are quoted in paths")
    func oddNames() {
        #expect(error(variables: ["x", "a b"], rounds: [[.init(variable: 1, value: .nan)]])
            == #"rounds[0]["a b"]: number nan is not finite"#)
    }
}
