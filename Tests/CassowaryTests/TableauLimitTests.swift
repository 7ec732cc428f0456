import Cassowary
import Testing

/// `Solver.maximumTableauCells`: a chain fills the tableau quadratically (every
/// basic variable is written in the parametric ones), and past the limit an add is
/// refused with a typed error before it changes anything.
@Suite("The tableau's size limit")
struct TableauLimitTests {
    /// `v(i+1) >= v(i) + 1`, required: the weak chain of `../shared/rel`, without its weak half.
    static func chain(_ n: Int) -> (variables: [Variable], constraints: [Constraint]) {
        let v = (0..<n).map { Variable("v\($0)") }
        return (v, (0..<(n - 1)).map { v[$0 + 1] >= v[$0] + 1 })
    }

    @Test("a chain is refused past the limit with limitExceeded, the solver as it was; a higher limit lets it go on")
    func chainStops() throws {
        let (v, constraints) = Self.chain(400)
        var solver = Solver()
        solver.maximumTableauCells = 5_000
        var refused: Int?
        for (i, c) in constraints.enumerated() {
            do {
                try solver.add(c)
            } catch {
                #expect(error.code == .limitExceeded)
                #expect(error.constraint === c)
                #expect(error.message.contains("past the limit of 5000 (Solver.maximumTableauCells)"))
                refused = i
                break
            }
        }
        let stop = try #require(refused)
        // The quadratic fill: about stop²/2 cells, just past the limit, far before the end.
        // Counted every 16 adds at this size: at most 16 rows of about 110 cells past it.
        #expect(stop > 90 && stop < 130)
        #expect(solver.statistics.cells > 5_000 && solver.statistics.cells < 5_000 + 16 * 130)

        // Nothing of the refused add is left: a solver that saw only the accepted adds agrees bit for bit.
        var witness = Solver()
        try witness.add(constraints[..<stop])
        #expect(solver.constraints.count == stop && !solver.contains(constraints[stop]))
        #expect(solver.statistics == witness.statistics)
        #expect(v.map { solver.value(of: $0).bitPattern } == v.map { witness.value(of: $0).bitPattern })

        solver.maximumTableauCells = Solver.defaultMaximumTableauCells
        try solver.add(constraints[stop...])
        #expect(solver.value(of: v[399]) - solver.value(of: v[0]) == 399)
        solver.reset()
        #expect(solver.maximumTableauCells == Solver.defaultMaximumTableauCells && solver.statistics.cells == 0)
    }

    @Test("the default is 2²⁴ cells, and a row of views with preferred widths builds far below it")
    func defaultIsRoomy() throws {
        #expect(Solver.defaultMaximumTableauCells == 1 << 24)
        var solver = Solver()
        let n = 30
        let left = (0..<n).map { Variable("left\($0)") }, width = (0..<n).map { Variable("width\($0)") }
        try solver.add(left[0] == 0)
        for i in 1..<n { try solver.add(left[i] == left[i - 1] + width[i - 1] + 8) }
        for i in 0..<n {
            try solver.add(width[i] >= 10)
            try solver.add((width[i] == 40) ~ .defaultHigh)
        }
        #expect(solver.value(of: left[n - 1]) == Double(n - 1) * 48)
    }
}
