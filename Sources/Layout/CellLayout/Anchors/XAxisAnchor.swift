/// A horizontal position: leading, trailing, left, right or centerX of a view or guide.
///
/// Relating it to another x-axis anchor makes a ``LayoutConstraint`` that
/// remembers the line it was written on; relating it to a y-axis anchor or a
/// dimension does not compile.
public struct XAxisAnchor: PositionAnchor {
    /// The view, attribute and guide this anchor stands for.
    public let reference: AnchorReference

    init(_ view: String, _ attribute: LayoutAttribute, guide: Bool) {
        reference = AnchorReference(view: view, attribute: attribute, layoutMarginsGuide: guide)
    }
}
