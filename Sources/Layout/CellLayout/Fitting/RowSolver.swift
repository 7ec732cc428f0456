import Cassowary

/// The solver side of a variant's rows: the size a row is laid out at, the
/// suggestions of its intrinsic sizes, the bases kept from earlier rows, and
/// the restart that keeps a tied row independent of the rows before it. It
/// knows nothing of text: it takes suggestions and answers values.
///
/// **Sizes.** A row is laid out at a required `contentView.width == W` and,
/// for a layout at a given size, `contentView.height == H`. A row's layout
/// must be a function of the template, the row and the size alone, whatever
/// was fitted before it and on whichever worker. Where the optimum is unique,
/// any start reaches it, and a row goes on from the state the last row left
/// (the fast path: the basis rarely changes). Where it may not be (a tie:
/// ``Solver/mayHaveAlternativeOptima``), the simplex's answer depends on its
/// start, so the row is solved again from the state every row at this size
/// shares — the compiled solver, with the size held (``restartRow()``).
/// Without it, a tied row's frames would depend on which rows a worker sized before it.
///
/// **Kept bases.** Rows of one variant differ only in their intrinsic sizes,
/// which are the solver's edit suggestions, and a suggestion moves only the
/// tableau's constants: while the optimal basis holds, every frame value is an
/// affine function of the suggestions (``Solver/AffineSolution``). The last few
/// bases met at the current size (``basisLimit``) answer a row from the first
/// under which its suggestions stay feasible and the optimum unique; only when
/// none does are the suggestions handed to the solver, which pivots to the new
/// basis, and that basis is kept in turn. A table's rows meet a handful of
/// bases (a label above or below its minimum height, an image present or not),
/// so most rows cost an evaluation of a few dozen products instead of a solve.
/// The answer is the solver's: a captured basis gives the values the solver
/// would reach from any start, to the order of the same additions, because it
/// answers only where its optimum is unique. The solver itself is brought up
/// to date only when a row needs it; its suggestions are `solverSuggestions`.
///
/// A value owned by one ``CellFitter``; never shared between threads while in use.
struct RowSolver: Sendable {
    let system: CompiledSystem
    var solver: Solver
    /// The solver at the current size before any row's suggestions, from which
    /// a tied row starts again (see ``RowStart``).
    var rowStart: RowStart?
    /// The edit variables' current suggestions, in `system.edits` order.
    var suggestions: [Double]
    /// The suggestions the solver holds: behind `suggestions` while rows are
    /// answered without it.
    var solverSuggestions: [Double]
    /// Edit slots suggested since the solver last caught up, in the order suggested.
    var pending: [Int] = []
    /// The suggestions of one `synchronizeSolver` call and their slots, kept so that a
    /// row allocates nothing once they have room.
    var batch: (values: [(variable: Variable, value: Double)], slots: [Int]) = ([], [])
    /// The values of the output reader's variables for `suggestions`, when `resolved`.
    var outputs: [Double] = []
    var resolved = false
    /// Whether `outputs` came from a captured basis (whose optimum is unique there).
    var resolvedByBasis = false
    /// Bases seen at the current size, most recently used first.
    var bases: [Solver.AffineSolution] = []
    var basisScratch: [Double] = []
    /// The basis that answered each read of the last row, by the read's ordinal in the row.
    var basisHints: [Solver.AffineSolution] = []
    var resolveOrdinal = 0
    /// Whether this row is answered by the solver alone (a tie made it start over).
    var solvingOnly = false
    /// The width the content view is held at, and the constraint that holds it.
    var width: Double?
    var widthConstraint: Constraint?
    /// The height the content view is held at (layout at a given size), and the
    /// constraint that holds it; `nil` for the compressed fitting height.
    var height: Double?
    var heightConstraint: Constraint?

    /// The state a tied row starts again from. A class, so that a copy of
    /// the row solver (Swift makes one for some calls through the fitter's
    /// array) retains one reference rather than every array of another
    /// solver, on every row.
    final class RowStart: Sendable {
        let solver: Solver
        let suggestions: [Double]

        init(solver: Solver, suggestions: [Double]) {
            self.solver = solver
            self.suggestions = suggestions
        }
    }

    /// How many bases a row solver keeps at one size.
    static let basisLimit = 8

    init(_ system: CompiledSystem) {
        self.system = system
        solver = system.solver
        suggestions = system.suggestions
        solverSuggestions = system.suggestions
    }

