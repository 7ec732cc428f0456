/// The root of a cell template, UIKit's `cell.contentView`.
///
/// Its name is always ``name`` (`"contentView"`); its frame is at the origin,
/// its width is the width the row is fitted at, and its height is the fitted
/// height. All frames are reported in its coordinates.
public struct ContentView: CellView {
    /// The content view's name: `"contentView"`.
    public static let name = "contentView"
    /// The content view's name: `"contentView"`.
    public var name: String { Self.name }
    /// The subviews, in order.
    public var subviews: [any CellView]
    /// Margins (default 8 on every edge). Hugging and compression resistance do
    /// not apply: the content view has no intrinsic size.
    public var attributes: ViewAttributes
    /// Where the content view was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// Creates a content view.
    /// - Parameters:
    ///   - subviews: the views of the cell.
    ///   - layoutMargins: the insets of its ``CellView/layoutMarginsGuide``, 8 on every edge by default.
    public init(
        subviews: [any CellView] = [], layoutMargins: EdgeInsets = ViewAttributes.defaultLayoutMargins,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.subviews = subviews
        self.attributes = ViewAttributes(layoutMargins: layoutMargins)
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of the content view.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name, kind: .content, attributes: attributes,
            children: subviews.map(\.declaration), location: location)
    }
}
