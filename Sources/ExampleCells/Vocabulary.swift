/// The words generated text is made of, and how they are put together.
///
/// This is the seam for other scripts: the parity corpus will add vocabularies
/// of CJK words (no separator, "。" as terminator) and emoji, and every content
/// generator takes a vocabulary, so the same cells and the same row shapes
/// (empty, one word, paragraphs, overlong words) can be laid out in any script.
public struct Vocabulary: Sendable {
    /// The words, in a fixed order (draws index into it).
    public var words: [String]
    /// People's names, for usernames and chat headings.
    public var names: [String]
    /// What goes between two words (a space; nothing for scripts without spaces).
    public var separator: String
    /// What ends a sentence.
    public var terminator: String
    /// Whether a sentence's first letter is upper-cased (scripts without case: `false`).
    public var capitalizes: Bool

    /// Makes a vocabulary.
    /// - Precondition: `words` and `names` are not empty.
    public init(words: [String], names: [String], separator: String = " ", terminator: String = ".", capitalizes: Bool = true) {
        precondition(!words.isEmpty && !names.isEmpty, "a vocabulary needs words and names")
        self.words = words
        self.names = names
        self.separator = separator
        self.terminator = terminator
        self.capitalizes = capitalizes
    }

    /// Plain English words of one to eleven letters.
    public static let english = Vocabulary(
        words: [
            "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "while", "a", "cat",
            "watches", "from", "window", "ledge", "and", "wonders", "why", "anyone", "would",
            "bother", "running", "at", "all", "on", "such", "warm", "afternoon", "river", "light",
            "morning", "station", "letter", "garden", "quietly", "remember", "yesterday", "of",
            "to", "in", "it", "is", "was", "for", "with", "table", "under", "bridge", "paper",
            "coffee", "evening", "travel", "mountain", "story", "small", "green", "house",
            "strange", "music", "question", "answer", "between", "neighbour", "photograph",
        ],
        names: [
            "ada", "grace", "alan", "edsger", "barbara", "donald", "margaret", "linus", "frances",
            "ken", "dennis", "radia", "john", "leslie", "tony", "niklaus",
        ])

    /// Chinese words of one to four characters, no separator, "。" at the end of
    /// a sentence: text that breaks between characters, not at spaces. (No CJK
    /// font is installed on a bare Debian machine; Pango measures the fallback
    /// glyphs, which is all parity needs: both engines measure the same way.)
    public static let cjk = Vocabulary(
        words: [
            "今天", "天气", "很好", "我们", "一起", "去", "公园", "散步", "他", "说", "明天", "会下雨",
            "图书馆", "里面", "有", "很多", "书", "朋友", "电话", "晚上", "吃饭", "火车站", "咖啡",
            "问题", "答案", "东京", "首尔", "漂亮", "学生", "老师",
        ],
        names: ["小明", "王芳", "李雷", "韩梅梅", "佐藤", "김민준"],
        separator: "", terminator: "。", capitalizes: false)

    /// English words mixed with emoji, single code points and joined sequences
    /// (flags, skin tones, families): grapheme clusters that are one character
    /// to the line breaker but several scalars.
    public static let emoji = Vocabulary(
        words: [
            "hello", "🙂", "party", "🎉", "👍🏽", "coffee", "☕️", "👨‍👩‍👧‍👦", "🇯🇵", "rocket", "🚀", "cat",
            "🐈", "love", "❤️", "ok", "👌", "sun", "☀️", "🏳️‍🌈", "pizza", "🍕",
        ],
        names: ["ada 🚀", "grace", "🐈 cat", "linus"])
}
