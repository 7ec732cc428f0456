import CPango
import TextMetrics

/// The single-line fast path of the Pango measurer: a text of printable ASCII
/// words that fits on one line is measured as the sum of its words' widths,
/// each word laid out by Pango once per font and thread, instead of shaping the
/// whole text again.
///
/// The line it gives is the one Pango gives, in Pango units, where it answers:
/// - the width: Pango's line width is the sum of its glyphs' advances, and with
///   unrounded glyph positions a word shaped alone with its trailing space
///   advances exactly as it does inside the line, provided the font kerns no
///   character against a space — checked once per font, on every printable
///   ASCII character before and after a space; a font that does is never
///   measured this way;
/// - the top, bottom and baseline: a line of glyphs of one font has that font's
///   logical extents whatever the glyphs, taken once per font from a reference
///   line; a word whose own line differs (a glyph from a fallback font) is
///   never summed;
/// - the line breaks: there are none. A text is only taken when it fits with a
///   pixel to spare, so Pango would not wrap it either.
///
/// Everything else — more than one line, tabs or newlines, runs of spaces,
/// characters past ASCII — goes to the full layout. `PangoWordTests` holds the
/// two against each other on thousands of texts and fonts.
final class PangoWords {
    /// The line's top, bottom and baseline for this font, or `nil` when the font
    /// failed the space-kerning check (or has not been checked yet: `checked`).
    private var reference: LineBox?
    private var checked = false
    /// Word (with its trailing space, if one follows) → its width in Pango units;
    /// -1 for a word whose own line is not the reference line.
    private var widths: [String: Int32] = [:]
    private static let wordLimit = 50_000

    /// The one line of `text`, or `nil` when the fast path does not answer.
    func line(_ text: String, maxWidth: Double, layout: OpaquePointer) -> LineBox? {
        guard Self.isSimple(text) else { return nil }
        if !checked {
            checked = true
            reference = Self.check(layout)
        }
        guard let reference else { return nil }
        let limit = maxWidth.isFinite ? (maxWidth * pangoScale).rounded(.down) - pangoScale : .infinity
        var total = 0.0
        var start = text.startIndex
        while start < text.endIndex {
            // A word and the space after it, if one follows.
            var end = text[start...].firstIndex(of: " ") ?? text.endIndex
            if end < text.endIndex { end = text.index(after: end) }
            guard let width = width(of: text[start..<end], layout: layout, reference: reference) else { return nil }
            total += Double(width)
            if total > limit { return nil }
            start = end
        }
        return LineBox(width: total / pangoScale, top: reference.top, bottom: reference.bottom, baseline: reference.baseline)
    }

    private func width(of word: Substring, layout: OpaquePointer, reference: LineBox) -> Int32? {
        // String keys (most are small strings, stored inline): a Substring key would
        // keep the whole text it came from alive.
        let key = String(word)
        if let known = widths[key] { return known >= 0 ? known : nil }
        if widths.count >= Self.wordLimit { widths.removeAll() }
        let line = Self.layOut(key, layout)
        let width: Int32 = line.map { Self.sameVerticalExtents($0.box, reference) ? $0.units : -1 } ?? -1
        widths[key] = width
        return width >= 0 ? width : nil
    }

    /// Printable ASCII words separated by single spaces, no space at either end.
    static func isSimple(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20, bytes.count <= 4096 else {
                return false
            }
            var previous: UInt8 = 0
            for byte in bytes {
                guard (0x20...0x7E).contains(byte), !(byte == 0x20 && previous == 0x20) else { return false }
                previous = byte
            }
            return true
        }
    }

    /// The reference line of the font, when no printable ASCII character kerns
    /// against a space in it (before or after); `nil` otherwise.
    private static func check(_ layout: OpaquePointer) -> LineBox? {
        guard let reference = layOut("Hg", layout), let space = layOut(" ", layout)?.units else { return nil }
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let c = String(UnicodeScalar(byte))
            guard let alone = layOut(c, layout), sameVerticalExtents(alone.box, reference.box),
                let after = layOut(c + " ", layout)?.units, let before = layOut(" " + c, layout)?.units,
                after == alone.units + space, before == alone.units + space
            else { return nil }
        }
        return reference.box
    }

    private static func sameVerticalExtents(_ a: LineBox, _ b: LineBox) -> Bool {
        a.top == b.top && a.bottom == b.bottom && a.baseline == b.baseline
    }

    /// `text` laid out unwrapped: its line and its width in Pango units, or `nil`
    /// when it is not one line.
    private static func layOut(_ text: String, _ layout: OpaquePointer) -> (box: LineBox, units: Int32)? {
        pango_layout_set_width(layout, -1)
        pango_layout_set_spacing(layout, 0)
        PangoLines(layout: layout).setText(text)
        guard pango_layout_get_line_count(layout) == 1, let iter = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iter) }
        var logical = PangoRectangle()
        pango_layout_iter_get_line_extents(iter, nil, &logical)
        let top = Double(logical.y) / pangoScale
        let box = LineBox(
            width: Double(logical.width) / pangoScale, top: top, bottom: top + Double(logical.height) / pangoScale,
            baseline: Double(pango_layout_iter_get_baseline(iter)) / pangoScale)
        return (box, logical.width)
    }
}
