/// Fixed English-like text of several lengths: the small, hand-countable
/// sample the layout tests use. The example programs draw theirs from a seed.
public enum SampleText {
    /// The words, cycled through with a stride by ``words(_:seed:)``.
    public static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "while", "a", "cat",
        "watches", "from", "the", "window", "ledge", "and", "wonders", "why", "anyone", "would",
        "bother", "running", "at", "all", "on", "such", "warm", "afternoon",
    ]

    /// `count` words starting at `seed`, cycling through ``words`` with a stride of 7.
    public static func words(_ count: Int, seed: Int = 0) -> String {
        (0..<count).map { words[(seed + $0 * 7) % words.count] }.joined(separator: " ")
    }

    /// Texts of 0 to 60 words.
    public static let assorted: [String] = [0, 1, 2, 3, 5, 8, 12, 17, 25, 33, 47, 60].enumerated().map { words($1, seed: $0) }
}
