/// An image view: a fixed intrinsic size (its image's), or none.
///
/// With a size, the view hugs it at 251 and resists compression at 750 on both
/// axes, as a `UIImageView` does. Rows may set another size, or none, through
/// ``CellContent/setImageSize(_:for:)``.
public struct ImageView: CellView {
    /// The image view's name, unique within its template.
    public let name: String
    /// The intrinsic size rows get unless their content sets another; `nil` for none.
    public var size: Size?
    /// Hugging (default 251), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the image view was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// Creates an image view.
    /// - Parameters:
    ///   - name: unique within the template.
    ///   - size: the image's size, which becomes the intrinsic size; `nil` for none.
    public init(_ name: String, size: Size? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        self.name = name
        self.size = size
        self.attributes = .content
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of this image view.
    public var declaration: ViewDeclaration {
        ViewDeclaration(name: name, kind: .image(size), attributes: attributes, location: location)
    }
}
