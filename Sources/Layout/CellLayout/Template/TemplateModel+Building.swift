/// Flattening and checking a template's declarations. Every mistake a
/// declaration can hold is reported here, with the line it was written on, so
/// that fitting never meets a malformed template.
extension TemplateModel {
    /// Checks and flattens a template.
    /// - Throws: ``CellLayoutError`` with code `invalidName`, `duplicateViewName`,
    ///   `unknownView`, `incompatibleAnchors`, `invalidValue`, `invalidPriority` or
    ///   `invalidStack`, for the first mistake in declaration order.
    static func make(
        name: String, contentView: ViewDeclaration, constraints: [LayoutConstraint]
    ) throws(CellLayoutError) -> TemplateModel {
        var builder = Builder(template: name)
        _ = try builder.add(contentView, parent: -1, depth: 0)
        let views = builder.finish()
        var resolved: [ResolvedConstraint] = []
        resolved.reserveCapacity(constraints.count)
        for constraint in constraints {
            resolved.append(try resolve(constraint, template: name, views: views, index: builder.index))
        }
        return TemplateModel(name: name, views: views, index: builder.index, constraints: resolved)
    }

    /// Builds the flat view list, checking each view as it goes.
    private struct Builder {
        let template: String
        var index: [String: Int] = [:]
        var pending: [PendingView] = []

        struct PendingView {
            var declaration: ViewDeclaration
            var parent: Int
            var depth: Int
            var children: [Int] = []
        }

        init(template: String) { self.template = template }

        mutating func add(_ view: ViewDeclaration, parent: Int, depth: Int) throws(CellLayoutError) -> Int {
            try check(view, isRoot: parent < 0)
            let me = pending.count
            index[view.name] = me
            pending.append(PendingView(declaration: view, parent: parent, depth: depth))
            var children: [Int] = []
            for child in view.children {
                children.append(try add(child, parent: me, depth: depth + 1))
            }
            pending[me].children = children
            if case .stack(let spec) = view.kind {
                try checkStack(view, spec)
            }
            return me
        }

        func finish() -> [ViewModel] {
            pending.map { view in
                let d = view.declaration
                var spacingAfter: [Double] = []
                if case .stack(let spec) = d.kind {
                    spacingAfter = d.children.map { child in
                        spec.customSpacing.last { $0.view == child.name }?.spacing ?? spec.spacing
                    }
                }
                return ViewModel(
                    name: d.name, kind: d.kind, attributes: d.attributes, parent: view.parent,
                    children: view.children, depth: view.depth, location: d.location,
                    variables: ViewVariables(name: d.name, kind: d.kind), spacingAfter: spacingAfter)
            }
        }

        private func fail(_ code: CellLayoutError.Code, _ message: String, _ view: ViewDeclaration) -> CellLayoutError {
            CellLayoutError(code, "template '\(template)': " + message, views: [view.name], location: view.location)
        }

