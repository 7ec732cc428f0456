import Cancellation
import Cassowary

/// Compiles one variant of a template into a ``CompiledVariant``: the implicit
/// constraints (content view origin, fitting height, intrinsic sizes,
/// collapsed sizes, stack arrangements), the declared constraints with the
/// variant's constants, and the edit variables.
struct VariantCompiler {
    let model: TemplateModel
    let collapsed: [Bool]
    /// Arranged subviews hidden the UIKit way: out of their stack's spacing, zero along its axis.
    let stackHidden: [Bool]
    var solver = Solver()
    /// Constraints waiting for the solver: they enter as one batch (one optimisation
    /// and one certificate) when the compiler next needs the solver itself.
    var pending: [Constraint] = []
    /// Edit variables waiting for the solver: one call, before the pending constraints.
    var pendingEdits: [(variable: Variable, priority: Priority)] = []
    var required: [Constraint] = []
    var origins: [ObjectIdentifier: ConstraintOrigin] = [:]
    var edits: [CompiledSystem.EditVariable] = []
    /// Each edit variable's suggestion in the compiled solver.
    var suggestions: [Double] = []
    var slots: [CompiledSystem.EditSlots]

    init(model: TemplateModel, row: RowState) {
        self.model = model
        self.collapsed = row.visibility.map { $0 == .collapsed }
        self.stackHidden = model.views.indices.map { i in
            guard i > 0, row.visibility[i] == .uikitHidden, case .stack = model.views[model.views[i].parent].kind else { return false }
            return true
        }
        self.slots = Array(repeating: CompiledSystem.EditSlots(), count: model.views.count)
    }

    /// Builds the variant's solver.
    /// - Throws: ``CellLayoutError/Code/unsatisfiable`` when the variant's required
    ///   constraints conflict (whatever the width).
    ///   ``CellLayoutError/Code/cancelled`` when `limits.cancellation` is cancelled.
    static func compile(model: TemplateModel, row: RowState, limits: SolverLimits = SolverLimits()) throws(CellLayoutError) -> CompiledVariant {
        var compiler = VariantCompiler(model: model, row: row)
        compiler.solver.cancellation = limits.cancellation
        compiler.solver.maximumTableauCells = limits.maximumTableauCells
        return try compiler.run(row)
    }

    private mutating func run(_ row: RowState) throws(CellLayoutError) -> CompiledVariant {
        let content = model.views[0].variables
        try add(
            Expression(content.x), .equal, .required, "contentView.left == 0",
            views: [0], reason: "the content view is at the origin")
        try add(
            Expression(content.y), .equal, .required, "contentView.top == 0",
            views: [0], reason: "the content view is at the origin")
        try add(
            Expression(content.height), .equal, .fittingSizeLevel, "contentView.height == 0 @fittingSizeLevel",
            views: [0], reason: "compressed fitting")

        // The structure first — collapsed sizes, stack arrangements, the declared
        // constraints —, the intrinsic sizes last. Added while no soft intrinsic row
        // holds a view's size, a required constraint finds a subject among its own
        // variables; added after them, every `H:|[label]|` would go through phase one
        // and re-optimise every label's hugging row, and a template of N such labels
        // would compile in O(N³) (Docs/Performance.md, "Compiling large templates").
        for (i, view) in model.views.enumerated() {
            if collapsed[i] {
                try addCollapsedSize(i)
            } else if case .stack(let spec) = view.kind {
                try arrange(stack: i, spec)
            }
        }
        for (k, constraint) in model.constraints.enumerated() where !model.disabled.contains(k) {
            try addDeclared(constraint, index: k)
        }
        var texts: [CompiledSystem.TextSlot] = []
        var images: [Int] = []
        for (i, view) in model.views.enumerated() where !collapsed[i] {
            switch view.kind {
            case .label(let spec):
                try addIntrinsicSize(i)
                texts.append(.init(view: i, insets: .zero, style: spec.style, measuresEmptyAsLine: false))
            case .textView(let spec, let insets):
                try addIntrinsicSize(i)
                texts.append(.init(view: i, insets: insets, style: spec.style, measuresEmptyAsLine: true))
            case .button(let spec, let insets):
                try addIntrinsicSize(i)
                texts.append(.init(view: i, insets: insets, style: spec.style, measuresEmptyAsLine: false))
            case .image where row.imageSizes[i] != nil, .control:
                try addIntrinsicSize(i)
                images.append(i)
            case .image, .box, .content, .stack:
                break
            }
        }
        try addTextWidthBounds(&texts)

        try flush()
        var frameVariables: [Variable] = []
        frameVariables.reserveCapacity(4 * model.views.count)
        for view in model.views {
            let v = view.variables
            frameVariables += [v.x, v.y, v.width, v.height]
        }
        let system = CompiledSystem(
            model: model, collapsed: collapsed, edits: edits, slots: slots, texts: texts, images: images,
            outputReader: solver.makeReader(for: frameVariables + edits.map(\.variable)), required: required,
            origins: origins, solver: solver, suggestions: suggestions)
        return CompiledVariant(system)
    }

