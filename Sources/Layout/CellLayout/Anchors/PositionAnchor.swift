/// What every anchor is: a reference to a view's (or guide's) attribute.
public protocol LayoutAnchor: Hashable, Sendable, CustomStringConvertible {
    /// The view, attribute and guide this anchor stands for.
    var reference: AnchorReference { get }
}

extension LayoutAnchor {
    /// The anchor's reference, as `view.attribute`.
    public var description: String { reference.description }
}

/// A position on one axis (``XAxisAnchor`` or ``YAxisAnchor``). Positions
/// relate only to positions of the same axis: `Self` in every method makes
/// `leading == top` fail to compile, as with UIKit's typed anchors.
public protocol PositionAnchor: LayoutAnchor {}

extension PositionAnchor {
    /// `self == other + constant`.
    public func constraint(
        equalTo other: Self, constant: Double = 0, fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(reference, .equal, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self >= other + constant`.
    public func constraint(
        greaterThanOrEqualTo other: Self, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .greaterThanOrEqual, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self <= other + constant`.
    public func constraint(
        lessThanOrEqualTo other: Self, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .lessThanOrEqual, other.reference, constant: constant, fileID: fileID, line: line)
    }

    /// `self == multiplier × other + constant`, positions measured from the
    /// leading (or top) edge of the two views' nearest common ancestor (as in UIKit).
    public func constraint(
        equalTo other: Self, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .equal, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self >= multiplier × other + constant`, measured as in ``constraint(equalTo:multiplier:constant:fileID:line:)``.
    public func constraint(
        greaterThanOrEqualTo other: Self, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .greaterThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self <= multiplier × other + constant`, measured as in ``constraint(equalTo:multiplier:constant:fileID:line:)``.
    public func constraint(
        lessThanOrEqualTo other: Self, multiplier: Double, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .lessThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }
}
