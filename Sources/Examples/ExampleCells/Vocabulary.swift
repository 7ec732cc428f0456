/// The words generated text is made of, and how they are put together.
///
/// Every content generator takes a vocabulary, so the same cells and the same row
/// shapes (empty, one word, paragraphs, overlong words) can be laid out in any
/// script: ``english``, ``chinese``, ``japanese``, ``cjk`` (Chinese with Korean
/// names) and ``emoji``, by name in ``named``.
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
    /// a sentence: text that breaks between characters, not at spaces; with a
    /// Japanese and a Korean name among the Chinese ones. (Without a CJK font Pango
    /// measures missing-glyph boxes, which is all parity needs: both engines
    /// measure the same way. The tests' bootstrap installs WenQuanYi Micro Hei.)
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

    /// Chinese words of one to four characters and the punctuation of a chat
    /// (，、！？), no separator, "。" at the end of a sentence, Chinese names.
    public static let chinese = Vocabulary(
        words: [
            "今天", "天气", "很好", "我们", "一起", "去", "公园", "散步", "他", "说", "明天", "会下雨", "图书馆", "里面", "有",
            "很多", "书", "朋友", "电话", "晚上", "吃饭", "火车站", "咖啡", "问题", "答案", "北京", "上海", "漂亮", "学生",
            "老师", "谢谢", "没关系", "周末", "电影", "工作", "时间", "已经", "可以", "知道", "觉得", "，", "，", "、", "！",
            "？", "3点", "2026年", "微信",
        ],
        names: ["小明", "王芳", "李雷", "韩梅梅", "张伟", "刘洋", "陈静", "赵磊"],
        separator: "", terminator: "。", capitalizes: false)

    /// Japanese words in kanji, hiragana and katakana (with the long-vowel mark
    /// and the chat's 、！？), no separator, "。" at the end of a sentence,
    /// Japanese names.
    public static let japanese = Vocabulary(
        words: [
            "今日は", "いい", "天気", "ですね", "明日", "会議", "午後", "三時", "から", "東京駅", "の近くで", "ラーメン",
            "美味しい", "ありがとう", "ございます", "週末", "映画", "を見る", "予定", "電車", "が遅れて", "います", "少し",
            "コーヒー", "ケーキ", "新しい", "プロジェクト", "始まります", "傘", "雨", "友達", "と", "一緒に", "行きます",
            "「了解」", "、", "、", "！", "？", "5分", "メール", "スマホ",
        ],
        names: ["さくら", "健太", "佐藤", "鈴木", "高橋", "ゆい", "田中", "翔太"],
        separator: "", terminator: "。", capitalizes: false)

    /// The vocabularies by name, for the example programs' and `cellfit example-data`'s
    /// `--vocabulary`.
    public static let named: [(name: String, vocabulary: Vocabulary)] = [
        ("english", .english), ("chinese", .chinese), ("japanese", .japanese), ("cjk", .cjk), ("emoji", .emoji),
    ]
}
