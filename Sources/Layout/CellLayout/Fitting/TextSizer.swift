import Cassowary

/// Sizing the row's text. Multi-line text wraps at the width its view gets, and
/// that width can depend on the text (two labels side by side share a row), so
/// widths are decided before heights, by a rule that always ends:
///
/// 1. **Widths.** Every wrapping text whose width the required constraints do
///    not pin claims its unwrapped (max-content) width, and is kept at least as
///    wide as its widest word (its floor, 0 until known). Solve. A text given
///    less than its max-content is measured at the width it got; if a word
///    overflowed, the floor becomes that word's width and the widths are solved
///    again. A floor is raised once at most, so this takes at most one solve per
///    text more, and in practice none.
/// 2. **Heights.** Each text narrower than its max-content is measured at its
///    width and claims that measurement. Where several texts share the row, each
///    keeps its width as a ceiling: a wrapped one may hug down to its widest
///    line, and no text grows into the room that leaves, or past what its height
///    was measured for. Solve.
/// 3. **Check.** A width that moved out of what its measurement covers (only a
///    constraint above every declared priority, or a required one, can do that)
///    is measured again and held there, in at most ``checkSolves`` more solves.
///
/// The bounds are at ``LayoutPriorities/textWidth``, above every declared
/// priority; texts whose widths no declared priority decides share them equally
/// (``LayoutPriorities/textTieBreak``). A measurement taken at `maxWidth` M with
/// widest line w covers every width in [w, M]: greedy line breaking gives the
/// same lines at any width in that range, so the height cannot change.
///
/// A text whose width the required constraints fix is measured at that width; a
/// lone free text whose width they bound, at that bound; a text whose width they
/// fix and whose height they set to a constant is not measured (Docs/Semantics.md,
/// "Pinned widths" and after).
///
/// It knows nothing of the solver: it suggests sizes to a row's layout and
/// reads widths back (``TextSizingTarget``).
struct TextSizer: Sendable {
    let system: CompiledSystem
    /// The texts (by index in `system.texts`) fixed in size whose measurement
    /// the measurer has once made in the template's font: only these are skipped.
    var fixedTextChecked: Set<Int> = []
    /// For each entry of `system.texts`: what of its size required constraints
    /// alone fix at the current width. Computed lazily per width.
    var pinnedSizes: [PinnedSize]?

    init(_ system: CompiledSystem) {
        self.system = system
    }

    private var model: TemplateModel { system.model }
    private var texts: [CompiledSystem.TextSlot] { system.texts }

    /// Forgets what depended on the last size.
    mutating func sizeChanged() {
        pinnedSizes = nil
    }

    /// The most solves phase 3 may add after the heights' solve.
    static let checkSolves = 2

    /// What a text view was last measured as, and at what width.
    struct Measured {
        var measurement: TextMeasurement
        var maxWidth: Double
        var wraps: Bool

        func covers(_ width: Double) -> Bool {
            let tolerance = LayoutTolerance.length
            // Measured at this very width, the answer is the same whatever the text
            // did there — even a glyph or cluster wider than the width, which no
            // width up to the glyph's own covers by the rule below.
            if abs(width - maxWidth) <= tolerance { return true }
            return width <= maxWidth + tolerance && width + tolerance >= measurement.width
        }

        /// Whether a word (a glyph, a cluster) did not fit the width measured at.
        var overflows: Bool { measurement.width > maxWidth + LayoutTolerance.length }
    }

    /// A ceiling that never binds: far beyond any width a row at `width` gives a text
    /// (the compiled value for any width up to 10⁵, so that holding a width changes no
    /// suggestion).
    static func openCeiling(width: Double?) -> Double { max(compiledCeiling, 1e6 + 10 * abs(width ?? 0)) }
    /// The ceilings' suggestion in the compiled solver.
    static let compiledCeiling = 2e6

    /// Opens every wrapping text's width bounds: floor 0, ceiling ``openCeiling(width:)``.
    func openTextWidths(_ rows: inout some TextSizingTarget) {
        let ceiling = Self.openCeiling(width: rows.width)
        for slot in texts where slot.floor >= 0 {
            rows.suggest(slot.floor, 0)
            rows.suggest(slot.ceiling, ceiling)
        }
    }