        private func check(_ view: ViewDeclaration, isRoot: Bool) throws(CellLayoutError) {
            let name = view.name
            if name.isEmpty {
                throw fail(.invalidName, "a \(view.kindName) has an empty name", view)
            }
            if case .content = view.kind {
                if !isRoot {
                    throw fail(.invalidName, "a ContentView can only be the root of a template", view)
                }
            } else if name == ContentView.name {
                throw fail(.invalidName, "only the ContentView may be called '\(name)'", view)
            }
            if let other = index[name] {
                let first = pending[other].declaration.location
                throw fail(.duplicateViewName, "two views are called '\(name)' (the other is at \(first))", view)
            }
            let a = view.attributes
            for axis in Axis.allCases {
                for (what, priority) in [("content hugging", a.contentHugging[axis]),
                                         ("compression resistance", a.compressionResistance[axis])]
                where !LayoutPriorities.isDeclarable(priority) {
                    throw fail(
                        .invalidPriority,
                        "'\(name)' has \(what) priority \(priority) (\(axis)); use 1...\(LayoutPriorities.maximumOptional) or 1000",
                        view)
                }
            }
            try checkInsets(a.layoutMargins, "layout margins", view)
            if let size = a.designSize, !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
                throw fail(.invalidValue, "'\(name)' has design size \(size); sizes must be finite and not negative", view)
            }
            switch view.kind {
            case .label(let text):
                try checkText(text, view)
            case .textView(let text, let insets):
                try checkText(text, view)
                try checkInsets(insets, "text insets", view)
            case .image(let size?):
                guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                    throw fail(.invalidValue, "image view '\(name)' has size \(size); sizes must be finite and not negative", view)
                }
            case .stack(let spec):
                guard spec.spacing.isFinite else {
                    throw fail(.invalidValue, "stack '\(name)' has spacing \(spec.spacing)", view)
                }
            case .button(let text, let insets):
                try checkText(text, view)
                try checkInsets(insets, "content insets", view)
            case .control(let spec):
                let size = spec.size
                guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                    throw fail(.invalidValue, "\(spec.kindName) '\(name)' has size \(size); sizes must be finite and not negative", view)
                }
                try checkInsets(spec.alignmentInsets, "alignment insets", view)
            case .image(nil), .box, .content:
                break
            }
        }

        private func checkText(_ text: TextSpec, _ view: ViewDeclaration) throws(CellLayoutError) {
            let font = text.font
            guard font.size.isFinite, font.size > 0, font.size <= Font.maximumSize else {
                throw fail(
                    .invalidValue, "'\(view.name)' has font size \(font.size); it must be above 0 and at most \(Font.maximumSize)", view)
            }
            guard !font.family.allSatisfy({ $0.isWhitespace || $0 == "," }) else {
                throw fail(.invalidValue, "'\(view.name)' has an empty font family", view)
            }
            guard text.style.lineSpacing.isFinite, text.style.lineSpacing >= 0 else {
                throw fail(.invalidValue, "'\(view.name)' has line spacing \(text.style.lineSpacing)", view)
            }
        }

        private func checkInsets(_ insets: EdgeInsets, _ what: String, _ view: ViewDeclaration) throws(CellLayoutError) {
            guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
                throw fail(.invalidValue, "'\(view.name)' has \(what) \(insets); they must be finite", view)
            }
        }

        private func checkStack(_ view: ViewDeclaration, _ spec: StackSpec) throws(CellLayoutError) {
            if spec.axis == .vertical, spec.alignment == .firstBaseline || spec.alignment == .lastBaseline {
                throw fail(
                    .invalidStack,
                    "stack '\(view.name)' is vertical; \(spec.alignment) alignment needs a horizontal stack", view)
            }
            let arranged = Set(view.children.map(\.name))
            for custom in spec.customSpacing {
                guard arranged.contains(custom.view) else {
                    throw fail(
                        .invalidStack,
                        "stack '\(view.name)' has custom spacing after '\(custom.view)', which is not one of its arranged views",
                        view)
                }
                guard custom.spacing.isFinite else {
                    throw fail(.invalidValue, "stack '\(view.name)' has custom spacing \(custom.spacing) after '\(custom.view)'", view)
                }
            }
        }
    }

    private static func resolve(
        _ c: LayoutConstraint, template: String, views: [ViewModel], index: [String: Int]
    ) throws(CellLayoutError) -> ResolvedConstraint {
        func fail(_ code: CellLayoutError.Code, _ message: String, _ names: [String]) -> CellLayoutError {
            CellLayoutError(code, "template '\(template)': constraint \(c): " + message, views: names, location: c.location)
        }
        func anchor(_ ref: AnchorReference) throws(CellLayoutError) -> ResolvedAnchor {
            guard let view = index[ref.view] else {
                throw fail(.unknownView, "there is no view called '\(ref.view)'", [ref.view])
            }
            if ref.isLayoutMarginsGuide, ref.attribute.isBaseline {
                throw fail(.incompatibleAnchors, "a layout-margins guide has no baseline", [ref.view])
            }
            return ResolvedAnchor(view: view, attribute: ref.attribute, guide: ref.isLayoutMarginsGuide)
        }
        let first = try anchor(c.first)
        let second = try c.second.map { (ref) throws(CellLayoutError) in try anchor(ref) }
        let names = [c.first.view] + (c.second.map { [$0.view] } ?? [])

        for (what, value) in [("constant", c.constant), ("collapsed constant", c.collapsedConstant), ("multiplier", c.multiplier)]
        where !value.isFinite {
            throw fail(.invalidValue, "the \(what) is \(value)", names)
        }
        guard LayoutPriorities.isDeclarable(c.priority) else {
            throw fail(
                .invalidPriority,
                "priority \(c.priority.rawValue) is outside 1...\(LayoutPriorities.maximumOptional) and not 1000 "
                    + "(required); the levels just below 1000 are reserved for intrinsic sizes",
                names)
        }

        var space: Int?
        if c.first.attribute.isDimension {
            if let second, !second.attribute.isDimension {
                throw fail(
                    .incompatibleAnchors,
                    "a dimension (\(c.first.attribute)) cannot be related to a position (\(second.attribute))", names)
            }
        } else {
            guard let second else {
                throw fail(
                    .incompatibleAnchors,
                    "a position (\(c.first.attribute)) needs a second anchor; only a width or height can equal a constant",
                    names)
            }
            if second.attribute.isDimension {
                throw fail(
                    .incompatibleAnchors,
                    "a position (\(c.first.attribute)) cannot be related to a dimension (\(second.attribute))", names)
            }
            if second.attribute.axis != c.first.attribute.axis {
                throw fail(
                    .incompatibleAnchors,
                    "\(c.first.attribute) is \(c.first.attribute.axis) and \(second.attribute) is "
                        + "\(second.attribute.axis); positions relate only along one axis",
                    names)
            }
            if c.multiplier == 0 {
                throw fail(.incompatibleAnchors, "a multiplier of 0 would make a position equal a constant", names)
            }
            if c.multiplier != 1 {
                space = commonAncestor(first.view, second.view, views)
            }
        }
        return ResolvedConstraint(declaration: c, first: first, second: second, space: space)
    }

    private static func commonAncestor(_ a: Int, _ b: Int, _ views: [ViewModel]) -> Int {
        var a = a, b = b
        while views[a].depth > views[b].depth { a = views[a].parent }
        while views[b].depth > views[a].depth { b = views[b].parent }
        while a != b {
            a = views[a].parent
            b = views[b].parent
        }
        return a
    }
}
