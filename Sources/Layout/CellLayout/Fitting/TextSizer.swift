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
/// It knows nothing of the solver: each step takes the solution it reads (the
/// output reader's values) and adds the suggestions it wants to the requests
/// it is given, which the row's pipeline (``CompiledVariant/layout(_:width:height:intrinsicSizes:measurer:separator:statistics:cancellation:)``)
/// hands the solver before the next read.
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

    /// The most solves step 3 (the re-check) may add after the heights' solve.
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

    /// Opens every wrapping text's width bounds at content width `width`: floor 0,
    /// ceiling ``openCeiling(width:)``.
    func openTextWidths(width: Double?, into requests: inout SuggestionRequests) {
        let ceiling = Self.openCeiling(width: width)
        for slot in texts where slot.floor >= 0 {
            requests.ask(slot.floor, 0)
            requests.ask(slot.ceiling, ceiling)
        }
    }

    /// Asks for the row's image sizes.
    func claimImageSizes(_ row: RowState, into requests: inout SuggestionRequests) {
        for i in system.images {
            let size = row.imageSizes[i] ?? .zero
            requests.ask(system.slots[i].intrinsicWidth, size.width)
            requests.ask(system.slots[i].intrinsicHeight, size.height)
        }
    }

    /// One row's text between the steps of the type's rule: what each text was
    /// measured as, and which texts' widths the steps decide. Kept from row to
    /// row (``start(width:texts:)``), so that a row allocates nothing once it has room.
    struct TextPass: Sendable {
        /// The content width the row is laid out at.
        var width: Double?
        /// Per entry of `system.texts`: what it was measured as, at what width.
        var measured: [Measured] = []
        /// The wrapping texts whose widths the required constraints leave free.
        var free: [Int] = []
        /// Per text: its measurement at the width the last read gave it, when
        /// that width is not covered by `measured`.
        var atWidth: [Measured?] = []
        /// Per text: whether its floor was raised (once at most).
        var raised: [Bool] = []

        /// Whether a free text was measured at a width narrower than its
        /// unwrapped one, so that its height must be claimed.
        var needsHeights: Bool { free.contains { atWidth[$0] != nil } }

        /// Forgets the last row's pass for a row of `texts` texts. Every array but
        /// `free` is one entry per text, overwritten by each row rather than rebuilt.
        mutating func start(width: Double?, texts: Int) {
            self.width = width
            if measured.count != texts {
                measured = [Measured](repeating: Measured(measurement: .zero, maxWidth: .infinity, wraps: false), count: texts)
                atWidth = [Measured?](repeating: nil, count: texts)
                raised = [Bool](repeating: false, count: texts)
            }
            if !free.isEmpty { free.removeAll(keepingCapacity: true) }
        }
    }

    /// Step 1, the claim: every text claims its unwrapped size, or its size at
    /// its pinned width (``pinnedSizes``, which must be known); `pass` starts over.
    /// - Throws: ``CellLayoutError/Code/textMeasurement`` when measuring fails,
    ///   ``CellLayoutError/Code/tooNarrow`` when the required constraints make a
    ///   wrapping text's width negative.
    mutating func claimTextWidths(
        _ pass: inout TextPass, _ row: RowState, width content: Double?, measurer: any TextMeasurer,
        counters: inout FittingStatistics, into requests: inout SuggestionRequests
    ) throws(CellLayoutError) {
        let pinned = pinnedSizes ?? []
        let freeTexts = texts.indices.count { k in
            texts[k].style.lines != 1 && !row.texts[texts[k].view].isEmpty && (k >= pinned.count || pinned[k].width == nil)
        }
        pass.start(width: content, texts: texts.count)
        // Index loops: `enumerated()` is not specialised here, and its generic calls would be paid every row.
        for k in texts.indices {
            let slot = texts[k]
            // Skipped only in the template's own font, once the measurer has measured
            // this text in it: a font the measurer refuses is refused here too.
            let unused = k < pinned.count && measurementUnused(slot, pinned[k])
                && row.fonts[slot.view] == model.defaults.fonts[slot.view]
            if unused, fixedTextChecked.contains(k) {
                pass.measured[k] = Measured(measurement: .zero, maxWidth: .infinity, wraps: false)
                continue
            }
            let text = row.texts[slot.view]
            let wraps = slot.style.lines != 1 && !text.isEmpty
            var maxWidth = Double.infinity
            if wraps, k < pinned.count, let width = pinned[k].width {
                if width - slot.insets.horizontal < -LayoutTolerance.length {
                    throw tooNarrow(slot, width - slot.insets.horizontal, width: content)
                }
                maxWidth = Self.textWidth(of: width, slot)
            } else if wraps {
                pass.free.append(k)
                // The one text whose width is free: measured at the widest the required
                // constraints allow, which is the unwrapped measurement wherever that fits
                // and otherwise the width the floors would measure at next.
                if freeTexts == 1, k < pinned.count, let widest = pinned[k].widest {
                    // No width it can get holds its text: as the re-check would find.
                    if widest - slot.insets.horizontal < -LayoutTolerance.length {
                        throw tooNarrow(slot, widest - slot.insets.horizontal, width: content)
                    }
                    maxWidth = Self.textWidth(of: widest, slot)
                }
            }
            let m = try measure(slot, row, maxWidth, measurer, &counters)
            if unused, !text.isEmpty { fixedTextChecked.insert(k) }
            pass.measured[k] = Measured(measurement: m, maxWidth: maxWidth, wraps: wraps)
            claim(slot, m, into: &requests)
        }
        // Only the free texts' entries are read by the steps after this one.
        for k in pass.free {
            pass.atWidth[k] = nil
            pass.raised[k] = false
        }
    }

    /// Step 1, the floors: each free text given less than its unwrapped width in
    /// `values` (the output reader's) is measured at the width it got; a word wider
    /// than that raises the text's floor, once.
    /// - Returns: whether a floor was raised (the widths must be solved again).
    /// - Throws: ``CellLayoutError/Code/textMeasurement`` when measuring fails.
    func raiseFloors(
        _ pass: inout TextPass, _ row: RowState, values: [Double], measurer: any TextMeasurer,
        counters: inout FittingStatistics, into requests: inout SuggestionRequests
    ) throws(CellLayoutError) -> Bool {
        var raised = false
        for k in pass.free {
            let width = Self.textWidth(of: values[4 * texts[k].view + 2], texts[k])
            if pass.measured[k].covers(width) {
                pass.atWidth[k] = nil
                continue
            }
            // Already measured at this very width in an earlier round.
            if let known = pass.atWidth[k], abs(known.maxWidth - width) <= LayoutTolerance.length { continue }
            let m = try measure(texts[k], row, width, measurer, &counters)
            let taken = Measured(measurement: m, maxWidth: width, wraps: true)
            pass.atWidth[k] = taken
            if taken.overflows, !pass.raised[k] {
                pass.raised[k] = true
                raised = true
                requests.ask(texts[k].floor, m.width)
            }
        }
        return raised
    }

    /// Step 2, the heights: each free text measured at its width claims that
    /// measurement. Where texts share the row, each is held at most as wide as
    /// the widths in `values` made it (one that fits unwrapped too), so the slack
    /// a wrapped text leaves when it hugs down to its widest line is not handed
    /// to its neighbour. A text alone has no neighbour and gets no ceiling (step 3
    /// still checks it).
    func measureHeights(_ pass: inout TextPass, values: [Double], into requests: inout SuggestionRequests) {
        let shared = pass.free.count > 1
        for k in pass.free {
            guard let taken = pass.atWidth[k] else {
                if shared {
                    let width = Self.textWidth(of: values[4 * texts[k].view + 2], texts[k])
                    requests.ask(texts[k].ceiling, width)
                }
                continue
            }
            pass.measured[k] = taken
            if shared { requests.ask(texts[k].ceiling, taken.maxWidth) }
            claim(texts[k], taken.measurement, into: &requests)
        }
    }

    /// Step 3, the re-check: a wrapping text whose width in `values` moved out
    /// of what its measurement covers is measured again and held there, while
    /// `solves` (so far) is below `limit`.
    /// - Returns: whether a width moved (the row must be solved again).
    /// - Throws: ``CellLayoutError/Code/notConverged`` when a width moved at the
    ///   limit, ``CellLayoutError/Code/tooNarrow`` for a negative width,
    ///   ``CellLayoutError/Code/textMeasurement`` when measuring fails.
    func recheckMovedWidths(
        _ pass: inout TextPass, _ row: RowState, values: [Double], solves: Int, limit: Int, measurer: any TextMeasurer,
        counters: inout FittingStatistics, into requests: inout SuggestionRequests
    ) throws(CellLayoutError) -> Bool {
        var moved: [Int] = []
        for k in texts.indices where pass.measured[k].wraps {
            let slot = texts[k]
            let raw = values[4 * slot.view + 2] - slot.insets.horizontal
            // Its text was measured at width 0; no height makes a negative width right.
            if raw < -LayoutTolerance.length { throw tooNarrow(slot, raw, width: pass.width) }
            let width = Self.textWidth(of: raw + slot.insets.horizontal, slot)
            if pass.measured[k].covers(width) { continue }
            moved.append(k)
            if solves == limit { continue }
            let m = try measure(slot, row, width, measurer, &counters)
            pass.measured[k] = Measured(measurement: m, maxWidth: width, wraps: true)
            if slot.floor >= 0 {
                requests.ask(slot.floor, min(width, m.width))
                requests.ask(slot.ceiling, width)
            }
            claim(slot, m, into: &requests)
        }
        if moved.isEmpty { return false }
        if solves == limit {
            let names = moved.map { model.views[texts[$0].view].name }
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            throw CellLayoutError(
                .notConverged,
                "template '\(model.name)': required constraints keep moving the width of \(list) with its height; "
                    + "no width holds its own measured text (\(solves) solves)",
                views: names, location: model.views[texts[moved[0]].view].location)
        }
        return true
    }

    /// What the required constraints (at the current content width) fix of a text
    /// view's size.
    struct PinnedSize: Sendable {
        var width: Double?
        var height: Double?
        /// The widest the required constraints let the view be, when they bound it.
        var widest: Double?
    }

    /// What the pinned sizes are found from: each text view's width (or `nil`,
    /// not asked) to push `far` down and far up above every other priority
    /// (``RowSolver/ranges(of:far:)``), and the height a required constraint sets
    /// it to, if any.
    struct PinnedSizeProbe {
        let far: Double
        let widths: [Variable?]
        let heights: [Double?]
    }

    /// The probe of the pinned sizes at content width `width` (see ``pinnedSizes(_:ranges:)``).
    func pinnedSizeProbe(width: Double) -> PinnedSizeProbe {
        // A height is taken as fixed only when a required constraint sets it to a
        // constant: probing every text's height costs a solve each, O(n³) for a
        // chain of n labels (a chain of 1,000 took minutes).
        let heights = texts.map { fixedHeight(of: $0.view) }
        // Single-line texts are probed only when that could spare their measurement.
        let widths = zip(texts, heights).map { slot, height in
            slot.style.lines != 1 || height != nil ? model.views[slot.view].variables.width : nil
        }
        return PinnedSizeProbe(far: 1e6 + 10 * abs(width), widths: widths, heights: heights)
    }

    /// For each text view: its width when the required constraints (at the
    /// current content width) fix it, else `nil`, and its height when a required
    /// constraint sets it to a constant; from the `ranges` `probe`'s widths took.
    ///
    /// A width is pinned exactly when it moves neither way. A pinned label
    /// can be measured at its final width straight away, which saves the
    /// unwrapped measurement and one solve per row, and gives the same answer as
    /// the full iteration because nothing else can move that width. A text
    /// fixed both ways, with no baseline in use and no required hugging or
    /// compression resistance, is not measured at all: nothing its measurement
    /// suggests can move a frame (as a hand-written cell gives a fixed label a
    /// fixed frame).
    func pinnedSizes(_ probe: PinnedSizeProbe, ranges: [(low: Double, high: Double)?]) -> [PinnedSize] {
        let far = probe.far
        return zip(ranges, probe.heights).enumerated().map { k, element in
            let (range, height) = element
            guard probe.widths[k] != nil else { return PinnedSize() }
            // Pushed far up, a width the required constraints do not bound follows the push.
            let widest = range.flatMap { $0.high < far / 2 ? $0.high : nil }
            let pinned = range.flatMap { LayoutTolerance.same($0.low, $0.high) ? $0.high : nil }
            return PinnedSize(width: pinned, height: height, widest: widest)
        }
    }

    /// The pinned sizes where no content width is held: nothing pinned.
    var unpinned: [PinnedSize] { texts.map { _ in PinnedSize() } }

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

    /// Whether nothing the text of `slot` measures can move a frame (see ``pinnedSizes(_:ranges:)``).
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

    /// Asks for the size and baselines of `slot`'s text measured as `m`.
    private func claim(_ slot: CompiledSystem.TextSlot, _ m: TextMeasurement, into requests: inout SuggestionRequests) {
        let s = system.slots[slot.view], insets = slot.insets
        requests.ask(s.intrinsicWidth, m.width + insets.horizontal)
        requests.ask(s.intrinsicHeight, m.height + insets.vertical)
        claimBaselines(slot, m, into: &requests)
    }

    /// Asks for the baselines of a measured text: the first its offset below the
    /// view's top, the last — carried as its distance above the view's bottom — the
    /// text's descent plus the bottom inset.
    private func claimBaselines(_ slot: CompiledSystem.TextSlot, _ m: TextMeasurement, into requests: inout SuggestionRequests) {
        let s = system.slots[slot.view], insets = slot.insets
        requests.ask(s.firstBaseline, insets.top + m.firstBaseline)
        requests.ask(s.lastBaseline, insets.bottom + (m.height - m.lastBaseline))
    }
}

