import CellLayout

/// The lines a text is drawn as in a picture (`cellfit render`).
///
/// `TextMeasurer` gives sizes, line counts and baselines, not the text of each
/// line: Pango's own breaks stay inside the measurer. So the picture breaks
/// lines itself, greedily, word by word, asking the same measurer how wide each
/// candidate line is (a word wider than a line breaks between characters, as
/// the measurers do). This is the rule both measurers follow, so the lines
/// drawn are the lines measured except, rarely, where a line's width lands
/// within a rounding of the limit: widths come back rounded up to the pixel
/// grid, so a line that just fits unrounded may be drawn one word shorter. The
/// picture is for reading; heights always come from the engine.
struct TextLines {
    let measurer: any TextMeasurer
    let font: Font
    let style: TextStyle

    /// Wider than the limit by less than this still fits: measured widths are
    /// rounded up to the pixel grid, which must not push a line that fits over.
    private static let slack = 1e-6

    /// `text` broken into the lines it shows within `width`, after the `lines`
    /// limit (a truncated last line ends in "…" when the mode truncates).
    func lines(of text: String, width: Double) throws(TextMeasurementError) -> [String] {
        guard !text.isEmpty else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            try breakParagraph(String(paragraph), width: width, into: &result)
        }
        let limit = style.lines
        guard limit > 0, result.count > limit else { return result }
        result.removeLast(result.count - limit)
        if style.lineBreakMode == .truncateTail, var last = result.popLast() {
            while !last.isEmpty {
                if try fits(last + "…", width) { break }
                last.removeLast()
            }
            result.append(last + "…")
        }
        return result
    }

    private func breakParagraph(_ paragraph: String, width: Double, into result: inout [String]) throws(TextMeasurementError) {
        // Trailing spaces hang, as in both measurers: they never make a line wrap.
        var line = ""
        let words: [String] =
            style.lineBreakMode == .characterWrap
            ? paragraph.map { String($0) }
            : paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let separator = style.lineBreakMode == .characterWrap ? "" : " "
        for (index, word) in words.enumerated() {
            let candidate = index == 0 ? word : line + separator + word
            if try fits(candidate, width) {
                line = candidate
                continue
            }
            if !line.isEmpty { result.append(line) }
            line = ""
            // A word wider than a whole line breaks between its characters.
            for character in word {
                let longer = line + String(character)
                let fitsLonger = line.isEmpty ? true : try fits(longer, width)
                if fitsLonger {
                    line = longer
                } else {
                    result.append(line)
                    line = String(character)
                }
            }
        }
        result.append(line)
    }

    private func fits(_ candidate: String, _ width: Double) throws(TextMeasurementError) -> Bool {
        let trimmed = candidate.hasSuffix(" ") ? String(candidate.reversed().drop { $0 == " " }.reversed()) : candidate
        return try measurer.measure(trimmed, font: font, style: TextStyle(lines: 0), maxWidth: .infinity).width
            <= width + Self.slack
    }
}
