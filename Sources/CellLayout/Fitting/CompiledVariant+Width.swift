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
        if let old = widthConstraint {
            do {
                try solver.remove(old)
            } catch {
                throw CellLayoutError(.solverFailure, "template '\(model.name)': \(error.message)", views: [ContentView.name])
            }
            origins[old.id] = nil
        }
        widthConstraint = nil
        width = nil
        pinnedWidths = nil
        let constraint = Constraint(
            Expression(model.views[0].variables.width) - newWidth, .equal, priority: .required, location: nil)
        origins[constraint.id] = ConstraintOrigin(
            declared: nil, equation: "contentView.width == \(newWidth.layoutText)", views: [0],
            reason: "the fitting width", location: nil)
        do {
            try solver.add(constraint)
        } catch where error.code == .unsatisfiableConstraint {
            let diagnosis = Diagnosis.unsatisfiable(
                model: model, collapsed: collapsed, candidates: required + [constraint], origins: origins,
                width: newWidth)
            origins[constraint.id] = nil
            throw diagnosis
        } catch {
            throw CellLayoutError(.solverFailure, "template '\(model.name)': \(error.message)", views: [ContentView.name])
        }
        widthConstraint = constraint
        width = newWidth
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
