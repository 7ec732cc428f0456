import Cassowary

/// A stack's arrangement as constraints, the way UIStackView makes them:
/// required edges and spacing along the axis, alignment across it, and a
/// low-priority fit that keeps the stack no larger than its views need.
/// Collapsed arranged views are left out, with the spacing next to them;
/// views hidden the UIKit way are left out of the spacing and hang loosely
/// beside their neighbours (`arrangeHidden`).
///
/// A stack that lays out right to left is arranged in mirrored horizontal
/// coordinates (`StackCoordinates`): its first arranged view at its right, a
/// vertical stack's leading alignment at its right, spacing and distribution
/// the same.
extension VariantCompiler {
    mutating func arrange(stack s: Int, _ spec: StackSpec) throws(CellLayoutError) {
        let stack = model.views[s]
        let shown = stack.children.indices.filter { !collapsed[stack.children[$0]] && !stackHidden[stack.children[$0]] }
        let axis = spec.axis, cross = spec.axis.cross
        let reason = "stack '\(stack.name)' arrangement"
        let views = model.views
        let name = { (i: Int) in views[i].name }
        let at = StackCoordinates(views: views, mirrored: stack.rightToLeft)
        // The edges the arrangement fills: the stack's bounds, or its margins. The
        // margins are by side; mirrored, the horizontal start is the right side.
        let inset = spec.marginsRelative ? stack.attributes.layoutMargins : .zero
        let startInset = at.mirrored ? inset.right : inset.left, endInset = at.mirrored ? inset.left : inset.right
        func edgeStart(_ a: Axis) -> Expression { at.start(s, a) + (a == .horizontal ? startInset : inset.top) }
        func edgeEnd(_ a: Axis) -> Expression { at.end(s, a) - (a == .horizontal ? endInset : inset.bottom) }
        try arrangeHidden(stack: s, spec, at: at, edgeStart: edgeStart(axis))

        guard let first = shown.first, let last = shown.last else {
            for dimension in Axis.allCases {
                try add(
                    Expression(size(s, dimension)), .equal, LayoutPriorities.stackFit,
                    "\(stack.name).\(dimension == .horizontal ? "width" : "height") == 0 @\(LayoutPriorities.stackFit)",
                    views: [s], reason: "stack '\(stack.name)' has no visible arranged views")
            }
            return
        }
        let head = stack.children[first], tail = stack.children[last]

        // Along the axis: edge to edge, spacing between neighbours.
        try add(
            at.start(head, axis) - edgeStart(axis), .equal, .required,
            "\(name(head)).\(startName(axis)) == \(stack.name).\(startName(axis))", views: [head, s], reason: reason)
        try add(
            at.end(tail, axis) - edgeEnd(axis), .equal, .required,
            "\(name(tail)).\(endName(axis)) == \(stack.name).\(endName(axis))", views: [tail, s], reason: reason)
        var firstGap: Expression?
        // Baseline-relative arrangement measures a vertical stack's spacing from the
        // last baseline above to the first baseline below; the ends stay at the edges.
        let baselines = spec.baselineRelative && axis == .vertical
        for (k, position) in shown.dropLast().enumerated() {
            let a = stack.children[position], b = stack.children[shown[k + 1]]
            let spacing = stack.spacingAfter[position]
            let gap = baselines ? try baseline(of: b, first: true) - baseline(of: a, first: false) : at.start(b, axis) - at.end(a, axis)
            let gapText = baselines
                ? "\(name(b)).firstBaseline - \(name(a)).lastBaseline"
                : "\(name(b)).\(startName(axis)) - \(name(a)).\(endName(axis))"
            switch spec.distribution {
            case .equalCentering:
                try add(gap - spacing, .greaterThanOrEqual, .required, "\(gapText) >= \(spacing.layoutText)", views: [a, b], reason: reason)
                if k == 0 {
                    try add(
                        gap - spacing, .equal, LayoutPriorities.stackFit,
                        "\(gapText) == \(spacing.layoutText) @\(LayoutPriorities.stackFit)", views: [a, b], reason: reason)
                }
            case .fill, .fillEqually, .fillProportionally:
                try add(gap - spacing, .equal, .required, "\(gapText) == \(spacing.layoutText)", views: [a, b], reason: reason)
            case .equalSpacing:
                try add(gap - spacing, .greaterThanOrEqual, .required, "\(gapText) >= \(spacing.layoutText)", views: [a, b], reason: reason)
                if let firstGap {
                    try add(gap - firstGap, .equal, .required, "\(gapText) == first gap", views: [a, b, s], reason: reason)
                } else {
                    firstGap = gap
                    try add(
                        gap - spacing, .equal, LayoutPriorities.stackFit,
                        "\(gapText) == \(spacing.layoutText) @\(LayoutPriorities.stackFit)", views: [a, b], reason: reason)
                }
            }
        }
        if spec.distribution == .equalCentering {
            try centerEqually(stack: s, shown: shown.map { stack.children[$0] }, axis: axis, at: at, reason: reason)
        }
        if spec.distribution == .fillProportionally {
            try fillProportionally(stack: s, shown: shown, spec: spec, inset: inset, reason: reason)
        }
        if spec.distribution == .fillEqually {
            for position in shown.dropFirst() {
                let b = stack.children[position]
                try add(
                    size(b, axis) - size(head, axis), .equal, .required,
                    "\(name(b)).\(sizeName(axis)) == \(name(head)).\(sizeName(axis))", views: [b, head], reason: reason)
            }
        }

        // Across the axis, hidden views too (UIKit aligns them with the others).
        for position in stack.children.indices where !collapsed[stack.children[position]] {
            let a = stack.children[position]
            let startText = "\(name(a)).\(startName(cross))", endText = "\(name(a)).\(endName(cross))"
            let stackStart = "\(stack.name).\(startName(cross))", stackEnd = "\(stack.name).\(endName(cross))"
            let startGap = at.start(a, cross) - edgeStart(cross), endGap = at.end(a, cross) - edgeEnd(cross)
            switch spec.alignment {
            case .fill:
                try add(startGap, .equal, .required, "\(startText) == \(stackStart)", views: [a, s], reason: reason)
                try add(endGap, .equal, .required, "\(endText) == \(stackEnd)", views: [a, s], reason: reason)
            case .leading:
                try add(startGap, .equal, .required, "\(startText) == \(stackStart)", views: [a, s], reason: reason)
                try add(endGap, .lessThanOrEqual, .required, "\(endText) <= \(stackEnd)", views: [a, s], reason: reason)
            case .trailing:
                try add(endGap, .equal, .required, "\(endText) == \(stackEnd)", views: [a, s], reason: reason)
                try add(startGap, .greaterThanOrEqual, .required, "\(startText) >= \(stackStart)", views: [a, s], reason: reason)
            case .center:
                let centerName = cross == .horizontal ? "centerX" : "centerY"
                try add(
                    at.center(a, cross) - 0.5 * (edgeStart(cross) + edgeEnd(cross)), .equal, .required,
                    "\(name(a)).\(centerName) == \(stack.name).\(centerName)", views: [a, s], reason: reason)
                try add(startGap, .greaterThanOrEqual, .required, "\(startText) >= \(stackStart)", views: [a, s], reason: reason)
            case .firstBaseline, .lastBaseline:
                try add(startGap, .greaterThanOrEqual, .required, "\(startText) >= \(stackStart)", views: [a, s], reason: reason)
                try add(endGap, .lessThanOrEqual, .required, "\(endText) <= \(stackEnd)", views: [a, s], reason: reason)
                if a != head {
                    let first = spec.alignment == .firstBaseline
                    let which = first ? "firstBaseline" : "lastBaseline"
                    try add(
                        try baseline(of: a, first: first) - baseline(of: head, first: first), .equal, .required,
                        "\(name(a)).\(which) == \(name(head)).\(which)", views: [a, head], reason: reason)
                }
            }
        }
        if spec.alignment != .fill {
            try add(
                Expression(size(s, cross)), .equal, LayoutPriorities.stackFit,
                "\(stack.name).\(sizeName(cross)) == 0 @\(LayoutPriorities.stackFit)", views: [s], reason: reason)
        }
    }

