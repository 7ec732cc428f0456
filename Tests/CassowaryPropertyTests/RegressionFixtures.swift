import Cassowary
import CassowaryTestSupport
import Foundation
import LPCheck
import Testing

// The counterexamples the property tests found, kept as data
// (Fixtures/regressions.json): each is a scenario, the domain it came from,
// where it was found, and the exact oracle's answer at each step — the least
// violation of the required constraints at each required add, the optimum of
// each level at each check. Every fixture runs through the same oracle as
// the property tests (ScenarioRunner: GLPK, its exact simplex deciding), and
// the recorded answers are held against exact GLPK, so that a fixture says
// what the right answer is rather than which rule of the solver it motivated.
//
// `CELLFIT_RECORD_FIXTURES=1 swift test --filter RegressionFixtures` rewrites
// the recorded answers from exact GLPK (after a fixture is added by hand or
// from a shrunk counterexample, which prints as a scenario).

/// One regression: a scenario and the exact oracle's answers along it.
struct RegressionFixture: Codable, Sendable, CustomTestStringConvertible {
    /// A name to refer to the fixture by.
    var name: String
    /// Where the counterexample came from (property, seed, issue).
    var found: String
    /// The failure as first reported, and what the fixture holds the solver
    /// to as it is now.
    var history: String
    /// `"mixed"`, `"layout"` or `"hostile"`: the generator's domain.
    var domain: String
    /// Whether every call must answer: `.illConditioned` fails the fixture.
    var answers: Bool
    /// `"all"`, or `"feasibility"` for property 1's checks alone.
    var checks: String
    /// A failure the solver still has, and what would fix it: the oracle
    /// check runs as a known issue, and the run fails once the fixture
    /// passes, until this is taken off.
    var knownFailure: String?
    var variables: Int
    var operations: [Step]

    var testDescription: String { name }

    /// A fixture of `scenario`, its answers not yet recorded.
    init(_ scenario: Scenario, name: String, found: String, domain: String = "mixed") {
        self.name = name
        self.found = found
        history = ""
        self.domain = domain
        answers = domain == "layout"
        checks = "all"
        variables = scenario.variableCount
        let relations: [Relation: String] = [.equal: "==", .lessThanOrEqual: "<=", .greaterThanOrEqual: ">="]
        operations = scenario.operations.map { operation in
            var step = Step()
            switch operation {
            case .add(let id, let spec):
                step.add = id
                step.terms = spec.terms.map { [Double($0.variable), $0.coefficient] }
                step.constant = spec.constant
                step.op = relations[spec.relation]
                if !spec.priority.isRequired { step.priority = Double(spec.priority.rawValue) }
                if spec.weight != 1 { step.weight = spec.weight }
            case .remove(let id): step.remove = id
            case .addEdit(let variable, let priority): (step.edit, step.priority) = (variable, Double(priority.rawValue))
            case .removeEdit(let variable): step.removeEdit = variable
            case .suggest(let variable, let value): (step.suggest, step.value) = (variable, value)
            case .check: step.check = true
            }
            return step
        }
    }

