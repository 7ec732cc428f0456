/// A container with no intrinsic size (a plain `UIView`), holding subviews.
public struct Box: CellView {
    /// The box's name, unique within its template.
    public let name: String
    /// The subviews, in order. Frames are reported in content-view coordinates
    /// whatever the nesting; nesting matters for collapse (a collapsed box
    /// collapses its subviews), for hidden (likewise) and for the coordinate
    /// space of constraints with a multiplier.
    public var subviews: [any CellView]
    /// Hugging (250), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the box was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// Creates a box.
    public init(_ name: String, subviews: [any CellView] = [], fileID: StaticString = #fileID, line: UInt = #line) {
        self.name = name
        self.subviews = subviews
        self.attributes = .view
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of this box.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name, kind: .box, attributes: attributes,
            children: subviews.map(\.declaration), location: location)
    }
}
