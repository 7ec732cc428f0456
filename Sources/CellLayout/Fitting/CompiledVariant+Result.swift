import Cassowary

/// Reading a row's answer out of the solver, after checking that every
/// suggestion held.
extension CompiledVariant {
    /// Throws when an edit variable did not take its suggestion. Intrinsic sizes
    /// are only ever pulled by non-required constraints, so they hold unless a
    /// view's hugging or compression resistance is required; baseline offsets
    /// are tied to the view's top by a required equation and fail to hold when
    /// required constraints fix both the top and the baseline. Either way the
    /// template asks for the impossible, and the error says which constraints.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable``.
    func checkSuggestionsHeld(model: TemplateModel, values: inout [Double]) throws(CellLayoutError) {
        guard !edits.isEmpty else { return }
        solver.read(editReader, into: &values)
        var failed: [Int] = []
        for k in edits.indices where !LayoutTolerance.same(values[k], suggestions[k]) {
            failed.append(k)
        }
        guard !failed.isEmpty else { return }
        var origins = self.origins
        var candidates = required
        candidates += [widthConstraint, heightConstraint].compactMap { $0 }
        for k in failed {
            let edit = edits[k]
            let name = model.views[edit.view].name
            let exact = Constraint(
                Expression(edit.variable) - suggestions[k], .equal, priority: .required, location: nil)
            origins[exact.id] = ConstraintOrigin(
                declared: nil, equation: "\(name) \(edit.role.rawValue) == \(suggestions[k].layoutText)", views: [edit.view],
                reason: edit.role.reason,
                location: model.views[edit.view].location)
            candidates.append(exact)
        }
        throw Diagnosis.unsatisfiable(
            model: model, collapsed: collapsed, candidates: candidates, origins: origins, width: width)
    }

    /// The frames of every view, in view order, in content-view coordinates,
    /// and the content view's unrounded height.
    func frames(model: TemplateModel, scale: DisplayScale, values: inout [Double]) -> (frames: [Rect], height: Double) {
        solver.read(frameReader, into: &values)
        var frames: [Rect] = []
        frames.reserveCapacity(model.views.count)
        for i in model.views.indices {
            var exact = Rect(x: values[4 * i], y: values[4 * i + 1], width: values[4 * i + 2], height: values[4 * i + 3])
            if case .control(let spec) = model.views[i].kind, !collapsed[i] {
                // Constraints placed the alignment rectangle; the frame extends beyond it.
                let a = spec.alignmentInsets
                exact = Rect(
                    x: exact.x - a.left, y: exact.y - a.top,
                    width: exact.width + a.horizontal, height: exact.height + a.vertical)
            }
            frames.append(exact.rounded(to: scale))
        }
        return (frames, values[3])
    }
}
