import Cassowary
import CassowaryTestSupport
import Foundation
import Testing

/// `Solver.add(_:)` of a sequence: one call, optimised and certified once. It must reach
/// the optimum adding the same constraints one by one reaches (the lexicographic optimum
/// is unique in its objective values, if not in its point), and a batch that cannot be
/// added must leave the solver as it was, bit for bit.
@Suite("Batch adds: the one-by-one optimum, all or none")
struct BatchAddTests {
    /// Each priority level's objective at the solver's point: the weighted violations
    /// of the level's constraints.
    static func levelObjectives(_ specs: [ConstraintSpec], _ solver: Solver, _ variables: [Variable]) -> [Float: Double] {
        let point = variables.map { solver.value(of: $0) }
        var sums: [Float: Double] = [:]
        for spec in specs where !spec.priority.isRequired {
            let r = spec.residual(at: point)
            let violation: Double
            switch spec.relation {
            case .equal: violation = abs(r)
            case .lessThanOrEqual: violation = max(0, r)
            case .greaterThanOrEqual: violation = max(0, -r)
            }
            sums[spec.priority.rawValue, default: 0] += spec.weight * violation
        }
        return sums
    }

    @Test("layout-domain systems: a batch of the constraints one-by-one adds accepted reaches their optimum at every level")
    func batchReachesTheOneByOneOptimum() throws {
        var profile = ScenarioGenerator.Profile.systems
        profile.domain = .layout
        var compared = 0, rejectedBatches = 0
        for seed in UInt64(0)..<200 {
            let scenario = ScenarioGenerator.scenario(profile, seed: 0xba7c_0000 + seed)
            let variables = scenario.makeVariables()
            var single = Solver()
            var accepted: [(spec: ConstraintSpec, constraint: Constraint)] = []
            var firstRejected: Constraint?
            for operation in scenario.operations {
                guard case .add(_, let spec) = operation, spec.terms.allSatisfy({ $0.variable < variables.count }) else { continue }
                let constraint = spec.makeConstraint(variables)
                do {
                    try single.add(constraint)
                    accepted.append((spec, constraint))
                } catch {
                    if firstRejected == nil, error.code == .unsatisfiableConstraint { firstRejected = constraint }
                }
            }
            guard accepted.count > 1 else { continue }
            // Fresh objects: a constraint belongs to one solver's bookkeeping by identity only,
            // but the batch gets its own so that nothing is shared.
            let batch = accepted.map { $0.spec.makeConstraint(variables) }
            var batched = Solver()
            try batched.add(batch)
            let specs = accepted.map(\.spec)
            let expected = Self.levelObjectives(specs, single, variables)
            let got = Self.levelObjectives(specs, batched, variables)
            let magnitude = specs.flatMap { $0.terms.map { abs($0.coefficient) } + [abs($0.constant)] }.max() ?? 1
            for (level, value) in expected {
                let tolerance = 1e-9 * max(1, magnitude) * Double(specs.count)
                #expect(abs((got[level] ?? 0) - value) <= tolerance * max(1, abs(value)), "seed \(seed) level \(level): \(got[level] ?? 0) vs \(value)")
            }
            compared += 1

            // All or none: half the system in, then a batch of the rest and a required
            // constraint that conflicts; the solver must be as it was, bit for bit.
            guard let firstRejected else { continue }
            var partial = Solver()
            let half = accepted.count / 2
            try partial.add(accepted[..<half].map { $0.spec.makeConstraint(variables) })
            let before = partial.dump(), values = variables.map { partial.value(of: $0).bitPattern }
            let rest = accepted[half...].map { $0.spec.makeConstraint(variables) }
            do {
                try partial.add(rest + [firstRejected])
                Issue.record("seed \(seed): a batch ending in a constraint rejected one by one was accepted")
            } catch {
                #expect(error.code == .unsatisfiableConstraint, "seed \(seed): \(error.message)")
                #expect(error.constraint === firstRejected)
                rejectedBatches += 1
            }
            #expect(partial.dump() == before, "seed \(seed)")
            #expect(variables.map { partial.value(of: $0).bitPattern } == values, "seed \(seed)")
        }
        #expect(compared >= 150)
        #expect(rejectedBatches >= 30)
        print("batch adds: \(compared) systems compared, \(rejectedBatches) rejected batches restored")
    }

