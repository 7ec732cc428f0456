@_spi(Testing) import Cassowary
import Testing

@Suite("Strict priorities")
struct StrictPriorityTests {
    /// kiwi weighs strengths (strong 1e6, medium 1e3, weak 1), so 1000 weak
    /// constraints outweigh one medium one (kiwi issues #28 and #110). Here the
    /// medium one must win however many weak ones pull against it.
    @Test("1000 weak constraints do not outweigh one medium")
    func manyWeakAgainstOneMedium() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 100) ~ 250)
        for _ in 0..<1000 {
            try solver.add((x == 0) ~ 1)
        }
        #expect(near(solver.value(of: x), 100))
        expectSound(solver)
    }

    @Test("2000 priority-999 constraints do not outweigh one priority-1000-minus-epsilon chain")
    func nearbyLevelsStayOrdered() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x >= 7) ~ 999.5)
        for _ in 0..<2000 {
            try solver.add((x <= 0) ~ 999)
        }
        #expect(near(solver.value(of: x), 7))
        expectSound(solver)
    }

    @Test("levels added in any order keep their ranking")
    func levelInsertionOrder() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 1) ~ 1)
        try solver.add((x == 3) ~ 750)
        try solver.add((x == 2) ~ 250)
        #expect(near(solver.value(of: x), 3))
        let strongest = solver.constraints[1]
        try solver.remove(strongest)
        #expect(near(solver.value(of: x), 2))
        expectSound(solver)
    }
}
