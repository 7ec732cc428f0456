/// The shapes of text the example content covers, chosen so that every cell
/// meets each edge case within a few rows.
public enum TextKind: Sendable, Hashable, CaseIterable {
    /// The empty string (a label measures 0 × 0; a text view one line).
    case empty
    /// A single short word.
    case oneWord
    /// One sentence of 2 to 25 words: most rows, of varied lengths.
    case sentence
    /// A paragraph of 4 to 8 sentences, many lines at any width.
    case paragraph
    /// A sentence holding one word of 60 to 90 letters: wider than any line at
    /// the examples' widths, so it breaks between characters.
    case overlongWord

    /// The kinds rows cycle through (row `i` gets `schedule[i % schedule.count]`):
    /// every kind within eight rows, so that even `--rows 8` shows each, and
    /// half the rows sentences, so most of a table looks like ordinary content.
    public static let schedule: [TextKind] = [
        .sentence, .oneWord, .sentence, .paragraph, .sentence, .empty, .sentence, .overlongWord,
    ]

    /// The kind for row `row`.
    public static func forRow(_ row: Int) -> TextKind {
        schedule[row % schedule.count]
    }
}
