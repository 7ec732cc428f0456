import Testing
@testable import TextMetrics

@Suite("Trimming whitespace at paragraph ends")
struct ParagraphTrimmingTests {
    /// Letters, the ASCII whitespace and newlines (CR LF among the pairs), a control
    /// character that is not whitespace, and non-ASCII letters, whitespace and newlines.
    static let alphabet = ["a", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "é", "\u{A0}", "\u{2028}"]

    @Test("the byte-level shortcut agrees with the character walk on every short text")
    func shortcutAgrees() {
        var texts = [""]
        for _ in 1...4 {
            texts = texts.flatMap { text in Self.alphabet.map { text + $0 } }
            for text in texts {
                let walked = text.trimmingParagraphEndsByCharacter()
                #expect(text.trimmingParagraphEnds() == walked, "\(Array(text.unicodeScalars))")
                if text.hasNoParagraphEndsToTrim { #expect(walked == text, "\(Array(text.unicodeScalars))") }
            }
        }
    }

    @Test("whitespace before a line break and at the end goes; leading and inner whitespace stays")
    func examples() {
        #expect("  two  words \t\nnext line  ".trimmingParagraphEnds() == "  two  words\nnext line")
        #expect("done \r\n".trimmingParagraphEnds() == "done\r\n")
        #expect("plain text".trimmingParagraphEnds() == "plain text")
    }
}