    /// Suggests image sizes and text sizes for `row` (see the type's rule).
    /// - Returns: the number of solves (rounds of suggestions) it took.
    /// - Throws: ``CellLayoutError/Code/textMeasurement`` when measuring fails,
    ///   ``CellLayoutError/Code/notConverged`` when required constraints keep moving a
    ///   text's width with its height, ``CellLayoutError/Code/tooNarrow`` when they make
    ///   a wrapping text's width negative.
    mutating func sizeContent<Rows: TextSizingTarget>(
        _ row: RowState, measurer: any TextMeasurer, counters: inout FittingStatistics, rows: inout Rows
    ) throws(CellLayoutError) -> Int {
        for i in system.images {
            let size = row.imageSizes[i] ?? .zero
            rows.suggest(system.slots[i].intrinsicWidth, size.width)
            rows.suggest(system.slots[i].intrinsicHeight, size.height)
        }
        openTextWidths(&rows)
        if pinnedSizes == nil {
            pinnedSizes = try probePinnedSizes(&rows)
        }
        let pinned = pinnedSizes ?? []

        let freeTexts = texts.indices.count { k in
            texts[k].style.lines != 1 && !row.texts[texts[k].view].isEmpty && (k >= pinned.count || pinned[k].width == nil)
        }
        // Phase 1: every text claims its unwrapped size, or its size at its pinned width.
        var measured: [Measured] = []
        measured.reserveCapacity(texts.count)
        var free: [Int] = []
        // Index loops: `enumerated()` is not specialised here, and its generic calls would be paid every row.
        for k in texts.indices {
            let slot = texts[k]
            // Skipped only in the template's own font, once the measurer has measured
            // this text in it: a font the measurer refuses is refused here too.
            let unused = k < pinned.count && measurementUnused(slot, pinned[k])
                && row.fonts[slot.view] == model.defaults.fonts[slot.view]
            if unused, fixedTextChecked.contains(k) {
                measured.append(Measured(measurement: .zero, maxWidth: .infinity, wraps: false))
                continue
            }
            let text = row.texts[slot.view]
            let wraps = slot.style.lines != 1 && !text.isEmpty
            var maxWidth = Double.infinity
            if wraps, k < pinned.count, let width = pinned[k].width {
                if width - slot.insets.horizontal < -LayoutTolerance.length {
                    throw tooNarrow(slot, width - slot.insets.horizontal, width: rows.width)
                }
                maxWidth = Self.textWidth(of: width, slot)
            } else if wraps {
                free.append(k)
                // The one text whose width is free: measured at the widest the required
                // constraints allow, which is the unwrapped measurement wherever that fits
                // and otherwise the width phase 1 would measure at next.
                if freeTexts == 1, k < pinned.count, let widest = pinned[k].widest {
                    // No width it can get holds its text: as phase 3 would find.
                    if widest - slot.insets.horizontal < -LayoutTolerance.length {
                        throw tooNarrow(slot, widest - slot.insets.horizontal, width: rows.width)
                    }
                    maxWidth = Self.textWidth(of: widest, slot)
                }
            }
            let m = try measure(slot, row, maxWidth, measurer, &counters)
            if unused, !text.isEmpty { fixedTextChecked.insert(k) }
            measured.append(Measured(measurement: m, maxWidth: maxWidth, wraps: wraps))
            suggest(slot, m, &rows)
        }
        var solves = 1
        guard !free.isEmpty else { return solves }

        // Phase 1, the floors: texts given less than their unwrapped width are measured
        // at the width they got; a word wider than that raises the text's floor once.
        var atWidth = [Measured?](repeating: nil, count: texts.count)
        var raised = [Bool](repeating: false, count: texts.count)
        while true {
            var split = false
            // Read before suggesting, so that every width comes from the same solution.
            var widths: [Double] = []
            for k in free { widths.append(try currentTextWidth(texts[k], &rows)) }
            for (k, width) in zip(free, widths) {
                if measured[k].covers(width) {
                    atWidth[k] = nil
                    continue
                }
                // Already measured at this very width in an earlier round.
                if let known = atWidth[k], abs(known.maxWidth - width) <= LayoutTolerance.length { continue }
                let m = try measure(texts[k], row, width, measurer, &counters)
                let taken = Measured(measurement: m, maxWidth: width, wraps: true)
                atWidth[k] = taken
                if taken.overflows, !raised[k] {
                    raised[k] = true
                    split = true
                    rows.suggest(texts[k].floor, m.width)
                }
            }
            guard split else { break }
            solves += 1
        }

        // Phase 2: the heights. Where texts share the row, each is held at most as wide as
        // phase 1 made it (one that fits unwrapped too), so the slack a wrapped text leaves
        // when it hugs down to its widest line is not handed to its neighbour. A text
        // alone has no neighbour and gets no ceiling (phase 3 still checks it). Widths are
        // read before suggesting: each suggestion re-solves at once.
        guard free.contains(where: { atWidth[$0] != nil }) else { return solves }
        var splitWidths: [Double] = []
        for k in free { splitWidths.append(try currentTextWidth(texts[k], &rows)) }
        let shared = free.count > 1
        for (k, width) in zip(free, splitWidths) {
            guard let taken = atWidth[k] else {
                if shared { rows.suggest(texts[k].ceiling, width) }
                continue
            }
            measured[k] = taken
            if shared { rows.suggest(texts[k].ceiling, taken.maxWidth) }
            suggest(texts[k], taken.measurement, &rows)
        }
        solves += 1

        // Phase 3: a width a stronger constraint moved is measured again and held there.
        let limit = solves + Self.checkSolves
        while true {
            var moved: [Int] = []
            // Read before suggesting, as above; only wrapping texts are checked.
            var raws: [Double] = []
            for k in texts.indices {
                raws.append(measured[k].wraps ? try rows.resolvedWidth(ofView: texts[k].view) - texts[k].insets.horizontal : 0)
            }
            for k in texts.indices where measured[k].wraps {
                let slot = texts[k]
                let raw = raws[k]
                // Its text was measured at width 0; no height makes a negative width right.
                if raw < -LayoutTolerance.length { throw tooNarrow(slot, raw, width: rows.width) }
                let width = Self.textWidth(of: raw + slot.insets.horizontal, slot)
                if measured[k].covers(width) { continue }
                moved.append(k)
                if solves == limit { continue }
                let m = try measure(slot, row, width, measurer, &counters)
                measured[k] = Measured(measurement: m, maxWidth: width, wraps: true)
                if slot.floor >= 0 {
                    rows.suggest(slot.floor, min(width, m.width))
                    rows.suggest(slot.ceiling, width)
                }
                suggest(slot, m, &rows)
            }
            if moved.isEmpty { return solves }
            if solves == limit {
                let names = moved.map { model.views[texts[$0].view].name }
                let list = names.map { "'\($0)'" }.joined(separator: ", ")
                throw CellLayoutError(
                    .notConverged,
                    "template '\(model.name)': required constraints keep moving the width of \(list) with its height; "
                        + "no width holds its own measured text (\(solves) solves)",
                    views: names, location: model.views[texts[moved[0]].view].location)
            }
            solves += 1
        }
    }