    // MARK: - Implicit constraints

    /// A collapsed view has zero size, whatever else holds.
    private mutating func addCollapsedSize(_ i: Int) throws(CellLayoutError) {
        let v = model.views[i].variables
        let name = model.views[i].name
        let reason = "'\(name)' is collapsed"
        try add(Expression(v.width), .equal, .required, "\(name).width == 0", views: [i], reason: reason)
        try add(Expression(v.height), .equal, .required, "\(name).height == 0", views: [i], reason: reason)
    }

    /// Per axis, `size >= intrinsic` at the compression resistance and
    /// `size <= intrinsic` at the content hugging, the intrinsic size being an
    /// edit variable the rows suggest.
    private mutating func addIntrinsicSize(_ i: Int) throws(CellLayoutError) {
        let view = model.views[i]
        guard let iw = view.variables.intrinsicWidth, let ih = view.variables.intrinsicHeight else { return }
        slots[i].intrinsicWidth = try addEdit(iw, view: i, role: .intrinsicWidth)
        slots[i].intrinsicHeight = try addEdit(ih, view: i, role: .intrinsicHeight)
        let a = view.attributes
        for (axis, size, intrinsic) in [(Axis.horizontal, view.variables.width, iw), (.vertical, view.variables.height, ih)] {
            if case .control(let spec) = view.kind, !spec.intrinsicAxes.contains(axis) { continue }
            let dimension = axis == .horizontal ? "width" : "height"
            let hug = a.contentHugging[axis], resist = a.compressionResistance[axis]
            try add(
                size - intrinsic, .greaterThanOrEqual, resist,
                "\(view.name).\(dimension) >= intrinsic \(dimension)\(resist.isRequired ? "" : " @\(resist)")",
                views: [i], reason: "compression resistance")
            try add(
                size - intrinsic, .lessThanOrEqual, hug,
                "\(view.name).\(dimension) <= intrinsic \(dimension)\(hug.isRequired ? "" : " @\(hug)")",
                views: [i], reason: "content hugging")
        }
    }

    /// For each text that may wrap, its width's bounds (`text width >= floor` and
    /// `text width <= ceiling` at ``LayoutPriorities/textWidth``, both edit
    /// variables: the sizing of a row's text moves them), and between consecutive
    /// wrapping texts an equal-width tie-break at ``LayoutPriorities/textTieBreak``.
    private mutating func addTextWidthBounds(_ texts: inout [CompiledSystem.TextSlot]) throws(CellLayoutError) {
        var previous: (slot: CompiledSystem.TextSlot, width: Expression)?
        for k in texts.indices where texts[k].style.lines != 1 {
            let view = model.views[texts[k].view]
            let width = view.variables.width - texts[k].insets.horizontal
            let floor = Variable("\(view.name).textWidthFloor"), ceiling = Variable("\(view.name).textWidthCeiling")
            texts[k].floor = try addEdit(floor, view: texts[k].view, role: .textWidthFloor)
            texts[k].ceiling = try addEdit(ceiling, view: texts[k].view, role: .textWidthCeiling)
            // Open before any constraint mentions it: a ceiling of 0 would hold every text
            // at width 0 until the first row, and holding the content width against that
            // re-pivoted the whole tableau (1000 labels: 11 s instead of under 1).
            try flush()
            do {
                try solver.suggest(ceiling, value: TextSizer.compiledCeiling)
            } catch {
                throw .solver(error, template: model.name, views: [view.name])
            }
            suggestions[texts[k].ceiling] = TextSizer.compiledCeiling
            let level = LayoutPriorities.textWidth
            try add(
                width - floor, .greaterThanOrEqual, level, "\(view.name) text width >= its widest word",
                views: [texts[k].view], reason: "wrapping text is never narrower than its widest word")
            try add(
                width - ceiling, .lessThanOrEqual, level, "\(view.name) text width <= its measured width",
                views: [texts[k].view], reason: "wrapping text keeps the width it was measured at")
            if let (other, otherWidth) = previous {
                let name = model.views[other.view].name
                try add(
                    width - otherWidth, .equal, LayoutPriorities.textTieBreak,
                    "\(view.name) text width == \(name) text width @\(LayoutPriorities.textTieBreak)",
                    views: [other.view, texts[k].view], reason: "wrapping texts share a width no constraint decides")
            }
            previous = (texts[k], width)
        }
    }

