import Cassowary

/// An error from making or fitting a cell template, with what a person needs to
/// fix it: the views, the constraints and where they were written.
///
/// Match on ``code``: `catch let error as CellLayoutError where error.code == .unsatisfiable`.
public struct CellLayoutError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// A view name is empty, or a view other than the content view is called `"contentView"`.
        public static let invalidName = Code("invalidName")
        /// Two views have the same name.
        public static let duplicateViewName = Code("duplicateViewName")
        /// A constraint, a stack's custom spacing or a row's content names a view the template does not have.
        public static let unknownView = Code("unknownView")
        /// A constraint relates attributes that cannot be related: a position with a
        /// dimension, an x position with a y position, a position with a constant, a
        /// baseline of a layout guide, or a position with a multiplier of zero.
        public static let incompatibleAnchors = Code("incompatibleAnchors")
        /// A number is NaN or infinite, or a size, font size or spacing is out of range.
        public static let invalidValue = Code("invalidValue")
        /// A priority is outside 1...1000, or in the range reserved for intrinsic sizes.
        public static let invalidPriority = Code("invalidPriority")
        /// A stack is misdeclared: baseline alignment on a vertical stack, a view
        /// arranged twice, custom spacing after a view that is not arranged in it.
        public static let invalidStack = Code("invalidStack")
        /// A row sets something a view does not have: text on an image view, an
        /// image size on a label, collapse of the content view.
        public static let wrongViewKind = Code("wrongViewKind")
        /// The required constraints cannot all hold; ``CellLayoutError/conflicts``
        /// lists a smallest set of them that conflicts.
        public static let unsatisfiable = Code("unsatisfiable")
        /// Required constraints keep moving a wrapping text's width with its height
        /// (the text still unsettled two solves after its height was placed); only required constraints
        /// can, since a text's width bounds sit above every declared priority.
        /// ``CellLayoutError/views`` names the texts.
        public static let notConverged = Code("notConverged")
        /// The content width is too narrow for the template: required constraints give
        /// a wrapping text a negative width, where no text can wrap (UIKit would lay it
        /// out with a negative frame and a height measured for no width).
        /// ``CellLayoutError/views`` names the text.
        public static let tooNarrow = Code("tooNarrow")
        /// Measuring a view's text failed (unknown font family, invalid font);
        /// ``CellLayoutError/textError`` has the measurer's error.
        public static let textMeasurement = Code("textMeasurement")
        /// The width to fit at is negative, NaN or infinite.
        public static let invalidWidth = Code("invalidWidth")
        /// The solver failed in a way the template cannot explain (a bug).
        public static let solverFailure = Code("solverFailure")
        /// ``CellFitter/cancellation`` was cancelled while the row was laid out.
        public static let cancelled = Code("cancelled")

        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// A message a person can act on.
    public let message: String
    /// The views at fault.
    public let views: [String]
    /// For ``Code/unsatisfiable``: a smallest set of required constraints that cannot hold together.
    public let conflicts: [ConflictingConstraint]
    /// Where the declaration at fault was written, when there is one.
    public let location: SourceLocation?
    /// For ``Code/textMeasurement``: the measurer's error.
    public let textError: TextMeasurementError?

    init(
        _ code: Code, _ message: String, views: [String] = [], conflicts: [ConflictingConstraint] = [],
        location: SourceLocation? = nil, textError: TextMeasurementError? = nil
    ) {
        self.code = code
        self.message = message
        self.views = views
        self.conflicts = conflicts
        self.location = location
        self.textError = textError
    }

    /// The message, then one line per conflicting constraint.
    public var description: String {
        var text = message
        if let location { text += " (\(location))" }
        for conflict in conflicts { text += "\n  " + conflict.description }
        return text
    }
}

extension CellLayoutError {
    /// ``Code/cancelled``: the fitter's token stopped the row, before it or in its solver.
    static func cancelled(template: String) -> CellLayoutError {
        CellLayoutError(.cancelled, "template '\(template)': the layout was cancelled (CellFitter.cancellation)")
    }

    /// ``Code/solverFailure``: the solver refused something the template cannot explain
    /// (a bug), named with the template, what was being done, and the views involved.
    static func solver(
        _ error: SolverError, template: String, doing what: String? = nil, views: [String],
        location: SourceLocation? = nil
    ) -> CellLayoutError {
        let place = what.map { "\($0): " } ?? ""
        if error.code == .cancelled { return cancelled(template: template) }
        return CellLayoutError(
            .solverFailure, "template '\(template)': \(place)\(error.message)", views: views, location: location)
    }
}
