import Cassowary
import Testing

/// An unsatisfiable constraint is reported with the constraints it conflicts with
/// (issue 19: the solver named only the rejected one).
@Suite("Unsatisfiable: the error carries a minimal conflict set")
struct ConflictSetTests {
    @Test("the rejected constraint and exactly the required ones it conflicts with, in order")
    func minimalSet() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        var solver = Solver()
        let pinA = Constraint(a - 1, .equal, priority: .required, location: "pinA")
        let bystander = Constraint(c - 7, .equal, priority: .required, location: "bystander")
        let soft = Constraint(b - 100, .equal, priority: .defaultLow, location: "soft")
        let link = Constraint(b - a, .equal, priority: .required, location: "link")
        try solver.add([pinA, bystander, soft, link])
        let pinB = Constraint(b - 2, .equal, priority: .required, location: "pinB")
        #expect(performing: { try solver.add(pinB) }, throws: { error in
            guard let error = error as? SolverError, error.code == .unsatisfiableConstraint else { return false }
            return error.conflicts.map(\.location) == ["pinA", "link", "pinB"] && error.conflictsAreMinimal
                && error.message.contains("pinA: a - 1 == 0; link: b - a == 0")
        })
        // The failed add changed nothing.
        #expect(solver.constraints.count == 4)
        #expect(solver.value(of: b) == 1)
    }

    @Test("Solver.minimalConflict over a list; nil when it holds")
    func overAList() {
        let x = Variable("x")
        let list = [x >= 10, x <= 20, x >= 5, x <= 8]
        #expect(Solver.minimalConflict(among: list)?.map(\.description) == [list[0], list[3]].map(\.description))
        #expect(Solver.minimalConflict(among: Array(list.prefix(3))) == nil)
    }

    @Test("errors other than unsatisfiable carry no conflict set")
    func otherErrors() throws {
        let x = Variable("x")
        var solver = Solver()
        let c = x >= 1
        try solver.add(c)
        #expect(performing: { try solver.add(c) }, throws: { ($0 as? SolverError)?.conflicts.isEmpty == true })
    }
}

@Suite("Alternative optima: ties are seen, unique optima are not")
struct AlternativeOptimaTests {
    @Test("x between 0 and 10 with no preference: a tie; with a preference: unique")
    func tie() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add([x >= 0, x <= 10])
        #expect(solver.mayHaveAlternativeOptima)
        try solver.add((x == 3) ~ .defaultLow)
        #expect(!solver.mayHaveAlternativeOptima)
        #expect(solver.value(of: x) == 3)
    }

    @Test("two equal pulls at one level: every point between them costs the same")
    func equalPulls() throws {
        let h = Variable("h")
        var solver = Solver()
        try solver.add([h >= 0, (h == 0) ~ .fittingSizeLevel, (h == 300) ~ .fittingSizeLevel])
        #expect(solver.mayHaveAlternativeOptima)
        try solver.add((h == 40) ~ .defaultLow)
        #expect(!solver.mayHaveAlternativeOptima)
    }
}
