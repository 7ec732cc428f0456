/// A label: text in a font, on one line or several (UIKit's `UILabel`).
///
/// Its intrinsic size is its text's measured size. A multi-line label
/// (``lines`` other than 1) wraps at the width it actually gets: the fitter
/// finds that width itself, so there is no `preferredMaxLayoutWidth` to set.
/// Hugs at 251 and resists compression at 750 on both axes, as in UIKit.
public struct Label: CellView {
    /// The label's name, unique within its template.
    public let name: String
    /// The text rows show unless their content sets another (often empty).
    public var text: String
    /// The font.
    public var font: Font
    /// The maximum number of lines; 0 for unlimited. UIKit's default is 1.
    public var lines: Int
    /// Where lines break and how cut-off text ends. UIKit's default is `.truncateTail`.
    public var lineBreakMode: LineBreakMode
    /// Extra pixels between lines.
    public var lineSpacing: Double
    /// Whether the font follows the content size category (UIKit's
    /// `adjustsFontForContentSizeCategory`; `false` by default, as in UIKit): where it
    /// does and the font has a ``Font/textStyle``, a template adjusted to a category
    /// (``CellTemplate/adjusted(to:everyTextStyle:)``) measures the font at that category.
    public var adjustsFontForContentSizeCategory = false
    /// Hugging (default 251), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the label was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// The font labels get when none is given: 17 px in ``Font/defaultFamily``, UIKit's body size.
    public static let defaultFont = Font(size: 17)

    /// Creates a label.
    /// - Parameters:
    ///   - name: unique within the template.
    ///   - text: the default text.
    ///   - font: the font; ``defaultFont`` when omitted.
    ///   - lines: the maximum number of lines, 0 for unlimited; 1 when omitted.
    ///   - lineBreakMode: `.truncateTail` when omitted.
    ///   - lineSpacing: extra pixels between lines.
    public init(
        _ name: String, text: String = "", font: Font = Label.defaultFont, lines: Int = 1,
        lineBreakMode: LineBreakMode = .truncateTail, lineSpacing: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.text = text
        self.font = font
        self.lines = lines
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
        self.attributes = .content
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of this label.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name,
            kind: .label(TextSpec(
                text: text, font: font, adjustsFont: adjustsFontForContentSizeCategory,
                style: TextStyle(lines: lines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing))),
            attributes: attributes, location: location)
    }
}