    /// Where each constraint in the solver came from, the size's holds included.
    var origins: [ObjectIdentifier: ConstraintOrigin] {
        var origins = system.origins
        if let widthConstraint, let width { origins[widthConstraint.id] = Self.holdOrigin(.width, width) }
        if let heightConstraint, let height { origins[heightConstraint.id] = Self.holdOrigin(.height, height) }
        return origins
    }

    // MARK: - Suggestions and values

    /// Records `value` as the suggestion for the edit variable in `slot`, unless
    /// it already holds that suggestion or the slot is unused (-1). Nothing is
    /// solved until the next read.
    mutating func suggest(_ slot: Int, _ value: Double) {
        guard slot >= 0, suggestions[slot] != value else { return }
        suggestions[slot] = value
        pending.append(slot)
        resolved = false
    }

    /// The values of the output reader's variables for the current suggestions:
    /// from a kept basis when one holds, else from the solver.
    /// - Throws: the solver's error for a suggestion it refuses, naming the view.
    mutating func resolve() throws(CellLayoutError) {
        guard !resolved else { return }
        // The n-th read of a row tends to find the basis the n-th read of the
        // last row found (phase 1 one basis, phase 2 another): try that first.
        let ordinal = resolveOrdinal
        resolveOrdinal += 1
        if !solvingOnly {
            let hint = ordinal < basisHints.count ? basisHints[ordinal] : nil
            if let hint, hint.evaluate(suggestions, into: &outputs, scratch: &basisScratch) {
                answered(by: hint, ordinal: ordinal)
                return
            }
            for basis in bases where basis !== hint && basis.evaluate(suggestions, into: &outputs, scratch: &basisScratch) {
                answered(by: basis, ordinal: ordinal)
                return
            }
        }
        try synchronizeSolver()
        solver.read(system.outputReader, into: &outputs)
        (resolved, resolvedByBasis) = (true, false)
        guard let basis = solver.affineSolution(edits: system.edits.map(\.variable), outputs: system.outputReader)
        else { return }
        if bases.count == Self.basisLimit { bases.removeLast() }
        bases.insert(basis, at: 0)
        remember(basis, ordinal: ordinal)
    }

    private mutating func answered(by basis: Solver.AffineSolution, ordinal: Int) {
        pending.removeAll(keepingCapacity: true)
        (resolved, resolvedByBasis) = (true, true)
        remember(basis, ordinal: ordinal)
    }

    private mutating func remember(_ basis: Solver.AffineSolution, ordinal: Int) {
        if ordinal < basisHints.count {
            basisHints[ordinal] = basis
        } else if ordinal == basisHints.count {
            basisHints.append(basis)
        }
    }

    /// Hands the solver every suggestion it does not hold yet: first those a row
    /// answered from a kept basis left behind, in slot order, then the ones
    /// suggested since, in the order suggested (as suggesting each at once would).
    /// - Throws: the solver's error for a suggestion it refuses, naming the view.
    /// One solver call for them all, so the solver certifies its answer once.
    /// - Throws: the solver's error for a suggestion it refuses, naming the view.
    mutating func synchronizeSolver() throws(CellLayoutError) {
        batch.values.removeAll(keepingCapacity: true)
        batch.slots.removeAll(keepingCapacity: true)
        for slot in suggestions.indices where !pending.contains(slot) { queue(slot) }
        for slot in pending { queue(slot) }
        pending.removeAll(keepingCapacity: true)
        guard !batch.values.isEmpty else { return }
        do {
            try solver.suggest(batch.values)
        } catch {
            let slot = batch.slots.first { system.edits[$0].variable === error.variable } ?? batch.slots[0]
            throw .solver(error, template: system.model.name, views: [system.model.views[system.edits[slot].view].name])
        }
        for slot in batch.slots { solverSuggestions[slot] = suggestions[slot] }
    }

    private mutating func queue(_ slot: Int) {
        let value = suggestions[slot]
        guard solverSuggestions[slot] != value else { return }
        batch.values.append((system.edits[slot].variable, value))
        batch.slots.append(slot)
    }

    /// The resolved width of view `view`.
    mutating func resolvedWidth(ofView view: Int) throws(CellLayoutError) -> Double {
        try resolve()
        return outputs[4 * view + 2]
    }

    /// Whether the resolved optimum may be tied (``Solver/mayHaveAlternativeOptima``):
    /// never for a kept basis, which answers only where its optimum is unique.
    /// (`mutating`, to read the row solver in place.)
    mutating func mayHaveAlternativeOptima() -> Bool {
        !resolvedByBasis && solver.mayHaveAlternativeOptima
    }

