extension String {
    /// The text with the whitespace at the end of each paragraph removed.
    ///
    /// Both measurers let whitespace at the end of a line hang (it neither counts towards
    /// the width nor pushes text to a new line), as TextKit does. Pango only does this
    /// for a single space at a wrap; at the end of a paragraph it would count trailing
    /// spaces and even wrap them onto a line of their own. Removing them up front gives
    /// both measurers the same rule. Leading and inner whitespace is kept.
    func trimmingParagraphEnds() -> String {
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
