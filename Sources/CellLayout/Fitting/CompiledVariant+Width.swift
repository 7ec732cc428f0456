import Cassowary

/// The fitting width: a required `contentView.width == W`, replaced when the
/// width changes (a table's width changes rarely: on rotation), and the probe
/// that finds which text views have a width the required constraints fix.
extension CompiledVariant {
    /// Holds the content view at `newWidth`.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable`` when the required constraints
    ///   cannot hold at that width.
    mutating func setWidth(_ newWidth: Double, model: TemplateModel) throws(CellLayoutError) {
        if let width, width == newWidth { return }
        width = nil
        pinnedWidths = nil
        let old = widthConstraint
        widthConstraint = nil
        widthConstraint = try hold(
            model.views[0].variables.width, at: newWidth, replacing: old, model: model,
            equation: "contentView.width", reason: "the fitting width", width: newWidth)
        width = newWidth
    }

    /// Holds the content view at `newHeight`, or releases it to the compressed
    /// fitting height when `newHeight` is `nil`.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable`` when the required constraints
    ///   cannot hold at that height.
    mutating func setHeight(_ newHeight: Double?, model: TemplateModel) throws(CellLayoutError) {
        if height == newHeight { return }
        height = nil
        pinnedWidths = nil
        let old = heightConstraint
        heightConstraint = nil
        heightConstraint = try hold(
            model.views[0].variables.height, at: newHeight, replacing: old, model: model,
            equation: "contentView.height", reason: "the layout height", width: width)
        height = newHeight
    }

    /// Replaces `old` (if any) by a required `variable == value` (none when
    /// `value` is nil), keeping `origins` in step.
    private mutating func hold(
        _ variable: Variable, at value: Double?, replacing old: Constraint?, model: TemplateModel,
        equation: String, reason: String, width: Double?
    ) throws(CellLayoutError) -> Constraint? {
        if let old {
            do {
                try solver.remove(old)
            } catch {
                throw CellLayoutError(.solverFailure, "template '\(model.name)': \(error.message)", views: [ContentView.name])
            }
            origins[old.id] = nil
        }
        guard let value else { return nil }
        let constraint = Constraint(Expression(variable) - value, .equal, priority: .required, location: nil)
        origins[constraint.id] = ConstraintOrigin(
            declared: nil, equation: "\(equation) == \(value.layoutText)", views: [0], reason: reason, location: nil)
        do {
            try solver.add(constraint)
        } catch where error.code == .unsatisfiableConstraint {
            // The other dimension's hold takes part in the conflict too.
            let candidates = required + [constraint] + [widthConstraint, heightConstraint].compactMap { $0 }
            let diagnosis = Diagnosis.unsatisfiable(
                model: model, collapsed: collapsed, candidates: candidates, origins: origins, width: width)
            origins[constraint.id] = nil
            throw diagnosis
        } catch {
            throw CellLayoutError(.solverFailure, "template '\(model.name)': \(error.message)", views: [ContentView.name])
        }
        return constraint
    }

    /// For each text view that may wrap: its width when the required constraints
    /// (at the current content width) fix it, else `nil`.
    ///
    /// On a copy of the solver, the width becomes an edit variable at a level
    /// above every other (``LayoutPriorities/probe``) and is pushed far down and
    /// far up; it is pinned exactly when it moves neither way. A pinned label
    /// can be measured at its final width straight away, which saves the
    /// unwrapped measurement and one solve per row, and gives the same answer as
    /// the full iteration because nothing else can move that width.
    func probePinnedWidths(model: TemplateModel) -> [Double?] {
        guard let width else { return texts.map { _ in nil } }
        var probe = solver
        let far = 1e6 + 10 * abs(width)
        return texts.map { slot -> Double? in
            guard slot.style.lines != 1 else { return nil }
            let variable = model.views[slot.view].variables.width
            do {
                try probe.addEditVariable(variable, priority: LayoutPriorities.probe)
                defer { try? probe.removeEditVariable(variable) }
                try probe.suggest(variable, value: -far)
                let low = probe.value(of: variable)
                try probe.suggest(variable, value: far)
                let high = probe.value(of: variable)
                return LayoutTolerance.same(low, high) ? high : nil
            } catch {
                return nil
            }
        }
    }
}
