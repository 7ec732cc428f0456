import CPango
import TextMetrics

/// Shapes a word with Pango's shaper alone (`pango_shape_with_flags`) instead of
/// laying it out: the fast path learns each new word's width, and a long word's
/// character widths, at the cost of shaping it, without Pango's itemizing, line
/// breaking and extents, which cost three times the shaping of a short word.
///
/// It shapes with the analysis Pango's itemizer gives an ASCII text in this font,
/// taken from Pango's own itemizing of "Hg" and of "0": script Latin for a text
/// with a letter (Pango makes the whole text one Latin run, digits and
/// punctuation included), Common for one without; each with its font, left to
/// right, and the language Pango gives that run (the check made sure the font
/// has a glyph for every printable ASCII character, and that the two agree on
/// the characters both can hold). Pango's layout shapes each item the
/// same way (`shape_run` in pango-layout.c: the item's analysis, no rounding, as
/// the measurer's context asks). Its first words in each script are also laid out
/// and compared; one that differs turns the shaper off for the font (the words are
/// then laid out, and none is broken between characters), so a font or a Pango
/// this reasoning does not hold for costs speed, not exactness. The word and corpus
/// tests compare the whole path with Pango's layout.
final class WordShaper {
    private var latin: PangoAnalysis
    private var common: PangoAnalysis
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// Pango's margin around the line width within which its line breaker shapes a
    /// candidate line (three approximate character widths of the font).
    let safeDistance: Int64
    /// Words of each script still to be compared with their own layout.
    private var latinChecks = 24, commonChecks = 8
    /// Turned off after a word shaped here differed from its layout.
    private(set) var isOff = false

    /// A word's characters as Pango's line breaker sees them.
    struct Facts {
        /// The glyph string's width: the word's width in Pango units.
        var width: Int32
        /// Each character's logical width (a cluster's width shared by its characters).
        var logical: [Int32]
        /// Each glyph's cluster: the byte where its characters start.
        var clusters: [Int32]
        /// At each boundary 0...count: whether a character break is allowed there.
        var charBreak: [Bool]
    }

    /// A shaper for the font `layout` holds, or `nil` when an ASCII text is not one
    /// left-to-right Latin run of one font there.
    init?(layout: OpaquePointer) {
        // Pango's analyses of a text with a letter and of one without: the font,
        // language and script it shapes each with (the language of a Latin run is
        // the context's only where that writes Latin; a Common run's font is chosen
        // for the context's language), taken from its own itemizing.
        guard let latin = Self.analysis(of: "Hg", script: PANGO_SCRIPT_LATIN, layout: layout),
            let common = Self.analysis(of: "0", script: PANGO_SCRIPT_COMMON, layout: layout)
        else { return nil }
        let safe = latin.font.map { cellfit_break_safe_distance($0, latin.language) } ?? -1
        guard safe >= 0, let glyphs = pango_glyph_string_new() else { return nil }
        cellfit_object_ref(UnsafeMutableRawPointer(latin.font))
        cellfit_object_ref(UnsafeMutableRawPointer(common.font))
        self.glyphs = glyphs
        safeDistance = Int64(safe)
        self.latin = latin
        self.common = common
    }

    deinit {
        cellfit_object_unref(UnsafeMutableRawPointer(latin.font))
        cellfit_object_unref(UnsafeMutableRawPointer(common.font))
        pango_glyph_string_free(glyphs)
    }

    /// The analysis of `text`'s one run, left to right in `script`, or `nil`.
    private static func analysis(of text: String, script: PangoScript, layout: OpaquePointer) -> PangoAnalysis? {
        guard PangoWords.layOut(text, layout) != nil, let run = cellfit_single_run(layout) else { return nil }
        var analysis = run.pointee.item.pointee.analysis
        guard analysis.font != nil, analysis.level == 0, UInt32(analysis.script) == UInt32(script.rawValue) else { return nil }
        // The item's extra attributes go with the layout's text; none of them shapes.
        analysis.extra_attrs = nil
        return analysis
    }

    /// Whether `text` has an ASCII letter: Pango itemizes it as Latin, else as Common.
    static func isLatin(_ text: String) -> Bool {
        text.utf8.contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }

    /// The width of `word` in a text of that script, in Pango units; `nil` when a
    /// glyph is missing, or once the shaper is off.
    func width(of word: String, latin inLatin: Bool, layout: OpaquePointer, reference: PangoWords.Reference) -> Int32? {
        guard !isOff else { return nil }
        let shaped = shapedWidth(word, latin: inLatin)
        // A word of letters is Latin laid out alone too, one of none Common.
        if Self.isLatin(word) == inLatin {
            if inLatin, latinChecks > 0 {
                latinChecks -= 1
                compare(shaped, word, layout: layout, reference: reference)
            } else if !inLatin, commonChecks > 0 {
                commonChecks -= 1
                compare(shaped, word, layout: layout, reference: reference)
            }
        }
        return isOff ? nil : shaped
    }

    /// `text` shaped in a text of that script: its width in Pango units, or `nil`
    /// when the font has no glyph for one of its characters.
    func shapedWidth(_ text: String, latin inLatin: Bool) -> Int32? {
        shape(text, latin: inLatin) ? width() : nil
    }

    /// The shaped glyphs' width, summed in 64 bits (`pango_glyph_string_get_width`
    /// sums in a C `int`, which wraps for a long word in a huge font); `nil` past Int32.
    private func width() -> Int32? {
        let string = glyphs.pointee
        var sum: Int64 = 0
        for i in 0..<Int(string.num_glyphs) { sum += Int64(string.glyphs[i].geometry.width) }
        return Int32(exactly: sum)
    }

    /// The facts of a word of a Latin text, or `nil` when a glyph is missing or the shaper is off.
    func facts(of word: String) -> Facts? {
        guard !isOff, shape(word, latin: true), let width = width() else { return nil }
        let count = word.utf8.count
        let string = glyphs.pointee
        guard let clusterPointer = string.log_clusters else { return nil }
        let clusters = Array(UnsafeBufferPointer(start: clusterPointer, count: Int(string.num_glyphs)))
        var logical = [Int32](repeating: 0, count: count)
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        var text = word
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_glyph_string_get_logical_widths(glyphs, chars.baseAddress, Int32(count), 0, &logical)
                pango_get_log_attrs(chars.baseAddress, Int32(count), 0, latin.language, &attributes, Int32(count + 1))
            }
        }
        return Facts(
            width: width, logical: logical, clusters: clusters,
            charBreak: attributes.map { $0.is_char_break != 0 })
    }

    private func shape(_ text: String, latin inLatin: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars -> Bool in
                guard let base = chars.baseAddress else { return false }
                withUnsafePointer(to: inLatin ? latin : common) { analysis in
                    pango_shape_with_flags(base, Int32(chars.count), base, Int32(chars.count), analysis, glyphs, PANGO_SHAPE_NONE)
                }
                let string = glyphs.pointee
                for i in 0..<Int(string.num_glyphs) where string.glyphs[i].glyph & Self.unknownGlyph != 0 { return false }
                return true
            }
        }
    }

    private func compare(_ shaped: Int32?, _ word: String, layout: OpaquePointer, reference: PangoWords.Reference) {
        let laidOut = PangoWords.layOut(word, layout).flatMap { reference.sameLine($0) ? $0.width : nil }
        if laidOut != shaped { isOff = true }
    }

    /// `PANGO_GLYPH_UNKNOWN_FLAG`: a character the font has no glyph for.
    private static let unknownGlyph: PangoGlyph = 0x1000_0000
}
