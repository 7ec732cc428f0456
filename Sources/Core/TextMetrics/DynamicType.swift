/// The user's preferred text size (UIKit's `UIContentSizeCategory`), in UIKit's order:
/// seven standard sizes and five accessibility sizes. ``large`` is the default.
///
/// Its ``abbreviation`` is the name commands take and write (`xS` … `xxxL`, `AX1` … `AX5`).
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// xS.
    case extraSmall
    /// S.
    case small
    /// M.
    case medium
    /// L, the default.
    case large
    /// xL.
    case extraLarge
    /// xxL.
    case extraExtraLarge
    /// xxxL, the largest without "Larger Accessibility Sizes".
    case extraExtraExtraLarge
    /// AX1.
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// AX5, the largest.
    case accessibilityExtraExtraExtraLarge

    /// The category apps get when the user has not chosen one.
    public static let `default` = ContentSizeCategory.large

    /// `xS`, `S`, `M`, `L`, `xL`, `xxL`, `xxxL`, `AX1` … `AX5`: the names in Apple's
    /// tables, which commands take (in any case) and write.
    public var abbreviation: String {
        Self.abbreviations[rawValue]
    }

    private static let abbreviations = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    /// The category of an abbreviation (`"AX3"`, `"xxxl"`: case does not matter) or of
    /// UIKit's constant name without its prefix (`"accessibilityExtraLarge"`); `nil` for
    /// anything else.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let index = Self.abbreviations.firstIndex(where: { $0.lowercased() == lowered }) {
            self.init(rawValue: index)
            return
        }
        guard let found = Self.allCases.first(where: { $0.uikitName.lowercased() == lowered }) else { return nil }
        self = found
    }

    /// UIKit's name of the constant (`accessibilityExtraLarge`).
    public var uikitName: String {
        switch self {
        case .extraSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .extraLarge: "extraLarge"
        case .extraExtraLarge: "extraExtraLarge"
        case .extraExtraExtraLarge: "extraExtraExtraLarge"
        case .accessibilityMedium: "accessibilityMedium"
        case .accessibilityLarge: "accessibilityLarge"
        case .accessibilityExtraLarge: "accessibilityExtraLarge"
        case .accessibilityExtraExtraLarge: "accessibilityExtraExtraLarge"
        case .accessibilityExtraExtraExtraLarge: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { abbreviation }
}

/// A Dynamic Type text style (UIKit's `UIFont.TextStyle`): a role whose size follows
/// the user's ``ContentSizeCategory``.
///
/// Sizes are UIKit's, in points, per category (Apple's Human Interface Guidelines,
/// "Dynamic Type sizes"); weights are regular but for ``headline``, semibold.
public enum DynamicTypeStyle: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 34 pt at Large.
    case largeTitle
    /// 28 pt at Large.
    case title1
    /// 22 pt at Large.
    case title2
    /// 20 pt at Large.
    case title3
    /// 17 pt semibold at Large.
    case headline
    /// 17 pt at Large.
    case body
    /// 16 pt at Large.
    case callout
    /// 15 pt at Large.
    case subheadline
    /// 13 pt at Large.
    case footnote
    /// 12 pt at Large.
    case caption1
    /// 11 pt at Large.
    case caption2

    /// The style's point size at `category`.
    public func size(at category: ContentSizeCategory) -> Double {
        sizes[category.rawValue]
    }

    /// Semibold for ``headline``, regular for the others.
    public var weight: Font.Weight { self == .headline ? .semibold : .regular }

    public var description: String { rawValue }

    /// xS … xxxL, AX1 … AX5, as ``ContentSizeCategory`` orders them.
    private var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }
}

extension Font {
    /// The font of a text style at the default category (UIKit's
    /// `UIFont.preferredFont(forTextStyle:)`): the style's size at Large and its weight,
    /// in `family`. Its size follows the category where the view that shows it adjusts
    /// (see ``resolved(at:)``).
    public static func preferred(_ style: DynamicTypeStyle, family: String = Font.defaultFamily) -> Font {
        Font(family: family, size: style.size(at: .large), weight: style.weight, textStyle: style)
    }

    /// This font at `category`: for a font with a ``textStyle``, its size scaled by the
    /// ratio of the style's size at `category` to its size at Large (the style's own size
    /// for ``preferred(_:family:)``, a custom font's size in proportion, as
    /// `UIFontMetrics.scaledFont(for:)` scales it), and no text style left, so that
    /// resolving twice does not scale twice. A font without a text style is returned as it is.
    public func resolved(at category: ContentSizeCategory) -> Font {
        guard let textStyle else { return self }
        var fixed = self
        fixed.textStyle = nil
        if category != .large {
            // Exact for the table's own sizes: an integer times an integer, then divided by
            // one of its factors.
            fixed.size = min(size * textStyle.size(at: category) / textStyle.size(at: .large), Font.maximumSize)
        }
        return fixed
    }
}