/// Intrinsic sizes from the template's design sizes (``IntrinsicSizes/design``).
extension TextSizer {
    /// Asks for every intrinsic size from the views' design sizes, and baselines
    /// from the text measured at the design width: the first at its ascent below the
    /// view's top, the last at its descent above the view's bottom.
    /// - Throws: ``CellLayoutError/Code/invalidValue`` for a view with intrinsic content
    ///   and no design size; ``CellLayoutError/Code/textMeasurement`` when measuring fails.
    func claimDesignSizes(
        _ row: RowState, measurer: any TextMeasurer, counters: inout FittingStatistics, into requests: inout SuggestionRequests
    ) throws(CellLayoutError) {
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
            requests.ask(system.slots[i].intrinsicWidth, size.width)
            requests.ask(system.slots[i].intrinsicHeight, size.height)
        }
        for slot in texts {
            let size = try designSize(slot.view)
            let s = system.slots[slot.view]
            requests.ask(s.intrinsicWidth, size.width)
            requests.ask(s.intrinsicHeight, size.height)
            guard s.firstBaseline >= 0 || s.lastBaseline >= 0 else { continue }
            // As when measured: the first baseline the text's ascent below the top, the
            // last its descent above the bottom, however much taller than its text the
            // label is (the baselines do not follow UILabel's centred drawing).
            // Interface Builder's frames of labels of different heights aligned by
            // baseline hold only this way. An empty label's baselines are its font's,
            // where its first line would be.
            let insets = slot.insets
            let m = try measure(slot, row, max(0, size.width - insets.horizontal), measurer, &counters, emptyAsLine: true)
            claimBaselines(slot, m, into: &requests)
        }
    }
}