    /// Registers an edit variable and returns its slot. Edit variables wait for the
    /// solver as constraints do, and enter before the constraints that wait with
    /// them, while no constraint mentions them yet: each row is then
    /// `v = suggestion` alone and costs no pivot. Added after the constraints, each
    /// edit would re-optimise a tableau they had filled.
    mutating func addEdit(_ variable: Variable, view: Int, role: CompiledSystem.EditRole) throws(CellLayoutError) -> Int {
        pendingEdits.append((variable: variable, priority: LayoutPriorities.intrinsic))
        edits.append(.init(variable: variable, view: view, role: role))
        suggestions.append(0)
        return edits.count - 1
    }

    // MARK: - Declared constraints

    private mutating func addDeclared(_ c: ResolvedConstraint, index: Int) throws(CellLayoutError) {
        let d = c.declaration
        let touchesCollapsed = c.views.contains { collapsed[$0] }
        let constant = touchesCollapsed ? d.collapsedConstant : d.constant
        var lhs = try anchor(c.first)
        var rhs: Expression
        if let second = c.second {
            let other = try anchor(second)
            if mirrored(c) {
                // Measured leftwards, from the right, as UIKit measures leading and
                // trailing right to left: `a.leading == b.trailing + 8` puts a 8 to
                // the left of b. With a multiplier, from the common ancestor's right edge.
                let origin = c.space.map { model.views[$0].variables.x + model.views[$0].variables.width } ?? Expression(0)
                lhs = origin - lhs
                rhs = (origin - other) * d.multiplier + constant
            } else {
                rhs = other * d.multiplier + constant
                if let space = c.space {
                    // Positions with a multiplier are measured from the common
                    // ancestor's top-left corner, as UIKit measures them in its bounds.
                    let v = model.views[space].variables
                    let origin = d.first.attribute.axis == .horizontal ? v.x : v.y
                    lhs = lhs - origin
                    rhs = rhs - d.multiplier * origin
                }
            }
        } else {
            rhs = Expression(constant)
        }
        var equation = d.description
        if touchesCollapsed, d.collapsedConstant != d.constant {
            equation += " (collapsed: constant \(d.collapsedConstant.layoutText))"
        }
        let constraint = Constraint(lhs - rhs, d.relation, priority: d.priority, location: d.location.description)
        try add(
            constraint,
            ConstraintOrigin(declared: index, equation: equation, views: c.views, reason: nil, location: d.location))
    }

    /// Whether a constraint is measured right to left: where its first `leading` or
    /// `trailing` anchor (the first item's, else the second's) belongs to a view that
    /// lays out right to left. Constraints without either are measured left to right.
    private func mirrored(_ c: ResolvedConstraint) -> Bool {
        if c.first.attribute.isDirectional { return model.views[c.first.view].rightToLeft }
        if let second = c.second, second.attribute.isDirectional { return model.views[second.view].rightToLeft }
        return false
    }

    // MARK: - Anchors as expressions

    /// The expression of an attribute in content-view coordinates.
    mutating func anchor(_ a: ResolvedAnchor) throws(CellLayoutError) -> Expression {
        let view = model.views[a.view]
        let v = view.variables
        let m = a.guide && !collapsed[a.view] ? view.attributes.layoutMargins : .zero
        // Each anchor takes its own view's direction; the margins are by side already.
        switch a.attribute.resolved(rightToLeft: view.rightToLeft) {
        case .left, .leading:
            return v.x + m.left
        case .right, .trailing:
            return v.x + v.width - m.right
        case .centerX:
            return v.x + 0.5 * v.width + (m.left - m.right) / 2
        case .top:
            return v.y + m.top
        case .bottom:
            return v.y + v.height - m.bottom
        case .centerY:
            return v.y + 0.5 * v.height + (m.top - m.bottom) / 2
        case .width:
            return v.width - m.horizontal
        case .height:
            return v.height - m.vertical
        case .firstBaseline:
            return try baseline(of: a.view, first: true)
        case .lastBaseline:
            return try baseline(of: a.view, first: false)
        }
    }

