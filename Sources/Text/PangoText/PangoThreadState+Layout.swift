import TextMetrics
import CPango

extension PangoThreadState {
    /// Lays out `text` in `font`'s layout on this thread; see ``PangoLines/lineBoxes(_:font:style:maxWidth:minimumWindow:windowingRun:)``.
    func lineBoxes(
        _ text: String, font: Font, style: TextStyle, maxWidth: Double,
        minimumWindow: Int = PangoLines.minimumWindow, windowingRun: Int = PangoLines.windowingRun
    ) throws(TextMeasurementError) -> [LineBox] {
        try PangoLines(layout: use(font)).lineBoxes(
            text, font: font, style: style, maxWidth: maxWidth, minimumWindow: minimumWindow, windowingRun: windowingRun)
    }

    /// `text` truncated at its line limit from its fast lines: the first `kept` lines as
    /// they are, then the rest of the text from UTF-8 offset `cutStart` ellipsised to
    /// `maxWidth` at `cutTop`, by the search ``PangoLines/lineBoxes(_:font:style:maxWidth:minimumWindow:windowingRun:)``
    /// runs. Each single line of that search comes from the fast paths where they answer
    /// (the same box as Pango's, to the unit, as everywhere they answer), else from a layout.
    func truncated(
        _ text: String, font: Font, kept: [LineBox], cutStart: Int, cutTop: Double, maxWidth: Double
    ) throws(TextMeasurementError) -> [LineBox] {
        let lines = PangoLines(layout: try use(font))
        pango_layout_set_width(lines.layout, -1)
        let tail = lines.ellipsisedRest(of: text, from: cutStart, at: cutTop, toFit: maxWidth) { candidate in
            if let fast = fastSingleLine(candidate, font: font) { return fast }
            // The fast paths use the layout too (to learn a word): its width is set again.
            pango_layout_set_width(lines.layout, -1)
            return lines.singleLine(candidate)
        }
        return kept + [tail]
    }

    /// The width of `text` laid out whole on one line, whitespace at its end included.
    func unwrappedWidth(_ text: String, font: Font) throws(TextMeasurementError) -> Double {
        let lines = PangoLines(layout: try use(font))
        pango_layout_set_width(lines.layout, -1)
        return lines.singleLine(text).width
    }

    /// Makes Pango load `font`'s fontsets and sort their fallback fonts now, by laying
    /// out a probe that the primary font lacks. Called under `pangoSetupLock` on a
    /// thread's first use of `font`, so that no fontset is loaded later while another
    /// thread loads one.
    ///
    /// Pango keeps a fontset per font description *and language*, and gives each item
    /// of a text its script's sample language: kana items are Japanese, Hangul Korean,
    /// and so on. A probe of one ideograph and one emoji loaded two of them; Japanese
    /// text then loaded its own outside the lock, raced, and measured narrower for good
    /// on one thread (a CI run of the 8-thread test: 1396 of 2000 strings). So the probe
    /// holds one character of every script the corpus writes in.
    func loadFontset(for font: Font) throws(TextMeasurementError) {
        let layout = try use(font)
        pango_layout_set_width(layout, -1)
        PangoLines(layout: layout).setText(Self.fontsetProbe)
        _ = pango_layout_get_line_count(layout)
    }

    /// Latin, Han, kana, Hangul, Arabic, Hebrew, Thai, Devanagari, Cyrillic, Greek, an
    /// emoji and a ZWJ emoji sequence.
    static let fontsetProbe =
        "x\u{6F22}\u{3042}\u{30AB}\u{D55C}\u{0627}\u{05D0}\u{0E01}\u{0905}\u{0416}\u{03A9}\u{1F600}"
        + "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
}

/// Text laid out in one font's Pango layout (``PangoThreadState`` owns it).
struct PangoLines {
    let layout: OpaquePointer

