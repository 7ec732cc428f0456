@_spi(Testing) import Cassowary
import Testing

@Suite("Known answers")
struct KnownAnswerTests {
    @Test("a required equality fixes a variable")
    func simpleEquality() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 10)
        #expect(solver.value(of: x) == 10)
        expectSound(solver)
    }

    @Test("a soft preference yields to a required bound")
    func preferenceYields() throws {
        var solver = Solver()
        let width = Variable("width")
        try solver.add(width >= 50)
        try solver.add((width == 20) ~ .defaultLow)
        #expect(near(solver.value(of: width), 50))
        expectSound(solver)
    }

    /// kiwi's SimplexTest "simple1" style system: x1 + x2 == 20 with
    /// x1 preferred at 10 (weak) and x2 at 5 (strong): the strong one wins, x1 = 15.
    @Test("the higher priority preference wins")
    func strongBeatsWeak() throws {
        var solver = Solver()
        let x1 = Variable("x1"), x2 = Variable("x2")
        try solver.add(x1 + x2 == 20)
        try solver.add((x1 == 10) ~ 1)
        try solver.add((x2 == 5) ~ 750)
        #expect(near(solver.value(of: x1), 15))
        #expect(near(solver.value(of: x2), 5))
        expectSound(solver)
    }

    /// The Cassowary paper (Badros, Borning, Stuckey 2001, §2): the midpoint
    /// example. xm = (xl + xr)/2, xl + 10 <= xr, xl >= -10... with 0 <= all <= 100
    /// and a weak preference for xl = 90 gives xl = 90, xr = 100, xm = 95.
    @Test("Cassowary paper midpoint example")
    func midpoint() throws {
        var solver = Solver()
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 10 <= xr)
        for v in [xl, xm, xr] {
            try solver.add(v >= 0)
            try solver.add(v <= 100)
        }
        try solver.add((xl == 90) ~ 1)
        #expect(near(solver.value(of: xl), 90))
        #expect(near(solver.value(of: xr), 100))
        #expect(near(solver.value(of: xm), 95))
        expectSound(solver)
    }

    /// A small LP with a unique optimum worked by hand: minimise the weak
    /// violation of x == 0 and y == 0 subject to x + y >= 10 and x - y == 2
    /// gives x = 6, y = 4 (the sum of violations is 10 on the whole segment
    /// x + y = 10; the equality picks the point).
    @Test("inequality and equality together")
    func lpByHand() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + y >= 10)
        try solver.add(x - y == 2)
        try solver.add((x == 0) ~ 1)
        try solver.add((y == 0) ~ 1)
        #expect(near(solver.value(of: x), 6))
        #expect(near(solver.value(of: y), 4))
        expectSound(solver)
    }

    @Test("a variable no constraint mentions reads 0")
    func unknownVariable() {
        let solver = Solver()
        #expect(solver.value(of: Variable("nobody")) == 0)
    }

    @Test("weights scale violations within a level")
    func weights() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(x - 10, .equal, priority: 250, weight: 1))
        try solver.add(Constraint(x - 20, .equal, priority: 250, weight: 3))
        #expect(near(solver.value(of: x), 20))
        expectSound(solver)
    }

    @Test("a redundant required equality is accepted")
    func redundantEquality() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 10)
        try solver.add(y == x + 5)
        try solver.add(y - x == 5)
        try solver.add(x == 10)
        #expect(solver.value(of: y) == 15)
        expectSound(solver)
    }
}

@Suite("Documentation")
struct DocumentationTests {
    /// The library example of README.md, line for line: the strong suggestion
    /// wins over the weak width preference, and `left >= 10` caps the width.
    @Test("the README example gives what the README says")
    func readmeExample() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(left >= 10)
        try solver.add(width >= 40)
        try solver.add((width == 300) ~ .defaultLow)
        try solver.addEditVariable(right, priority: .defaultHigh)
        try solver.suggest(right, value: 200)
        #expect(solver.value(of: width) == 190)
        #expect(solver.value(of: left) == 10)
    }
}
