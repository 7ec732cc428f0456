/// One of the required constraints behind an ``CellLayoutError/Code/unsatisfiable``
/// error: a declared constraint, or one the template made (a stack's arrangement,
/// a collapsed view's zero size, the fitting width, an exact baseline).
public struct ConflictingConstraint: Sendable, CustomStringConvertible {
    /// The constraint as an equation, with the numbers of this variant (a
    /// collapsed view's constraints show their collapsed constant).
    public let equation: String
    /// The views it touches.
    public let views: [String]
    /// The declared constraint, or `nil` for one the template made.
    public let declaration: LayoutConstraint?
    /// Where it was written: the constraint's line, or for one the template made,
    /// the line of the view that made it. `nil` for the fitting width.
    public let location: SourceLocation?
    /// Why a constraint the template made exists (`"stack 'row' arrangement"`,
    /// `"'icon' is collapsed"`); `nil` for declared ones.
    public let reason: String?

    /// The declared constraint's index in its template, for recovery.
    let declaredIndex: Int?

    init(
        equation: String, views: [String], declaration: LayoutConstraint?, location: SourceLocation?,
        reason: String?, declaredIndex: Int? = nil
    ) {
        self.declaredIndex = declaredIndex
        self.equation = equation
        self.views = views
        self.declaration = declaration
        self.location = location
        self.reason = reason
    }

    /// `title.width == 400 (Cells/Movie.swift:12)` or
    /// `contentView.width == 375 (the fitting width)`.
    public var description: String {
        var notes: [String] = []
        if let reason { notes.append(reason) }
        if let location { notes.append(location.description) }
        return notes.isEmpty ? equation : "\(equation) (\(notes.joined(separator: ", ")))"
    }
}