    /// What the required constraints (at the current content width) fix of a text
    /// view's size.
    struct PinnedSize: Sendable {
        var width: Double?
        var height: Double?
        /// The widest the required constraints let the view be, when they bound it.
        var widest: Double?
    }

    /// For each text view: its width when the required constraints (at the
    /// current content width) fix it, else `nil`, and its height when a required
    /// constraint sets it to a constant.
    ///
    /// The width is pushed far down and far up above every other priority
    /// (``TextSizingTarget/ranges(of:far:)``); it is pinned exactly when it
    /// moves neither way. A pinned label
    /// can be measured at its final width straight away, which saves the
    /// unwrapped measurement and one solve per row, and gives the same answer as
    /// the full iteration because nothing else can move that width. A text
    /// fixed both ways, with no baseline in use and no required hugging or
    /// compression resistance, is not measured at all: nothing its measurement
    /// suggests can move a frame (as a hand-written cell gives a fixed label a
    /// fixed frame).
    mutating func probePinnedSizes(_ rows: inout some TextSizingTarget) throws(CellLayoutError) -> [PinnedSize] {
        guard let width = rows.width else { return texts.map { _ in PinnedSize() } }
        let far = 1e6 + 10 * abs(width)
        // A height is taken as fixed only when a required constraint sets it to a
        // constant: probing every text's height costs a solve each, O(n³) for a
        // chain of n labels (a chain of 1,000 took minutes).
        let heights = texts.map { fixedHeight(of: $0.view) }
        // Single-line texts are probed only when that could spare their measurement.
        let probed = zip(texts, heights).map { slot, height in
            slot.style.lines != 1 || height != nil ? model.views[slot.view].variables.width : nil
        }
        let ranges = try rows.ranges(of: probed, far: far)
        return zip(ranges, heights).enumerated().map { k, element in
            let (range, height) = element
            guard probed[k] != nil else { return PinnedSize() }
            // Pushed far up, a width the required constraints do not bound follows the push.
            let widest = range.flatMap { $0.high < far / 2 ? $0.high : nil }
            let pinned = range.flatMap { LayoutTolerance.same($0.low, $0.high) ? $0.high : nil }
            return PinnedSize(width: pinned, height: height, widest: widest)
        }
    }