    /// Lays out `text` and returns the lines shown, in unrounded pixels.
    ///
    /// The text (with whitespace at paragraph ends removed) is laid out in full; a
    /// `lines` limit then keeps the first lines. For truncation, the last kept line is
    /// replaced by the rest of the text (paragraphs joined by a space) on one line,
    /// cut to the longest prefix that fits `maxWidth` together with an ellipsis. With no
    /// width limit there is nothing to fit, so the last line becomes its own text
    /// followed by "…".
    ///
    /// The ellipsis is placed here rather than by `PANGO_ELLIPSIZE_END`, for two reasons:
    /// Pango's line limit for ellipsising (`pango_layout_set_height(-n)`) counts lines
    /// per paragraph, not in total, and an ellipsised line reports the full layout width
    /// as its logical width rather than the width of what is drawn.
    ///
    /// At a finite width, a text with a run of more than `windowingRun` UTF-8 bytes
    /// without a space, or too long for one Pango layout, is laid out a window at a
    /// time (see ``windowedLines(_:minimumWindow:cap:)``), the smallest window
    /// `minimumWindow` bytes. Other texts are laid out whole: Pango wraps words in
    /// linear time, and windows re-lay two lines each.
    func lineBoxes(
        _ text: String, font: Font, style: TextStyle, maxWidth: Double,
        minimumWindow: Int = PangoLines.minimumWindow, windowingRun: Int = PangoLines.windowingRun
    ) throws(TextMeasurementError) -> [LineBox] {
        let text = text.trimmingParagraphEnds()
        pango_layout_set_spacing(layout, Int32(style.lineSpacing * pangoScale))
        pango_layout_set_wrap(layout, style.lineBreakMode == .characterWrap ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        let width = Self.pangoWidth(maxWidth)
        pango_layout_set_width(layout, width)

        let laidOut: [PangoLine]
        // A layout of at most `cap` bytes stays within Pango's 32-bit range.
        let cap = PangoTextMeasurer.windowCap(font: font, style: style)
        if width >= 0, Self.isWindowed(text, cap: cap, windowingRun: windowingRun) {
            laidOut = try windowedLines(text, minimumWindow: max(1, min(minimumWindow, cap)), cap: cap)
        } else {
            setText(text)
            laidOut = currentLines()
        }
        let limit = style.lines
        guard limit > 0, laidOut.count > limit else { return laidOut.map(\.box) }
        let cut = laidOut[limit - 1]
        var lines = laidOut.prefix(limit - 1).map(\.box)
        guard style.lineBreakMode == .truncateTail else {
            lines.append(cut.box)
            return lines
        }

        pango_layout_set_width(layout, -1)
        if maxWidth.isFinite {
            lines.append(ellipsisedRest(of: text, from: cut.startByte, at: cut.box.top, toFit: maxWidth, singleLine: singleLine))
        } else {
            let utf8 = Array(text.utf8)
            let start = min(cut.startByte, utf8.count)
            var own = String(decoding: utf8[start..<min(start + cut.byteLength, utf8.count)], as: UTF8.self)
            while own.last?.isWhitespace == true { own.removeLast() }
            lines.append(Self.moved(singleLine(own + "…"), to: cut.box.top))
        }
        return lines
    }

    /// The last line of a text truncated at a line limit: the text from UTF-8 offset
    /// `start` on (paragraphs joined by a space, trailing whitespace dropped) on one
    /// line, cut to fit `maxWidth` with an ellipsis (``ellipsised(_:toFit:singleLine:)``),
    /// placed at `top`. `singleLine` lays a text out on one line; the layout's width
    /// must be -1 when it is ``singleLine(_:)``.
    func ellipsisedRest(
        of text: String, from start: Int, at top: Double, toFit maxWidth: Double, singleLine: (String) -> LineBox
    ) -> LineBox {
        let utf8 = Array(text.utf8)
        var rest = String(String(decoding: utf8[min(start, utf8.count)...], as: UTF8.self).map { $0.isNewline ? " " : $0 })
        while rest.last?.isWhitespace == true { rest.removeLast() }
        return Self.moved(ellipsised(rest, toFit: maxWidth, singleLine: singleLine), to: top)
    }

    private static func moved(_ line: LineBox, to top: Double) -> LineBox {
        let shift = top - line.top
        return LineBox(width: line.width, top: line.top + shift, bottom: line.bottom + shift, baseline: line.baseline + shift)
    }

    /// `text` on one line if it fits `maxWidth`; otherwise its longest prefix (whole
    /// characters, trailing whitespace dropped) that fits followed by "…". If not even
    /// the ellipsis fits, the ellipsis alone.
    /// - Complexity: O(log n) single lines of the text.
    private func ellipsised(_ text: String, toFit maxWidth: Double, singleLine: (String) -> LineBox) -> LineBox {
        let whole = singleLine(text)
        if whole.width <= maxWidth { return whole }
        // Each character's end and whether it is whitespace, found once: a candidate is
        // the text up to a character's end (a copy of its bytes), not rebuilt from
        // characters, which would cost a walk of the text per candidate.
        var ends: [String.Index] = [], white: [Bool] = []
        for index in text.indices {
            ends.append(text.index(after: index))
            white.append(text[index].isWhitespace)
        }
        func candidate(_ count: Int) -> String {
            var kept = count
            while kept > 0, white[kept - 1] { kept -= 1 }
            return String(text[..<(kept == 0 ? text.startIndex : ends[kept - 1])]) + "…"
        }
        // Largest count whose candidate fits; widths grow with the prefix (kerning can
        // make this slightly non-monotonic, which only costs a character).
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if singleLine(candidate(middle)).width <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return singleLine(candidate(low))
    }

    /// The box of `text` laid out without a width limit; the layout's width must be -1.
    func singleLine(_ text: String) -> LineBox {
        setText(text)
        return currentLines().first?.box ?? LineBox(width: 0, top: 0, bottom: 0, baseline: 0)
    }

    /// Pango's width argument: Pango units, or -1 for no limit (also for widths too
    /// large for Pango's 32-bit units, some two million pixels).
    private static func pangoWidth(_ maxWidth: Double) -> Int32 {
        let units = (maxWidth * pangoScale).rounded(.down)
        guard maxWidth.isFinite, units < Double(Int32.max) else { return -1 }
        return Int32(units)
    }

    /// The smallest window of a long text laid out at a width, in UTF-8 bytes.
    static let minimumWindow = 256
    /// A run of this many UTF-8 bytes with no space, tab or newline makes a text
    /// laid out in windows: some 1,000 characters of one word, or 340 of CJK.
    static let windowingRun = 1024

    /// Whether `byte` is a space, tab or line break.
    @inline(__always)
    static func isBreakingSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `text` has a scalar of a script whose shaping or line breaking
    /// reaches across a line break inside a word: letters that join (Arabic,
    /// Syriac, N'Ko, Mandaic, Mongolian) and words found by dictionary (Thai, Lao,
    /// Khmer, Myanmar). `PangoWindowTests` found both: a window starting inside such
    /// a word shaped or broke differently from the whole layout.
    static func hasContextualScript(_ text: String) -> Bool {
        text.unicodeScalars.contains { isContextual($0.value) }
    }

    /// Whether `scalar` is of such a script (``hasContextualScript(_:)``).
    static func isContextual(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0600...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF,   // Arabic, Syriac, N'Ko, Mandaic; presentation forms
            0x1800...0x18AF,   // Mongolian
            0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF:   // Thai, Lao, Myanmar, Khmer
            true
        default:
            false
        }
    }

