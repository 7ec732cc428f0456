import CPango

extension PangoThreadState {
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
    func lineBoxes(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> [LineBox] {
        let description = try description(for: font)
        let text = text.trimmingParagraphEnds()
        pango_layout_set_font_description(layout, description)
        pango_layout_set_spacing(layout, Int32(style.lineSpacing * pangoScale))
        pango_layout_set_wrap(layout, style.lineBreakMode == .characterWrap ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, Self.pangoWidth(maxWidth))
        setText(text)

        let laidOut = currentLines()
        let limit = style.lines
        guard limit > 0, laidOut.count > limit else { return laidOut.map(\.box) }
        let cut = laidOut[limit - 1]
        var lines = laidOut.prefix(limit - 1).map(\.box)
        guard style.lineBreakMode == .truncateTail else {
            lines.append(cut.box)
            return lines
        }

        let utf8 = Array(text.utf8)
        let start = min(cut.startByte, utf8.count)
        pango_layout_set_width(layout, -1)
        let tailLine: LineBox
        if maxWidth.isFinite {
            var rest = String(String(decoding: utf8[start...], as: UTF8.self).map { $0.isNewline ? " " : $0 })
            while rest.last?.isWhitespace == true { rest.removeLast() }
            tailLine = ellipsised(rest, toFit: maxWidth)
        } else {
            var own = String(decoding: utf8[start..<min(start + cut.byteLength, utf8.count)], as: UTF8.self)
            while own.last?.isWhitespace == true { own.removeLast() }
            tailLine = singleLine(own + "…")
        }
        let shift = cut.box.top - tailLine.top
        lines.append(
            LineBox(
                width: tailLine.width,
                top: tailLine.top + shift,
                bottom: tailLine.bottom + shift,
                baseline: tailLine.baseline + shift
            )
        )
        return lines
    }

    /// `text` on one line if it fits `maxWidth`; otherwise its longest prefix (whole
    /// characters, trailing whitespace dropped) that fits followed by "…". If not even
    /// the ellipsis fits, the ellipsis alone.
    /// - Complexity: O(log n) layouts of the text.
    private func ellipsised(_ text: String, toFit maxWidth: Double) -> LineBox {
        let whole = singleLine(text)
        if whole.width <= maxWidth { return whole }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            var prefix = String(characters[0..<count])
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            return prefix + "…"
        }
        // Largest count whose candidate fits; widths grow with the prefix (kerning can
        // make this slightly non-monotonic, which only costs a character).
        var low = 0
        var high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if singleLine(candidate(middle)).width <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return singleLine(candidate(low))
    }

    /// The box of `text` laid out without a width limit; the layout's width must be -1.
    private func singleLine(_ text: String) -> LineBox {
        setText(text)
        return currentLines().first?.box ?? LineBox(width: 0, top: 0, bottom: 0, baseline: 0)
    }

    /// Makes Pango load `font`'s fontset and sort its fallback fonts now, by laying out a
    /// probe that the primary font lacks (an ideograph and an emoji). Called under
    /// `pangoSetupLock` on a thread's first use of `font`, so that no part of the
    /// fontset is loaded later while another thread loads one.
    func loadFontset(for font: Font) throws(TextMeasurementError) {
        pango_layout_set_font_description(layout, try description(for: font))
        pango_layout_set_width(layout, -1)
        setText("x\u{6F22}\u{1F600}")
        _ = pango_layout_get_line_count(layout)
    }

    /// Pango's width argument: Pango units, or -1 for no limit (also for widths too
    /// large for Pango's 32-bit units, some two million pixels).
    private static func pangoWidth(_ maxWidth: Double) -> Int32 {
        let units = (maxWidth * pangoScale).rounded(.down)
        guard maxWidth.isFinite, units < Double(Int32.max) else { return -1 }
        return Int32(units)
    }

    private func setText(_ text: String) {
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
