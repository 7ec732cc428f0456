import CPango

// Where lines may break, and where units end, found by rules of neighbours rather than
// by Pango's analysis (`pango_get_log_attrs`): East Asian and alphabetic line breaks,
// character wrap's grapheme boundaries, and a single line's units. Each rule takes
// only the characters whose answer it knows and is held to Pango's analysis by tests.

/// Line break opportunities of East Asian text without Pango's analysis.
///
/// `pango_get_log_attrs` is a large share of a Chinese row's work on the segments
/// path: it finds every boundary Unicode knows (grapheme, word, sentence, line) to
/// answer the one question the path asks in word wrap, where a line may end. For text
/// made only of ideographs, kana, East Asian punctuation and ASCII digits the answer
/// is a rule of two neighbours (UAX #14 as Pango 1.50 applies it):
///
/// - never after an opening bracket (LB14: `OP ×`);
/// - never before a closing mark, `!`/`?`, a non-starter — small kana, the
///   prolonged sound mark, iteration marks (LB13 `× CL`, `× EX`; LB21 `× NS`; Pango
///   resolves `CJ` to `NS`, UAX #14's strict default) — or an ellipsis (LB22 `× IN`,
///   which ends every line a truncation tries);
/// - never inside a number (LB25: `NU × NU`);
/// - everywhere else (LB31: `÷`).
///
/// Any other character — a space, a Latin letter, a quotation mark, a numeric prefix
/// or postfix, anything narrow in East Asian width that LB30 would look at — sends the
/// text to Pango's analysis. `PangoSegmentTests` holds the rule to
/// `pango_get_log_attrs` on every character it takes, on every ordered pair of its
/// classes, and on random texts of them.
extension PangoSegments {
    /// A character's line breaking class, among the ones the rule takes.
    enum EastAsianClass: UInt8 {
        case ideographic, close, open, nonStarter, exclamation, numeric, inseparable
    }