    /// A baseline: text views' from an edit variable — the first baseline a
    /// measured offset below the view's top, the last baseline a measured offset
    /// above its bottom, as UIKit places them (`_firstBaselineOffsetFromTop`,
    /// `_baselineOffsetFromBottom`), so a label stretched beyond its text keeps
    /// its last baseline near its bottom —, a stack's from its first (or,
    /// vertically, last) visible arranged view, and every other view's at its
    /// bottom, as in UIKit. A collapsed view's baseline is its top (its height is zero).
    mutating func baseline(of i: Int, first: Bool) throws(CellLayoutError) -> Expression {
        let view = model.views[i]
        let v = view.variables
        if collapsed[i] { return Expression(v.y) }
        switch view.kind {
        case .label, .textView, .button:
            if first, let offset = v.firstBaseline {
                if slots[i].firstBaseline < 0 {
                    slots[i].firstBaseline = try addEdit(offset, view: i, role: .firstBaseline)
                }
                return v.y + offset
            }
            if !first, let offset = v.lastBaseline {
                if slots[i].lastBaseline < 0 {
                    slots[i].lastBaseline = try addEdit(offset, view: i, role: .lastBaseline)
                }
                return v.y + v.height - offset
            }
            return v.y + v.height
        case .stack(let spec):
            let shown = view.children.filter { !collapsed[$0] && !stackHidden[$0] }
            guard let firstShown = shown.first, let lastShown = shown.last else { return v.y + v.height }
            let child = spec.axis == .vertical && !first ? lastShown : firstShown
            return try baseline(of: child, first: first)
        case .image, .box, .content, .control:
            return v.y + v.height
        }
    }

    // MARK: - Adding

    /// Adds `expression OP 0`.
    mutating func add(
        _ expression: Expression, _ relation: Relation, _ priority: Priority, _ equation: String,
        views: [Int], reason: String
    ) throws(CellLayoutError) {
        let location = views.first.map { model.views[$0].location }
        try add(
            Constraint(expression, relation, priority: priority, location: nil),
            ConstraintOrigin(declared: nil, equation: equation, views: views, reason: reason, location: location))
    }

    private mutating func add(_ constraint: Constraint, _ origin: ConstraintOrigin) throws(CellLayoutError) {
        origins[constraint.id] = origin
        pending.append(constraint)
    }

    /// Adds the pending edit variables, then the pending constraints, to the solver:
    /// a call each, all or none.
    private mutating func flush() throws(CellLayoutError) {
        if !pendingEdits.isEmpty {
            let entering = pendingEdits
            pendingEdits.removeAll(keepingCapacity: true)
            do {
                try solver.addEditVariables(entering)
            } catch {
                let view = error.variable.flatMap { failed in edits.first { $0.variable === failed } }.map { model.views[$0.view].name }
                throw .solver(error, template: model.name, views: view.map { [$0] } ?? [])
            }
        }
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        do {
            try solver.add(batch)
        } catch where error.code == .unsatisfiableConstraint {
            // The solver's error carries the minimal conflict already; searching the
            // required constraints again would repeat its work.
            let end = error.constraint.flatMap { failed in batch.firstIndex { $0 === failed } } ?? batch.count - 1
            throw Diagnosis.unsatisfiable(
                model: model, collapsed: collapsed,
                candidates: error.conflicts.isEmpty ? required + batch[..<end].filter(\.priority.isRequired) + [batch[end]] : error.conflicts,
                origins: origins, width: nil)
        } catch {
            let origin = error.constraint.flatMap { origins[$0.id] }
            throw .solver(
                error, template: model.name, doing: origin?.equation, views: origin?.views.map { model.views[$0].name } ?? [],
                location: origin?.location)
        }
        required += batch.filter(\.priority.isRequired)
    }
}
