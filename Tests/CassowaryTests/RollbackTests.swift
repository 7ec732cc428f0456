@_spi(Testing) import Cassowary
import Cancellation
import CellFitSamples
import Testing

/// A failed call must leave the solver exactly as it was (kiwi #52: a failed
/// add leaves an artificial row behind and corrupts later adds).
@Suite("Rollback of failed calls")
struct RollbackTests {
    typealias Generator = SplitMix64

    static func randomConstraint(_ g: inout Generator, _ vars: [Variable]) -> Constraint {
        var terms: [Term] = []
        for _ in 0..<g.int(1..<4) { terms.append(Term(vars[g.int(0..<vars.count)], g.coefficient())) }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][g.int(0..<3)]
        let priority: Priority = [.required, .required, .required, 750, 250, 1][g.int(0..<6)]
        return Constraint(Expression(terms: terms, constant: Double(g.int(-20..<21))), relation, priority: priority)
    }

    @Test("failed adds change nothing: same values, bit for bit, as a solver that never saw them", arguments: 0..<20)
    func failedAddsLeaveNoTrace(seed: UInt64) throws {
        var g = Generator(seed: seed)
        let vars = (0..<8).map { Variable("v\($0)") }
        var witness = Solver()  // sees only the constraints that were accepted
        var solver = Solver()  // sees everything, failures included
        var accepted: [Constraint] = []
        var failures = 0
        for step in 0..<60 {
            if !accepted.isEmpty && g.int(0..<5) == 0 {
                let victim = accepted.remove(at: g.int(0..<accepted.count))
                try solver.remove(victim)
                try witness.remove(victim)
            } else {
                let c = Self.randomConstraint(&g, vars)
                do {
                    try solver.add(c)
                    try witness.add(c)
                    accepted.append(c)
                } catch {
                    #expect(error.code == .unsatisfiableConstraint)
                    #expect(!solver.contains(c))
                    failures += 1
                }
            }
            for v in vars {
                #expect(
                    solver.value(of: v).bitPattern == witness.value(of: v).bitPattern,
                    "step \(step): \(v) differs")
            }
            #expect(solver.statistics == witness.statistics, "step \(step)")
            expectSound(solver)
        }
        #expect(failures > 0, "the sequence should contain failed adds")
    }

    /// A failed batch of adds has entered rows before the one that fails, among
    /// suggestions, edit variables added and removed: its undo log takes them out,
    /// and the solver goes on where a solver that never saw the batch is.
    @Test("a failed batch of adds among suggestions and edits is undone: same values and dump, bit for bit", arguments: 0..<10)
    func failedBatchReplaysSuggestions(seed: UInt64) throws {
        var g = Generator(seed: seed)
        let vars = (0..<6).map { Variable("v\($0)") }
        var witness = Solver()  // never sees the failed batches
        var solver = Solver()
        let system = [
            vars[0] >= 0, vars[1] == vars[0] + 10, (vars[2] == vars[1] * 2) ~ 750,
            vars[3] <= vars[2] + 5, (vars[4] == 5) ~ 250, vars[5] >= vars[4] - vars[3],
        ]
        try witness.add(system)
        try solver.add(system)
        var edits: [Variable] = []
        var failures = 0
        for step in 0..<120 {
            let value = Double(g.int(-40..<41)) / 2
            switch g.int(0..<7) {
            case 0:
                // Removing and adding edits reuses their indices in the log.
                let v = vars[g.int(0..<vars.count)]
                if solver.hasEditVariable(v) {
                    try solver.removeEditVariable(v)
                    try witness.removeEditVariable(v)
                    edits.removeAll { $0 === v }
                } else {
                    let priority: Priority = [250, 500, 750][g.int(0..<3)]
                    try solver.addEditVariable(v, priority: priority)
                    try witness.addEditVariable(v, priority: priority)
                    edits.append(v)
                }
            case 1, 2:
                guard !edits.isEmpty else { continue }
                let v = edits[g.int(0..<edits.count)]
                try solver.suggest(v, value: value)
                try witness.suggest(v, value: value)
            case 3, 4:
                guard !edits.isEmpty else { continue }
                // A variable may come twice: the last value holds.
                var batch: [(variable: Variable, value: Double)] = []
                for k in 0..<g.int(1..<5) { batch.append((edits[g.int(0..<edits.count)], value + Double(k))) }
                try solver.suggest(batch)
                try witness.suggest(batch)
            default:
                let failing = [vars[3] >= -1000, vars[0] <= -1]
                expectError(.unsatisfiableConstraint) { () throws(SolverError) in try solver.add(failing) }
                failures += 1
            }
            for v in vars {
                #expect(
                    solver.value(of: v).bitPattern == witness.value(of: v).bitPattern,
                    "step \(step): \(v) differs")
            }
            #expect(solver.statistics == witness.statistics, "step \(step)")
            #expect(solver.dump() == witness.dump(), "step \(step)")
        }
        #expect(failures > 0, "the sequence should contain failed batches")
        expectSound(solver)
    }

    /// Every kind of call, stopped at its first pivot by a token cancelled
    /// beforehand, must leave the solver as it was: removes, edit variables
    /// added and removed, suggestions and batches, each undone by its undo
    /// log mid-call. A call that takes no pivot goes through, and the witness
    /// makes it too.
    @Test("a call stopped at any pivot by its token is undone: same values, rows and dump, bit for bit", arguments: 0..<12)
    func everyCallStoppedMidwayLeavesNoTrace(seed: UInt64) throws {
        var g = Generator(seed: seed &+ 0x5eed)
        let vars = (0..<8).map { Variable("v\($0)") }
        var witness = Solver()
        var solver = Solver()
        let token = CancellationToken()
        token.cancel()
        var accepted: [Constraint] = []
        var edits: [Variable] = []
        var undone = 0
        for step in 0..<80 {
            // Every other call runs with the cancelled token.
            let stop = g.int(0..<2) == 0
            solver.cancellation = stop ? token : nil
            var call: (inout Solver) throws(SolverError) -> Void
            switch g.int(0..<8) {
            case 0 where !accepted.isEmpty:
                let victim = accepted[g.int(0..<accepted.count)]
                call = { s throws(SolverError) in try s.remove(victim) }
            case 1:
                let v = vars[g.int(0..<vars.count)]
                let priority: Priority = [250, 500, 750][g.int(0..<3)]
                call = edits.contains { $0 === v }
                    ? { s throws(SolverError) in try s.removeEditVariable(v) }
                    : { s throws(SolverError) in try s.addEditVariable(v, priority: priority) }
            case let k where (k == 2 || k == 3) && !edits.isEmpty:
                var batch: [(variable: Variable, value: Double)] = []
                for _ in 0..<g.int(1..<4) { batch.append((edits[g.int(0..<edits.count)], Double(g.int(-60..<61)))) }
                call = { s throws(SolverError) in try s.suggest(batch) }
            case 4:
                let batch = (0..<g.int(2..<5)).map { _ in Self.randomConstraint(&g, vars) }
                call = { s throws(SolverError) in try s.add(batch) }
            default:
                let c = Self.randomConstraint(&g, vars)
                // An add asks the token at its start: refused there, it changes nothing.
                call = { s throws(SolverError) in try s.add(c) }
            }
            do {
                try call(&solver)
            } catch {
                if error.code == .cancelled { undone += 1 }
                #expect(error.code == .cancelled || error.code == .unsatisfiableConstraint, "step \(step): \(error.message)")
                #expect(solver.dump() == witness.dump(), "step \(step)")
                expectSound(solver)
                continue
            }
            solver.cancellation = nil
            try call(&witness)
            accepted = solver.constraints
            edits = solver.editVariables.map(\.variable)
            for v in vars {
                #expect(solver.value(of: v).bitPattern == witness.value(of: v).bitPattern, "step \(step): \(v) differs")
            }
            #expect(solver.statistics == witness.statistics, "step \(step)")
            #expect(solver.dump() == witness.dump(), "step \(step)")
        }
        solver.cancellation = nil
        expectSound(solver)
        #expect(undone > 5, "the sequence should stop calls midway")
    }

    /// The exact case of kiwi #52: a conflicting required constraint needing an
    /// artificial variable, then more adds.
    @Test("a failed add with an artificial variable leaves no row behind")
    func artificialRowRemoved() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 10)
        try solver.add(y >= x)
        let before = solver.statistics
        expectError(.unsatisfiableConstraint) { () throws(SolverError) in try solver.add(y <= 5) }
        #expect(solver.statistics == before)
        try solver.add(y <= 20)
        try solver.add((y == 0) ~ 250)
        #expect(solver.value(of: y) == 10)
        expectSound(solver)
    }
}

extension SplitMix64 {
    mutating func coefficient() -> Double { [-2, -1, -0.5, 0.5, 1, 3][int(0..<6)] }
}
