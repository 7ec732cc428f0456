/// What a template compiles for one view: its name, kind, attributes and
/// subviews, and where it was declared.
///
/// Made by the library's view types only; read it through ``name``,
/// ``kindName`` and ``subviews``.
public struct ViewDeclaration: Sendable {
    /// The view's name.
    public let name: String
    let kind: ViewKind
    let attributes: ViewAttributes
    let children: [ViewDeclaration]
    /// Where the view was declared.
    public let location: SourceLocation

    init(
        name: String, kind: ViewKind, attributes: ViewAttributes,
        children: [ViewDeclaration] = [], location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.attributes = attributes
        self.children = children
        self.location = location
    }

    /// The kind of view, as a word for messages: `label`, `text view`, `image view`,
    /// `box`, `stack` or `content view`.
    public var kindName: String { kind.name }

    /// The subviews (a stack's arranged subviews), in declaration order.
    public var subviews: [ViewDeclaration] { children }
}

/// The closed set of view kinds and what each needs for layout.
enum ViewKind: Sendable {
    case content
    case box
    case label(TextSpec)
    case textView(TextSpec, insets: EdgeInsets)
    case image(Size?)
    case stack(StackSpec)
    /// A button: its title measured as one line of text, plus content insets.
    case button(TextSpec, insets: EdgeInsets)
    /// A control with a fixed intrinsic size (a switch, a stepper, an activity indicator).
    case control(ControlSpec)

    var name: String {
        switch self {
        case .content: "content view"
        case .box: "box"
        case .label: "label"
        case .textView: "text view"
        case .image: "image view"
        case .stack: "stack"
        case .button: "button"
        case .control(let spec): spec.kindName
        }
    }

    /// The text a row shows by default, for the kinds that show text.
    var text: TextSpec? {
        switch self {
        case .label(let spec), .textView(let spec, _), .button(let spec, _): spec
        default: nil
        }
    }

    var textInsets: EdgeInsets {
        switch self {
        case .textView(_, let insets), .button(_, let insets): insets
        default: .zero
        }
    }
}

/// The text part of a label or text view.
struct TextSpec: Sendable {
    var text: String
    /// At the default content size category; see `TemplateModel.contentSize`.
    var font: Font
    /// Whether the font follows the content size category (`adjustsFontForContentSizeCategory`).
    var adjustsFont = false
    var style: TextStyle
}

/// A control's fixed intrinsic size, and how its frame extends beyond the
/// alignment rectangle that constraints act on (UIKit's `alignmentRectInsets`:
/// a `UISwitch` is 51 pt wide but 49 pt for its constraints).
struct ControlSpec: Sendable {
    var kindName: String
    var size: Size
    var alignmentInsets: EdgeInsets
    /// Axes without one are UIKit's `noIntrinsicMetric`: no hugging, no compression resistance.
    var intrinsicAxes: Set<Axis>
}

/// A stack's arrangement.
struct StackSpec: Sendable {
    var axis: Axis
    var spacing: Double
    var customSpacing: [(view: String, spacing: Double)]
    var alignment: StackAlignment
    var distribution: StackDistribution
    /// Whether the arrangement is inset by the stack's layout margins
    /// (UIKit's `isLayoutMarginsRelativeArrangement`).
    var marginsRelative = false
    /// Whether a vertical stack spaces its views from baseline to baseline
    /// (UIKit's `isBaselineRelativeArrangement`).
    var baselineRelative = false
}
