import Cassowary
import CellFitLibrary
import Testing

/// The solver on its own beside the umbrella: `import Cassowary` as well gives its
/// operators, and the umbrella's `Priority` is the solver's.
@Suite("The solver beside the umbrella")
struct SolverBesideTests {
    @Test("a priority named through the umbrella weighs in the solver's operators")
    func priorityThroughTheUmbrella() throws {
        let low: CellFitLibrary.Priority = .defaultLow
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 10)
        try solver.add((x == 0) ~ low)
        #expect(solver.value(of: x) == 10)
    }
}
