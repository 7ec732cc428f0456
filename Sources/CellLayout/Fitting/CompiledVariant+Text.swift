import Cassowary

/// Sizing the row's text: multi-line text wraps at the width its view gets, and
/// that width can depend on the text's own intrinsic width, so the fitter
/// iterates: suggest intrinsic sizes, solve, read each text view's width,
/// re-measure where the width moved out of what the last measurement covers,
/// suggest again.
///
/// A measurement taken at `maxWidth` M with widest line w covers every width in
/// [w, M]: greedy line breaking gives the same lines at any width in that range,
/// so the height cannot change. A first measurement is unwrapped (M = ∞) unless
/// the view's width is pinned by required constraints, in which case it is
/// taken at that width. Templates whose widths do not depend on heights settle
/// in two solves (one when pinned or when nothing wraps); at most three are
/// allowed.
extension CompiledVariant {
    /// The most solves a row may take before the text is declared unsettled.
    static let maximumSolves = 3

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
    }

    /// Suggests image sizes and text sizes for `row`, iterating until every text
    /// view's width is covered by its measurement.
    /// - Returns: the number of solves (rounds of suggestions) it took.
    /// - Throws: ``CellLayoutError/Code/textMeasurement`` when measuring fails,
    ///   ``CellLayoutError/Code/notConverged`` when the text has not settled after
    ///   ``maximumSolves`` solves.
    mutating func sizeContent(
        _ row: RowState, model: TemplateModel, measurer: any TextMeasurer, counters: inout FittingStatistics
    ) throws(CellLayoutError) -> Int {
        for i in images {
            let size = row.imageSizes[i] ?? .zero
            try suggest(slots[i].intrinsicWidth, size.width, model)
            try suggest(slots[i].intrinsicHeight, size.height, model)
        }
        if pinnedWidths == nil { pinnedWidths = probePinnedWidths(model: model) }
        let pinned = pinnedWidths ?? []

        var measured: [Measured] = []
        measured.reserveCapacity(texts.count)
        for (k, slot) in texts.enumerated() {
            let text = row.texts[slot.view]
            let wraps = slot.style.lines != 1 && !text.isEmpty
            var maxWidth = Double.infinity
            if wraps, k < pinned.count, let width = pinned[k] {
                maxWidth = max(0, LayoutTolerance.snapped(width) - slot.insets.horizontal)
            }
            let m = try measure(slot, row, maxWidth, model, measurer, &counters)
            measured.append(Measured(measurement: m, maxWidth: maxWidth, wraps: wraps))
            try suggest(slot, m, model)
        }

        var solves = 1
        let limit = Self.maximumSolves
        while true {
            var moved: [Int] = []
            for (k, slot) in texts.enumerated() where measured[k].wraps {
                let v = model.views[slot.view].variables
                let width = max(0, LayoutTolerance.snapped(solver.value(of: v.width)) - slot.insets.horizontal)
                if measured[k].covers(width) { continue }
                moved.append(k)
                if solves == limit { continue }
                let m = try measure(slot, row, width, model, measurer, &counters)
                measured[k] = Measured(measurement: m, maxWidth: width, wraps: true)
                try suggest(slot, m, model)
            }
            if moved.isEmpty { return solves }
            if solves == limit {
                let names = moved.map { model.views[texts[$0].view].name }
                let list = names.map { "'\($0)'" }.joined(separator: ", ")
                throw CellLayoutError(
                    .notConverged,
                    "template '\(model.name)': the text of \(list) did not settle in \(limit) solves; "
                        + "their widths depend on their heights",
                    views: names, location: model.views[texts[moved[0]].view].location)
            }
            solves += 1
        }
    }

    fileprivate func measure(
        _ slot: TextSlot, _ row: RowState, _ maxWidth: Double, _ model: TemplateModel,
        _ measurer: any TextMeasurer, _ counters: inout FittingStatistics
    ) throws(CellLayoutError) -> TextMeasurement {
        var text = row.texts[slot.view]
        if text.isEmpty {
            guard slot.measuresEmptyAsLine else { return .zero }
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

    fileprivate mutating func suggest(_ slot: TextSlot, _ m: TextMeasurement, _ model: TemplateModel) throws(CellLayoutError) {
        let s = slots[slot.view], insets = slot.insets
        try suggest(s.intrinsicWidth, m.width + insets.horizontal, model)
        try suggest(s.intrinsicHeight, m.height + insets.vertical, model)
        try suggestBaselines(slot, m, model)
    }

    /// Suggests the baselines of a measured text: the first its offset below the
    /// view's top, the last — carried as its distance above the view's bottom — the
    /// text's descent plus the bottom inset.
    fileprivate mutating func suggestBaselines(_ slot: TextSlot, _ m: TextMeasurement, _ model: TemplateModel) throws(CellLayoutError) {
        let s = slots[slot.view], insets = slot.insets
        try suggest(s.firstBaseline, insets.top + m.firstBaseline, model)
        try suggest(s.lastBaseline, insets.bottom + (m.height - m.lastBaseline), model)
    }

    /// Suggests `value` for the edit variable in `slot`, unless it already holds
    /// that suggestion or the slot is unused (-1).
    fileprivate mutating func suggest(_ slot: Int, _ value: Double, _ model: TemplateModel) throws(CellLayoutError) {
        guard slot >= 0, suggestions[slot] != value else { return }
        do {
            try solver.suggest(edits[slot].variable, value: value)
        } catch {
            throw CellLayoutError(
                .solverFailure, "template '\(model.name)': \(error.message)", views: [model.views[edits[slot].view].name])
        }
        suggestions[slot] = value
    }
}

/// Intrinsic sizes from the template's design sizes (``IntrinsicSizes/design``).
extension CompiledVariant {
    /// Suggests every intrinsic size from the views' design sizes, and baselines
    /// from the text measured at the design width: the first at its ascent below the
    /// view's top, the last at its descent above the view's bottom.
    /// - Returns: 1, the solves it took.
    /// - Throws: ``CellLayoutError/Code/invalidValue`` for a view with intrinsic content
    ///   and no design size; ``CellLayoutError/Code/textMeasurement`` when measuring fails.
    mutating func sizeContentByDesign(
        _ row: RowState, model: TemplateModel, measurer: any TextMeasurer, counters: inout FittingStatistics
    ) throws(CellLayoutError) -> Int {
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
        for i in images {
            var size = try designSize(i)
            if case .control(let spec) = model.views[i].kind {
                // The design size is the frame; constraints act on the alignment rectangle.
                let a = spec.alignmentInsets
                size = Size(width: max(0, size.width - a.horizontal), height: max(0, size.height - a.vertical))
            }
            try suggest(slots[i].intrinsicWidth, size.width, model)
            try suggest(slots[i].intrinsicHeight, size.height, model)
        }
        for slot in texts {
            let size = try designSize(slot.view)
            let s = slots[slot.view]
            try suggest(s.intrinsicWidth, size.width, model)
            try suggest(s.intrinsicHeight, size.height, model)
            guard s.firstBaseline >= 0 || s.lastBaseline >= 0 else { continue }
            // As when measured: the first baseline the text's ascent below the top, the
            // last its descent above the bottom, however much taller than its text the
            // label is (the baselines do not follow UILabel's centred drawing).
            // Interface Builder's frames of labels of different heights aligned by
            // baseline hold only this way.
            let insets = slot.insets
            let m = try measure(slot, row, max(0, size.width - insets.horizontal), model, measurer, &counters)
            try suggestBaselines(slot, m, model)
        }
        return 1
    }
}

extension CompiledVariant {
    /// Suggests the row's intrinsic sizes from `intrinsicSizes`' source.
    /// - Returns: the number of solves it took.
    mutating func sizeContent(
        _ row: RowState, intrinsicSizes: IntrinsicSizes, model: TemplateModel, measurer: any TextMeasurer,
        counters: inout FittingStatistics
    ) throws(CellLayoutError) -> Int {
        switch intrinsicSizes {
        case .measured: try sizeContent(row, model: model, measurer: measurer, counters: &counters)
        case .design: try sizeContentByDesign(row, model: model, measurer: measurer, counters: &counters)
        }
    }
}