    /// The fixture as the file writes it.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func text(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        var header = self
        header.operations = []
        let steps = try operations.map { try text($0) }.joined(separator: ",\n")
        return try text(header).replacingOccurrences(of: "\"operations\":[]", with: "\"operations\":[\n\(steps)\n]")
    }

    /// One operation, and what exact GLPK answers after it.
    struct Step: Codable, Sendable {
        var add: Int?
        var terms: [[Double]]?
        var constant: Double?
        var op: String?
        var priority: Double?
        var weight: Double?
        var remove: Int?
        var edit: Int?
        var removeEdit: Int?
        var suggest: Int?
        var value: Double?
        var check: Bool?
        /// For a required add: exact GLPK's least violation of the required
        /// constraints the oracle holds live, with this one (0: it can hold).
        var exactViolation: Double?
        /// For a check: exact GLPK's optimum of each soft level, by priority.
        var exactOptima: [String: Double]?
        /// For an add whose verdict the oracle leaves open (marginal): the
        /// verdict the fixture demands, `"unsatisfiable"`.
        var expect: String?
    }

    var scenario: Scenario {
        get throws {
            let relations: [String: Relation] = ["==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual]
            let operations = try self.operations.map { step throws -> CassowaryTestSupport.Operation in
                if let id = step.add, let terms = step.terms, let constant = step.constant,
                    let relation = step.op.flatMap({ relations[$0] })
                {
                    let spec = ConstraintSpec(
                        try terms.map { pair in
                            guard pair.count == 2, let v = Int(exactly: pair[0]) else {
                                throw FixtureError("\(name): a term is not [variable, coefficient]")
                            }
                            return TermSpec(v, pair[1])
                        },
                        constant: constant, relation,
                        priority: step.priority.map { Priority(Float($0)) } ?? .required, weight: step.weight ?? 1)
                    return .add(id: id, spec)
                }
                if let id = step.remove { return .remove(id: id) }
                if let v = step.edit, let p = step.priority { return .addEdit(variable: v, priority: Priority(Float(p))) }
                if let v = step.removeEdit { return .removeEdit(variable: v) }
                if let v = step.suggest, let value = step.value { return .suggest(variable: v, value: value) }
                if step.check == true { return .check }
                throw FixtureError("\(name): a step is none of add, remove, edit, removeEdit, suggest, check")
            }
            return Scenario(variableCount: variables, operations: operations)
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct RegressionFixtureFile: Codable {
    var format: String
    var fixtures: [RegressionFixture]

    static var path: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts[parts.count - 1] = "Fixtures/regressions.json"
        return parts.joined(separator: "/")
    }

    static func load() throws -> RegressionFixtureFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try JSONDecoder().decode(RegressionFixtureFile.self, from: data)
        guard file.format == "cellfit-regressions/1" else { throw FixtureError("\(path): format \(file.format)") }
        return file
    }

    /// The file's text: a fixture's header on one line, then one line per
    /// step, so that a change reads as a change of the steps it touches.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let format = String(decoding: try encoder.encode(format), as: UTF8.self)
        let blocks = try fixtures.map { try $0.encoded() }
        return "{\"format\":\(format),\"fixtures\":[\n\(blocks.joined(separator: ",\n"))\n]}\n"
    }

    static func fixture(named name: String) throws -> RegressionFixture {
        guard let fixture = try load().fixtures.first(where: { $0.name == name }) else {
            throw FixtureError("no fixture named \(name) in \(path)")
        }
        return fixture
    }
}

/// Exact GLPK's answers along a fixture's scenario: the oracle's own path
/// (a required add it finds infeasible, by any amount, is left out, as the
/// solver rejects it).
func exactAnswers(_ fixture: RegressionFixture) throws -> [RegressionFixture.Step] {
    let scenario = try fixture.scenario
    let variables = scenario.makeVariables()
    var live: [(id: Int, constraint: Constraint)] = []
    var edits: [(variable: Int, priority: Priority, value: Double)] = []
    var steps = fixture.operations
    for (i, operation) in scenario.operations.enumerated() {
        steps[i].exactViolation = nil
        steps[i].exactOptima = nil
        switch operation {
        case .add(let id, let spec):
            let constraint = spec.makeConstraint(variables)
            guard spec.priority.isRequired else {
                live.append((id, constraint))
                continue
            }
            let required = live.map(\.constraint).filter { $0.priority.isRequired } + [constraint]
            let violation = try LPCheck.solve(constraints: required, arithmetic: .exact).requiredViolation
            steps[i].exactViolation = violation
            if violation == 0 { live.append((id, constraint)) }
        case .remove(let id):
            live.removeAll { $0.id == id }
        case .addEdit(let variable, let priority):
            if !edits.contains(where: { $0.variable == variable }) { edits.append((variable, priority, 0)) }
        case .removeEdit(let variable):
            edits.removeAll { $0.variable == variable }
        case .suggest(let variable, let value):
            if let k = edits.firstIndex(where: { $0.variable == variable }) { edits[k].value = value }
        case .check:
            let result = try LPCheck.solve(
                constraints: live.map(\.constraint),
                edits: edits.map { LPCheck.Edit(variables[$0.variable], priority: $0.priority, value: $0.value) },
                arithmetic: .exact)
            var optima: [String: Double] = [:]
            for level in result.levels.dropFirst() {
                if let optimum = result.optimum(at: level) { optima[String(Double(level.rawValue))] = optimum }
            }
            steps[i].exactOptima = optima
        }
    }
    return steps
}

