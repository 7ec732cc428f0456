/// A measurement request that could not be honoured, with the culprit and a message a
/// person can act on.
///
/// A struct with static constructors rather than an enum, so cases can be added
/// without breaking users who switch over them (compare ``kind`` instead).
public struct TextMeasurementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for matching in code.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// No installed font has the requested family (or face: ``Font/face``).
        public static let unknownFontFamily = Kind(name: "unknownFontFamily")
        /// The font's size or family name cannot be used.
        public static let invalidFont = Kind(name: "invalidFont")
        /// The text style cannot be used (e.g. negative line spacing).
        public static let invalidStyle = Kind(name: "invalidStyle")
        /// The width is negative or NaN.
        public static let invalidWidth = Kind(name: "invalidWidth")
        /// The text library failed (out of memory, broken installation).
        public static let backendFailure = Kind(name: "backendFailure")
        /// The request could reach coordinates beyond what the text library can
        /// represent (Pango's 32-bit units: `PangoTextMeasurer.coordinateLimit` in `PangoText`).
        public static let outOfRange = Kind(name: "outOfRange")
        /// A folder of font files cannot be read, holds no font, or holds a font file
        /// that cannot be loaded or measures nothing (the message names the file).
        public static let fontDirectory = Kind(name: "fontDirectory")
    }

    /// What went wrong.
    public let kind: Kind
    /// The culprit and what to do about it.
    public let message: String

    public var description: String { message }

    /// The family `family` resolves to no installed font.
    public static func unknownFontFamily(_ family: String) -> TextMeasurementError {
        TextMeasurementError(
            kind: .unknownFontFamily,
            message: "no installed font has the family \"\(family)\" (see `fc-list : family`)"
        )
    }

    /// No installed font has the PostScript name `face`.
    public static func unknownFontFace(_ face: String) -> TextMeasurementError {
        TextMeasurementError(
            kind: .unknownFontFamily,
            message: "no installed font has the PostScript name \"\(face)\" (see `fc-list : postscriptname`)"
        )
    }

    /// The font request cannot be used; `reason` says why.
    public static func invalidFont(_ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .invalidFont, message: reason)
    }

    /// The text style cannot be used; `reason` says why.
    public static func invalidStyle(_ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .invalidStyle, message: reason)
    }

    /// The maximum width is negative or NaN.
    public static func invalidWidth(_ width: Double) -> TextMeasurementError {
        TextMeasurementError(
            kind: .invalidWidth,
            message: "maximum width must be zero or more (or .infinity for unlimited), got \(width)"
        )
    }

    /// The request could pass the text library's coordinate range; `reason` says how.
    public static func outOfRange(_ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .outOfRange, message: reason)
    }

    /// The folder of font files `directory` cannot be used; `reason` says why.
    public static func fontDirectory(_ directory: String, _ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .fontDirectory, message: "font folder '\(directory)' \(reason)")
    }

    /// The font file `file`, in a folder of font files, cannot be used; `reason` says why.
    /// Its kind is ``Kind/fontDirectory``: the folder is refused for it.
    public static func fontFile(_ file: String, _ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .fontDirectory, message: "font file '\(file)' \(reason)")
    }

    /// The text library failed; `reason` says where.
    public static func backendFailure(_ reason: String) -> TextMeasurementError {
        TextMeasurementError(kind: .backendFailure, message: reason)
    }
}
