/// A view's layout-margins guide: the view's frame inset by its layout margins
/// (default 8 on every edge), UIKit's `layoutMarginsGuide`.
///
/// A guide has edges, centres and dimensions but no baselines. The margins of
/// a collapsed view are zero.
public struct LayoutGuide: Hashable, Sendable, CustomStringConvertible {
    /// The name of the view whose margins this guide follows.
    public let view: String

    init(view: String) { self.view = view }

    /// The leading edge: the view's leading edge moved in by its margin on that side.
    public var leading: XAxisAnchor { XAxisAnchor(view, .leading, guide: true) }
    /// The trailing edge: the view's trailing edge moved in by its margin on that side.
    public var trailing: XAxisAnchor { XAxisAnchor(view, .trailing, guide: true) }
    /// The left edge (the leading edge where the view lays out left to right).
    public var left: XAxisAnchor { XAxisAnchor(view, .left, guide: true) }
    /// The right edge (the trailing edge where the view lays out left to right).
    public var right: XAxisAnchor { XAxisAnchor(view, .right, guide: true) }
    /// The horizontal centre of the guide.
    public var centerX: XAxisAnchor { XAxisAnchor(view, .centerX, guide: true) }
    /// The top edge: the view's top plus its top margin.
    public var top: YAxisAnchor { YAxisAnchor(view, .top, guide: true) }
    /// The bottom edge: the view's bottom minus its bottom margin.
    public var bottom: YAxisAnchor { YAxisAnchor(view, .bottom, guide: true) }
    /// The vertical centre of the guide.
    public var centerY: YAxisAnchor { YAxisAnchor(view, .centerY, guide: true) }
    /// The view's width minus its left and right margins.
    public var width: DimensionAnchor { DimensionAnchor(view, .width, guide: true) }
    /// The view's height minus its top and bottom margins.
    public var height: DimensionAnchor { DimensionAnchor(view, .height, guide: true) }

    public var description: String { "\(view).layoutMarginsGuide" }
}
