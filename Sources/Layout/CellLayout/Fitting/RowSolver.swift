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
/// bases met at the current size (``KeptBases/limit``) answer a row from the first
/// under which its suggestions stay feasible and the optimum unique; only when
/// none does are the suggestions handed to the solver, which pivots to the new
/// basis, and that basis is kept in turn. A table's rows meet a handful of
/// bases (a label above or below its minimum height, an image present or not),
/// so most rows cost an evaluation of a few dozen products instead of a solve.
/// The answer is the solver's: a captured basis gives the values the solver
/// would reach from any start, to the order of the same additions, because it
/// answers only where its optimum is unique. The simplex itself is brought up
/// to date only when a row needs it (``SuggestionState``).
///
/// A value owned by one ``CellFitter``; never shared between threads while in use.
struct RowSolver: Sendable {
    let system: CompiledSystem
    /// The Cassowary solver, holding the size and `suggestions.held`.
    var simplex: Solver
    /// The simplex at the current size before any row's suggestions, from which
    /// a tied row starts again (see ``RowStart``).
    var rowStart: RowStart?
    var suggestions: SuggestionState
    /// The values of the output reader's variables for `suggestions.values`, when `resolved`.
    var outputs: [Double] = []
    var resolved = false
    /// Whether `outputs` came from a kept basis (whose optimum is unique there).
    var resolvedByBasis = false
    var bases = KeptBases()
    /// Whether this row is answered by the simplex alone (a tie made it start over).
    var solvingOnly = false
    var size = HeldSize()

    /// The size the content view is held at, and the constraints that hold it.
    struct HeldSize: Sendable {
        var width: Double?
        var widthConstraint: Constraint?
        /// `nil` for the compressed fitting height.
        var height: Double?
        var heightConstraint: Constraint?
    }

    /// The state a tied row starts again from. A class, so that a copy of
    /// the row solver (Swift makes one for some calls through the fitter's
    /// array) retains one reference rather than every array of another
    /// solver, on every row.
    final class RowStart: Sendable {
        let simplex: Solver
        let suggestions: [Double]

        init(simplex: Solver, suggestions: [Double]) {
            self.simplex = simplex
            self.suggestions = suggestions
        }
    }

    /// The bases met at the current size, and which answered each read of the last row.
    struct KeptBases: Sendable {
        /// How many bases a row solver keeps at one size.
        static let limit = 8

        /// Most recently found first.
        var recent: [Solver.AffineSolution] = []
        /// The basis that answered each read of the last row, by the read's ordinal in the row.
        var hints: [Solver.AffineSolution] = []
        var scratch: [Double] = []
        /// The ordinal of this row's next read.
        var nextRead = 0

        /// Writes to `outputs` the answer of the first kept basis that holds at
        /// `suggestions`, and says whether one did.
        mutating func answer(_ suggestions: [Double], read: Int, into outputs: inout [Double]) -> Bool {
            // The n-th read of a row tends to find the basis the n-th read of the
            // last row found (phase 1 one basis, phase 2 another): try that first.
            let hint = read < hints.count ? hints[read] : nil
            if let hint, hint.evaluate(suggestions, into: &outputs, scratch: &scratch) {
                remember(hint, read: read)
                return true
            }
            for basis in recent where basis !== hint && basis.evaluate(suggestions, into: &outputs, scratch: &scratch) {
                remember(basis, read: read)
                return true
            }
            return false
        }

        /// Keeps `basis`, which the simplex found for read `read`, dropping the oldest past ``limit``.
        mutating func keep(_ basis: Solver.AffineSolution, read: Int) {
            if recent.count == Self.limit { recent.removeLast() }
            recent.insert(basis, at: 0)
            remember(basis, read: read)
        }

        private mutating func remember(_ basis: Solver.AffineSolution, read: Int) {
            if read < hints.count {
                hints[read] = basis
            } else if read == hints.count {
                hints.append(basis)
            }
        }

        /// Forgets every basis: they hold the old size's constants.
        mutating func forget() {
            recent.removeAll()
            hints.removeAll()
        }
    }

    init(_ system: CompiledSystem) {
        self.system = system
        simplex = system.solver
        suggestions = SuggestionState(system.suggestions)
    }

    /// The content width the row is laid out at.
    var width: Double? { size.width }

    /// Where each constraint in the simplex came from, the size's holds included.
    var origins: [ObjectIdentifier: ConstraintOrigin] {
        var origins = system.origins
        if let constraint = size.widthConstraint, let width = size.width {
            origins[constraint.id] = Self.holdOrigin(.width, width)
        }
        if let constraint = size.heightConstraint, let height = size.height {
            origins[constraint.id] = Self.holdOrigin(.height, height)
        }
        return origins
    }

    // MARK: - Suggestions and values

    /// Takes `requests` in order (see ``SuggestionState/take(_:)``). Nothing is
    /// solved until the next read.
    mutating func suggest(_ requests: SuggestionRequests) {
        if suggestions.take(requests) { resolved = false }
    }

