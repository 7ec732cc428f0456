@_spi(Testing) import Cassowary
import CellFitSamples
import Testing

/// ``Solver/AffineSolution`` against the solver itself: wherever a captured
/// basis answers, its values are the ones `suggest` and `value(of:)` give; it
/// declines where the solver pivots to another basis, and where a tie makes
/// the solver's answer depend on its history.
@Suite("Affine solutions: a basis kept and evaluated instead of a solve")
struct AffineSolutionTests {
    /// A row of a table cell: an icon of suggested size, a label beside it of
    /// suggested intrinsic size, a minimum height, and margins.
    struct Cell {
        let width = Variable("content.width"), height = Variable("content.height")
        let iconX = Variable("icon.x"), iconW = Variable("icon.width"), iconH = Variable("icon.height")
        let labelX = Variable("label.x"), labelW = Variable("label.width"), labelH = Variable("label.height")
        var edits: [Variable] { [iconW, iconH, labelW, labelH] }
        var outputs: [Variable] { [height, iconX, iconW, iconH, labelX, labelW, labelH] }

        func solver() throws -> Solver {
            var solver = Solver()
            try solver.add(width == 320)
            try solver.add(iconX == 16)
            try solver.add(labelX == iconX + iconW + 8)
            try solver.add(labelX + labelW <= width - 16)
            try solver.add(height >= iconH + 20)
            try solver.add(height >= labelH + 20)
            try solver.add(height >= 44)
            try solver.add((height == 0) ~ .defaultLow)
            for v in [iconW, iconH, labelW, labelH] { try solver.add(v >= 0) }
            // The label's width yields before the icon's (a label's compression
            // resistance below an image's): no tie when the row is too narrow.
            for v in [iconW, iconH, labelH] { try solver.addEditVariable(v, priority: .defaultHigh) }
            try solver.addEditVariable(labelW, priority: 500)
            return solver
        }
    }

    @Test("where a kept basis answers, it gives the solver's values; it declines where the solver changes basis")
    func matchesTheSolver() throws {
        let cell = Cell()
        var solver = try cell.solver()
        var random = SplitMix64(seed: 0xAFF1)
        var bases: [Solver.AffineSolution] = []
        let reader = solver.makeReader(for: cell.outputs)
        var (answered, declined) = (0, 0)
        var values: [Double] = [], scratch: [Double] = [], expected: [Double] = []
        for _ in 0..<400 {
            // Sizes on a half-point grid, some labels too wide for the row.
            let iconWidth = Double(random.int(0..<80)) / 2
            let iconHeight = Double(random.int(0..<80)) / 2
            let labelWidth = Double(random.int(0..<700)) / 2
            let labelHeight = Double(random.int(0..<200)) / 2
            let suggestions: [Double] = [iconWidth, iconHeight, labelWidth, labelHeight]
            for (variable, value) in zip(cell.edits, suggestions) { try solver.suggest(variable, value: value) }
            solver.read(reader, into: &expected)
            var hit = false
            for basis in bases where basis.evaluate(suggestions, into: &values, scratch: &scratch) {
                hit = true
                for (got, want) in zip(values, expected) { #expect(near(got, want), "\(suggestions): \(values) vs \(expected)") }
                break
            }
            if hit {
                answered += 1
            } else {
                declined += 1
                if let basis = solver.affineSolution(edits: cell.edits, outputs: reader) {
                    // A basis just captured answers for the suggestions it was captured at.
                    #expect(basis.evaluate(suggestions, into: &values, scratch: &scratch) || solver.mayHaveAlternativeOptima)
                    bases.append(basis)
                }
            }
        }
        // The cell has a handful of bases (label squeezed or not, icon or label
        // or minimum setting the height): most rows must be answered by one.
        #expect(bases.count <= 8, "\(bases.count) bases")
        #expect(answered > 300, "\(answered) answered, \(declined) declined")
    }

    @Test("a basis declines suggestions under which one of its rows would go negative")
    func declinesInfeasibleSuggestions() throws {
        let cell = Cell()
        var solver = try cell.solver()
        let reader = solver.makeReader(for: cell.outputs)
        // The label sets the height: 60 + 20 > 44 and > icon + 20.
        for (variable, value) in zip(cell.edits, [20.0, 20, 100, 60]) { try solver.suggest(variable, value: value) }
        let basis = try #require(solver.affineSolution(edits: cell.edits, outputs: reader))
        var values: [Double] = [], scratch: [Double] = []
        #expect(basis.evaluate([20, 20, 100, 70], into: &values, scratch: &scratch))
        #expect(values[0] == 90)
        // A short label: the minimum height takes over, another basis.
        #expect(!basis.evaluate([20, 20, 100, 10], into: &values, scratch: &scratch))
        // A label too wide for the row: the trailing margin binds, another basis.
        #expect(!basis.evaluate([20, 20, 400, 70], into: &values, scratch: &scratch))
    }

    @Test("a basis declines where the optimum is tied, and no basis is kept where it is tied whatever the suggestions")
    func ties() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), total = Variable("total")
        try solver.add(a + b == total)
        try solver.add(a >= 0)
        try solver.add(b >= 0)
        try solver.addEditVariable(total, priority: .defaultHigh)
        let reader = solver.makeReader(for: [a, b])
        // At 0 both are pinned at 0: unique.
        #expect(!solver.mayHaveAlternativeOptima)
        let basis = try #require(solver.affineSolution(edits: [total], outputs: reader))
        var values: [Double] = [], scratch: [Double] = []
        #expect(basis.evaluate([0], into: &values, scratch: &scratch))
        // At 10, a and b share the total at no cost either way: the solver's split
        // depends on its history, so the basis must not answer.
        try solver.suggest(total, value: 10)
        #expect(solver.mayHaveAlternativeOptima)
        #expect(!basis.evaluate([10], into: &values, scratch: &scratch))

        // Without the bounds nothing blocks the tie at any total: no basis at all.
        var unbounded = Solver()
        try unbounded.add(a + b == total)
        try unbounded.addEditVariable(total, priority: .defaultHigh)
        try unbounded.suggest(total, value: 10)
        #expect(unbounded.affineSolution(edits: [total], outputs: unbounded.makeReader(for: [a, b])) == nil)
    }

    @Test("double-double systems and unknown edit variables give no basis")
    func refusals() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 0)
        try solver.addEditVariable(x, priority: .defaultHigh)
        #expect(solver.affineSolution(edits: [y], outputs: solver.makeReader(for: [x])) == nil)
        let basis = try #require(solver.affineSolution(edits: [x], outputs: solver.makeReader(for: [x])))
        var values: [Double] = [], scratch: [Double] = []
        // A suggestion list of the wrong length is declined, not trapped on.
        #expect(!basis.evaluate([1, 2], into: &values, scratch: &scratch))
        // At the suggestions it was captured at, a basis answers what the solver holds.
        #expect(basis.evaluate([0], into: &values, scratch: &scratch) && values == [0])
    }
}
