/// A size: the width or height of a view or guide.
///
/// Dimensions relate to other dimensions of either axis (`width == 2 × height`)
/// or to constants (`height >= 44`). Relating one to a position does not compile.
public struct DimensionAnchor: LayoutAnchor {
    /// The view, attribute and guide this anchor stands for.
    public let reference: AnchorReference

    init(_ view: String, _ attribute: LayoutAttribute, guide: Bool) {
        reference = AnchorReference(view: view, attribute: attribute, layoutMarginsGuide: guide)
    }

    /// `self == multiplier × other + constant`.
    public func constraint(
        equalTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .equal, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self >= multiplier × other + constant`.
    public func constraint(
        greaterThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .greaterThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self <= multiplier × other + constant`.
    public func constraint(
        lessThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(
            reference, .lessThanOrEqual, other.reference, multiplier: multiplier, constant: constant,
            fileID: fileID, line: line)
    }

    /// `self == constant`.
    public func constraint(
        equalToConstant constant: Double, fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(reference, .equal, nil, constant: constant, fileID: fileID, line: line)
    }

    /// `self >= constant`.
    public func constraint(
        greaterThanOrEqualToConstant constant: Double, fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(reference, .greaterThanOrEqual, nil, constant: constant, fileID: fileID, line: line)
    }

    /// `self <= constant`.
    public func constraint(
        lessThanOrEqualToConstant constant: Double, fileID: StaticString = #fileID, line: UInt = #line
    ) -> LayoutConstraint {
        LayoutConstraint(reference, .lessThanOrEqual, nil, constant: constant, fileID: fileID, line: line)
    }
}
