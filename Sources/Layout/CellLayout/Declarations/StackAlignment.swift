/// How a ``Stack`` places its arranged views across its axis (UIStackView's `alignment`).
public enum StackAlignment: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Each view fills the stack across the axis.
    case fill
    /// Views sit at the start of the cross axis (the top of a horizontal stack,
    /// the leading edge of a vertical one).
    case leading
    /// Views are centred across the axis.
    case center
    /// Views sit at the end of the cross axis (bottom, or trailing edge).
    case trailing
    /// Horizontal stacks only: the views' first baselines line up.
    case firstBaseline
    /// Horizontal stacks only: the views' last baselines line up.
    case lastBaseline

    /// ``leading``, under the name a horizontal stack uses.
    public static let top = StackAlignment.leading
    /// ``trailing``, under the name a horizontal stack uses.
    public static let bottom = StackAlignment.trailing

    public var description: String { rawValue }
}
