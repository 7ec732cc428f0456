/// The direction a template lays out in (UIKit's `UIUserInterfaceLayoutDirection`, the
/// app's): which side `leading` and `trailing` mean, where a horizontal ``Stack``
/// starts, which side directional margins fall on. ``leftToRight`` unless a template
/// is made with ``CellTemplate/laidOut(in:)``.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Leading is left, trailing is right (English).
    case leftToRight
    /// Leading is right, trailing is left (Arabic, Hebrew).
    case rightToLeft

    /// Reads a direction as files and command lines write it: `ltr`, `rtl`,
    /// `leftToRight` or `rightToLeft`; nil for anything else.
    public init?(parsing text: String) {
        switch text {
        case "ltr", "leftToRight": self = .leftToRight
        case "rtl", "rightToLeft": self = .rightToLeft
        default: return nil
        }
    }

    /// `ltr` or `rtl`: the short form files and command lines write.
    public var shortName: String { self == .leftToRight ? "ltr" : "rtl" }

    public var description: String { rawValue }
}

/// What a view shows, as far as its direction of layout goes (UIKit's
/// `UISemanticContentAttribute`): whether the view follows the template's
/// ``LayoutDirection`` or keeps one of its own.
///
/// A view's own attribute decides its direction; its superview's does not pass down
/// (UIKit: a view's `effectiveUserInterfaceLayoutDirection` "can't be assumed to
/// propagate through the view's subtree"). Docs/Semantics.md, "Right to left".
public enum SemanticContentAttribute: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The default: the view follows the template's direction.
    case unspecified
    /// Playback controls (play, rewind, a scrubber): always left to right.
    case playback
    /// Directional controls (a D-pad, a text-alignment segment): always left to right.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft

    /// The direction a view with this attribute lays out in, in a template laid out
    /// in `direction` (UIKit's `userInterfaceLayoutDirection(for:relativeTo:)`).
    public func layoutDirection(relativeTo direction: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: direction
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    public var description: String { rawValue }
}
