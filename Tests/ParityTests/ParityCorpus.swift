import CellLayout
import ExampleCells

/// The contents the parity tests lay out: the examples' generated rows in
/// English, CJK and emoji, plus texts whose width falls within a pixel of the
/// width they get, where hand-written layouts go wrong.
///
/// The full corpus (500 rows per example, the minimum) runs in
/// `make test`: both engines over all of it take about 15 s in a debug build.
enum ParityCorpus {
    /// Generated rows per example (before the near-width texts are added).
    static let size = 500

    /// The widths and scales every row is laid out at.
    static let widths: [Double] = [320, 375, 414, 768, 1024]
    static let scales: [DisplayScale] = [.x2, .x3]

    /// `size` rows from `generate`: 80% English, 10% CJK, 10% emoji.
    static func rows<Content>(_ generate: (Int, UInt64, Vocabulary) -> [Content]) -> [Content] {
        let other = max(size / 10, 2)
        return generate(size - 2 * other, 11, .english) + generate(other, 12, .cjk) + generate(other, 13, .emoji)
    }

    /// Texts set in `font` whose unwrapped width lies within a pixel either side
    /// of `target` (when the measurer's advances allow; otherwise the nearest
    /// below and above), and the same text with one more word after a break, so
    /// that the width is hit both by a whole text and by its first line.
    static func nearWidth(_ target: Double, font: Font, measurer: some TextMeasurer, seed: UInt64) throws -> [String] {
        var generator = TextGenerator(seed: seed)
        func width(_ text: String) throws -> Double { try measurer.measure(text, font: font, style: TextStyle(lines: 1)).width }
        var text = generator.word()
        while try width(text + " " + "x") < target - 40 { text += " " + generator.word() }
        // Pad with narrow and wide letters, keeping every prefix that lands near the target.
        var near: [String] = []
        var below = text, above = text
        for filler in ["i", "l", "m", "w", "i", "."] {
            var padded = text + " "
            while try width(padded + filler) <= target + 1 {
                padded += filler
                let w = try width(padded)
                if w <= target { below = padded }
                if abs(w - target) <= 1 { near.append(padded) }
            }
            above = padded + filler
        }
        let candidates = (near.isEmpty ? [] : [near[0], near[near.count - 1]]) + [below, above]
        var result: [String] = []
        for candidate in candidates where !result.contains(candidate) {
            result.append(candidate)
            result.append(candidate + " " + generator.word())
        }
        return result
    }
}
