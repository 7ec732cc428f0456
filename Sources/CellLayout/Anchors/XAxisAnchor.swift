/// A horizontal position: leading, trailing, left, right or centerX of a view or guide.
///
/// Relating it to another x-axis anchor makes a ``LayoutConstraint`` that
/// remembers the line it was written on; relating it to a y-axis anchor or a
/// dimension does not compile.
public struct XAxisAnchor: Hashable, Sendable, CustomStringConvertible {
    /// The view, attribute and guide this anchor stands for.
    public let reference: AnchorReference

    init(_ view: String, _ attribute: LayoutAttribute, guide: Bool) {
        reference = AnchorReference(view: view, attribute: attribute, layoutMarginsGuide: guide)
    }

    /// `self == other + constant`.
    public func constraint(
        equalTo other: XAxisAnchor, constant: Double = 0, fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(reference, .equal, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self >= other + constant`.
    public func constraint(
        greaterThanOrEqualTo other: XAxisAnchor, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .greaterThanOrEqual, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self <= other + constant`.
    public func constraint(
        lessThanOrEqualTo other: XAxisAnchor, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .lessThanOrEqual, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self == multiplier × other + constant`, positions measured from the
    /// leading edge of the two views' nearest common ancestor (as in UIKit).
    public func constraint(
        equalTo other: XAxisAnchor, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .equal, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self >= multiplier × other + constant`, measured as in ``constraint(equalTo:multiplier:constant:fileID:line:)``.
    public func constraint(
        greaterThanOrEqualTo other: XAxisAnchor, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .greaterThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self <= multiplier × other + constant`, measured as in ``constraint(equalTo:multiplier:constant:fileID:line:)``.
    public func constraint(
        lessThanOrEqualTo other: XAxisAnchor, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .lessThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    public var description: String { reference.description }
}
