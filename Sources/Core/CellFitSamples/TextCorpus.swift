import TextMetrics

/// A reproducible corpus of texts for holding a text measurer against another one:
/// English rich in kerning pairs, punctuation that breaks words, words longer than
/// any line (some with ligatures), CJK, emoji with ZWJ sequences, flags and skin
/// tones, Arabic and Hebrew mixed with Latin and digits, combining marks, and
/// whitespace that is not a single space.
///
/// `TextCorpus(seed:).texts(count:)` gives the same texts for the same seed on every
/// machine: the kinds take turns (``Kind/allCases``), each text built from the
/// kind's words with ``SplitMix64``. ``requests(count:)`` pairs each text with a
/// font and a style, and ``widths`` are the widths each is measured at: the
/// Pango fast path's proof in the tests and the benchmarks.
public struct TextCorpus: Sendable {
    /// One measurement's text, with the font and style it is measured in.
    public struct Request: Sendable {
        public var text: String
        public var font: Font
        public var style: TextStyle
    }

    /// The fonts the requests take in turn: DejaVu Sans 15, its bold, DejaVu Serif 13.
    public static let fonts = [Font(size: 15), Font(family: "DejaVu Sans", size: 15, weight: .bold), Font(family: "DejaVu Serif", size: 13)]
    /// The styles the requests take in turn, a style for three texts: word wrap,
    /// with line spacing, two lines truncated, character wrap.
    public static let styles = [
        TextStyle(lines: 0), TextStyle(lines: 0, lineSpacing: 2), TextStyle(lines: 2, lineBreakMode: .truncateTail),
        TextStyle(lines: 0, lineBreakMode: .characterWrap),
    ]
    /// The widths each request is measured at: unbounded, 60, 150 and 320 px.
    public static let widths = [Double.infinity, 60, 150, 320]

    /// The kinds of text, in the order they take turns.
    public enum Kind: String, CaseIterable, Sendable {
        /// Sentences of English words, many of them kerning pairs (AV, To, Yo, W., L').
        case english
        /// English with hyphens, slashes, quotes, brackets, numbers and URLs, whose
        /// break opportunities are not only the spaces.
        case punctuated
        /// A few words around a word longer than most lines (some "ff" and "fi" ligatures).
        case longWords
        /// Chinese and Japanese, some mixed with Latin words and digits.
        case cjk
        /// Words and emoji: ZWJ families and professions, flags, skin tones, keycaps.
        case emoji
        /// Arabic and Hebrew, some mixed with Latin words and digits.
        case rightToLeft
        /// Latin, Greek and Vietnamese with combining marks, decomposed accents, Devanagari.
        case combiningMarks
        /// Words separated by runs of spaces, tabs, newlines and non-breaking spaces.
        case whitespace
        /// One to four real Chinese sentences, with their punctuation, run together.
        case chineseSentences
        /// One to four real Japanese sentences (kanji, kana, 「」), run together.
        case japaneseSentences
        /// One to three real Korean sentences: Hangul words between spaces.
        case koreanSentences
        /// One to three real Arabic or Hebrew sentences.
        case rightToLeftSentences
        /// One to three chat sentences with emoji: English, and Chinese or Japanese without spaces.
        case emojiSentences
    }

    private var random: SplitMix64

    /// Starts the corpus from `seed`: the same seed gives the same texts.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` texts, the kinds in turn.
    public mutating func texts(count: Int) -> [String] {
        (0..<max(count, 0)).map { text(Kind.allCases[$0 % Kind.allCases.count]) }
    }

    /// `count` texts, each with a font of ``fonts`` in turn and a style of ``styles``
    /// in turn, three texts a style.
    public mutating func requests(count: Int) -> [Request] {
        texts(count: count).enumerated().map { i, text in
            Request(text: text, font: Self.fonts[i % Self.fonts.count], style: Self.styles[(i / 3) % Self.styles.count])
        }
    }

    /// One text of `kind`.
    public mutating func text(_ kind: Kind) -> String {
        switch kind {
        case .english: words(Self.english, count: random.next(in: 1...30), separator: " ")
        case .punctuated: words(Self.english + Self.punctuation, count: random.next(in: 2...24), separator: " ")
        case .longWords: longWordText()
        case .cjk: mixed(Self.cjk, separator: "", latinEvery: 4)
        case .emoji: mixed(Self.english + Self.emoji, separator: " ", latinEvery: 0)
        case .rightToLeft: mixed(random.chance(1, in: 2) ? Self.arabic : Self.hebrew, separator: " ", latinEvery: 3)
        case .combiningMarks: words(Self.combining, count: random.next(in: 1...16), separator: " ")
        case .whitespace: spaced()
        case .chineseSentences: sentences(Self.chineseSentences, upTo: 4, separator: "")
        case .japaneseSentences: sentences(Self.japaneseSentences, upTo: 4, separator: "")
        case .koreanSentences: sentences(Self.koreanSentences, upTo: 3, separator: " ")
        case .rightToLeftSentences:
            sentences(random.chance(1, in: 2) ? Self.arabicSentences : Self.hebrewSentences, upTo: 3, separator: " ")
        case .emojiSentences: sentences(Self.emojiSentences, upTo: 3, separator: " ")
        }
    }

