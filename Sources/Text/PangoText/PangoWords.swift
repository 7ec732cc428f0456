import CPango
import TextMetrics

/// The fast path of the Pango measurer: a text of printable ASCII words is
/// measured from its words' widths, each word shaped by Pango once per font
/// and thread, instead of laying the whole text out again.
///
/// The lines it gives are the ones Pango gives, in Pango units, where it answers:
/// - the widths: Pango's line width is the sum of its glyphs' advances, and with
///   unrounded glyph positions a word shaped alone advances exactly as it does
///   inside the line, provided the font kerns no character against a space —
///   checked once per font, on every printable ASCII character before and
///   after a space; a font that does is never measured this way;
/// - the tops, bottoms and baselines: a line of glyphs of one font has that
///   font's logical extents whatever the glyphs, taken once per font from a
///   reference line, each line the line spacing below the last; the check
///   makes sure the font has a glyph for every printable ASCII character, so no
///   fallback font enters a line;
/// - the line breaks: greedy, at spaces, as Pango breaks a text whose break
///   opportunities are its spaces alone (UAX #14; ``hasUnbreakableWords(_:)``)
///   in word wrap. A text with other opportunities, or in character wrap, is
///   taken only when it fits on one line.
///
/// A word wider than the line is broken between characters as Pango breaks it
/// (``WordBreaking``); a new word is shaped alone (``WordShaper``), not laid out.
/// Everything else it leaves (to the segments, ``PangoSegments``, or the full
/// layout): tabs and runs of spaces, characters past ASCII, a line limit the text
/// passes; line breaks are the caller's, which measures a paragraph at a time. `PangoWordTests` and
/// `PangoCorpusTests` hold the two against each other on thousands of texts,
/// fonts, widths and spacings.
final class PangoWords {
    /// The reference line of this font, in Pango units, or `nil` when the font
    /// failed the space-kerning check (or has not been checked yet: `checked`).
    private(set) var reference: Reference?
    private var checked = false
    /// What breaking words between characters needs, learned on the first word wider than a line.
    let breaking = WordBreaking()
    /// Word (without its trailing space) → its width in Pango units in a text with a
    /// letter (Latin), and in a text without (Common); -1 for a word the fast path
    /// does not take (a glyph missing, a width past Int32).
    private var widths: [String: Int32] = [:]
    private var commonWidths: [String: Int32] = [:]
    /// Shapes new words without laying them out; `nil` for a font it cannot.
    private var shaper: WordShaper?

    /// Forgets the words' widths learned (the font's check and shaper stay).
    func forgetWords() {
        widths.removeAll()
        commonWidths.removeAll()
        breaking.forget()
    }

    /// Releases the shaper's reference on the font: called before the font map that
    /// made the font is released.
    func close() {
        shaper = nil
    }
    private static let wordLimit = 50_000
    private static let breakableLength = 16

    /// A line of the font in Pango units: its top, height, baseline, and the
    /// width of a space.
    struct Reference {
        var top: Int32
        var height: Int32
        var baseline: Int32
        var space: Int32
        /// Each printable ASCII character shaped alone: its width, at `byte - 0x20`.
        var alone: [Int32]
    }

    /// The lines of `text`, or `nil` when the fast path does not answer.
    ///
    /// Lines are filled greedily, a word at a time, as Pango fills them: a word
    /// joins the line when the line with it (its space included, the trailing space
    /// of the line not) is no wider than the layout, compared in Pango units as
    /// Pango compares them; a wrapped line's trailing space does not count in its
    /// width. A word that starts a line and is wider than the layout is broken
    /// between characters as Pango breaks it in `PANGO_WRAP_WORD_CHAR`
    /// (``WordBreaking``).
    func lines(_ text: String, maxWidth: Double, style: TextStyle, layout: OpaquePointer) -> [LineBox]? {
        var starts: [Int]? = nil
        return lines(text, maxWidth: maxWidth, style: style, layout: layout, starts: &starts)
    }

