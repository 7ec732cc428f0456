import Cancellation
import Cassowary

/// One variant of a template (one set of collapsed views) compiled: every
/// constraint added once to a solver, intrinsic sizes and baselines as edit
/// variables, and what the rows need to find them. Immutable once compiled,
/// and shared (a class) by every copy of the variant: a row's state is in
/// ``RowSolver`` and ``TextSizer``, which hold it.
final class CompiledSystem: Sendable {
    /// The template this variant belongs to (a reference: the model is a class).
    let model: TemplateModel
    /// Which views are collapsed in this variant.
    let collapsed: [Bool]
    /// The edit variables, in the order added.
    let edits: [EditVariable]
    /// Per view, the slots of its edit variables in `edits` (-1 for none).
    let slots: [EditSlots]
    /// The labels and text views that are not collapsed.
    let texts: [TextSlot]
    /// The image views that are not collapsed and have a size.
    let images: [Int]
    /// Reads x, y, width, height of every view, in view order, then every edit
    /// variable, in `edits` order.
    let outputReader: Solver.ValueReader
    /// The required constraints, in the order added, for conflict reports.
    let required: [Constraint]
    /// Where each constraint of the compiled solver came from, by constraint identity.
    let origins: [ObjectIdentifier: ConstraintOrigin]
    /// The solver as compiled, before any size is held, from which every size
    /// starts, and its suggestions.
    let solver: Solver
    let suggestions: [Double]

    init(
        model: TemplateModel, collapsed: [Bool], edits: [EditVariable], slots: [EditSlots], texts: [TextSlot],
        images: [Int], outputReader: Solver.ValueReader, required: [Constraint],
        origins: [ObjectIdentifier: ConstraintOrigin], solver: Solver, suggestions: [Double]
    ) {
        self.model = model
        self.collapsed = collapsed
        self.edits = edits
        self.slots = slots
        self.texts = texts
        self.images = images
        self.outputReader = outputReader
        self.required = required
        self.origins = origins
        self.solver = solver
        self.suggestions = suggestions
    }

    /// What an edit variable carries, for the rows' suggestions and error messages.
    enum EditRole: String, Sendable {
        case intrinsicWidth = "intrinsic width"
        case intrinsicHeight = "intrinsic height"
        case firstBaseline = "first baseline"
        case lastBaseline = "last baseline"
        case textWidthFloor = "text width floor"
        case textWidthCeiling = "text width ceiling"

        /// Why the engine holds it, as a conflict report says.
        var reason: String {
            switch self {
            case .firstBaseline, .lastBaseline: "measured text"
            case .intrinsicWidth, .intrinsicHeight: "intrinsic size"
            case .textWidthFloor, .textWidthCeiling: "text width bounds"
            }
        }
    }

    struct EditVariable: Sendable {
        let variable: Variable
        let view: Int
        let role: EditRole
    }

    struct EditSlots: Sendable {
        var intrinsicWidth = -1
        var intrinsicHeight = -1
        var firstBaseline = -1
        var lastBaseline = -1
    }

    /// A text view of the variant and what it was last measured as.
    struct TextSlot: Sendable {
        let view: Int
        let insets: EdgeInsets
        let style: TextStyle
        /// Whether an empty text measures as one empty line: a text view is one
        /// line tall even when empty, as a `UITextView` is; a label is 0 x 0.
        let measuresEmptyAsLine: Bool
        /// For a text that may wrap, the slots of its width's floor and ceiling
        /// (``LayoutPriorities/textWidth``); -1 for single-line text.
        var floor = -1
        var ceiling = -1
    }
}

/// Where a constraint in a compiled solver came from, for error messages.
struct ConstraintOrigin: Sendable {
    /// The declared constraint's index in the model, or `nil` for one the template made.
    let declared: Int?
    /// The equation as a person would write it.
    let equation: String
    let views: [Int]
    /// Why the template made it; `nil` for declared ones.
    let reason: String?
    let location: SourceLocation?
}

/// What a fitter hands every solver it makes or uses: the token that stops them
/// and the size their tableaus may reach.
struct SolverLimits: Sendable {
    var cancellation: CancellationToken?
    var maximumTableauCells = Solver.defaultMaximumTableauCells
}
