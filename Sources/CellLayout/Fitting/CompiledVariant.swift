import Cassowary

/// One variant of a template (one set of collapsed views) compiled into a
/// solver: every constraint added once, intrinsic sizes and baselines as edit
/// variables. Each row of the variant only suggests values and reads frames.
///
/// A value owned by one ``CellFitter``; never shared between threads while in use.
struct CompiledVariant: Sendable {
    /// The template this variant belongs to (a reference: the model is a class).
    let model: TemplateModel
    var solver: Solver
    /// Where rows start (see ``Starts``).
    var starts: Starts
    /// Which views are collapsed in this variant.
    let collapsed: [Bool]

    /// The edit variables and their current suggestions, in the order added.
    let edits: [EditVariable]
    var suggestions: [Double]
    /// The suggestions the solver holds: behind `suggestions` while rows are
    /// answered without it (see CompiledVariant+Resolve.swift).
    var solverSuggestions: [Double]
    /// Edit slots suggested since the solver last caught up, in the order suggested.
    var pending: [Int] = []
    /// The values of `outputReader`'s variables for `suggestions`, when `resolved`.
    var outputs: [Double] = []
    var resolved = false
    /// Whether `outputs` came from a captured basis (whose optimum is unique there).
    var resolvedByBasis = false
    /// Bases seen at the current size, most recently used first (see CompiledVariant+Resolve.swift).
    var bases: [Solver.AffineSolution] = []
    var basisScratch: [Double] = []
    /// The basis that answered each read of the last row, by the read's ordinal in the row.
    var basisHints: [Solver.AffineSolution] = []
    var resolveOrdinal = 0
    /// Whether this row is answered by the solver alone (a tie made it start over).
    var solvingOnly = false
    /// The texts (by index in `texts`) fixed in size whose measurement the
    /// measurer has once made in the template's font: only these are skipped.
    var fixedTextChecked: Set<Int> = []
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
    /// Where each constraint in the solver came from, by constraint identity.
    var origins: [ObjectIdentifier: ConstraintOrigin]

    /// The width the content view is held at, and the constraint that holds it.
    var width: Double?
    var widthConstraint: Constraint?
    /// The height the content view is held at (layout at a given size), and the
    /// constraint that holds it; `nil` for the compressed fitting height.
    var height: Double?
    var heightConstraint: Constraint?
    /// For each entry of `texts`: what of its size required constraints alone fix
    /// at the current `width`. Computed lazily per width.
    var pinnedSizes: [PinnedSize]?

    /// The solver as compiled, before any size is held, from which every size
    /// starts; and, once a size is held, the solver at that size before any row's
    /// suggestions, from which a tied row starts again. A class holding them, so
    /// that a copy of the variant (Swift makes one for some calls through the
    /// fitter's array) retains one reference rather than every array of two more
    /// solvers: that cost 1.1 µs a row.
    final class Starts: Sendable {
        let compiled: Solver
        let compiledSuggestions: [Double]
        let row: Solver?
        let rowSuggestions: [Double]

        init(compiled: Solver, compiledSuggestions: [Double], row: Solver? = nil, rowSuggestions: [Double] = []) {
            self.compiled = compiled
            self.compiledSuggestions = compiledSuggestions
            self.row = row
            self.rowSuggestions = rowSuggestions
        }
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
