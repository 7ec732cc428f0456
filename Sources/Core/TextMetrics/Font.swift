/// A font request: family, pixel size, weight and style.
///
/// `Font` is a plain value; nothing is resolved when it is created. A measurer resolves
/// the family when it first measures with it and throws
/// ``TextMeasurementError/unknownFontFamily(_:)`` when no installed font has that family.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The family name as fontconfig knows it (`fc-list : family`), for example
    /// `"DejaVu Sans"`. A comma-separated list names fallbacks; each must exist.
    public var family: String
    /// The em size in pixels (logical pixels, UIKit's points). Must be finite, positive
    /// and at most ``maximumSize``.
    public var size: Double

    /// The largest font size templates, rows and commands accept: far beyond any
    /// interface's text, and far enough below Pango's 32-bit coordinates (2,097,151
    /// points) that a glyph's extents stay finite numbers in every measurer.
    public static let maximumSize: Double = 10_000
    /// The weight, CSS style (100 thin ... 400 regular ... 700 bold ... 1000).
    public var weight: Weight
    /// Upright, italic or oblique.
    public var style: Style
    /// The face by its PostScript name (`"OpenSans-Semibold"`), as Interface Builder and
    /// UIKit's `UIFont(name:size:)` name fonts, or `nil`. When a face of that name is
    /// installed, its family, weight and slant are measured and ``family``, ``weight``
    /// and ``style`` are what stands in for it where it is not.
    public var face: String?
    /// The Dynamic Type style whose size this font follows, or `nil` for a fixed size.
    /// ``size`` is then the size at ``ContentSizeCategory/large``; ``resolved(at:)`` gives
    /// the font at another category. Measurers measure ``size`` as it is.
    public var textStyle: DynamicTypeStyle?

    /// The family measurers use when none is given: DejaVu Sans, from Debian's
    /// `fonts-dejavu-core`, present wherever Pango is.
    public static let defaultFamily = "DejaVu Sans"

    /// Creates a font request.
    /// - Parameters:
    ///   - family: a fontconfig family name; ``defaultFamily`` when omitted.
    ///   - size: the em size in pixels.
    ///   - weight: the weight; ``Weight/regular`` when omitted.
    ///   - style: the style; ``Style/normal`` when omitted.
    ///   - face: a PostScript name; see ``face``.
    ///   - textStyle: the Dynamic Type style the size follows; see ``textStyle``.
    public init(
        family: String = Font.defaultFamily, size: Double, weight: Weight = .regular, style: Style = .normal, face: String? = nil,
        textStyle: DynamicTypeStyle? = nil
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.style = style
        self.face = face
        self.textStyle = textStyle
    }

    /// `"DejaVu Sans 14px bold italic"`: family, size, and weight and style when not the
    /// defaults; a face first, as `"OpenSans-Semibold (Open Sans 18px semibold)"`; a text
    /// style last, as `"DejaVu Sans 17px semibold, headline"`.
    public var description: String {
        if let face { return "\(face) (\(Font(family: family, size: size, weight: weight, style: style, textStyle: textStyle)))" }
        var parts = ["\(family) \(size.formatted)px"]
        if weight != .regular { parts.append(weight.description) }
        if style != .normal { parts.append(style.rawValue) }
        return parts.joined(separator: " ") + (textStyle.map { ", \($0)" } ?? "")
    }

    /// Checks the parts of the request that do not need a font library.
    /// - Throws: ``TextMeasurementError/invalidFont(_:)`` for a non-finite or non-positive
    ///   size or an empty family name.
    func validate() throws(TextMeasurementError) {
        guard size.isFinite, size > 0 else {
            throw .invalidFont("font size must be a finite positive number of pixels, got \(size)")
        }
        guard !family.allSatisfy({ $0.isWhitespace || $0 == "," }) else {
            throw .invalidFont("font family name is empty")
        }
        if let face, face.isEmpty || face.contains(where: { $0.isWhitespace || $0 == "," }) {
            throw .invalidFont("font face '\(face)' is not a PostScript name (no spaces or commas)")
        }
    }
}

extension Font {
    /// A font weight on the CSS / OpenType scale, 1...1000.
    ///
    /// A struct rather than an enum so any OpenType weight can be asked for; the named
    /// constants cover the usual ones.
    public struct Weight: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The weight value, clamped to 1...1000.
        public let value: Int

        /// Creates a weight, clamping `value` to 1...1000.
        public init(_ value: Int) { self.value = min(max(value, 1), 1000) }

        /// 100.
        public static let thin = Weight(100)
        /// 300.
        public static let light = Weight(300)
        /// 400, the default.
        public static let regular = Weight(400)
        /// 500.
        public static let medium = Weight(500)
        /// 600.
        public static let semibold = Weight(600)
        /// 700.
        public static let bold = Weight(700)
        /// 900.
        public static let heavy = Weight(900)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }

        public var description: String {
            switch value {
            case 100: "thin"
            case 300: "light"
            case 400: "regular"
            case 500: "medium"
            case 600: "semibold"
            case 700: "bold"
            case 900: "heavy"
            default: "weight \(value)"
            }
        }
    }

    /// The slant of a font.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Upright.
        case normal
        /// The family's italic face.
        case italic
        /// A slanted roman (DejaVu's "Oblique" faces).
        case oblique
    }
}

extension Double {
    /// `14` rather than `14.0` for whole numbers; used in descriptions and CLI output.
    var formatted: String {
        if self.isFinite, self == self.rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
