/// A deterministic, dependency-free measurer for tests and examples that need exact
/// numbers.
///
/// Every character (grapheme cluster) advances `advance × font.size`; every line is
/// `lineHeight × font.size` tall with its baseline `baseline × font.size` below the
/// line's top. Lines break by the same greedy rules as the Pango measurer (word wrap,
/// with character breaks for words longer than the line; hanging trailing spaces), and
/// results are rounded the same way. Font family, weight and style do not change the
/// numbers, but the family must still be non-empty and the size positive.
///
/// With the defaults, a 16 px font gives 8 px per character, 20 px lines and the
/// baseline 16 px below each line's top.
public struct FixedAdvanceMeasurer: TextMeasurer {
    /// Character advance as a fraction of the font size.
    public let advance: Double
    /// Line height as a multiple of the font size.
    public let lineHeight: Double
    /// Distance from a line's top to its baseline, as a multiple of the font size.
    public let baseline: Double
    /// The display scale whose pixel grid sizes are rounded up to.
    public let scale: DisplayScale

    /// Creates a fixed-advance measurer.
    /// - Parameters:
    ///   - advance: per-character advance as a fraction of the font size (default 0.5);
    ///     must be finite and positive.
    ///   - lineHeight: line height as a multiple of the font size (default 1.25);
    ///     must be finite and positive.
    ///   - baseline: baseline below the line's top as a multiple of the font size
    ///     (default 1.0); clamped to `0...lineHeight`.
    ///   - scale: the display scale results are rounded up to.
    /// - Precondition: `advance` and `lineHeight` are finite and positive; these are
    ///   programmer-chosen constants, so a bad value is a bug, not user input.
    public init(advance: Double = 0.5, lineHeight: Double = 1.25, baseline: Double = 1.0, scale: DisplayScale = .x1) {
        precondition(advance.isFinite && advance > 0, "advance must be finite and positive")
        precondition(lineHeight.isFinite && lineHeight > 0, "lineHeight must be finite and positive")
        self.advance = advance
        self.lineHeight = lineHeight
        self.baseline = min(max(baseline.isFinite ? baseline : 0, 0), lineHeight)
        self.scale = scale
    }

    /// Measures `text` with fixed advances.
    /// - Throws: ``TextMeasurementError`` for an invalid font, style or width (never
    ///   ``TextMeasurementError/Kind/unknownFontFamily``: no fonts are consulted).
    public func measure(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> TextMeasurement {
        try validateRequest(font: font, style: style, maxWidth: maxWidth)
        let charWidth = advance * font.size
        let breaker = GreedyLineBreaker(
            advance: charWidth,
            maxWidth: maxWidth,
            characterWrap: style.lineBreakMode == .characterWrap
        )
        // Text of one-scalar characters is counted in one pass, straight into the
        // measurement, unless a truncated tail must be worked out.
        let limit = style.lines > 0 ? style.lines : Int.max
        var (count, widest) = (0, 0)
        if breaker.fastLines(of: text, { visible in
            if count < limit { widest = max(widest, visible) }
            count += 1
        }), count <= limit || style.lineBreakMode != .truncateTail {
            return measurement(lines: min(count, limit), widest: Double(widest) * charWidth, font: font, style: style)
        }
        let widths = try lineWidths(text, style: style, breaker: breaker, charWidth: charWidth)
        return measurement(lines: widths.count, widest: widths.max() ?? 0, font: font, style: style)
    }

    /// The measurement of `lines` lines, the widest `widest` wide: each line
    /// `lineHeight × size` tall, `lineSpacing` apart, its baseline `baseline × size`
    /// below its top (as ``TextMeasurement/init(lines:scale:)`` rounds line boxes).
    private func measurement(lines: Int, widest: Double, font: Font, style: TextStyle) -> TextMeasurement {
        guard lines > 0 else { return .zero }
        let size = font.size
        let lastTop = Double(lines - 1) * (lineHeight * size + style.lineSpacing)
        return TextMeasurement(
            width: scale.roundUp(widest), height: scale.roundUp(lastTop + lineHeight * size), lineCount: lines,
            firstBaseline: scale.roundUp(0 + baseline * size), lastBaseline: scale.roundUp(lastTop + baseline * size))
    }

    /// The lines' widths by ``GreedyLineBreaker/lines(of:)``, which counts grapheme clusters.
    private func lineWidths(
        _ text: String, style: TextStyle, breaker: GreedyLineBreaker, charWidth: Double
    ) throws(TextMeasurementError) -> [Double] {
        let all = breaker.lines(of: text)
        var widths = all.map { Double($0.visibleCount) * charWidth }
        if style.lines > 0, all.count > style.lines {
            widths = Array(widths.prefix(style.lines))
            if style.lineBreakMode == .truncateTail {
                widths[style.lines - 1] = Double(truncatedTailCount(all, from: style.lines - 1, breaker: breaker)) * charWidth
            }
        }
        return widths
    }

    /// The number of character advances on the last shown line when the text past it
    /// is cut off: the remaining text (paragraphs joined by a space) on one line,
    /// ellipsised to fit, the ellipsis counting as one character. With no width limit,
    /// the line's own text followed by the ellipsis.
    private func truncatedTailCount(_ lines: [GreedyLineBreaker.Line], from first: Int, breaker: GreedyLineBreaker) -> Int {
        guard breaker.maxWidth.isFinite else { return lines[first].visibleCount + 1 }
        var tail: [Character] = []
        for (offset, line) in lines[first...].enumerated() {
            if offset > 0, line.startsParagraph { tail.append(" ") }
            tail.append(contentsOf: line.characters)
        }
        while let last = tail.last, last.isWhitespace { tail.removeLast() }
        let capacity = breaker.capacity
        if tail.count <= capacity { return tail.count }
        var kept = tail.prefix(max(capacity - 1, 0))
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept.count + 1
    }
}
