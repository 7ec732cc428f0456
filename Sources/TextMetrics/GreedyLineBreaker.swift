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
}