    /// The constant a required, declared `view.height == constant` sets, if any.
    func fixedHeight(of view: Int) -> Double? {
        for (k, constraint) in model.constraints.enumerated() where !model.disabled.contains(k) {
            let d = constraint.declaration
            if constraint.first.view == view, constraint.first.attribute == .height, constraint.second == nil,
                d.relation == .equal, d.priority.isRequired {
                return d.constant
            }
        }
        return nil
    }

    /// Whether nothing the text of `slot` measures can move a frame (see ``probePinnedSizes(_:)``).
    func measurementUnused(_ slot: CompiledSystem.TextSlot, _ pinned: PinnedSize) -> Bool {
        // A width too narrow for the insets is `tooNarrow` for a wrapping text: measured.
        guard let width = pinned.width, width >= slot.insets.horizontal, pinned.height != nil else { return false }
        let s = system.slots[slot.view], a = model.views[slot.view].attributes
        return s.firstBaseline < 0 && s.lastBaseline < 0
            && [Axis.horizontal, .vertical].allSatisfy { !a.contentHugging[$0].isRequired && !a.compressionResistance[$0].isRequired }
    }

    /// ``CellLayoutError/Code/tooNarrow`` for `slot`, whose text the required
    /// constraints make `width` wide.
    private func tooNarrow(_ slot: CompiledSystem.TextSlot, _ width: Double, width content: Double?) -> CellLayoutError {
        let name = model.views[slot.view].name
        let shown = ((width * 100).rounded() / 100).layoutText
        return CellLayoutError(
            .tooNarrow,
            "template '\(model.name)' at width \((content ?? 0).layoutText): required constraints make the text of '\(name)' "
                + "\(shown) points wide; a text cannot wrap in a negative width (the content width is too narrow for the template)",
            views: [name], location: model.views[slot.view].location)
    }

    /// The width `slot`'s text wraps at when its view is `width` wide.
    private static func textWidth(of width: Double, _ slot: CompiledSystem.TextSlot) -> Double {
        max(0, LayoutTolerance.snapped(width) - slot.insets.horizontal)
    }

    /// The width `slot`'s text wraps at in the current solution.
    private func currentTextWidth(_ slot: CompiledSystem.TextSlot, _ rows: inout some TextSizingTarget) throws(CellLayoutError) -> Double {
        let width = try rows.resolvedWidth(ofView: slot.view)
        return Self.textWidth(of: width, slot)
    }

    /// `emptyAsLine` measures an empty text as one line of its font even where the slot
    /// measures it as nothing (for an empty label's baselines, which UIKit places by the font).
    private func measure(
        _ slot: CompiledSystem.TextSlot, _ row: RowState, _ maxWidth: Double,
        _ measurer: any TextMeasurer, _ counters: inout FittingStatistics, emptyAsLine: Bool = false
    ) throws(CellLayoutError) -> TextMeasurement {
        var text = row.texts[slot.view]
        if text.isEmpty {
            guard slot.measuresEmptyAsLine || emptyAsLine else { return .zero }
            text = " "
        }
        counters.textMeasurements += 1
        do {
            return try measurer.measure(text, font: row.fonts[slot.view], style: slot.style, maxWidth: maxWidth)
        } catch {
            let view = model.views[slot.view]
            throw CellLayoutError(
                .textMeasurement, "template '\(model.name)': cannot measure the text of '\(view.name)': \(error.message)",
                views: [view.name], location: view.location, textError: error)
        }
    }

    private func suggest(_ slot: CompiledSystem.TextSlot, _ m: TextMeasurement, _ rows: inout some TextSizingTarget) {
        let s = system.slots[slot.view], insets = slot.insets
        rows.suggest(s.intrinsicWidth, m.width + insets.horizontal)
        rows.suggest(s.intrinsicHeight, m.height + insets.vertical)
        suggestBaselines(slot, m, &rows)
    }

