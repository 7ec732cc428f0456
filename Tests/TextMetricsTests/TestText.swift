/// Deterministic pseudo-random text for property tests: words from a mixed vocabulary
/// (Latin, accents and combining marks, CJK, emoji, long words), from a seed.
struct TestText {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// xorshift64*: tiny, fast and the same on every platform.
    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

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
