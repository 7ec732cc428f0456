import Cassowary

// `package`, not `public`: what the `cellfit` tool needs to check the engine
// against GLPK (`heights --engine glpk`) and to draw rows (`render`). Neither
// is part of the sizing API: a row's constraint system exposes the solver's
// vocabulary (`Variable`, `Constraint`), which `import CellLayout` deliberately
// does not, and the drawing inputs are the template's internals. Tools in this
// package may rely on them; the library's users cannot.

/// One row's constraint system as the fitter solved it, after the text
/// iteration: every constraint of the row's variant (the fitting width
/// included), every edit variable with the value it was last suggested, and
/// the variables of every view's frame. Solving it with another solver and
/// reading ``contentHeight`` gives that solver's answer for the row.
package struct RowConstraintSystem: Sendable {
    /// The constraints in the solver, in the order they were added.
    package let constraints: [Constraint]
    /// The edit variables (intrinsic sizes, baselines), their priority and their suggestion.
    package let edits: [(variable: Variable, priority: Priority, value: Double)]
    /// The view names, content view first, as in ``CellLayoutResult/viewNames``.
    package let viewNames: [String]
    /// Per view: x, y, width and height, in content-view coordinates.
    package let frameVariables: [(x: Variable, y: Variable, width: Variable, height: Variable)]
    /// The pixel grid heights are rounded to.
    package let scale: DisplayScale
    /// The separator below the row.
    package let separatorHeight: Double
    /// What the fitter itself found for the row.
    package let layout: CellLayoutResult

    /// The content view's height variable.
    package var contentHeight: Variable { frameVariables[0].height }

    /// The row height for a content height found by another solver, rounded as
    /// ``CellFitter/fit(row:width:)`` rounds its own.
    package func rowHeight(exactHeight: Double) -> Double {
        scale.roundUp(scale.roundUp(exactHeight) + separatorHeight)
    }
}

/// What a row shows in one view, for drawing it: the template's declaration
/// with the row's content applied.
package struct RowViewContent: Sendable {
    /// The view's name.
    package let name: String
    /// `label`, `text view`, `image view`, `box`, `stack` or `content view`.
    package let kindName: String
    /// The superview's index in the template's views; -1 for the content view.
    package let parent: Int
    /// The text it shows, for labels and text views; `nil` for other kinds.
    package let text: String?
    /// The font of that text.
    package let font: Font
    /// Lines, line breaking and spacing of that text.
    package let style: TextStyle
    /// Where the text sits inside the frame (text views' container insets; zero otherwise).
    package let insets: EdgeInsets
    /// How far the frame extends past the alignment rectangle (a control's shadow or a
    /// slider's thumb overhang); zero for views without such an ornament.
    package let alignmentInsets: EdgeInsets
}

extension CellFitter {
    /// Fits the row, then returns the constraint system the fitter solved for it,
    /// with the suggestions of the last solve.
    /// - Throws: as ``fit(_:width:)``.
    package mutating func constraintSystem(_ content: Content, width: Double) throws(CellLayoutError) -> RowConstraintSystem {
        var row = CellContent()
        template.bind(content, &row)
        let (layout, index) = try fitVariant(row: row, width: width)
        let model = template.model
        let variant = compiledVariant(at: index)
        let solver = variant.solver.simplex
        var edits: [(variable: Variable, priority: Priority, value: Double)] = []
        for (variable, priority) in solver.editVariables {
            let slot = variant.edits.firstIndex { $0.variable === variable }
            edits.append((variable, priority, slot.map { variant.suggestions[$0] } ?? 0))
        }
        return RowConstraintSystem(
            constraints: solver.constraints, edits: edits, viewNames: model.views.map(\.name),
            frameVariables: model.views.map { ($0.variables.x, $0.variables.y, $0.variables.width, $0.variables.height) },
            scale: measurer.scale, separatorHeight: layout.separatorHeight, layout: layout)
    }
}

extension CellTemplate {
    /// What each view shows in the row of `content`, in the order of ``viewNames``.
    /// - Throws: ``CellLayoutError`` when the binding sets something the template cannot take.
    package func viewContents(for content: Content) throws(CellLayoutError) -> [RowViewContent] {
        var bound = CellContent()
        bind(content, &bound)
        var row = model.defaults
        var recent: [Int] = []
        try row.apply(bound, model: model, recent: &recent)
        return model.views.enumerated().map { i, view in
            RowViewContent(
                name: view.name, kindName: view.kind.name, parent: view.parent,
                text: view.kind.text == nil ? nil : row.texts[i], font: row.fonts[i],
                style: view.kind.text?.style ?? .default, insets: view.kind.textInsets,
                alignmentInsets: { if case .control(let spec) = view.kind { spec.alignmentInsets } else { .zero } }())
        }
    }
}