    /// Suggests the baselines of a measured text: the first its offset below the
    /// view's top, the last — carried as its distance above the view's bottom — the
    /// text's descent plus the bottom inset.
    private func suggestBaselines(_ slot: CompiledSystem.TextSlot, _ m: TextMeasurement, _ rows: inout some TextSizingTarget) {
        let s = system.slots[slot.view], insets = slot.insets
        rows.suggest(s.firstBaseline, insets.top + m.firstBaseline)
        rows.suggest(s.lastBaseline, insets.bottom + (m.height - m.lastBaseline))
    }
}

/// Intrinsic sizes from the template's design sizes (``IntrinsicSizes/design``).
extension TextSizer {
    /// Suggests every intrinsic size from the views' design sizes, and baselines
    /// from the text measured at the design width: the first at its ascent below the
    /// view's top, the last at its descent above the view's bottom.
    /// - Returns: 1, the solves it took.
    /// - Throws: ``CellLayoutError/Code/invalidValue`` for a view with intrinsic content
    ///   and no design size; ``CellLayoutError/Code/textMeasurement`` when measuring fails.
    func sizeContentByDesign(
        _ row: RowState, measurer: any TextMeasurer, counters: inout FittingStatistics, rows: inout some TextSizingTarget
    ) throws(CellLayoutError) -> Int {
        openTextWidths(&rows)
        func designSize(_ i: Int) throws(CellLayoutError) -> Size {
            let view = model.views[i]
            guard let size = view.attributes.designSize else {
                throw CellLayoutError(
                    .invalidValue,
                    "template '\(model.name)': \(view.kind.name) '\(view.name)' has intrinsic content but no design size; "
                        + "laying out with design intrinsic sizes needs one for every such view",
                    views: [view.name], location: view.location)
            }
            return size
        }
        for i in system.images {
            var size = try designSize(i)
            if case .control(let spec) = model.views[i].kind {
                // The design size is the frame; constraints act on the alignment rectangle.
                let a = spec.alignmentInsets
                size = Size(width: max(0, size.width - a.horizontal), height: max(0, size.height - a.vertical))
            }
            rows.suggest(system.slots[i].intrinsicWidth, size.width)
            rows.suggest(system.slots[i].intrinsicHeight, size.height)
        }
        for slot in texts {
            let size = try designSize(slot.view)
            let s = system.slots[slot.view]
            rows.suggest(s.intrinsicWidth, size.width)
            rows.suggest(s.intrinsicHeight, size.height)
            guard s.firstBaseline >= 0 || s.lastBaseline >= 0 else { continue }
            // As when measured: the first baseline the text's ascent below the top, the
            // last its descent above the bottom, however much taller than its text the
            // label is (the baselines do not follow UILabel's centred drawing).
            // Interface Builder's frames of labels of different heights aligned by
            // baseline hold only this way. An empty label's baselines are its font's,
            // where its first line would be.
            let insets = slot.insets
            let m = try measure(slot, row, max(0, size.width - insets.horizontal), measurer, &counters, emptyAsLine: true)
            suggestBaselines(slot, m, &rows)
        }
        return 1
    }
}

extension TextSizer {
    /// Suggests the row's intrinsic sizes from `intrinsicSizes`' source.
    /// - Returns: the number of solves it took.
    mutating func sizeContent(
        _ row: RowState, intrinsicSizes: IntrinsicSizes, measurer: any TextMeasurer,
        counters: inout FittingStatistics, rows: inout some TextSizingTarget
    ) throws(CellLayoutError) -> Int {
        switch intrinsicSizes {
        case .measured: try sizeContent(row, measurer: measurer, counters: &counters, rows: &rows)
        case .design: try sizeContentByDesign(row, measurer: measurer, counters: &counters, rows: &rows)
        }
    }
}

/// What text sizing needs of a row's layout: it suggests intrinsic sizes,
/// baselines and text width bounds by edit slot, and reads widths back.
protocol TextSizingTarget {
    /// The content width the row is laid out at.
    var width: Double? { get }
    /// Suggests `value` for the edit variable in `slot` (-1: none).
    mutating func suggest(_ slot: Int, _ value: Double)
    /// The width view `view` gets with the suggestions so far.
    mutating func resolvedWidth(ofView view: Int) throws(CellLayoutError) -> Double
    /// The range the required constraints let each variable take (`nil`:
    /// not asked, or no answer), pushed `far` each way.
    mutating func ranges(of variables: [Variable?], far: Double) throws(CellLayoutError) -> [(low: Double, high: Double)?]
}

extension RowSolver: TextSizingTarget {}