    /// Whether `text` has more than `limit` UTF-8 bytes in a row that are not a
    /// space, tab or line break.
    /// Whether a text is laid out in windows at a finite width: longer than `cap`
    /// bytes, or with a run of more than `windowingRun` bytes without a space.
    static func isWindowed(_ text: String, cap: Int, windowingRun: Int = windowingRun) -> Bool {
        text.utf8.count > cap || hasLongUnbreakableRun(text, longerThan: windowingRun)
    }

    static func hasLongUnbreakableRun(_ text: String, longerThan limit: Int) -> Bool {
        guard text.utf8.count > limit else { return false }
        var run = 0
        for byte in text.utf8 {
            if isBreakingSpace(byte) {
                run = 0
            } else {
                run += 1
                if run > limit { return true }
            }
        }
        return false
    }
    /// How many lines a window aims at: Pango breaks an unbreakable word by
    /// re-shaping the rest of it at every line, so a window costs its length times
    /// its lines, and short windows keep a long word linear.
    static let linesPerWindow = 6

    /// The lines of `text`, laid out a window at a time at the layout's width.
    ///
    /// Why: Pango wraps a word with no break opportunity by re-shaping what is left
    /// of it after every line, which is quadratic — 20,000 characters took 0.57 s,
    /// 40,000 took 2.1 s. Line breaking is greedy: a line's end depends only on the
    /// text from its start to a little past its end. So a window of the text is laid
    /// out, every line but its last two is kept (the window's cut can shorten the line
    /// it falls in, and a line's end depends on the word after it), and the next
    /// window starts where the first dropped line starts, below the lines kept.
    /// Windows are cut at grapheme boundaries, so no cluster is split; in a text of a
    /// script that joins or segments words by dictionary, the next window starts
    /// only at a line that follows a space (``hasContextualScript(_:)``). The lines are
    /// Pango's own; `PangoWindowTests` holds them equal to a whole-text layout, and
    /// a height past Pango's 32-bit range is summed in `Double`, never wrapped around.
    /// No window holds more than `cap` bytes, so none passes Pango's 32-bit range.
    /// - Throws: `outOfRange` when even a window at the cap holds fewer than three lines.
    private func windowedLines(_ text: String, minimumWindow: Int, cap: Int) throws(TextMeasurementError) -> [PangoLine] {
        let utf8 = Array(text.utf8)
        let contextual = Self.hasContextualScript(text)
        var boundaries: [Int] = []   // each character's first byte
        boundaries.reserveCapacity(utf8.count)
        var offset = 0
        for character in text {
            boundaries.append(offset)
            offset += character.utf8.count
        }
        guard Self.hasStrongRightToLeft(text) else {
            return try windowedLines(utf8, boundaries, 0..<utf8.count, top: 0, contextual: contextual, minimumWindow: minimumWindow, cap: cap)
        }
        // A window that starts inside a paragraph would take its direction from its own
        // first strong character, and a line's runs are reordered (and moved onto the
        // baseline of the first) by it. So with right-to-left text each paragraph is
        // windowed alone, in the direction `pango_layout_check_lines` gives it: its
        // first strong character's, or the paragraph's before (the text's first
        // strong character's for the first, the context's without one).
        guard let context = pango_layout_get_context(layout) else { return [] }
        let contextDirection = pango_context_get_base_dir(context)
        pango_layout_set_auto_dir(layout, 0)
        defer {
            pango_context_set_base_dir(context, contextDirection)
            pango_layout_set_auto_dir(layout, 1)
            pango_layout_context_changed(layout)
        }
        func direction(_ range: Range<Int>) -> PangoDirection {
            utf8[range].withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { cellfit_find_base_dir($0.baseAddress, Int32($0.count)) }
            }
        }
        var previous = direction(0..<utf8.count)
        if previous == PANGO_DIRECTION_NEUTRAL { previous = contextDirection }
        let spacing = Double(pango_layout_get_spacing(layout)) / pangoScale
        var lines: [PangoLine] = [], top = 0.0
        for paragraph in Self.paragraphs(utf8) {
            let own = direction(paragraph)
            if own != PANGO_DIRECTION_NEUTRAL { previous = own }
            pango_context_set_base_dir(context, previous)
            pango_layout_context_changed(layout)
            if !lines.isEmpty { top = lines[lines.count - 1].box.bottom + spacing }
            lines += try windowedLines(utf8, boundaries, paragraph, top: top, contextual: contextual, minimumWindow: minimumWindow, cap: cap)
        }
        return lines
    }

    /// Whether `text` has a strong right-to-left character (bidi class R or AL, as
    /// Pango's own direction finding classes it); none is below U+0590.
    static func hasStrongRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x0590 && cellfit_is_strong_right_to_left($0.value) != 0 }
    }

    /// The paragraphs of `utf8` without their delimiters, as `pango_find_paragraph_boundary`
    /// finds them: a line feed, a carriage return, both in that order, or U+2029.
    static func paragraphs(_ utf8: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = [], start = 0, i = 0
        while i < utf8.count {
            let delimiter: Int
            switch utf8[i] {
            case 0x0A: delimiter = 1
            case 0x0D: delimiter = i + 1 < utf8.count && utf8[i + 1] == 0x0A ? 2 : 1
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0xA9: delimiter = 3
            default:
                i += 1
                continue
            }
            result.append(start..<i)
            i += delimiter
            start = i
        }
        result.append(start..<utf8.count)
        return result
    }

    /// The lines of the bytes `range` of `utf8` (`boundaries`: its characters' first
    /// bytes), laid out a window at a time, the first line's top at `top`.
    private func windowedLines(
        _ utf8: [UInt8], _ boundaries: [Int], _ range: Range<Int>, top: Double, contextual: Bool, minimumWindow: Int, cap: Int
    ) throws(TextMeasurementError) -> [PangoLine] {
        var lines: [PangoLine] = []
        var start = range.lowerBound, top = top, window = minimumWindow
        while true {
            var end = range.upperBound
            if start + window < range.upperBound {
                // The last character boundary at or before the window's end, past its start.
                var low = 0, high = boundaries.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if boundaries[middle] <= start + window { low = middle } else { high = middle - 1 }
                }
                if boundaries[low] > start { end = boundaries[low] }
            }
            utf8[start..<end].withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
                }
            }
            let laidOut = currentLines()
            var keep = end == range.upperBound ? laidOut.count : laidOut.count - 2
            if keep < laidOut.count, contextual {
                // The next window must start after a space: there no joining or word
                // segmentation reaches back into the lines kept.
                while keep > 0, !Self.isBreakingSpace(utf8[start + laidOut[keep].startByte - 1]) { keep -= 1 }
            }
            guard keep > 0 else {
                // Fewer than three lines in the window: widen it, up to what Pango can take.
                guard window < cap else {
                    throw .outOfRange(
                        "lines of more than \(cap / 3) bytes at width \(Double(pango_layout_get_width(layout)) / pangoScale) "
                            + "are beyond Pango's range of \(Int(PangoTextMeasurer.coordinateLimit)) points (its 32-bit units)")
                }
                window = min(cap, 2 * window)
                continue
            }
            for line in laidOut.prefix(keep) {
                let b = line.box
                lines.append(
                    PangoLine(
                        box: LineBox(width: b.width, top: b.top + top, bottom: b.bottom + top, baseline: b.baseline + top),
                        startByte: line.startByte + start, byteLength: line.byteLength))
            }
            if keep == laidOut.count { return lines }
            let next = laidOut[keep]
            top += next.box.top
            window = min(cap, max(minimumWindow, next.startByte / keep * Self.linesPerWindow))
            start += next.startByte
        }
    }

    func setText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
    }

    /// A laid-out line and where its text starts in the layout's UTF-8.
    private struct PangoLine {
        var box: LineBox
        var startByte: Int
        var byteLength: Int
    }

    /// The layout's lines, top to bottom, from their logical extents.
    private func currentLines() -> [PangoLine] {
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var result: [PangoLine] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iter)) / pangoScale
            var start = 0
            var length = 0
            if let line = pango_layout_iter_get_line_readonly(iter) {
                start = Int(line.pointee.start_index)
                length = Int(line.pointee.length)
            }
            let top = Double(logical.y) / pangoScale
            result.append(
                PangoLine(
                    box: LineBox(
                        width: Double(logical.width) / pangoScale,
                        top: top,
                        bottom: top + Double(logical.height) / pangoScale,
                        baseline: baseline
                    ),
                    startByte: start,
                    byteLength: length
                )
            )
        } while pango_layout_iter_next_line(iter) != 0
        return result
    }
}
