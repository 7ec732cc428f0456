import Cancellation
import Cassowary

/// One variant of a template (one set of collapsed views), ready for rows: the
/// compiled system, the row solver that holds the size and the suggestions,
/// and the text sizing that decides them.
///
/// A value owned by one ``CellFitter``; never shared between threads while in use.
struct CompiledVariant: Sendable {
    var rows: RowSolver
    var text: TextSizer

    init(_ system: CompiledSystem) {
        rows = RowSolver(system)
        text = TextSizer(system)
    }

    var system: CompiledSystem { rows.system }
    var model: TemplateModel { rows.system.model }
    var collapsed: [Bool] { rows.system.collapsed }
    var edits: [CompiledSystem.EditVariable] { rows.system.edits }
    var solver: Solver { rows.solver }
    var suggestions: [Double] { rows.suggestions }
    var origins: [ObjectIdentifier: ConstraintOrigin] { rows.origins }

    /// Lays `row` out at `width` (and `height`, when given) and reads its result:
    /// hold the size, size the content (again from the shared start when the
    /// optimum may be tied), check that every suggestion held, read the frames.
    /// - Throws: as ``CellFitter/layout(row:width:height:intrinsicSizes:)``.
    mutating func layout(
        _ row: RowState, width: Double, height: Double?, intrinsicSizes: IntrinsicSizes, measurer: any TextMeasurer,
        separator: Double, statistics: inout FittingStatistics, cancellation: CancellationToken? = nil
    ) throws(CellLayoutError) -> CellLayoutResult {
        if rows.solver.cancellation !== cancellation { rows.solver.cancellation = cancellation }
        if try rows.startRow(width: width, height: height) {
            text.sizeChanged()
            text.openTextWidths(&rows)
            try rows.markRowStart()
        }
        var solves = try text.sizeContent(
            row, intrinsicSizes: intrinsicSizes, measurer: measurer, counters: &statistics, rows: &rows)
        try rows.resolve()
        if rows.mayHaveAlternativeOptima() {
            // A tie: the answer must not depend on the rows before this one.
            rows.restartRow()
            solves = try text.sizeContent(
                row, intrinsicSizes: intrinsicSizes, measurer: measurer, counters: &statistics, rows: &rows)
            try rows.resolve()
        }
        statistics.solves += solves
        if rows.resolvedByBasis { statistics.rowsFromKeptBases += 1 }
        try checkSuggestionsHeld()
        let scale = measurer.scale
        let (frames, exactHeight) = self.frames(scale: scale)
        let rounded = scale.roundUp(exactHeight)
        return CellLayoutResult(
            model: model, width: width, height: rounded, exactHeight: exactHeight, separatorHeight: separator,
            rowHeight: scale.roundUp(rounded + separator), solves: solves, frames: frames, visibility: row.visibility)
    }
}

/// Reading a row's answer out of the row solver, after checking that every
/// suggestion held.
extension CompiledVariant {
    /// Throws when an edit variable did not take its suggestion. Intrinsic sizes
    /// are only ever pulled by non-required constraints, so they hold unless a
    /// view's hugging or compression resistance is required; baseline offsets
    /// are tied to the view's top by a required equation and fail to hold when
    /// required constraints fix both the top and the baseline. Either way the
    /// template asks for the impossible, and the error says which constraints.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable``.
    mutating func checkSuggestionsHeld() throws(CellLayoutError) {
        let edits = system.edits, model = system.model, outputs = rows.outputs, suggestions = rows.suggestions
        guard !edits.isEmpty else { return }
        let first = 4 * model.views.count
        var failed: [Int] = []
        for k in edits.indices where !LayoutTolerance.same(outputs[first + k], suggestions[k]) {
            failed.append(k)
        }
        guard !failed.isEmpty else { return }
        var origins = rows.origins
        var candidates = system.required
        candidates += [rows.widthConstraint, rows.heightConstraint].compactMap { $0 }
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
            model: model, collapsed: system.collapsed, candidates: candidates, origins: origins, width: rows.width)
    }

    /// The frames of every view, in view order, in content-view coordinates,
    /// and the content view's unrounded height.
    ///
    /// `mutating` though it only reads, as ``checkSuggestionsHeld()``: called on the
    /// variant in the fitter's array, a non-mutating method gets a copy of the
    /// whole variant on every row.
    mutating func frames(scale: DisplayScale) -> (frames: [Rect], height: Double) {
        let values = rows.outputs, model = system.model, collapsed = system.collapsed
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
