@_spi(Testing) import Cassowary
import Testing

@Suite("Lifecycle: edits, removal, memory")
struct LifecycleTests {
    @Test("edit variables follow their suggestions through the dual simplex")
    func suggestions() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(width >= 10)
        try solver.add(left >= 0)
        try solver.addEditVariable(left, priority: .defaultHigh)
        try solver.addEditVariable(width, priority: .defaultHigh)
        for (l, w) in [(5.0, 20.0), (0, 5), (-3, 40), (12.5, 10)] {
            try solver.suggest(left, value: l)
            try solver.suggest(width, value: w)
            #expect(near(solver.value(of: left), max(l, 0)))
            #expect(near(solver.value(of: width), max(w, 10)))
            #expect(near(solver.value(of: right), max(l, 0) + max(w, 10)))
            expectSound(solver)
        }
    }

    /// kiwi #15: suggestions that drive rows to within round-off of zero made
    /// kiwi's dual simplex fail. Values here are chosen so that constants are
    /// sums like 0.1 + 0.2 - 0.3 that leave round-off behind.
    @Test("suggestions that drive rows to near zero")
    func nearZeroRows() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), total = Variable("total")
        try solver.add(total == a + b + c)
        try solver.add(total >= 0)
        try solver.add(a >= 0)
        try solver.add(b >= 0)
        try solver.add((c >= 0) ~ 750)
        for v in [a, b, c] { try solver.addEditVariable(v, priority: 500) }
        let rounds: [(Double, Double, Double)] = [
            (0.1, 0.2, -0.3), (0.3, -0.1, -0.2), (1e-9, -1e-9, 0), (0.7, 0.1, -0.8), (1e-12, 2e-12, -3e-12),
        ]
        for (x, y, z) in rounds {
            try solver.suggest(a, value: x)
            try solver.suggest(b, value: y)
            try solver.suggest(c, value: z)
            expectSound(solver)
            #expect(solver.value(of: total) >= -1e-9)
            #expect(solver.value(of: a) >= -1e-9 && solver.value(of: b) >= -1e-9)
        }
    }

    /// A required equality written twice: the second copy's row holds dummies
    /// alone, so its dummy becomes basic. Removing the first must let the copy
    /// take its place: pivoting the first's dummy into a slack's row instead
    /// left the copy's dummy basic at 4.3, the copy broken, and the removal
    /// ended `.illConditioned` (a layout-domain case of the property tests).
    @Test("removing one of two copies of a required equality keeps the other")
    func removingACopyKeepsTheOther() throws {
        var solver = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1")
        let first = -1.5 * x0 + 187.5 == 0
        let copy = -1 / 3 * x0 + 41.666666666666664 == 0
        try solver.add(first)
        try solver.add((0.5 * x1 - 23 >= 0) ~ 750)
        try solver.add(copy)
        try solver.add((x0 - 3 * x1 <= 0) ~ 750)
        let before = (solver.value(of: x0), solver.value(of: x1))
        try solver.remove(first)
        #expect(near(solver.value(of: x0), 125))
        #expect(solver.value(of: x0) == before.0 && solver.value(of: x1) == before.1)
        expectSound(solver)
        try solver.remove(copy)
        try solver.add(first)
        #expect(near(solver.value(of: x0), 125))
        expectSound(solver)
    }

    @Test("removing everything leaves an empty tableau and objective")
    func removalLeavesNothing() throws {
        var solver = Solver()
        let vars = (0..<10).map { Variable("v\($0)") }
        var constraints: [Constraint] = []
        for i in 0..<9 {
            constraints.append(vars[i + 1] >= vars[i] + 8)
            constraints.append((vars[i + 1] == vars[i] + 20) ~ 250)
            constraints.append((vars[i] <= 100) ~ 1)
        }
        constraints.append(vars[0] == 0)
        for round in 0..<5 {
            try solver.add(constraints)
            for v in vars.prefix(3) { try solver.addEditVariable(v, priority: 750) }
            try solver.suggest(vars[1], value: Double(round * 10))
            #expect(solver.statistics.rows > 0)
            expectSound(solver)
            for v in vars.prefix(3) { try solver.removeEditVariable(v) }
            for c in constraints.reversed() where round % 2 == 0 { try solver.remove(c) }
            for c in constraints where round % 2 == 1 { try solver.remove(c) }
            let stats = solver.statistics
            #expect(stats.rows == 0)
            #expect(stats.cells == 0)
            #expect(stats.objectiveCells == 0)
            #expect(stats.objectiveLevels == 0)
            #expect(stats.liveSymbols == 0)
            #expect(stats.variables == 0)
            #expect(stats.constraints == 0)
            expectSound(solver)
        }
    }

    @Test("reset empties the solver")
    func reset() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 3)
        solver.reset()
        #expect(solver.value(of: x) == 0)
        #expect(solver.constraints.isEmpty)
        try solver.add(x == 4)
        #expect(solver.value(of: x) == 4)
    }

    @Test("a copy of a solver is independent")
    func valueSemantics() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 3) ~ 250)
        var copy = solver
        try copy.add(x == 7)
        #expect(solver.value(of: x) == 3)
        #expect(copy.value(of: x) == 7)
    }

    @Test("copies of a solver whose columns pivots rewrote stay independent, written either way")
    func copiesOfAPivotedTableau() throws {
        // A chain with soft targets and an edit: its adds and suggestions pivot, so
        // rows and columns are rewritten in place after each copy.
        let x = (0..<12).map { Variable("x\($0)") }
        func build() throws -> Solver {
            var solver = Solver()
            for i in 1..<x.count { try solver.add(x[i] >= x[i - 1] + 2) }
            for i in stride(from: 0, to: x.count, by: 3) { try solver.add((x[i] == Double(5 * i)) ~ 250) }
            try solver.addEditVariable(x[0], priority: 500)
            return solver
        }
        // Suggestions first (their dual pivots write the shared columns before
        // any new symbol could make the copy's own), then adds.
        func play(_ solver: inout Solver, from start: Int) throws {
            for step in start..<start + 8 { try solver.suggest(x[0], value: Double(step % 5 + 1) * 9) }
            for step in start..<start + 3 { try solver.add((x[x.count - 1] <= Double(40 + step)) ~ 750) }
        }
        var original = try build()
        var copy = original
        try play(&copy, from: 0)
        var fresh = try build()
        // The original is as it was built, and plays as a fresh one does.
        #expect(original.dump() == fresh.dump())
        try play(&original, from: 3)
        try play(&fresh, from: 3)
        #expect(original.dump() == fresh.dump())
        #expect(x.map { original.value(of: $0) } == x.map { fresh.value(of: $0) })
        // And the copy, written first, is what the same calls give a fresh solver.
        var replay = try build()
        try play(&replay, from: 0)
        #expect(copy.dump() == replay.dump())
        for solver in [original, copy] { expectSound(solver) }
    }

    @Test("constraints and edit variables are listed in the order they were added")
    func listings() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let c1 = x >= 1, c2 = y >= 2, c3 = (x == y) ~ 1
        try solver.add([c1, c2, c3])
        try solver.remove(c2)
        try solver.add(c2)
        #expect(solver.constraints.map(\.id) == [c1, c3, c2].map(\.id))
        try solver.addEditVariable(y, priority: 100)
        try solver.addEditVariable(x, priority: 200)
        #expect(solver.editVariables.map(\.variable.id) == [y.id, x.id])
        #expect(solver.dump().contains("Edit variables"))
    }
}

@Suite("Value readers")
struct ValueReaderTests {
    @Test("a reader gives value(of:) for every variable, and stays right as the solver changes")
    func readerMatchesValueOf() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y"), stranger = Variable("stranger")
        let c = y == x + 5
        try solver.add(c)
        try solver.add(x == 2)
        let reader = solver.makeReader(for: [x, y, stranger])
        var values: [Double] = []
        solver.read(reader, into: &values)
        #expect(values == [2, 7, 0])
        // y leaves the solver and its symbol is recycled for another variable.
        try solver.remove(c)
        let z = Variable("z")
        try solver.add(z == 9)
        try solver.add(stranger == 1)
        solver.read(reader, into: &values)
        #expect(values == [solver.value(of: x), solver.value(of: y), solver.value(of: stranger)])
        #expect(values == [2, 0, 1])
    }
}