    /// UIStackView's hiding: a hidden arranged view is zero along the axis at 999.999
    /// (`UISV-hiding`, so that a required length of its own wins, as in UIKit), and
    /// hangs at priority 50 (`UISV-spacing-hidden`) half a spacing from its neighbours,
    /// or at no distance where no visible view comes before it. The visible views are
    /// chained by `arrange` as if the hidden ones were not there.
    private mutating func arrangeHidden(stack s: Int, _ spec: StackSpec, at: StackCoordinates, edgeStart: Expression) throws(CellLayoutError) {
        let stack = model.views[s]
        let order = stack.children.indices.filter { !collapsed[stack.children[$0]] }
        guard order.contains(where: { stackHidden[stack.children[$0]] }) else { return }
        let axis = spec.axis
        let reason = "stack '\(stack.name)' hides the arranged view the UIKit way"
        let views = model.views
        let name = { (i: Int) in views[i].name }
        for position in order where stackHidden[stack.children[position]] {
            let h = stack.children[position]
            try add(
                Expression(size(h, axis)), .equal, LayoutPriorities.stackHiding,
                "\(name(h)).\(sizeName(axis)) == 0 @\(LayoutPriorities.stackHiding)", views: [h, s], reason: reason)
        }
        var visibleBefore = false
        if let head = order.first, stackHidden[stack.children[head]] {
            let h = stack.children[head]
            try add(
                at.start(h, axis) - edgeStart, .equal, LayoutPriorities.stackHiddenSpacing,
                "\(name(h)).\(startName(axis)) == \(stack.name).\(startName(axis)) @\(LayoutPriorities.stackHiddenSpacing)",
                views: [h, s], reason: reason)
        }
        for (k, position) in order.dropLast().enumerated() {
            let a = stack.children[position], b = stack.children[order[k + 1]]
            visibleBefore = visibleBefore || !stackHidden[a]
            guard stackHidden[a] || stackHidden[b] else { continue }
            let spacing = visibleBefore ? 0.5 * stack.spacingAfter[position] : 0
            try add(
                at.start(b, axis) - at.end(a, axis) - spacing, .equal, LayoutPriorities.stackHiddenSpacing,
                "\(name(b)).\(startName(axis)) - \(name(a)).\(endName(axis)) == \(spacing.layoutText) @\(LayoutPriorities.stackHiddenSpacing)",
                views: [a, b], reason: reason)
        }
    }