    /// The values of the output reader's variables for the current suggestions:
    /// from a kept basis when one holds, else from the simplex.
    /// - Throws: the solver's error for a suggestion it refuses, naming the view.
    mutating func resolve() throws(CellLayoutError) {
        guard !resolved else { return }
        let read = bases.nextRead
        bases.nextRead += 1
        if !solvingOnly, bases.answer(suggestions.values, read: read, into: &outputs) {
            suggestions.answeredWithoutSimplex()
            (resolved, resolvedByBasis) = (true, true)
            return
        }
        try synchronizeSolver()
        simplex.read(system.outputReader, into: &outputs)
        (resolved, resolvedByBasis) = (true, false)
        guard let basis = simplex.affineSolution(edits: system.edits.map(\.variable), outputs: system.outputReader)
        else { return }
        bases.keep(basis, read: read)
    }

    /// Hands the simplex every suggestion it does not hold yet
    /// (``SuggestionState/collectUnheld(_:)``), in one call, so that it
    /// certifies its answer once.
    /// - Throws: the solver's error for a suggestion it refuses, naming the view.
    mutating func synchronizeSolver() throws(CellLayoutError) {
        suggestions.collectUnheld(system.edits)
        let batch = suggestions.batch
        guard !batch.values.isEmpty else { return }
        do {
            try simplex.suggest(batch.values)
        } catch {
            let slot = batch.slots.first { system.edits[$0].variable === error.variable } ?? batch.slots[0]
            throw .solver(error, template: system.model.name, views: [system.model.views[system.edits[slot].view].name])
        }
        suggestions.batchHeld()
    }

    /// The output reader's values for the current suggestions (``resolve()``).
    /// - Throws: as ``resolve()``.
    mutating func resolvedValues() throws(CellLayoutError) -> [Double] {
        try resolve()
        return outputs
    }

    /// Whether the resolved optimum may be tied (``Solver/mayHaveAlternativeOptima``):
    /// never for a kept basis, which answers only where its optimum is unique.
    /// (`mutating`, to read the row solver in place.)
    mutating func mayHaveAlternativeOptima() -> Bool {
        !resolvedByBasis && simplex.mayHaveAlternativeOptima
    }

    /// For each of `variables`, the lowest and highest value the required
    /// constraints (at the current size, with this row's suggestions) let it
    /// take: pushed `far` down and up at a level above every other
    /// (``LayoutPriorities/probe``), on one copy of the simplex; `nil` for a
    /// variable not asked for or a probe the solver refuses.
    mutating func ranges(of variables: [Variable?], far: Double) throws(CellLayoutError) -> [(low: Double, high: Double)?] {
        // The probe copies the simplex: it must hold this row's suggestions so far.
        try synchronizeSolver()
        var probe = simplex
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
        (bases.nextRead, solvingOnly) = (0, false)
        if size.width == newWidth, size.height == newHeight, rowStart != nil { return false }
        reset(to: system.solver, suggestions: system.suggestions, sizeChanged: true)
        (size, rowStart) = (HeldSize(), nil)
        let content = system.model.views[0].variables
        size.widthConstraint = try hold(content.width, .width, at: newWidth)
        size.width = newWidth
        size.heightConstraint = try hold(content.height, .height, at: newHeight)
        size.height = newHeight
        return true
    }

    /// Marks the current state as the one every row at this size starts
    /// from, once the size's own suggestions (open text widths) are in.
    mutating func markRowStart() throws(CellLayoutError) {
        try synchronizeSolver()
        rowStart = RowStart(simplex: simplex, suggestions: suggestions.values)
    }

    /// Goes back to the state every row at the current size starts from.
    mutating func restartRow() {
        guard let rowStart else { return }
        reset(to: rowStart.simplex, suggestions: rowStart.suggestions, sizeChanged: false)
        (bases.nextRead, solvingOnly) = (0, true)
    }

    /// Starts again from `start` holding `startSuggestions`, forgetting the kept
    /// bases when the size changed (they hold the old size's constants).
    private mutating func reset(to start: Solver, suggestions startSuggestions: [Double], sizeChanged: Bool) {
        // The start was kept by an earlier row, maybe of an earlier job: this row's token goes on.
        let cancellation = simplex.cancellation
        simplex = start
        simplex.cancellation = cancellation
        suggestions.reset(to: startSuggestions)
        resolved = false
        if sizeChanged { bases.forget() }
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
            try simplex.add(constraint)
        } catch where error.code == .unsatisfiableConstraint {
            // The solver's error carries the minimal conflict (the other dimension's
            // hold included when it takes part).
            let holds = [size.widthConstraint, size.heightConstraint].compactMap { $0 }
            let candidates = error.conflicts.isEmpty ? system.required + [constraint] + holds : error.conflicts
            var origins = self.origins
            origins[constraint.id] = Self.holdOrigin(dimension, value)
            throw Diagnosis.unsatisfiable(
                model: system.model, collapsed: system.collapsed, candidates: candidates, origins: origins,
                width: dimension == .width ? value : size.width)
        } catch {
            throw .solver(error, template: system.model.name, views: [ContentView.name])
        }
        return constraint
    }
}
