import Cassowary

/// The size a row is laid out at: a required `contentView.width == W` and, for a
/// layout at a given size, `contentView.height == H` (the probe that finds which
/// text views have a width the required constraints fix is beside the text step).
///
/// A row's layout must be a function of the template, the row and the size
/// alone, whatever was fitted before it and on whichever worker. Where the
/// optimum is unique, any start reaches it, and a row goes on from the state the
/// last row left (the fast path: the basis rarely changes). Where it may not be
/// (a tie: ``Solver/mayHaveAlternativeOptima``), the simplex's answer depends on
/// its start, so the row is solved again from the state every row at this size
/// shares — the variant as compiled, with the size held (``restartRow()``).
/// Issue 19: 7 of 300 rows of a tied template differed between one and two workers.
extension CompiledVariant {
    /// Holds the content view at `newWidth` and `newHeight` (`nil`: the compressed
    /// fitting height), starting from the compiled state when the size changes.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable`` when the required constraints
    ///   cannot hold at that size; the variant then starts from its compiled state again.
    mutating func startRow(width newWidth: Double, height newHeight: Double?) throws(CellLayoutError) {
        if width == newWidth, height == newHeight, starts.row != nil { return }
        for hold in [widthConstraint, heightConstraint].compactMap({ $0 }) { origins[hold.id] = nil }
        reset(to: starts.compiled, suggestions: starts.compiledSuggestions, sizeChanged: true)
        (width, height, widthConstraint, heightConstraint, pinnedSizes) = (nil, nil, nil, nil, nil)
        starts = Starts(compiled: starts.compiled, compiledSuggestions: starts.compiledSuggestions)
        widthConstraint = try hold(
            model.views[0].variables.width, at: newWidth,
            equation: "contentView.width", reason: "the fitting width", width: newWidth)
        width = newWidth
        heightConstraint = try hold(
            model.views[0].variables.height, at: newHeight,
            equation: "contentView.height", reason: "the layout height", width: newWidth)
        height = newHeight
        openTextWidths()
        try synchronizeSolver()
        starts = Starts(
            compiled: starts.compiled, compiledSuggestions: starts.compiledSuggestions, row: solver, rowSuggestions: suggestions)
    }

    /// Goes back to the state every row at the current size starts from.
    mutating func restartRow() {
        guard let row = starts.row else { return }
        reset(to: row, suggestions: starts.rowSuggestions, sizeChanged: false)
    }

    /// Adds a required `variable == value` (nothing when `value` is nil), keeping
    /// `origins` in step.
    private mutating func hold(
        _ variable: Variable, at value: Double?, equation: String, reason: String, width: Double?
    ) throws(CellLayoutError) -> Constraint? {
        guard let value else { return nil }
        let constraint = Constraint(Expression(variable) - value, .equal, priority: .required, location: nil)
        origins[constraint.id] = ConstraintOrigin(
            declared: nil, equation: "\(equation) == \(value.layoutText)", views: [0], reason: reason, location: nil)
        do {
            try solver.add(constraint)
        } catch where error.code == .unsatisfiableConstraint {
            // The solver's error carries the minimal conflict (the other dimension's
            // hold included when it takes part).
            let candidates = error.conflicts.isEmpty
                ? required + [constraint] + [widthConstraint, heightConstraint].compactMap { $0 } : error.conflicts
            let diagnosis = Diagnosis.unsatisfiable(
                model: model, collapsed: collapsed, candidates: candidates, origins: origins, width: width)
            origins[constraint.id] = nil
            throw diagnosis
        } catch {
            throw .solver(error, template: model.name, views: [ContentView.name])
        }
        return constraint
    }
}