    /// For each of `variables`, the lowest and highest value the required
    /// constraints (at the current size, with this row's suggestions) let it
    /// take: pushed `far` down and up at a level above every other
    /// (``LayoutPriorities/probe``), on one copy of the solver; `nil` for a
    /// variable not asked for or a probe the solver refuses.
    mutating func ranges(of variables: [Variable?], far: Double) throws(CellLayoutError) -> [(low: Double, high: Double)?] {
        // The probe copies the solver: it must hold this row's suggestions so far.
        try synchronizeSolver()
        var probe = solver
        return variables.map { variable in
            guard let variable else { return nil }
            do {
                try probe.addEditVariable(variable, priority: LayoutPriorities.probe)
                defer { try? probe.removeEditVariable(variable) }
                try probe.suggest(variable, value: -far)
                let low = probe.value(of: variable)
                try probe.suggest(variable, value: far)
                return (low, probe.value(of: variable))
            } catch {
                return nil
            }
        }
    }

    // MARK: - Sizes

    /// Holds the content view at `newWidth` and `newHeight` (`nil`: the compressed
    /// fitting height), starting from the compiled state when the size changes.
    /// - Returns: whether the size changed.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable`` when the required constraints
    ///   cannot hold at that size; the row solver then starts from the compiled state again.
    mutating func startRow(width newWidth: Double, height newHeight: Double?) throws(CellLayoutError) -> Bool {
        (resolveOrdinal, solvingOnly) = (0, false)
        if width == newWidth, height == newHeight, rowStart != nil { return false }
        reset(to: system.solver, suggestions: system.suggestions, sizeChanged: true)
        (width, height, widthConstraint, heightConstraint, rowStart) = (nil, nil, nil, nil, nil)
        let content = system.model.views[0].variables
        widthConstraint = try hold(content.width, .width, at: newWidth)
        width = newWidth
        heightConstraint = try hold(content.height, .height, at: newHeight)
        height = newHeight
        return true
    }

    /// Marks the current state as the one every row at this size starts
    /// from, once the size's own suggestions (open text widths) are in.
    mutating func markRowStart() throws(CellLayoutError) {
        try synchronizeSolver()
        rowStart = RowStart(solver: solver, suggestions: suggestions)
    }

    /// Goes back to the state every row at the current size starts from.
    mutating func restartRow() {
        guard let rowStart else { return }
        reset(to: rowStart.solver, suggestions: rowStart.suggestions, sizeChanged: false)
        (resolveOrdinal, solvingOnly) = (0, true)
    }

    /// Starts again from `start` holding `startSuggestions`, forgetting the kept
    /// bases when the size changed (they hold the old size's constants).
    private mutating func reset(to start: Solver, suggestions startSuggestions: [Double], sizeChanged: Bool) {
        // The start was kept by an earlier row, maybe of an earlier job: this row's token goes on.
        let cancellation = solver.cancellation
        solver = start
        solver.cancellation = cancellation
        suggestions = startSuggestions
        solverSuggestions = startSuggestions
        pending.removeAll(keepingCapacity: true)
        resolved = false
        if sizeChanged {
            bases.removeAll()
            basisHints.removeAll()
        }
    }

    private enum Dimension: String {
        case width, height
    }

    private static func holdOrigin(_ dimension: Dimension, _ value: Double) -> ConstraintOrigin {
        ConstraintOrigin(
            declared: nil, equation: "contentView.\(dimension.rawValue) == \(value.layoutText)", views: [0],
            reason: dimension == .width ? "the fitting width" : "the layout height", location: nil)
    }

    /// Adds a required `variable == value` (nothing when `value` is nil).
    private mutating func hold(
        _ variable: Variable, _ dimension: Dimension, at value: Double?
    ) throws(CellLayoutError) -> Constraint? {
        guard let value else { return nil }
        let constraint = Constraint(Expression(variable) - value, .equal, priority: .required, location: nil)
        do {
            try solver.add(constraint)
        } catch where error.code == .unsatisfiableConstraint {
            // The solver's error carries the minimal conflict (the other dimension's
            // hold included when it takes part).
            let holds = [widthConstraint, heightConstraint].compactMap { $0 }
            let candidates = error.conflicts.isEmpty ? system.required + [constraint] + holds : error.conflicts
            var origins = self.origins
            origins[constraint.id] = Self.holdOrigin(dimension, value)
            throw Diagnosis.unsatisfiable(
                model: system.model, collapsed: system.collapsed, candidates: candidates, origins: origins,
                width: dimension == .width ? value : width)
        } catch {
            throw .solver(error, template: system.model.name, views: [ContentView.name])
        }
        return constraint
    }
}