    private mutating func words(_ vocabulary: [String], count: Int, separator: String) -> String {
        (0..<count).map { _ in random.element(of: vocabulary) }.joined(separator: separator)
    }

    /// Words of `vocabulary`, with a Latin word or a number after every `latinEvery`-th on average.
    private mutating func mixed(_ vocabulary: [String], separator: String, latinEvery: Int) -> String {
        var parts: [String] = []
        for _ in 0..<random.next(in: 1...20) {
            if latinEvery > 0, random.chance(1, in: latinEvery) {
                parts.append(random.chance(1, in: 2) ? random.element(of: Self.english) : String(random.next(below: 100_000)))
            } else {
                parts.append(random.element(of: vocabulary))
            }
        }
        return parts.joined(separator: separator)
    }

    private mutating func sentences(_ pool: [String], upTo count: Int, separator: String) -> String {
        (0..<random.next(in: 1...count)).map { _ in random.element(of: pool) }.joined(separator: separator)
    }

    private mutating func longWordText() -> String {
        var long = ""
        let length = random.next(in: 20...140)
        while long.count < length { long += random.element(of: Self.english).filter(\.isLetter) }
        var parts = (0..<random.next(in: 0...6)).map { _ in random.element(of: Self.english) }
        parts.insert(long, at: random.next(below: parts.count + 1))
        return parts.joined(separator: " ")
    }

    private mutating func spaced() -> String {
        var text = random.element(of: Self.english)
        for _ in 0..<random.next(in: 1...12) {
            text += random.element(of: Self.separators) + random.element(of: Self.english)
        }
        return text
    }

    static let english = [
        "AV", "AVA", "To", "Yo", "Ty", "W.", "L'", "T,", "Ta", "We", "Vo", "LT", "P.", "F,", "y.", "r,", "the", "of", "and",
        "a", "to", "in", "is", "it", "you", "that", "was", "for", "on", "are", "with", "as", "his", "they", "be", "at",
        "Typography", "WAVE", "Yellow", "LAVA", "Toyota", "Wolf", "coffee", "afternoon", "office", "find", "flow",
        "Tomorrow", "Yesterday", "Away", "Twelve", "Avenue", "Vault", "Type", "You're", "don't", "it's", "Wow!", "Why?",
        "1,234.5", "12:30", "e.g.", "Mr.", "42", "3.14", "2026", "x3.5", "Photographs", "Incomprehensibilities",
    ]

    static let punctuation = [
        "cross-reference", "and/or", "(quoted)", "\"AT\"", "[L]", "{T}", "<V>", "#hashtag", "@user", "e-mail", "100%",
        "$9.99", "https://example.com/a/long/path?query=value&other=1", "well-known", "—", "–", "...", "a.b.c", "y.3",
        "'single'", "semi;colon", "colon:", "wait...", "!!", "??", "5-10", "+1", "C++", "x_y", "~tilde", "back\\slash",
    ]

    static let cjk = [
        "漢字", "中文", "日本語", "ひらがな", "カタカナ", "東京", "北京", "你好", "世界", "こんにちは", "ありがとう", "文字列",
        "、", "。", "「引用」", "（括弧）", "测试", "한국어", "안녕하세요", "ー", "〜", "＃", "ＡＢＣ", "１２３",
    ]

    static let emoji = [
        "👍", "👍🏽", "👨‍👩‍👧‍👦", "👩🏾‍💻", "🏳️‍🌈", "🇫🇷", "🇯🇵", "❤️", "1️⃣", "🧑‍🚀", "😀", "🙈🙉🙊", "👁️‍🗨️", "🤷‍♀️",
        "🐈‍⬛", "#️⃣", "✌🏻", "👨🏿‍🦰", "🇺🇳", "☕", "→", "✓", "★",
    ]

    static let arabic = [
        "مرحبا", "بالعالم", "السلام", "عليكم", "كتاب", "اللغة", "العربية", "شكرا", "جميل", "١٢٣", "٤٥٦", "؟", "،",
        "مَرْحَبًا", "ﻻ", "الله",
    ]

