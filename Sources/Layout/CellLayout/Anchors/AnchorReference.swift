/// One attribute of one view (or of its layout-margins guide), by the view's name:
/// one side of a ``LayoutConstraint``.
public struct AnchorReference: Hashable, Sendable, CustomStringConvertible {
    /// The name of the view.
    public let view: String
    /// The attribute.
    public let attribute: LayoutAttribute
    /// Whether the attribute is that of the view's layout-margins guide rather than the view's.
    public let isLayoutMarginsGuide: Bool

    /// Creates a reference. Unknown view names and baselines of a margins guide
    /// are reported when the template is made.
    public init(view: String, attribute: LayoutAttribute, layoutMarginsGuide: Bool = false) {
        self.view = view
        self.attribute = attribute
        self.isLayoutMarginsGuide = layoutMarginsGuide
    }

    /// `title.leading`, `container.layoutMarginsGuide.top`.
    public var description: String {
        isLayoutMarginsGuide ? "\(view).layoutMarginsGuide.\(attribute)" : "\(view).\(attribute)"
    }
}