    /// equalCentering: the distance between neighbouring centres is the same all along.
    private mutating func centerEqually(stack s: Int, shown: [Int], axis: Axis, at: StackCoordinates, reason: String) throws(CellLayoutError) {
        guard shown.count > 2 else { return }
        let views = model.views
        let name = { (i: Int) in views[i].name }
        let centerName = axis == .horizontal ? "centerX" : "centerY"
        let firstDistance = at.center(shown[1], axis) - at.center(shown[0], axis)
        for k in 2..<shown.count {
            let a = shown[k - 1], b = shown[k]
            try add(
                at.center(b, axis) - at.center(a, axis) - firstDistance, .equal, .required,
                "\(name(b)).\(centerName) - \(name(a)).\(centerName) == first centre distance", views: [a, b, s],
                reason: reason)
        }
    }

    /// fillProportionally: each view takes the share of the length (less the
    /// spacing) that its intrinsic size along the axis has of theirs together.
    /// UIKit computes the shares from the intrinsic sizes when it updates its
    /// constraints, outside the solver; a compiled variant serves many rows, so
    /// the shares here come from what is fixed per template: the design size
    /// where there is one, else an image's or control's size. A view with
    /// neither counts as 0, as a view without intrinsic size does in UIKit; when
    /// every share is 0 the stack fills as `.fill` does.
    private mutating func fillProportionally(
        stack s: Int, shown: [Int], spec: StackSpec, inset: EdgeInsets, reason: String
    ) throws(CellLayoutError) {
        let stack = model.views[s]
        let children = shown.map { stack.children[$0] }
        let axis = spec.axis
        let weights = children.map { i -> Double in
            let view = model.views[i]
            let fixed: Size?
            switch view.kind {
            case .image(let size): fixed = size
            case .control(let c): fixed = c.size
            default: fixed = nil
            }
            guard let size = view.attributes.designSize ?? fixed else { return 0 }
            return axis == .horizontal ? size.width : size.height
        }
        let total = weights.reduce(0, +)
        guard total > 0 else { return }
        let spacing = shown.dropLast().reduce(0.0) { $0 + stack.spacingAfter[$1] }
        let margins = axis == .horizontal ? inset.horizontal : inset.vertical
        let available = Expression(size(s, axis)) - spacing - margins
        for (i, weight) in zip(children, weights) {
            let share = weight / total
            try add(
                size(i, axis) - share * available, .equal, LayoutPriorities.proportionalFill,
                "\(model.views[i].name).\(sizeName(axis)) == \(share.layoutText) * (\(stack.name).\(sizeName(axis)) - \((spacing + margins).layoutText)) @\(LayoutPriorities.proportionalFill)",
                views: [i, s], reason: reason)
        }
    }

    private func size(_ i: Int, _ axis: Axis) -> Variable {
        let v = model.views[i].variables
        return axis == .horizontal ? v.width : v.height
    }

    private func startName(_ axis: Axis) -> String { axis == .horizontal ? "leading" : "top" }
    private func endName(_ axis: Axis) -> String { axis == .horizontal ? "trailing" : "bottom" }
    private func sizeName(_ axis: Axis) -> String { axis == .horizontal ? "width" : "height" }
}

/// Positions along a stack's axes, as the arrangement measures them: from the top
/// and from the left, or, `mirrored` (a stack that lays out right to left), from
/// the right, leftwards: every horizontal position negated, so that the stack's
/// start is its right edge and the constraints are otherwise those of a
/// left-to-right stack. Unmirrored, the expressions are exactly those the
/// arrangement always made.
struct StackCoordinates {
    let views: [ViewModel]
    let mirrored: Bool

    func start(_ i: Int, _ axis: Axis) -> Expression {
        let v = views[i].variables
        guard axis == .horizontal else { return Expression(v.y) }
        return mirrored ? -(v.x + v.width) : Expression(v.x)
    }

    func end(_ i: Int, _ axis: Axis) -> Expression {
        let v = views[i].variables
        guard axis == .horizontal else { return v.y + v.height }
        return mirrored ? -v.x : v.x + v.width
    }

    func center(_ i: Int, _ axis: Axis) -> Expression {
        let v = views[i].variables
        guard axis == .horizontal else { return v.y + 0.5 * v.height }
        return mirrored ? -(v.x + 0.5 * v.width) : v.x + 0.5 * v.width
    }
}
