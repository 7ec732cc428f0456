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
    /// Hidden as UIKit's `isHidden` hides a view, stacks included: not drawn; as an
    /// arranged subview of a stack, zero length along the stack's axis (at 999.999,
    /// just below required, as UIStackView's `UISV-hiding`), out of the spacing
    /// between the visible views, aligned across the axis like its siblings and
    /// placed loosely (at priority 50) half a spacing after the visible view before
    /// it. Elsewhere it keeps its place, as ``hidden`` does. Its constraints keep
    /// their constants and its subviews are hidden with it. What an Interface
    /// Builder import gives a hidden view.
    case uikitHidden

    public var description: String { rawValue }
}
