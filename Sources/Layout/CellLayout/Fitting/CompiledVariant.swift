import Cancellation
import Cassowary

/// One variant of a template (one set of collapsed views), ready for rows: the
/// compiled system, the row solver that holds the size and the suggestions,
/// and the text sizing that decides them.
///
/// A value owned by one ``CellFitter``; never shared between threads while in use.
struct CompiledVariant: Sendable {
    var solver: RowSolver
    var text: TextSizer
    /// The suggestions the step under way asks for, handed to the solver before
    /// the next read; kept so that a row allocates nothing once it has room.
    var requests = SuggestionRequests()
    /// The text steps' state for the row under way.
    var pass = TextSizer.TextPass()

    init(_ system: CompiledSystem) {
        solver = RowSolver(system)
        text = TextSizer(system)
    }

    var system: CompiledSystem { solver.system }
    var model: TemplateModel { solver.system.model }
    var collapsed: [Bool] { solver.system.collapsed }
    var edits: [CompiledSystem.EditVariable] { solver.system.edits }
    var suggestions: [Double] { solver.suggestions.values }
    var origins: [ObjectIdentifier: ConstraintOrigin] { solver.origins }

    /// Lays `row` out at `width` (and `height`, when given) and reads its result.
    /// The row's pipeline: hold the size (``holdSize(width:height:)``); size the
    /// content (``sizeContent(_:_:_:_:)``: claim image sizes and text widths,
    /// raise floors, measure heights, re-check widths that moved), again from
    /// the shared start when the optimum may be tied; check that every
    /// suggestion held (``checkSuggestionsHeld()``); read the frames
    /// (``readFrames(scale:)``). Each text step reads the solver's values and
    /// returns the suggestions it wants in `requests`, which this type hands the
    /// solver before the next read.
    /// - Throws: as ``CellFitter/layout(row:width:height:intrinsicSizes:)``.
    mutating func layout(
        _ row: RowState, width: Double, height: Double?, intrinsicSizes: IntrinsicSizes, measurer: any TextMeasurer,
        separator: Double, statistics: inout FittingStatistics, cancellation: CancellationToken? = nil
    ) throws(CellLayoutError) -> CellLayoutResult {
        if solver.simplex.cancellation !== cancellation { solver.simplex.cancellation = cancellation }
        try holdSize(width: width, height: height)
        var solves = try sizeContent(row, intrinsicSizes, measurer, &statistics)
        try solver.resolve()
        if solver.mayHaveAlternativeOptima() {
            // A tie: the answer must not depend on the rows before this one.
            solver.restartRow()
            solves = try sizeContent(row, intrinsicSizes, measurer, &statistics)
            try solver.resolve()
        }
        statistics.solves += solves
        if solver.resolvedByBasis { statistics.rowsFromKeptBases += 1 }
        try checkSuggestionsHeld()
        let scale = measurer.scale
        let (frames, exactHeight) = readFrames(scale: scale)
        let rounded = scale.roundUp(exactHeight)
        return CellLayoutResult(
            model: model, width: width, height: rounded, exactHeight: exactHeight, separatorHeight: separator,
            rowHeight: scale.roundUp(rounded + separator), solves: solves, frames: frames, visibility: row.visibility)
    }

    /// Holds the content view at `width` and `height`; at a new size, every
    /// row's shared start is the compiled solver holding the size with every
    /// text's width bounds open.
    private mutating func holdSize(width: Double, height: Double?) throws(CellLayoutError) {
        guard try solver.startRow(width: width, height: height) else { return }
        text.sizeChanged()
        text.openTextWidths(width: width, into: &requests)
        applyRequests()
        try solver.markRowStart()
    }

    /// Sizes the row's content by ``TextSizer``'s rule, step by step: each step
    /// reads the solution the suggestions so far give and asks for more.
    /// - Returns: the number of solves (rounds of suggestions) it took.
    private mutating func sizeContent(
        _ row: RowState, _ intrinsicSizes: IntrinsicSizes, _ measurer: any TextMeasurer,
        _ statistics: inout FittingStatistics
    ) throws(CellLayoutError) -> Int {
        // What a step asked for before it threw is asked all the same: the next
        // row goes on from these suggestions, as from those of a row that held.
        defer { applyRequests() }
        if case .design = intrinsicSizes {
            text.openTextWidths(width: solver.width, into: &requests)
            try text.claimDesignSizes(row, measurer: measurer, counters: &statistics, into: &requests)
            return 1
        }
        text.claimImageSizes(row, into: &requests)
        text.openTextWidths(width: solver.width, into: &requests)
        if text.pinnedSizes == nil {
            // The probe reads the solver: it must hold the suggestions so far.
            applyRequests()
            text.pinnedSizes = try probePinnedSizes()
        }
        try text.claimTextWidths(
            &pass, row, width: solver.width, measurer: measurer, counters: &statistics, into: &requests)
        applyRequests()
        var solves = 1
        guard !pass.free.isEmpty else { return solves }
        while try text.raiseFloors(
            &pass, row, values: solver.resolvedValues(), measurer: measurer, counters: &statistics, into: &requests) {
            applyRequests()
            solves += 1
        }
        guard pass.needsHeights else { return solves }
        text.measureHeights(&pass, values: try solver.resolvedValues(), into: &requests)
        applyRequests()
        solves += 1
        let limit = solves + TextSizer.checkSolves
        while try text.recheckMovedWidths(
            &pass, row, values: solver.resolvedValues(), solves: solves, limit: limit, measurer: measurer,
            counters: &statistics, into: &requests) {
            applyRequests()
            solves += 1
        }
        return solves
    }

    /// What the required constraints alone fix of each text's size at the held width.
    private mutating func probePinnedSizes() throws(CellLayoutError) -> [TextSizer.PinnedSize] {
        guard let width = solver.width else { return text.unpinned }
        let probe = text.pinnedSizeProbe(width: width)
        return text.pinnedSizes(probe, ranges: try solver.ranges(of: probe.widths, far: probe.far))
    }

    /// Hands the solver the suggestions the last step asked for.
    private mutating func applyRequests() {
        guard !requests.isEmpty else { return }
        solver.suggest(requests)
        requests.removeAll()
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
        let edits = system.edits, model = system.model, outputs = solver.outputs, suggestions = solver.suggestions.values
        guard !edits.isEmpty else { return }
        let first = 4 * model.views.count
        var failed: [Int] = []
        for k in edits.indices where !LayoutTolerance.same(outputs[first + k], suggestions[k]) {
            failed.append(k)
        }
        guard !failed.isEmpty else { return }
        var origins = solver.origins
        var candidates = system.required
        candidates += [solver.size.widthConstraint, solver.size.heightConstraint].compactMap { $0 }
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
            model: model, collapsed: system.collapsed, candidates: candidates, origins: origins, width: solver.width)
    }

    /// The frames of every view, in view order, in content-view coordinates,
    /// and the content view's unrounded height.
    ///
    /// `mutating` though it only reads, as ``checkSuggestionsHeld()``: called on the
    /// variant in the fitter's array, a non-mutating method gets a copy of the
    /// whole variant on every row.
    mutating func readFrames(scale: DisplayScale) -> (frames: [Rect], height: Double) {
        let values = solver.outputs, model = system.model, collapsed = system.collapsed
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