    static let hebrew = ["שלום", "עולם", "ספר", "עברית", "תודה", "יפה", "בְּרֵאשִׁית", "־", "״", "א׳"]

    static let combining = [
        "cafe\u{301}", "nai\u{308}ve", "re\u{301}sume\u{301}", "Ångström", "A\u{30A}ngstro\u{308}m", "Tiếng", "Việt",
        "Nguyễn", "ελληνικά", "Ἀθῆναι", "z\u{335}a\u{336}l\u{337}g\u{338}o", "e\u{301}\u{302}\u{303}", "हिन्दी", "नमस्ते",
        "q\u{323}\u{307}", "x\u{20DD}", "ﬁ", "ﬀ",
    ]

    static let chineseSentences = [
        "今天天气很好，我们一起去公园散步吧。", "你明天有空吗？我想请你吃饭。", "这家咖啡店的拿铁特别好喝，价格也不贵。",
        "会议改到下午三点，请大家准时参加。", "我刚到北京，酒店就在火车站旁边。", "谢谢你的帮助！没有你我真的不知道该怎么办。",
        "周末我们去看电影，还是在家休息？", "他说这本书很有意思，推荐我一定要读。", "快递已经到了，放在门口的柜子里。",
        "這部電影的結局讓人非常感動。", "记得带伞，天气预报说晚上会下大雨。", "我们的航班延误了两个小时，真让人着急。",
        "“你好！”她笑着说。", "第3号会议室在二楼（电梯右边）。", "下周一开始放假，一共7天。",
    ]

    static let japaneseSentences = [
        "今日はいい天気ですね。散歩に行きませんか？", "明日の会議は午後三時からに変更になりました。",
        "東京駅の近くで美味しいラーメン屋を見つけました。", "ありがとうございます！とても助かりました。",
        "週末は家でゆっくり映画を見る予定です。", "電車が遅れているので、少し遅くなります。",
        "このケーキ、すごく美味しいから食べてみて。", "来週から新しいプロジェクトが始まります。",
        "傘を忘れないでね、夕方から雨が降るって。", "「また会いましょう」と彼女は笑顔で言った。",
        "コーヒーとサンドイッチをお願いします。", "日本語の勉強を始めて、もう三年になります。",
        "会議室は3階のエレベーターの右側です。", "ちょっと待って…今行くよ！",
    ]

    static let koreanSentences = [
        "오늘 날씨가 정말 좋네요. 같이 산책할까요?", "내일 회의는 오후 세 시로 변경되었습니다.", "도와주셔서 정말 감사합니다!",
        "주말에는 집에서 영화를 볼 거예요.", "지하철이 늦어서 조금 늦을 것 같아요.", "이 카페의 커피는 정말 맛있어요.",
        "서울역 근처에서 만나요.", "한국어 공부를 시작한 지 벌써 일 년이 됐어요.",
    ]

    static let arabicSentences = [
        "مرحبا، كيف حالك اليوم؟", "الطقس جميل جدا، هل نذهب إلى الحديقة؟", "شكرا جزيلا على مساعدتك.",
        "الاجتماع غدا في الساعة الثالثة مساء.", "سأصل بعد عشر دقائق إن شاء الله.", "هذا الكتاب رائع، أنصحك بقراءته.",
    ]

    static let hebrewSentences = [
        "שלום, מה שלומך היום?", "מזג האוויר יפה מאוד, בוא נצא לטייל.", "תודה רבה על העזרה!",
        "הפגישה מחר בשעה שלוש אחר הצהריים.", "אני מגיע בעוד עשר דקות.", "הספר הזה מעולה, כדאי לך לקרוא אותו.",
    ]

    static let emojiSentences = [
        "Happy birthday! 🎂🎉 Have a great day 😊", "On my way 🚗💨 see you soon 👋",
        "Congrats on the new job 👏🏽👏🏽 so proud of you ❤️", "Family dinner tonight 👨‍👩‍👧‍👦🍝", "Paris was amazing 🇫🇷🥐☕",
        "周末快乐🎉", "おはよう☀️今日も頑張ろう💪", "Good night 🌙✨😴", "Thanks 🙏 that really helped 👍",
        "Let's go 🏃‍♀️🏃‍♂️ race starts at 9", "生日快乐🎂🎁祝你天天开心😄", "了解です👌また明日🙋‍♀️",
    ]

    static let separators = [" ", "  ", "   ", "\t", "\n", " \n ", "\u{A0}", "\u{2009}", "\u{3000}", " \t", "\r\n", "\u{200B}"]
}
