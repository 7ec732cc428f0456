extension String {
    /// The text with the whitespace at the end of each paragraph removed.
    ///
    /// Both measurers let whitespace at the end of a line hang (it neither counts towards
    /// the width nor pushes text to a new line), as TextKit does. Pango only does this
    /// for a single space at a wrap; at the end of a paragraph it would count trailing
    /// spaces and even wrap them onto a line of their own. Removing them up front gives
    /// both measurers the same rule. Leading and inner whitespace is kept.
    package func trimmingParagraphEnds() -> String {
        // Most texts have nothing to trim, and finding that out on the UTF-8 bytes costs a
        // fraction of walking the characters and rebuilding the string, which every
        // uncached measurement would otherwise pay.
        if hasNoParagraphEndsToTrim { return self }
        return trimmingParagraphEndsByCharacter()
    }

    /// Whether the text is ASCII with no space or tab right before a line break or at
    /// the end, so that ``trimmingParagraphEnds()`` would return it unchanged. `false`
    /// for any other text, which the character walk then decides.
    ///
    /// In ASCII every byte is a character except CR LF, one newline; the newlines are
    /// 0x0A–0x0D, and the other whitespace characters (Unicode's White_Space) are tab
    /// and space. Whitespace is dropped exactly when the character after its run is a
    /// newline or the end, that is when the byte before a newline or the last byte is
    /// a tab or space.
    package var hasNoParagraphEndsToTrim: Bool {
        var afterBlank = false
        for byte in utf8 {
            guard byte < 0x80 else { return false }
            if afterBlank, (0x0A...0x0D).contains(byte) { return false }
            afterBlank = byte == 0x20 || byte == 0x09
        }
        return !afterBlank
    }

    /// ``trimmingParagraphEnds()`` character by character, for any text.
    func trimmingParagraphEndsByCharacter() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var pending = ""  // whitespace not yet known to be followed by content
        for character in self {
            if character.isNewline {
                pending = ""
                result.append(character)
            } else if character.isWhitespace {
                pending.append(character)
            } else {
                result += pending
                pending = ""
                result.append(character)
            }
        }
        return result
    }
}