    @Test("a batch naming one constraint twice is refused, and the solver is as it was")
    func duplicateInABatch() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add((x == 5) ~ .defaultLow)
        let before = solver.dump()
        let twice = y >= 2
        do {
            try solver.add([x <= 10, twice, (y == 3) ~ .defaultHigh, twice])
            Issue.record("a duplicate was accepted")
        } catch {
            #expect(error.code == .duplicateConstraint)
        }
        #expect(solver.dump() == before)
        #expect(solver.value(of: x) == 5)
    }

    @Test("an unsatisfiable batch names the conflict, earlier constraints of the batch included")
    func conflictWithinTheBatch() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let pin = x == 10, link = y == x + 5, clash = y == 3
        do {
            try solver.add([pin, (y >= 0) ~ .defaultLow, link, clash])
            Issue.record("a conflict was accepted")
        } catch {
            #expect(error.code == .unsatisfiableConstraint)
            #expect(Set(error.conflicts.map(\.id)) == Set([pin, link, clash].map(\.id)))
        }
        #expect(solver.constraints.isEmpty)
        #expect(solver.statistics.rows == 0)
    }

    @Test("layout-domain systems: edit variables added in one call, alone or with the constraints, reach the one-by-one optimum after the same suggestions")
    func batchedEditsReachTheOneByOneOptimum() throws {
        var profile = ScenarioGenerator.Profile.systems
        profile.domain = .layout
        let priorities: [Priority] = [.defaultHigh, 500, .defaultLow, 100]
        var compared = 0
        for seed in UInt64(0)..<150 {
            let scenario = ScenarioGenerator.scenario(profile, seed: 0xed17_0000 + seed)
            let variables = scenario.makeVariables()
            var specs: [ConstraintSpec] = []
            var single = Solver()
            for operation in scenario.operations {
                guard case .add(_, let spec) = operation, spec.terms.allSatisfy({ $0.variable < variables.count }) else { continue }
                if (try? single.add(spec.makeConstraint(variables))) != nil { specs.append(spec) }
            }
            guard specs.count > 1, variables.count > 1 else { continue }
            var batched = Solver()
            try batched.add(specs.map { $0.makeConstraint(variables) })
            let edited = Array(variables.prefix(4))
            let edits = edited.enumerated().map { (variable: $1, priority: priorities[$0]) }
            for edit in edits { try single.addEditVariable(edit.variable, priority: edit.priority) }
            try batched.addEditVariables(edits)
            // The whole system in one call: constraints and edit variables.
            var built = Solver()
            try built.add(specs.map { $0.makeConstraint(variables) }, editing: edits)
            let values = edited.indices.map { Double(($0 * 37 + Int(seed)) % 200) - 50 }
            for (edit, value) in zip(edits, values) { try single.suggest(edit.variable, value: value) }
            try batched.suggest(zip(edits, values).map { (variable: $0.variable, value: $1) })
            try built.suggest(zip(edits, values).map { (variable: $0.variable, value: $1) })

            // Each level's objective: the constraints' weighted violations and the
            // edits' distances from their suggestions.
            func objectives(_ solver: Solver) -> [Float: Double] {
                var sums = Self.levelObjectives(specs, solver, variables)
                for (edit, value) in zip(edits, values) {
                    sums[edit.priority.rawValue, default: 0] += abs(solver.value(of: edit.variable) - value)
                }
                return sums
            }
            let expected = objectives(single)
            for (got, call) in [(objectives(batched), "edits in one call"), (objectives(built), "the system in one call")] {
                for (level, value) in expected {
                    #expect(
                        abs((got[level] ?? 0) - value) <= 1e-7 * max(1, abs(value)),
                        "seed \(seed) level \(level), \(call): \(got[level] ?? 0) vs \(value)")
                }
            }
            compared += 1
        }
        #expect(compared >= 100)
    }

    /// `x + y == z` with `z` an edit variable: what the all-or-none tests start from.
    static func editedSum() throws -> (Solver, Variable, Variable, Variable) {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.add(x + y == z)
        try solver.addEditVariable(z, priority: .defaultHigh)
        return (solver, x, y, z)
    }

    @Test("a system in one call is all or none: a refused edit or a conflicting constraint leaves the solver as it was")
    func systemInOneCallAllOrNone() throws {
        var (solver, x, y, z) = try Self.editedSum()
        let before = solver.dump()
        let pin = x == 10, clash = x == 3
        // Refused before anything enters: an edit variable already there.
        do {
            try solver.add([pin, (y >= 0) ~ .defaultLow], editing: [(variable: z, priority: .defaultLow)])
            Issue.record("a second edit of z was accepted")
        } catch {
            #expect(error.code == .duplicateEditVariable)
        }
        #expect(solver.dump() == before)
        // Refused as it enters: the conflict is named, and the edit that came with it is gone too.
        do {
            try solver.add([pin, (y >= 0) ~ .defaultLow, clash], editing: [(variable: y, priority: .defaultLow)])
            Issue.record("a conflict was accepted")
        } catch {
            #expect(error.code == .unsatisfiableConstraint)
            #expect(Set(error.conflicts.map(\.id)) == Set([pin, clash].map(\.id)))
        }
        #expect(solver.dump() == before)
        #expect(!solver.hasEditVariable(y) && !solver.contains(pin))
        try solver.add([pin], editing: [(variable: y, priority: .defaultLow)])
        try solver.suggest([(variable: z, value: 25), (variable: y, value: 15)])
        #expect(solver.value(of: x) == 10 && solver.value(of: y) == 15)
    }

    @Test("a batch of edit variables is all or none: a refused edit leaves the solver as it was")
    func editBatchAllOrNone() throws {
        var (solver, x, y, z) = try Self.editedSum()
        let before = solver.dump()
        for (edits, code) in [
            ([(variable: x, priority: Priority.defaultLow), (variable: z, priority: .defaultLow)], SolverError.Code.duplicateEditVariable),
            ([(variable: x, priority: .defaultLow), (variable: x, priority: .defaultHigh)], .duplicateEditVariable),
            ([(variable: x, priority: .defaultLow), (variable: y, priority: .required)], .requiredEditVariable),
        ] {
            do {
                try solver.addEditVariables(edits)
                Issue.record("\(code) was not thrown")
            } catch {
                #expect(error.code == code)
            }
            #expect(solver.dump() == before)
            #expect(!solver.hasEditVariable(x) && !solver.hasEditVariable(y))
        }
        try solver.addEditVariables([(variable: x, priority: .defaultLow), (variable: y, priority: .defaultLow)])
        try solver.suggest([(variable: z, value: 10), (variable: x, value: 4)])
        #expect(solver.value(of: x) == 4 && solver.value(of: y) == 6)
    }
}