    /// ``lines(_:maxWidth:style:layout:)``, with the UTF-8 offset each line starts at in
    /// `starts` when it is not `nil` (only truncation asks); empty when a word was broken
    /// between characters (where its lines start inside it is not worked out here).
    func lines(_ text: String, maxWidth: Double, style: TextStyle, layout: OpaquePointer, starts: inout [Int]?) -> [LineBox]? {
        guard Self.isSimple(text) else { return nil }
        // Character wrap breaks anywhere: only a text that fits on one line is taken.
        let breaksAtSpaces = style.lineBreakMode != .characterWrap && Self.hasUnbreakableWords(text)
        let spacing = style.lineSpacing
        if !checked {
            checked = true
            if let shaper = WordShaper(layout: layout), let reference = Self.check(layout, shaper: shaper) {
                self.shaper = shaper
                self.reference = reference
            }
        }
        guard let reference else { return nil }
        let latin = WordShaper.isLatin(text)
        let units = (maxWidth * pangoScale).rounded(.down)
        guard !maxWidth.isFinite || units < Double(Int32.max) else { return nil }
        // Pango's width, as `PangoLines.pangoWidth` sets it.
        let limit = maxWidth.isFinite ? Int64(units) : Int64.max
        var widthsOfLines: [Int64] = []
        var line: Int64 = -1
        var start = text.startIndex
        // The text is ASCII (`isSimple`): its characters are its UTF-8 bytes.
        let wantsStarts = starts != nil
        var lineStarts: [Int] = wantsStarts ? [0] : [], brokeAWord = false
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: " ") ?? text.endIndex
            let word = text[start..<end]
            guard let width = width(of: word, latin: latin, layout: layout).map(Int64.init) else { return nil }
            if line >= 0 {
                let candidate = line + Int64(reference.space) + width
                if candidate <= limit {
                    line = candidate
                    start = end < text.endIndex ? text.index(after: end) : end
                    continue
                }
                // A line break: only where the spaces are the only break opportunities.
                guard breaksAtSpaces else { return nil }
                widthsOfLines.append(line)
                if wantsStarts { lineStarts.append(text.utf8.distance(from: text.startIndex, to: start)) }
            }
            if width <= limit {
                line = width
            } else {
                guard breaksAtSpaces, latin, let shaper,
                    let rest = breaking.breakWord(word, width: width, limit: limit, reference: reference, shaper: shaper, into: &widthsOfLines)
                else { return nil }
                line = rest
                brokeAWord = true
            }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        widthsOfLines.append(line)
        if wantsStarts { starts = brokeAWord ? [] : lineStarts }
        let step = Double(reference.height) + (spacing * pangoScale).rounded(.towardZero)
        return widthsOfLines.enumerated().map { k, width in
            let top = Double(reference.top) + Double(k) * step
            return LineBox(
                width: Double(width) / pangoScale, top: top / pangoScale, bottom: (top + Double(reference.height)) / pangoScale,
                baseline: (Double(reference.baseline) + Double(k) * step) / pangoScale)
        }
    }

    private func width(of word: Substring, latin: Bool, layout: OpaquePointer) -> Int32? {
        // String keys (most are small strings, stored inline): a Substring key would
        // keep the whole text it came from alive.
        let key = String(word)
        if let known = latin ? widths[key] : commonWidths[key] { return known >= 0 ? known : nil }
        let width = learn(key, latin: latin, layout: layout)
        if latin {
            if widths.count >= Self.wordLimit { widths.removeAll() }
            widths[key] = width
        } else {
            if commonWidths.count >= Self.wordLimit { commonWidths.removeAll() }
            commonWidths[key] = width
        }
        return width >= 0 ? width : nil
    }

    /// A new word's width, or -1: shaped alone (a long word of a text with a letter
    /// with its characters, for breaking it), or laid out once the shaper is off.
    private func learn(_ word: String, latin: Bool, layout: OpaquePointer) -> Int32 {
        guard let reference else { return -1 }
        if let shaper, !shaper.isOff {
            if latin, word.utf8.count >= Self.breakableLength {
                // A long word is likely to be broken between characters in some line:
                // its characters are learnt from the one shaping.
                guard let facts = shaper.facts(of: word) else { return -1 }
                breaking.learn(word, facts: facts, reference: reference, shaper: shaper)
                return facts.width
            }
            if let width = shaper.width(of: word, latin: latin, layout: layout, reference: reference) { return width }
            if !shaper.isOff { return -1 }
        }
        guard let line = Self.layOut(word, layout), reference.sameLine(line) else { return -1 }
        return line.width
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

    /// Whether the line break opportunities of `text` are exactly its spaces
    /// (UAX #14): its words (runs without spaces) are letters, digits, `'` and
    /// `. , ; :` between or after them (infix separators, which never break
    /// inside a word) but before a digit unless a number precedes them (`y.3`
    /// breaks before the 3, `1.5` does not), and `! ?` only at a word's end (a
    /// letter after them is a break opportunity); no word starts with one of `. , ; : ! ?` — before
    /// those UAX #14 does not break even after a space. Hyphens, slashes,
    /// brackets, quotes and the like break words, as Pango breaks them.
    static func hasUnbreakableWords(_ text: String) -> Bool {
        var previous = UInt8(ascii: " ")
        // The last byte before the current run of separators: a digit after `. , ; :`
        // glues only to a number before them (Pango's LB25: NU (NU|IS)* × NU).
        var beforeSeparators = UInt8(ascii: " ")
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if previous == UInt8(ascii: "!") || previous == UInt8(ascii: "?") { return false }
                if isSeparator(previous) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(beforeSeparators) { return false }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "'"):
                if previous == UInt8(ascii: "!") || previous == UInt8(ascii: "?") { return false }
            case UInt8(ascii: " "):
                break
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"):
                if previous == UInt8(ascii: " ") { return false }
            default:
                return false
            }
            if !isSeparator(byte) { beforeSeparators = byte }
            previous = byte
        }
        return true
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    /// The reference line of the font, when it has a glyph for every printable ASCII
    /// character and none of them kerns against a space in it (before or after, in
    /// a text with a letter and, for the others, in one without); `nil` otherwise.
    private static func check(_ layout: OpaquePointer, shaper: WordShaper) -> Reference? {
        guard let reference = layOut("Hg", layout), let space = layOut(" ", layout)?.width,
            shaper.shapedWidth(" ", latin: true) == space, shaper.shapedWidth(" ", latin: false) == space
        else { return nil }
        var alone: [Int32] = [space]
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let c = String(UnicodeScalar(byte))
            var width: Int32?
            for latin in WordShaper.isLatin(c) ? [true] : [true, false] {
                // In 64 bits: a glyph and a space of a huge font may pass Int32.
                guard let shaped = shaper.shapedWidth(c, latin: latin), width == nil || width == shaped,
                    shaper.shapedWidth(c + " ", latin: latin).map(Int64.init) == Int64(shaped) + Int64(space),
                    shaper.shapedWidth(" " + c, latin: latin).map(Int64.init) == Int64(shaped) + Int64(space)
                else { return nil }
                width = shaped
            }
            guard let width else { return nil }
            alone.append(width)
        }
        return Reference(top: reference.top, height: reference.height, baseline: reference.baseline, space: space, alone: alone)
    }

    /// `text` laid out unwrapped: its line in Pango units, or `nil` when it is not one line.
    static func layOut(_ text: String, _ layout: OpaquePointer) -> (top: Int32, height: Int32, baseline: Int32, width: Int32)? {
        pango_layout_set_width(layout, -1)
        pango_layout_set_spacing(layout, 0)
        PangoLines(layout: layout).setText(text)
        guard pango_layout_get_line_count(layout) == 1, let iter = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iter) }
        var logical = PangoRectangle()
        pango_layout_iter_get_line_extents(iter, nil, &logical)
        return (logical.y, logical.height, pango_layout_iter_get_baseline(iter), logical.width)
    }
}
