import CellFitSamples

/// Deterministic pseudo-random text for property tests: words from a mixed vocabulary
/// (Latin, accents and combining marks, CJK, emoji, long words), from a seed.
struct TestText {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { random.next(below: bound) }

    static let vocabulary = [
        "the", "cell", "height", "is", "measured", "from", "its", "text", "wrapped", "to", "width",
        "café", "e\u{301}clair", "naïve", "漢字", "日本語のテキスト", "👍", "👨‍👩‍👧", "🇫🇷",
        "supercalifragilisticexpialidocious", "a", "I", "—", "«quote»", "line\nbreak",
    ]

    /// A string of about `length` characters.
    mutating func string(length: Int) -> String {
        var result = ""
        while result.count < length {
            if !result.isEmpty { result += " " }
            result += Self.vocabulary[next(Self.vocabulary.count)]
        }
        return String(result.prefix(length))
    }
}
