import CellFitSamples

/// Deterministic text of every ``TextKind``, from a seed and a ``Vocabulary``.
///
/// The same seed and vocabulary give the same texts in every process. Draws
/// happen in a fixed order, so a generator used for several fields of a row
/// (title, then text, then timestamp) stays reproducible as long as the fields
/// are generated in the same order.
public struct TextGenerator: Sendable {
    /// The random source; advanced by every draw.
    public var random: SplitMix64
    /// The words the text is made of.
    public let vocabulary: Vocabulary

    /// A generator seeded with `seed`.
    public init(seed: UInt64, vocabulary: Vocabulary = .english) {
        random = SplitMix64(seed: seed)
        self.vocabulary = vocabulary
    }

    /// A text of `kind`.
    public mutating func text(_ kind: TextKind) -> String {
        switch kind {
        case .empty: ""
        case .oneWord: word()
        case .sentence: sentence(words: random.next(in: 2...25))
        case .paragraph: paragraph(sentences: random.next(in: 4...8))
        case .overlongWord: overlongSentence()
        }
    }

    /// The text for row `row`: its kind from ``TextKind/schedule``.
    public mutating func text(forRow row: Int) -> String {
        text(TextKind.forRow(row))
    }

    /// One word of the vocabulary.
    public mutating func word() -> String {
        random.element(of: vocabulary.words)
    }

    /// One name of the vocabulary.
    public mutating func name() -> String {
        random.element(of: vocabulary.names)
    }

    /// `count` words joined by the separator, the first capitalised, with the terminator.
    public mutating func sentence(words count: Int) -> String {
        var words: [String] = []
        for _ in 0..<max(count, 1) { words.append(word()) }
        return finish(words)
    }

    /// `count` sentences of 6 to 20 words, joined by a separator.
    public mutating func paragraph(sentences count: Int) -> String {
        var sentences: [String] = []
        for _ in 0..<max(count, 1) { sentences.append(sentence(words: random.next(in: 6...20))) }
        return sentences.joined(separator: vocabulary.separator)
    }

    /// A word of at least `minimumLength` characters: vocabulary words run together.
    public mutating func overlongWord(minimumLength: Int) -> String {
        var result = ""
        // Counted as it grows: `result.count` walks every grapheme each time, which
        // would make this loop quadratic in the word's length.
        var length = 0
        while length < minimumLength {
            let next = word()
            length += next.count
            // Two characters at the seam can join into one (a combining mark, a joiner).
            if let last = result.last, let first = next.first, (String(last) + String(first)).count == 1 { length -= 1 }
            result += next
        }
        return result
    }

    /// A time of day, `"hh:mm"`.
    public mutating func clockTime() -> String {
        let hour = random.next(below: 24), minute = random.next(below: 60)
        return Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
    }

    /// A few ordinary words around one overlong word.
    private mutating func overlongSentence() -> String {
        var words: [String] = []
        for _ in 0..<random.next(in: 0...3) { words.append(word()) }
        words.append(overlongWord(minimumLength: random.next(in: 60...90)))
        for _ in 0..<random.next(in: 0...3) { words.append(word()) }
        return finish(words)
    }

    private func finish(_ words: [String]) -> String {
        var text = words.joined(separator: vocabulary.separator)
        if vocabulary.capitalizes, let first = text.first {
            text = first.uppercased() + text.dropFirst()
        }
        return text + vocabulary.terminator
    }

    // Not String(format:): the module stays free of Foundation.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
