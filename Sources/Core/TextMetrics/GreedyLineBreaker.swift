/// The deterministic line breaker behind ``FixedAdvanceMeasurer``.
///
/// Rules (chosen to match what Pango does with `PANGO_WRAP_WORD_CHAR`, so that tests
/// written against the fixed measurer describe the real one too):
/// - newline characters end a paragraph; a paragraph always takes at least one line,
///   so `"a\n"` is two lines and `"\n"` is two empty lines;
/// - word wrap breaks after a run of whitespace; a word wider than the line breaks
///   between its characters, at least one character per line;
/// - whitespace at the end of a paragraph is dropped (`trimmingParagraphEnds`);
/// - character wrap breaks between any two characters;
/// - whitespace at the end of a line *hangs*: it does not count towards the line's width
///   and never causes a wrap;
/// - the unit of text is the `Character` (extended grapheme cluster), so a combining
///   mark or an emoji ZWJ sequence is never split.
struct GreedyLineBreaker {
    /// Width of every character.
    let advance: Double
    /// The widest a line may be; `.infinity` for no limit.
    let maxWidth: Double
    /// Word or character wrap (truncation wraps as words).
    let characterWrap: Bool

    /// One line of output: the characters it holds, including hanging whitespace.
    struct Line: Equatable {
        var characters: [Character]
        /// Characters before the hanging whitespace.
        var visibleCount: Int
        /// Whether the line starts a paragraph (the first line, or after a newline).
        var startsParagraph: Bool
    }

    /// Breaks `text` into lines. The empty string gives no lines.
    func lines(of text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var result: [Line] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var characters = Array(paragraph)
            // The same rule as `trimmingParagraphEnds`, without building a new string.
            while characters.last?.isWhitespace == true { characters.removeLast() }
            breakParagraph(characters, into: &result)
        }
        return result
    }

    /// How many characters of width `advance` fit in `maxWidth`, at least one.
    var capacity: Int {
        guard maxWidth.isFinite else { return Int.max }
        // The tolerance keeps `n * advance == maxWidth` from failing on rounding noise.
        let fit = ((maxWidth + 1e-9) / advance).rounded(.down)
        return fit >= Double(Int.max) ? Int.max : max(Int(fit), 1)
    }

    private func breakParagraph(_ chars: [Character], into result: inout [Line]) {
        let capacity = self.capacity
        var line = Line(characters: [], visibleCount: 0, startsParagraph: true)
        var index = 0
        while index < chars.count {
            // The next token: a unit that may not be split (a word, or one character in
            // character wrap), then the whitespace after it, which may hang.
            var end = index
            if chars[index].isWhitespace {
                // Leading whitespace of a paragraph, or after a forced character break:
                // it is content, not hanging space.
                while end < chars.count, chars[end].isWhitespace { end += 1 }
            } else if characterWrap {
                end += 1
            } else {
                while end < chars.count, !chars[end].isWhitespace { end += 1 }
            }
            var spaceEnd = end
            while spaceEnd < chars.count, chars[spaceEnd].isWhitespace { spaceEnd += 1 }
            var word = chars[index..<end]

            if !line.characters.isEmpty, line.characters.count + word.count > capacity {
                result.append(line)
                line = Line(characters: [], visibleCount: 0, startsParagraph: false)
            }
            // A word wider than an empty line breaks between characters.
            while line.characters.isEmpty, word.count > capacity {
                let head = word.prefix(capacity)
                result.append(Line(characters: Array(head), visibleCount: head.count, startsParagraph: line.startsParagraph))
                line.startsParagraph = false
                word = word.dropFirst(capacity)
            }
            line.characters.append(contentsOf: word)
            line.visibleCount = line.characters.count
            line.characters.append(contentsOf: chars[end..<spaceEnd])
            index = spaceEnd
        }
        result.append(line)
    }

    /// The visible character count of each line of `text`, exactly as
    /// ``lines(of:)`` counts them, in one pass over the Unicode scalars and a
    /// few comparisons each, for text whose every scalar is a grapheme cluster
    /// of its own: Latin, Greek, Cyrillic and their punctuation, general
    /// punctuation (quotes, dashes, the ellipsis), CJK ideographs, kana and
    /// Hangul syllables. `nil` when a scalar could join a cluster (a combining
    /// mark, a joiner, a variation selector, an emoji, Hangul jamo…): then only
    /// ``lines(of:)``, which walks grapheme clusters, can count.
    func fastVisibleCounts(of text: String) -> [Int]? {
        var counts: [Int] = []
        return fastLines(of: text, { counts.append($0) }) ? counts : nil
    }

    /// ``fastVisibleCounts(of:)`` without the array: `line` gets each line's
    /// visible count in order; `false` (after some calls, maybe) when the text
    /// is not for the fast path.
    func fastLines(of text: String, _ line: (Int) -> Void) -> Bool {
        guard !text.isEmpty else { return true }
        let capacity = self.capacity
        // The line being filled: its characters with hanging spaces, and without;
        // spaces seen since the last word (hanging if a word follows, trimmed if
        // the paragraph ends); whether a word has started in this paragraph.
        var filled = 0, visible = 0, spaces = 0
        var started = false
        var afterCR = false
        func place(_ length: Int) {
            var word = length
            if filled > 0, filled + word > capacity {
                line(visible)
                (filled, visible) = (0, 0)
            }
            while filled == 0, word > capacity {
                line(capacity)
                word -= capacity
            }
            filled += word
            visible = filled
        }
        var word = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A, afterCR {
                afterCR = false
                continue
            }
            afterCR = v == 0x0D
            guard let kind = Self.simpleClass(v) else { return false }
            switch kind {
            case 0:
                if word == 0 {
                    // A word starts: the spaces before it hang after the last word,
                    // or, before the paragraph's first word, are a word of their own.
                    if started { filled += spaces } else if spaces > 0 { place(spaces) }
                    spaces = 0
                    started = true
                }
                word += 1
                if characterWrap {
                    place(word)
                    word = 0
                }
            case 1:
                if word > 0 {
                    place(word)
                    word = 0
                }
                spaces += 1
            default:
                if word > 0 { place(word) }
                line(visible)
                (filled, visible, spaces, word, started) = (0, 0, 0, 0, false)
            }
        }
        if word > 0 { place(word) }
        line(visible)
        return true
    }

    /// The class of scalar `v` (see ``fastVisibleCounts(of:)``), or `nil` when it
    /// may not be a grapheme cluster of its own, or is whitespace of a kind not
    /// listed here. White_Space and line breaks follow `Character.isWhitespace`
    /// and `isNewline`.
    @inline(__always)
    private static func simpleClass(_ v: UInt32) -> UInt8? {
        switch v {
        case 0x0A...0x0D, 0x85: 2
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: 1
        case 0x2028, 0x2029: 2
        case 0x00...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E,
            0x3001...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            0
        default: nil
        }
    }
}