@Suite("Regressions found by the property tests, as data")
struct RegressionFixtures {
    static let fixtures: [RegressionFixture] = {
        do {
            return try RegressionFixtureFile.load().fixtures
        } catch {
            Issue.record("cannot read \(RegressionFixtureFile.path): \(error)")
            return []
        }
    }()

    static let recording = Result<Void, Error> {
        guard ProcessInfo.processInfo.environment["CELLFIT_RECORD_FIXTURES"] == "1" else { return }
        var file = try RegressionFixtureFile.load()
        for k in file.fixtures.indices {
            file.fixtures[k].operations = try exactAnswers(file.fixtures[k])
        }
        try file.encoded().write(toFile: RegressionFixtureFile.path, atomically: true, encoding: .utf8)
    }

    /// Each fixture against the oracle, as the property tests run it; a
    /// fixture that must answer may not throw `.illConditioned`.
    @Test(arguments: fixtures)
    func matchesTheOracle(_ fixture: RegressionFixture) throws {
        let options = CheckOptions(
            feasibility: true, optimality: fixture.checks == "all", allowsIllConditioned: !fixture.answers)
        let scenario = try fixture.scenario
        let outcome = withWatchdog {
            var runner = ScenarioRunner(scenario, options: options)
            return runner.run()
        }
        #expect(outcome != nil, "\(fixture.name): no answer within \(PropertyDriver.hangSeconds) s")
        guard let known = fixture.knownFailure else {
            #expect(outcome.flatMap { $0 } == nil, "\(fixture.name)")
            return
        }
        withKnownIssue("\(fixture.name): \(known)") {
            #expect(outcome.flatMap { $0 } == nil, "\(fixture.name)")
        }
    }

    /// The recorded answers are exact GLPK's: the fixture still says what
    /// it says. (Rational arithmetic, the same doubles in and out.)
    /// With `CELLFIT_RECORD_FIXTURES=1` the file is first rewritten from
    /// exact GLPK (after a fixture is added or changed).
    @Test(arguments: fixtures)
    func recordsExactGLPKsAnswers(_ fixture: RegressionFixture) throws {
        try Self.recording.get()
        let exact = try exactAnswers(fixture)
        for (i, (recorded, now)) in zip(fixture.operations, exact).enumerated() {
            #expect(recorded.exactViolation == now.exactViolation, "\(fixture.name), step \(i): least required violation")
            #expect(recorded.exactOptima == now.exactOptima, "\(fixture.name), step \(i): level optima")
        }
    }

    /// Verdicts a fixture demands where the oracle leaves the choice open.
    @Test(arguments: fixtures.filter { $0.operations.contains { $0.expect != nil } })
    func demandedVerdictsHold(_ fixture: RegressionFixture) throws {
        let scenario = try fixture.scenario
        let variables = scenario.makeVariables()
        var solver = Solver()
        for (step, operation) in zip(fixture.operations, scenario.operations) {
            guard case .add(_, let spec) = operation else { continue }
            let constraint = spec.makeConstraint(variables)
            if step.expect == "unsatisfiable" {
                #expect(throws: SolverError.self) { try solver.add(constraint) }
            } else {
                try? solver.add(constraint)
            }
        }
    }
}
