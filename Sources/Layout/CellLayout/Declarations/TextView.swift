/// A text view sized to its text (UIKit's `UITextView` with scrolling disabled):
/// a label whose text sits inside text-container insets — the chat bubble that
/// hugs its text.
///
/// Its intrinsic size is the measured text plus ``insets``; the text wraps at the
/// view's width minus the left and right insets. Hugs at 250 and resists
/// compression at 750, as any `UIView`.
public struct TextView: CellView {
    /// The text view's name, unique within its template.
    public let name: String
    /// The text rows show unless their content sets another.
    public var text: String
    /// The font.
    public var font: Font
    /// The maximum number of lines; 0 (the default) for unlimited.
    public var lines: Int
    /// Where lines break. Word wrap by default, as in a text view.
    public var lineBreakMode: LineBreakMode
    /// Extra pixels between lines.
    public var lineSpacing: Double
    /// Space between the view's edges and its text. The default, 8 above and
    /// below and 5 at the sides, is UIKit's `textContainerInset` (8, 0, 8, 0)
    /// with the text container's `lineFragmentPadding` of 5 folded in.
    public var insets: EdgeInsets
    /// Whether the font follows the content size category (UIKit's
    /// `adjustsFontForContentSizeCategory`; `false` by default, as in UIKit): where it
    /// does and the font has a ``Font/textStyle``, a template adjusted to a category
    /// (``CellTemplate/adjusted(to:everyTextStyle:)``) measures the font at that category.
    public var adjustsFontForContentSizeCategory = false
    /// Hugging (default 250), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the text view was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// UIKit's text-container inset plus line-fragment padding: 8 above and below, 5 at the sides.
    public static let defaultInsets = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)

    /// Creates a text view.
    /// - Parameters:
    ///   - name: unique within the template.
    ///   - text: the default text.
    ///   - font: the font; ``Label/defaultFont`` when omitted.
    ///   - lines: the maximum number of lines, 0 (unlimited) when omitted.
    ///   - insets: the text-container insets; ``defaultInsets`` when omitted.
    public init(
        _ name: String, text: String = "", font: Font = Label.defaultFont, lines: Int = 0,
        lineBreakMode: LineBreakMode = .wordWrap, lineSpacing: Double = 0,
        insets: EdgeInsets = TextView.defaultInsets,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.text = text
        self.font = font
        self.lines = lines
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
        self.insets = insets
        self.attributes = .view
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The template's view of this text view.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name,
            kind: .textView(
                TextSpec(
                    text: text, font: font, adjustsFont: adjustsFontForContentSizeCategory,
                    style: TextStyle(lines: lines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing)),
                insets: insets),
            attributes: attributes, location: location)
    }
}
