import Cassowary

/// Answering a row without re-solving: suggestions are collected, and the
/// first read after them resolves them all at once.
///
/// Rows of one variant differ only in their intrinsic sizes, which are the
/// solver's edit suggestions, and a suggestion moves only the tableau's
/// constants: while the optimal basis holds, every frame value is an affine
/// function of the suggestions (``Solver/AffineSolution``). The variant keeps
/// the last few bases it met at the current size (``basisLimit``) and answers
/// a row from the first under which the row's suggestions stay feasible and
/// the optimum unique; only when none does are the suggestions handed to the
/// solver, which pivots to the new basis, and that basis is kept in turn.
/// A table's rows meet a handful of bases (a label above or below its
/// minimum height, an image present or not), so most rows cost an evaluation
/// of a few dozen products instead of a solve.
///
/// The answer is the solver's: a captured basis gives the values the solver
/// would reach from any start, to the order of the same additions, because it
/// answers only where its optimum is unique. The solver itself is brought up
/// to date only when a row needs it; its suggestions are `solverSuggestions`.
extension CompiledVariant {
    /// How many bases a variant keeps at one size.
    static let basisLimit = 8

    /// Records `value` as the suggestion for the edit variable in `slot`, unless
    /// it already holds that suggestion or the slot is unused (-1). Nothing is
    /// solved until the next read.
    mutating func suggest(_ slot: Int, _ value: Double) {
        guard slot >= 0, suggestions[slot] != value else { return }
        suggestions[slot] = value
        pending.append(slot)
        resolved = false
    }

    /// The values of ``outputReader``'s variables for the current suggestions:
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
        solver.read(outputReader, into: &outputs)
        (resolved, resolvedByBasis) = (true, false)
        guard let basis = solver.affineSolution(edits: edits.map(\.variable), outputs: outputReader) else { return }
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
    mutating func synchronizeSolver() throws(CellLayoutError) {
        for slot in suggestions.indices where !pending.contains(slot) {
            try send(slot)
        }
        for slot in pending { try send(slot) }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func send(_ slot: Int) throws(CellLayoutError) {
        let value = suggestions[slot]
        guard solverSuggestions[slot] != value else { return }
        do {
            try solver.suggest(edits[slot].variable, value: value)
        } catch {
            throw .solver(error, template: model.name, views: [model.views[edits[slot].view].name])
        }
        solverSuggestions[slot] = value
    }

    /// The resolved width of view `view`.
    mutating func resolvedWidth(ofView view: Int) throws(CellLayoutError) -> Double {
        try resolve()
        return outputs[4 * view + 2]
    }

    /// Whether the resolved optimum may be tied (``Solver/mayHaveAlternativeOptima``):
    /// never for a kept basis, which answers only where its optimum is unique.
    /// (`mutating`, as ``frames(scale:)``, to read the variant in place.)
    mutating func mayHaveAlternativeOptima() -> Bool {
        !resolvedByBasis && solver.mayHaveAlternativeOptima
    }

    /// Starts again from `start` holding `startSuggestions`, forgetting the kept
    /// bases when the size changed (they hold the old size's constants).
    mutating func reset(to start: Solver, suggestions startSuggestions: [Double], sizeChanged: Bool) {
        solver = start
        suggestions = startSuggestions
        solverSuggestions = startSuggestions
        pending.removeAll(keepingCapacity: true)
        resolved = false
        resolveOrdinal = 0
        // Starting a row over because of a tie: the solver alone answers the rest of
        // it, from the shared start, whatever bases earlier rows left (the next row clears this).
        solvingOnly = !sizeChanged
        if sizeChanged {
            bases.removeAll()
            basisHints.removeAll()
        }
    }
}
