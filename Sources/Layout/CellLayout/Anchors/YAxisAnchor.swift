/// A vertical position: top, bottom, centerY, firstBaseline or lastBaseline of a view, or
/// top, bottom or centerY of a guide.
///
/// Relating it to another y-axis anchor makes a ``LayoutConstraint`` that
/// remembers the line it was written on; relating it to an x-axis anchor or a
/// dimension does not compile.
public struct YAxisAnchor: PositionAnchor {
    /// The view, attribute and guide this anchor stands for.
    public let reference: AnchorReference

    init(_ view: String, _ attribute: LayoutAttribute, guide: Bool) {
        reference = AnchorReference(view: view, attribute: attribute, layoutMarginsGuide: guide)
    }
}
