extension CellView {
    /// The leading edge: the left edge, or the right edge where the view lays out right to left.
    public var leading: XAxisAnchor { XAxisAnchor(name, .leading, guide: false) }
    /// The trailing edge: the right edge, or the left edge where the view lays out right to left.
    public var trailing: XAxisAnchor { XAxisAnchor(name, .trailing, guide: false) }
    /// The left edge.
    public var left: XAxisAnchor { XAxisAnchor(name, .left, guide: false) }
    /// The right edge.
    public var right: XAxisAnchor { XAxisAnchor(name, .right, guide: false) }
    /// The horizontal centre.
    public var centerX: XAxisAnchor { XAxisAnchor(name, .centerX, guide: false) }
    /// The top edge.
    public var top: YAxisAnchor { YAxisAnchor(name, .top, guide: false) }
    /// The bottom edge.
    public var bottom: YAxisAnchor { YAxisAnchor(name, .bottom, guide: false) }
    /// The vertical centre.
    public var centerY: YAxisAnchor { YAxisAnchor(name, .centerY, guide: false) }
    /// The baseline of the first line of text. For a text view it includes the top
    /// inset; for a stack it is that of its first visible arranged view; for views
    /// without text it is the bottom edge (as in UIKit).
    public var firstBaseline: YAxisAnchor { YAxisAnchor(name, .firstBaseline, guide: false) }
    /// The baseline of the last line of text; for a vertical stack, that of its last
    /// visible arranged view; for views without text, the bottom edge.
    public var lastBaseline: YAxisAnchor { YAxisAnchor(name, .lastBaseline, guide: false) }
    /// The width.
    public var width: DimensionAnchor { DimensionAnchor(name, .width, guide: false) }
    /// The height.
    public var height: DimensionAnchor { DimensionAnchor(name, .height, guide: false) }
    /// The view's frame inset by its layout margins.
    public var layoutMarginsGuide: LayoutGuide { LayoutGuide(view: name) }
}
