/// Whether a view is shown, and whether it takes space.
public enum Visibility: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Shown, laid out normally.
    case visible
    /// Not drawn, but laid out exactly as if it were (UIKit's `isHidden` outside a
    /// stack view): it keeps its size and its neighbours keep their distance.
    case hidden
    /// Gone (CSS `display: none`, Android's `GONE`): its size is zero, every
    /// constraint that touches it uses its collapsed constant, stacks skip it and
    /// the spacing next to it. Its subviews are collapsed with it.
    case collapsed

    public var description: String { rawValue }
}
