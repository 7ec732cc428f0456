/// A button showing a title (UIKit's `UIButton`).
///
/// Its intrinsic size is its title measured on one line, plus its content
/// insets: UIKit's system button pads its title by 6 pt above and below, so a
/// 15 pt title makes a 30 pt tall button. Hugs at 250 and resists compression
/// at 750, as a `UIButton` does. Its baselines are its title's.
public struct Button: CellView {
    /// The button's name, unique within its template.
    public let name: String
    /// The title rows show unless their content sets another.
    public var title: String
    /// The title's font; UIKit's default for buttons is the 15 pt system font.
    public var font: Font
    /// Space around the title inside the button (UIKit's `contentEdgeInsets`,
    /// with a system button's own padding included).
    public var insets: EdgeInsets
    /// Whether the font follows the content size category (UIKit's
    /// `adjustsFontForContentSizeCategory`; `false` by default, as in UIKit): where it
    /// does and the font has a ``Font/textStyle``, a template adjusted to a category
    /// (``CellTemplate/adjusted(to:everyTextStyle:)``) measures the font at that category.
    public var adjustsFontForContentSizeCategory = false
    /// Hugging (default 250), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the button was declared (see ``CellView/location``).
    public var location: SourceLocation

    /// A system button's padding around its title: 6 above and below.
    public static let defaultInsets = EdgeInsets(top: 6, left: 0, bottom: 6, right: 0)
    /// The font buttons get when none is given: 15 px in ``Font/defaultFamily``.
    public static let defaultFont = Font(size: 15)

    /// Creates a button.
    public init(
        _ name: String, title: String = "", font: Font = Button.defaultFont, insets: EdgeInsets = Button.defaultInsets,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.title = title
        self.font = font
        self.insets = insets
        self.attributes = .view
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of this button.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name,
            kind: .button(
                TextSpec(text: title, font: font, adjustsFont: adjustsFontForContentSizeCategory, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)),
                insets: insets),
            attributes: attributes, location: location)
    }
}
