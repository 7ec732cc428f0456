/// How a ``Stack`` sizes and spaces its arranged views along its axis
/// (UIStackView's `distribution`).
public enum StackDistribution: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Views are exactly `spacing` apart; their sizes share the length, stretched
    /// or squeezed by their hugging and compression-resistance priorities.
    case fill
    /// Views are exactly `spacing` apart and all the same size along the axis.
    case fillEqually
    /// Views keep their sizes; the gaps between them are all equal and at least
    /// the spacing.
    case equalSpacing
    /// Views are exactly `spacing` apart and share the length in proportion to
    /// their intrinsic sizes along the axis (a view without one counts as 0).
    case fillProportionally
    /// Views keep their sizes; the distances between neighbouring centres are all
    /// equal, and the gaps at least the spacing.
    case equalCentering

    public var description: String { rawValue }
}
