/// The layout attributes every view has, whatever its kind.
public struct ViewAttributes: Hashable, Sendable {
    /// How strongly the view resists growing beyond its intrinsic size, per axis
    /// (the implicit constraint `size <= intrinsic` at this priority).
    public var contentHugging: AxisPriorities
    /// How strongly the view resists shrinking below its intrinsic size, per axis
    /// (the implicit constraint `size >= intrinsic` at this priority).
    public var compressionResistance: AxisPriorities
    /// The insets of the view's ``CellView/layoutMarginsGuide`` (UIKit's `layoutMargins`),
    /// by side; with ``layoutMarginsAreDirectional``, `left` is the leading inset and
    /// `right` the trailing one.
    public var layoutMargins: EdgeInsets
    /// Whether ``layoutMargins`` were given as leading and trailing (UIKit's
    /// `directionalLayoutMargins`): they trade sides where the view lays out right to
    /// left. False for margins given by side, which stay where they are.
    public var layoutMarginsAreDirectional: Bool
    /// Whether the view follows the template's direction of layout or keeps its own
    /// (UIKit's `semanticContentAttribute`; ``SemanticContentAttribute/unspecified`` by default).
    public var semanticContentAttribute: SemanticContentAttribute
    /// The visibility rows get unless their content says otherwise.
    public var visibility: Visibility
    /// The view's size at design time (Interface Builder's frame), or `nil`.
    ///
    /// Laying out with ``IntrinsicSizes/design`` takes it as the intrinsic content
    /// size of every view that has intrinsic content (labels, text views, buttons,
    /// controls, image views with an image): Interface Builder's own "placeholder
    /// intrinsic size", which reproduces a designer's frames without the designer's fonts.
    public var designSize: Size?

    /// Creates attributes; the defaults are UIKit's for a plain view.
    public init(
        contentHugging: AxisPriorities = AxisPriorities(.defaultLow),
        compressionResistance: AxisPriorities = AxisPriorities(.defaultHigh),
        layoutMargins: EdgeInsets = ViewAttributes.defaultLayoutMargins,
        visibility: Visibility = .visible,
        designSize: Size? = nil,
        layoutMarginsAreDirectional: Bool = false,
        semanticContentAttribute: SemanticContentAttribute = .unspecified
    ) {
        self.layoutMarginsAreDirectional = layoutMarginsAreDirectional
        self.semanticContentAttribute = semanticContentAttribute
        self.contentHugging = contentHugging
        self.compressionResistance = compressionResistance
        self.layoutMargins = layoutMargins
        self.visibility = visibility
        self.designSize = designSize
    }

    /// UIKit's default layout margins: 8 on every edge.
    public static let defaultLayoutMargins = EdgeInsets(all: 8)

    /// The attributes of a plain view: hugging 250, compression resistance 750.
    public static let view = ViewAttributes()

    /// The attributes of a label or an image view: hugging 251, compression resistance 750.
    public static let content = ViewAttributes(contentHugging: AxisPriorities(251))
}