    /// The class of `scalar`, or `nil` when the rule does not take it.
    static func eastAsianClass(_ scalar: UInt32) -> EastAsianClass? {
        switch scalar {
        case 0x30...0x39:
            return .numeric
        // The ellipses (a truncated line ends in "…"): inseparable, LB22.
        case 0x2024...0x2026:
            return g_unichar_break_type(scalar) == G_UNICODE_BREAK_INSEPARABLE ? .inseparable : nil
        // CJK punctuation (not U+3000, a space), kana, CJK ideographs and extension A,
        // fullwidth forms: all East Asian wide or fullwidth.
        case 0x3001...0x303F, 0x3041...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF60:
            switch g_unichar_break_type(scalar) {
            case G_UNICODE_BREAK_IDEOGRAPHIC: return .ideographic
            case G_UNICODE_BREAK_CLOSE_PUNCTUATION: return .close
            case G_UNICODE_BREAK_OPEN_PUNCTUATION: return .open
            case G_UNICODE_BREAK_NON_STARTER, G_UNICODE_BREAK_CONDITIONAL_JAPANESE_STARTER: return .nonStarter
            case G_UNICODE_BREAK_EXCLAMATION: return .exclamation
            case G_UNICODE_BREAK_NUMERIC: return .numeric
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Whether a line may end between a character of class `before` and one of `after`.
    static func breaks(between before: EastAsianClass, and after: EastAsianClass) -> Bool {
        if before == .open { return false }
        switch after {
        case .close, .exclamation, .nonStarter, .inseparable: return false
        case .numeric where before == .numeric: return false
        default: return true
        }
    }

    /// Sets `is_line_break` of `attributes[1..<count]` for the `count` characters in
    /// `bytes` (UTF-8) by the rule; `false`, with `attributes` in an unspecified state,
    /// when a character is one the rule does not take.
    static func eastAsianLineBreaks(_ bytes: UnsafeBufferPointer<CChar>, count: Int, into attributes: inout [PangoLogAttr]) -> Bool {
        var index = 0, character = 0
        var previous: EastAsianClass?
        // Decoded here, not by `scalars(of:count:_:)`: the rule's characters are one
        // byte (digits) or three (U+0800 to U+FFFF), and this loop runs on every
        // Chinese or Japanese text, where the general decoder's branches for every
        // length cost more than the decoding.
        while index < bytes.count, character < count {
            let lead = UInt8(bitPattern: bytes[index])
            let scalar: UInt32
            if lead < 0x80 {
                scalar = UInt32(lead)
                index += 1
            } else if lead & 0xF0 == 0xE0, index + 2 < bytes.count {
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(UInt8(bitPattern: bytes[index + 1]) & 0x3F) << 6
                    | UInt32(UInt8(bitPattern: bytes[index + 2]) & 0x3F)
                index += 3
            } else {
                return false
            }
            guard let current = eastAsianClass(scalar) else { return false }
            if let previous { attributes[character].is_line_break = breaks(between: previous, and: current) ? 1 : 0 }
            previous = current
            character += 1
        }
        return index == bytes.count && character == count
    }
}

extension PangoSegments {
    /// Sets `is_line_break` of `attributes[1..<count]` for the `count` characters in
    /// `bytes` (UTF-8) where a text measured on one line ends its units
    /// (``Units/singleLine``): after a white character, and between two ideographs,
    /// kana or Hangul syllables.
    ///
    /// Nothing breaks on one line, so these are not Pango's opportunities, and need
    /// not be: any split into units gives the line's width, since every pair of
    /// units is held to its shaping together (`analyse`). The split must only keep
    /// each grapheme whole and the units few and often met. Between two of these
    /// characters there is always a grapheme boundary (none is a mark, a joiner or a
    /// conjoining jamo), and each is a unit met again and again; elsewhere a unit runs
    /// to the next white character, as a word does.
    static func singleLineUnits(_ bytes: UnsafeBufferPointer<CChar>, count: Int, into attributes: inout [PangoLogAttr]) {
        var previousWide = false, previousWhite = false
        _ = scalars(of: bytes, count: count) { character, scalar in
            let wide: Bool
            switch scalar {
            // Kana but the combining voiced sound marks, ideographs, Hangul syllables,
            // fullwidth forms.
            case 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60: wide = true
            default: wide = false
            }
            if character > 0 { attributes[character].is_line_break = previousWhite || (previousWide && wide) ? 1 : 0 }
            previousWide = wide
            previousWhite = isWhite(scalar)
            return true
        }
    }

    /// Calls `body` with each character's number and scalar of the UTF-8 in `bytes`, up
    /// to `count` characters, while it returns `true`; whether every character of
    /// `bytes` was passed and accepted, `count` of them.
    @inline(__always)
    static func scalars(of bytes: UnsafeBufferPointer<CChar>, count: Int, _ body: (Int, UInt32) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return count == 0 }
        var index = 0, character = 0
        while index < bytes.count {
            guard character < count, let (scalar, length) = scalar(at: base + index, available: bytes.count - index),
                body(character, scalar)
            else { return false }
            index += length
            character += 1
        }
        return character == count
    }

    /// The scalar whose UTF-8 starts at `text`, and its length in bytes; `nil` when it
    /// would run past `available` bytes. The text is valid UTF-8 (a Swift string's).
    @inline(__always)
    static func scalar(at text: UnsafePointer<CChar>, available: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt8(bitPattern: text[0])
        let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length <= available else { return nil }
        var value = UInt32(lead < 0x80 ? lead : lead & (0x7F >> UInt8(length)))
        for k in 1..<length { value = value << 6 | UInt32(UInt8(bitPattern: text[k]) & 0x3F) }
        return (value, length)
    }
}

/// Line break opportunities of alphabetic text without Pango's analysis.
///
/// In word wrap of Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari and Korean text
/// with spaces, `pango_get_log_attrs` (every Unicode boundary of the sentence) answers
/// what a few rules of UAX #14 answer for the classes such text is made of — letters
/// (AL, HL), digits (NU), combining marks (CM), the space (SP), infix separators (IS:
/// `. , : ;`), `!` and `?` (EX) and Hangul syllables (H2, H3):
///
/// - never before a space (LB7), and a mark belongs to what it follows (LB9) but after
///   a space, where it is a letter (LB10);
/// - never before IS or EX, even after a space (LB13);
/// - after spaces, a break (LB18);
/// - never between letters (LB28), between a letter and a digit either way (LB23),
///   after IS before a letter (LB29), inside a number — digits, and IS between
///   digits (LB25 as a regular expression, `NU (NU | IS)* × NU`, as Pango applies it:
///   `,5` at a number's start may break before the digit);
/// - everywhere else, a break (LB31): after `!` before a letter, between Hangul
///   syllables, between a syllable and a letter or digit.
///
/// Any other character goes to Pango's analysis. `AlphabeticBreakTests` holds the rule
/// to `pango_get_log_attrs` on every ordered pair of characters sampled from each
/// class and script, and on random texts of them.
extension PangoSegments {
    /// A character's line breaking class, among the ones the rule takes.
    enum AlphabeticClass: UInt8 {
        case letter, numeric, mark, space, infix, exclamation, hangul
    }

    /// The class of `scalar`, or `nil` when the rule does not take it: only characters
    /// of the scripts named above, by glib's class (Pango's).
    static func alphabeticClass(_ scalar: UInt32) -> AlphabeticClass? {
        switch scalar {
        case 0x20: return .space
        // The Arabic format characters (number signs, the letter mark, end of ayah) join
        // what follows them, not what precedes (UAX #29 GB9b).
        case 0x0600...0x0605, 0x061C, 0x06DD: return nil
        case 0x21...0x7E, 0xC0...0x024F, 0x0300...0x036F, 0x0370...0x052F, 0x0590...0x05FF, 0x0600...0x06FF, 0x0900...0x097F,
            0x1E00...0x1FFF, 0xAC00...0xD7A3:
            switch g_unichar_break_type(scalar) {
            case G_UNICODE_BREAK_ALPHABETIC, G_UNICODE_BREAK_HEBREW_LETTER: return .letter
            case G_UNICODE_BREAK_NUMERIC: return .numeric
            case G_UNICODE_BREAK_COMBINING_MARK: return .mark
            case G_UNICODE_BREAK_INFIX_SEPARATOR: return .infix
            case G_UNICODE_BREAK_EXCLAMATION: return .exclamation
            case G_UNICODE_BREAK_HANGUL_LV_SYLLABLE, G_UNICODE_BREAK_HANGUL_LVT_SYLLABLE: return .hangul
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Whether a line may end between a character of (resolved) class `before` and one
    /// of `after`, neither a space nor a mark; `inNumber`: `before` ends a run of digits
    /// and infix separators that starts with a digit.
    static func breaks(between before: AlphabeticClass, and after: AlphabeticClass, inNumber: Bool) -> Bool {
        switch (before, after) {
        case (_, .infix), (_, .exclamation): false
        case (.letter, .letter), (.letter, .numeric), (.numeric, .letter), (.numeric, .numeric): false
        case (.infix, .letter): false
        case (.infix, .numeric): !inNumber
        default: true
        }
    }

    /// Sets `is_line_break` of `attributes[1..<count]` for the `count` characters in
    /// `bytes` (UTF-8) by the rule; `false`, with `attributes` in an unspecified state,
    /// when a character is one the rule does not take.
    static func alphabeticLineBreaks(_ bytes: UnsafeBufferPointer<CChar>, count: Int, into attributes: inout [PangoLogAttr]) -> Bool {
        // The class of the last character that is not a mark (a mark takes it: LB9), and
        // whether spaces came after it.
        var previous: AlphabeticClass?
        var afterSpace = false, inNumber = false
        return scalars(of: bytes, count: count) { character, scalar in
            guard var current = alphabeticClass(scalar) else { return false }
            let allowed: Bool
            switch current {
            case .space:
                allowed = false
                afterSpace = true
            case .mark where previous != nil && !afterSpace:
                // A mark belongs to what it follows (LB9).
                allowed = false
            default:
                // A mark at the start or after a space is a letter (LB10).
                if current == .mark { current = .letter }
                if afterSpace {
                    allowed = current != .infix && current != .exclamation
                } else if let previous {
                    allowed = breaks(between: previous, and: current, inNumber: inNumber)
                } else {
                    allowed = false
                }
                inNumber = current == .numeric || (current == .infix && inNumber && !afterSpace)
                previous = current
                afterSpace = false
            }
            if character > 0 { attributes[character].is_line_break = allowed ? 1 : 0 }
            return true
        }
    }

    /// Sets `is_char_break` of `attributes[1..<count]` for the `count` characters in
    /// `bytes` (UTF-8), the grapheme boundaries character wrap breaks at, for text of
    /// the characters either line break rule takes (this one's and the East Asian
    /// one's): before every character but a combining mark, which extends the cluster
    /// before it (UAX #29 GB9, GB9a; none of these is a control, a joiner, a prepended
    /// format character or a conjoining jamo). `false`, with `attributes` in an
    /// unspecified state, when a character is one neither rule takes.
    static func characterBreaks(_ bytes: UnsafeBufferPointer<CChar>, count: Int, into attributes: inout [PangoLogAttr]) -> Bool {
        scalars(of: bytes, count: count) { character, scalar in
            let mark: Bool
            if let current = alphabeticClass(scalar) {
                mark = current == .mark
            } else if eastAsianClass(scalar) != nil {
                mark = false
            } else {
                return false
            }
            if character > 0 { attributes[character].is_char_break = mark ? 0 : 1 }
            return true
        }
    }
}
