@_spi(Testing) import Cassowary
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("conflicting required constraints are unsatisfiable, naming the constraint")
    func unsatisfiable() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 10)
        let bad = Constraint(x - 5, .lessThanOrEqual)
        do {
            try solver.add(bad)
            Issue.record("expected unsatisfiable")
        } catch {
            #expect(error.code == .unsatisfiableConstraint)
            #expect(error.constraint === bad)
            #expect(error.message.contains("ErrorTests.swift"))
        }
        #expect(!solver.contains(bad))
        #expect(solver.value(of: x) == 10)
        expectSound(solver)
    }

    @Test("conflicting required equalities are unsatisfiable")
    func conflictingEqualities() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 10)
        expectError(.unsatisfiableConstraint) { () throws(SolverError) in try solver.add(x == 11) }
        expectSound(solver)
    }

    @Test("duplicate and unknown constraints")
    func duplicateAndUnknown() throws {
        var solver = Solver()
        let x = Variable("x")
        let c = x >= 1
        try solver.add(c)
        expectError(.duplicateConstraint) { () throws(SolverError) in try solver.add(c) }
        try solver.remove(c)
        expectError(.unknownConstraint) { () throws(SolverError) in try solver.remove(c) }
    }

    @Test("edit variable errors")
    func editErrors() throws {
        var solver = Solver()
        let x = Variable("x")
        expectError(.unknownEditVariable) { () throws(SolverError) in try solver.suggest(x, value: 1) }
        expectError(.unknownEditVariable) { () throws(SolverError) in try solver.removeEditVariable(x) }
        expectError(.requiredEditVariable) { () throws(SolverError) in
            try solver.addEditVariable(x, priority: .required)
        }
        expectError(.invalidPriority) { () throws(SolverError) in try solver.addEditVariable(x, priority: 0) }
        try solver.addEditVariable(x, priority: .defaultHigh)
        expectError(.duplicateEditVariable) { () throws(SolverError) in
            try solver.addEditVariable(x, priority: .defaultLow)
        }
        expectError(.nonFiniteValue) { () throws(SolverError) in try solver.suggest(x, value: .nan) }
        #expect(solver.hasEditVariable(x))
        expectSound(solver)
    }

    @Test("non-finite numbers and invalid priorities are rejected before anything changes")
    func invalidNumbers() throws {
        var solver = Solver()
        let x = Variable("x")
        expectError(.nonFiniteValue) { () throws(SolverError) in try solver.add(x * .infinity >= 1) }
        expectError(.nonFiniteValue) { () throws(SolverError) in try solver.add(x >= .nan) }
        expectError(.nonFiniteValue) { () throws(SolverError) in
            try solver.add(Constraint(Expression(x), .equal, weight: .infinity))
        }
        expectError(.invalidPriority) { () throws(SolverError) in try solver.add((x >= 1) ~ 1001) }
        expectError(.invalidPriority) { () throws(SolverError) in try solver.add((x >= 1) ~ 0) }
        expectError(.invalidPriority) { () throws(SolverError) in
            try solver.add(Constraint(Expression(x), .equal, priority: 10, weight: 0))
        }
        #expect(solver.variableCount == 0)
        #expect(solver.statistics.liveSymbols == 0)
    }

    @Test("numbers outside Solver.numberRange are outOfRange before anything changes; its edges are taken")
    func outOfRange() throws {
        // `make fuzz` found NaN answers for constants of 1e308 and coefficients of 1e300.
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + y == 10)
        try solver.addEditVariable(y, priority: .defaultHigh)
        let before = (solver.value(of: x), solver.variableCount)
        expectError(.outOfRange) { () throws(SolverError) in try solver.add(x * 1e300 >= 1) }
        expectError(.outOfRange) { () throws(SolverError) in try solver.add(x >= 1e308) }
        expectError(.outOfRange) { () throws(SolverError) in try solver.add(x * 1e-300 <= 4) }
        expectError(.outOfRange) { () throws(SolverError) in
            try solver.add(Constraint(Expression(x) - 3, .equal, priority: 10, weight: 1e200))
        }
        expectError(.outOfRange) { () throws(SolverError) in try solver.suggest(y, value: -1e101) }
        #expect(solver.value(of: x) == before.0 && solver.variableCount == before.1)
        expectSound(solver)
        // The range's own edges, and zero, are numbers the solver takes.
        try solver.add((x * 1e100 >= 0) ~ .defaultLow)
        try solver.add((x * 1e-100 <= 1e100) ~ .defaultLow)
        try solver.suggest(y, value: 0)
        #expect(solver.value(of: x) == 10)
    }

    @Test("a batch add is all or none")
    func batchAdd() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let good = [x == 1, y == 2]
        expectError(.unsatisfiableConstraint) { () throws(SolverError) in
            try solver.add(good + [x == 3])
        }
        #expect(solver.constraints.isEmpty)
        #expect(solver.statistics.rows == 0)
    }
}
