import Cassowary
import CellFitLibrary
import Testing

/// The solver on its own beside the umbrella: `import Cassowary` as well, and its
/// operators and types are found with the umbrella's.
@Suite("The solver beside the umbrella")
struct SolverExampleTests {
    @Test("the README's solver example: a preference gives way to a stronger edit")
    func solver() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(left >= 10)
        try solver.add(width >= 40)
        try solver.add((width == 300) ~ .defaultLow)
        try solver.addEditVariable(right, priority: .defaultHigh)
        try solver.suggest(right, value: 200)
        #expect(solver.value(of: width) == 190)
    }
}
