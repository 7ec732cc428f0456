/// A view of a cell template: a ``Label``, ``TextView``, ``ImageView``, ``Box``,
/// ``Stack`` or the ``ContentView``.
///
/// Views are plain values. A view's ``name`` is its identity: anchors, row
/// content and results refer to the view by name, so names must be unique within
/// a template. Declare a view once, keep it in a constant, and use that constant
/// in constraints and in the row binding.
///
/// Only the library's view types can be declared (``declaration`` has no public
/// initialiser); the set of kinds is closed, so a template never meets a view it
/// cannot lay out.
public protocol CellView: Sendable {
    /// The view's name, unique within its template.
    var name: String { get }
    /// Hugging, compression resistance, layout margins, default visibility and direction.
    var attributes: ViewAttributes { get set }
    /// What the template compiles: the view's kind, attributes and subviews.
    var declaration: ViewDeclaration { get }
    /// Where the view was declared. The initialisers capture their caller's
    /// `#fileID` and `#line`; a reader of declarations from data (a template
    /// file) sets the file and line it read the view from, so that errors about
    /// the view point there. Settable for that reason only.
    var location: SourceLocation { get set }
}

extension CellView {
    /// A copy with the content-hugging priority of `axis` set to `priority`.
    public func contentHugging(_ priority: Priority, for axis: Axis) -> Self {
        var copy = self
        copy.attributes.contentHugging[axis] = priority
        return copy
    }

    /// A copy with the compression-resistance priority of `axis` set to `priority`.
    public func compressionResistance(_ priority: Priority, for axis: Axis) -> Self {
        var copy = self
        copy.attributes.compressionResistance[axis] = priority
        return copy
    }

    /// A copy whose ``layoutMarginsGuide`` is inset by `margins` (default 8 on every edge).
    /// Margins by side stay on their side whatever the direction of layout.
    public func layoutMargins(_ margins: EdgeInsets) -> Self {
        var copy = self
        copy.attributes.layoutMargins = margins
        copy.attributes.layoutMarginsAreDirectional = false
        return copy
    }

    /// A copy whose ``layoutMarginsGuide`` is inset by `margins`, leading and trailing
    /// (UIKit's `directionalLayoutMargins`): where the view lays out right to left, the
    /// leading margin is on the right.
    public func directionalLayoutMargins(_ margins: DirectionalEdgeInsets) -> Self {
        var copy = self
        copy.attributes.layoutMargins = margins.edgeInsets(rightToLeft: false)
        copy.attributes.layoutMarginsAreDirectional = true
        return copy
    }

    /// A copy that lays out in the direction `attribute` gives it (UIKit's
    /// `semanticContentAttribute`), rather than always the template's.
    public func semanticContentAttribute(_ attribute: SemanticContentAttribute) -> Self {
        var copy = self
        copy.attributes.semanticContentAttribute = attribute
        return copy
    }

    /// A copy whose rows start with `visibility` unless their content sets another.
    public func visibility(_ visibility: Visibility) -> Self {
        var copy = self
        copy.attributes.visibility = visibility
        return copy
    }

    /// A copy whose design-time size is `size` (see ``ViewAttributes/designSize``).
    public func designSize(_ size: Size?) -> Self {
        var copy = self
        copy.attributes.designSize = size
        return copy
    }
}
