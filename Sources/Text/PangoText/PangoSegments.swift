import CPango
import TextMetrics

/// The fast path for text past printable ASCII — Chinese, Japanese, Korean, emoji
/// sequences, accented words, with Latin words and digits among them: the lines
/// are filled from the widths of the text's segments between line break
/// opportunities, each shaped once per font and thread, instead of laying the
/// whole text out again.
///
/// What it takes from Pango for each text: its items (`pango_itemize`: the font,
/// script and language of each run exactly as the layout itemizes it, font
/// fallback included) and its line break opportunities (`pango_get_log_attrs`:
/// UAX #14 as Pango tailors it, a break between most ideographs and kana, none
/// before a closing mark or after an opening one, none inside a grapheme cluster).
/// Both together are a small part of a layout; the shaping, line breaking and
/// extents they leave out are the rest.
///
/// The lines it gives are the ones Pango gives, in Pango units, where it answers:
/// - the widths: a line's width is the sum of its glyphs' advances. A unit (the
///   text between two break opportunities, item boundaries and spaces) is shaped
///   alone with its item's analysis, and two units side by side in one item are
///   shaped together once, to certify that the font positions neither against the
///   other (no kerning, no ligature across the boundary); a text with a pair that
///   fails goes to the full layout. Pango shapes items apart, so units of two
///   items never interact. That a font's shaping of a unit depends on its
///   neighbours through the pair alone is the domain this path assumes (as the
///   ASCII path does for its words); the corpus tests check it on every text.
/// - the breaks: greedy, at the break opportunities in word wrap (at every
///   character boundary in character wrap), as Pango
///   fills a line: a segment joins the line when the line with it, the spaces it
///   ends with left out, is no wider than the layout; a wrapped line does not count
///   the space it ends with. A segment wider than the layout (which Pango breaks
///   between characters in word wrap) is broken by Pango alone where it is one
///   run (``brokenSegment(_:of:end:limit:layout:)``), else goes to the full layout.
/// - the tops, bottoms and baselines: every glyph of a font has the font's logical
///   ascent and descent, and Pango moves each run onto the baseline of the line's
///   first run's script (``extents(_:)``), so a line spans the largest ascent and
///   descent of its runs so moved, and starts the line spacing below the last.
///
/// Whitespace: each space separator and each tab is a unit; the last white
/// character before a break hangs and is zeroed on a wrapped line, a tab is as
/// wide as to the next default stop from where it lands (``fill``). Paragraphs and
/// the whitespace that ends them are the caller's (`PangoThreadState.fastLines`).
///
/// A character the font lacks counts by the width of the box Pango draws for it,
/// where the box has the font's extents (``missingGlyphKeepsExtents(_:run:)``).
///
/// Not taken: line breaks, a space at the text's end, controls and format
/// characters but the tab, the zero-width joiner and emoji tags, right-to-left text in
/// several fonts whose baselines differ, Arabic joined across a unit's end (in
/// character wrap the two are merged, and a line must hold them whole),
/// scripts whose shaping or breaking reaches past a pair
/// (``PangoLines/hasContextualScript(_:)``, Arabic aside), a unit that starts with a
/// mark in a font with the dotted circle, texts longer than 1,024 bytes. Each such
/// rule is a case of ``FastPathRefusal``, which the steps of the path throw (`analyse`
/// reads as their sequence). `PangoCorpusTests` and `PangoSegmentTests` hold this path
/// against the full layout.
final class PangoSegments {
    /// The analysis of the items of one font, script, language and direction (a
    /// right-to-left item is shaped right to left, its brackets mirrored).
    private struct RunKey: Equatable {
        var font: UInt
        var script: UInt8
        var language: UInt
        var rightToLeft: Bool
    }

    private struct Run {
        var analysis: PangoAnalysis
        /// The font's logical ascent and descent, learned from its first glyph.
        var ascent: Int32 = 0
        var descent: Int32 = 0
        var hasExtents = false
        /// The font's baselines asked so far, by HarfBuzz baseline tag.
        var baselines: [(tag: UInt32, position: Int32)] = []
        /// The glyphs the font's lookups may touch (``cellfit_font_lookup_glyphs``),
        /// `nil` when every glyph may be touched; borrowed from ``fonts``.
        var lookupGlyphs: OpaquePointer?
        /// Whether the font has the dotted circle (``hasDottedCircle(_:)``), once asked.
        var dottedCircle: Bool?
        /// Its units of at most 15 bytes (most units: an ideograph is three bytes, a Korean
        /// or Arabic word under 15), by their bytes packed in two words.
        var packedUnits: [PackedUnit: Unit] = [:]
    }

    /// A unit's bytes and length packed in two words, hashed far faster than a string.
    private struct PackedUnit: Hashable {
        var low: UInt64
        var high: UInt64

        /// One word hashed, not two: most units are three bytes, and the hasher's cost
        /// is per word.
        func hash(into hasher: inout Hasher) {
            hasher.combine(low ^ high &* 0x9E37_79B9_7F4A_7C15)
        }

        /// `nil` past 15 bytes.
        init?(_ text: UnsafePointer<CChar>, _ length: Int32) {
            guard length <= 15 else { return nil }
            var low: UInt64 = 0, high = UInt64(length) << 56
            for i in 0..<Int(length) {
                let byte = UInt64(UInt8(bitPattern: text[i]))
                if i < 8 { low |= byte << (8 * UInt64(i)) } else { high |= byte << (8 * UInt64(i - 8)) }
            }
            self.low = low
            self.high = high
        }
    }

    /// By bytes (``ExactText``), as every key holding a text here: a composed and a
    /// decomposed spelling shape apart, and their offsets differ.
    private struct UnitKey: Hashable {
        var run: Int32
        var text: ExactText
    }

    /// A unit's number (for its pairs) and width in Pango units (-1: not taken, for
    /// `refusal`), and whether no OpenType lookup of its font can touch its glyphs.
    private struct Unit {
        var id: Int32
        var width: Int32
        var inert: Bool
        /// Why a unit of width -1 is not taken (in the padding after `inert`).
        var refusal: FastPathRefusal? = nil
        /// How many glyphs it shapes to (a pair that shapes to fewer formed a ligature).
        var glyphs: Int32 = 0
    }

    /// What a line or a segment gathers: its width, and its runs (their fonts set its
    /// extents), as a set of run numbers and the first of them.
    private struct Span {
        var width: Int64 = 0
        /// The width of the white character it ends with (a unit of its own): a wrapped
        /// line does not count it.
        var trailing: Int64 = 0
        var runs: UInt64 = 0
        var first: Int32 = -1
        /// The UTF-8 offset it starts at in the text (a truncated line's rest starts there).
        var start: Int32 = 0
        /// Whether a tab ends it (a segment): its width is set where it lands on a line (`fill`).
        var tab = false
        /// What the font's kerning adds when the next segment follows it on a line (its
        /// last unit and the next one's first, in one item).
        var join: Int64 = 0
        /// Whether it is characters of character wrap that shape together (a ligature, a
        /// conjunct, joined Arabic), merged into one unit: Pango may break between them,
        /// and the pieces shape otherwise, so the line must hold it whole (`fill`).
        var merged = false
        var isEmpty: Bool { first < 0 }

        /// `other` after it on a line: the kerning between the two counts (Pango's
        /// piece of a line, shaped again, has it).
        mutating func follow(with other: Span) {
            if !isEmpty { width += join }
            add(other)
        }

        mutating func add(_ other: Span) {
            width += other.width
            tab = other.tab
            join = other.join
            // One white character hangs at a break, the last (`find_break_extra_width`),
            // and only it is zeroed on a wrapped line (`zero_line_final_space`).
            trailing = other.trailing
            runs |= other.runs
            if first < 0 {
                first = other.first
                start = other.start
            }
        }
    }

    /// Each run's key, by run number: at most 64, searched in order (a text's items are
    /// a handful of runs, and hashing four fields cost more than comparing them).
    private var runKeys: [RunKey] = []
    private var runs: [Run] = []
    /// The fonts met and their lookups' glyphs (``lookupGlyphs(_:)``), kept while runs
    /// are forgotten, up to `fontLimit`; the runs borrow the sets.
    private var fonts: [(font: UnsafeMutableRawPointer, lookupGlyphs: OpaquePointer?)] = []
    private static let fontLimit = 32
    /// Units longer than 15 bytes (``Run/packedUnits`` holds the others).
    private var units: [UnitKey: Unit] = [:]
    private var unitCount = 0
    /// Two units side by side, by `(first id) << 32 | second id`: how much wider they
    /// shape than their sum (``pairDelta``), `Int32.min` for a pair not taken.
    private var pairs: [UInt64: Int32] = [:]
    /// Segments wider than the line, broken by Pango (``brokenSegment(_:of:end:limit:layout:)``),
    /// by run, bytes and width: a long word or number recurs (a feed's rows share a
    /// width), and each costs a layout that reshapes its rest at every line. `nil`: not taken.
    private var broken: [BrokenKey: [(width: Int32, start: Int32)]?] = [:]
    /// The bytes of broken words kept (their texts and pieces, roughly) before the table
    /// starts over: a worker's table stays small whatever its texts (a segment has at
    /// most 1,024 bytes).
    private var brokenBytes = 0
    private static let brokenByteLimit = 256 << 10

    private struct BrokenKey: Hashable {
        var run: Int32
        var limit: Int64
        var text: ExactText
    }
    /// Pango's default tab width for this font, once a tab was met (``learnTabWidth(_:)``).
    private var tabWidth: Int64?
    private var attributes: [PangoLogAttr] = []
    /// The segments of the last texts analysed, or why each was not taken, replaced in turn.
    private var recent = [(text: String, units: Units, segments: Result<[Span], FastPathRefusal>)](
        repeating: ("", .words, .failure(.whitespaceOnly)), count: 4)
    private var nextRecent = 0
    private var starts: [Int32] = []
    private let glyphs = pango_glyph_string_new()
    /// Units kept before the table starts over (between texts).
    private let unitLimit: Int
    /// Runs kept before the table starts over (between texts); at most 64, the bits
    /// of a span's set of runs.
    private let runLimit: Int
    private static let byteLimit = 1_024

    /// A path with empty tables; the limits are lower in tests, to start over often.
    init(unitLimit: Int = 50_000, runLimit: Int = 64) {
        self.unitLimit = max(1, unitLimit)
        self.runLimit = min(64, max(9, runLimit))
    }

    deinit {
        close()
        if let glyphs { pango_glyph_string_free(glyphs) }
    }

    /// Releases the references on the runs' fonts: called before the font map that
    /// made them is released.
    func close() {
        forgetRuns()
        forgetFonts()
    }

    /// Forgets the units, pairs and recent texts learned (the runs and their fonts stay).
    func forgetUnits() {
        for index in runs.indices { runs[index].packedUnits.removeAll() }
        units.removeAll()
        pairs.removeAll()
        broken.removeAll()
        brokenBytes = 0
        unitCount = 0
        for index in recent.indices { recent[index] = ("", .words, .failure(.whitespaceOnly)) }
    }

    private func forgetRuns() {
        forgetUnits()
        for run in runs { cellfit_object_unref(UnsafeMutableRawPointer(run.analysis.font)) }
        runs.removeAll()
        runKeys.removeAll()
        if fonts.count > Self.fontLimit { forgetFonts() }
    }

    /// Releases the fonts' glyph sets and references; only with no run left, which
    /// borrows them.
    private func forgetFonts() {
        for font in fonts {
            if let glyphs = font.lookupGlyphs { hb_set_destroy(glyphs) }
            cellfit_object_unref(font.font)
        }
        fonts.removeAll()
    }

    /// The glyphs the lookups of `font` may touch (``cellfit_font_lookup_glyphs``),
    /// collected once per font: runs of several scripts and languages share a font,
    /// and a font's set costs HarfBuzz a walk of all its lookups. The font is referenced while it is kept, so
    /// that its address names it.
    private func lookupGlyphs(_ font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        let raw = UnsafeMutableRawPointer(font)
        if let known = fonts.first(where: { $0.font == raw }) { return known.lookupGlyphs }
        cellfit_object_ref(raw)
        let glyphs = cellfit_font_lookup_glyphs(font)
        fonts.append((raw, glyphs))
        return glyphs
    }

    /// Where a text's units end, besides item boundaries and white characters.
    enum Units {
        /// At line break opportunities (word wrap).
        case words
        /// At every character (grapheme) boundary (character wrap).
        case characters
        /// Between two ideographs, kana or Hangul syllables and after white characters:
        /// for a text measured on one line whatever its width (truncation's candidates),
        /// where nothing breaks and no analysis of break opportunities is needed.
        case singleLine
    }

    /// The lines of `text` in the font of `context`, or `nil` when this path does
    /// not answer. `context` must carry the layout's font description.
    func lines(_ text: String, maxWidth: Double, style: TextStyle, context: OpaquePointer, layout: OpaquePointer? = nil) -> [LineBox]? {
        var starts: [Int]? = nil
        return lines(text, maxWidth: maxWidth, style: style, context: context, layout: layout, starts: &starts)
    }

    /// ``lines(_:maxWidth:style:context:)``, with the UTF-8 offset each line starts at in
    /// `starts` when it is not `nil` (only truncation asks: the hot path keeps no list).
    /// With `layout` (the font's, on this thread), a segment wider than the line is
    /// broken between characters by Pango (``brokenSegment(_:of:end:limit:layout:)``);
    /// without, such a text is not answered.
    func lines(
        _ text: String, maxWidth: Double, style: TextStyle, context: OpaquePointer, layout: OpaquePointer? = nil, starts: inout [Int]?
    ) -> [LineBox]? {
        try? measuredLines(text, maxWidth: maxWidth, style: style, context: context, layout: layout, starts: &starts)
    }

    /// ``lines(_:maxWidth:style:context:layout:starts:)``, or why the text goes to the
    /// full layout.
    func measuredLines(
        _ text: String, maxWidth: Double, style: TextStyle, context: OpaquePointer, layout: OpaquePointer?, starts: inout [Int]?
    ) throws(FastPathRefusal) -> [LineBox] {
        try lines(text, maxWidth: maxWidth, style: style, units: style.lineBreakMode == .characterWrap ? .characters : .words,
            context: context, layout: layout, starts: &starts)
    }

    /// The line of `text` measured whole, without a width (``Units/singleLine``), or
    /// `nil` when this path does not answer.
    func singleLine(_ text: String, context: OpaquePointer) -> LineBox? {
        var starts: [Int]? = nil
        return (try? lines(text, maxWidth: .infinity, style: .default, units: .singleLine, context: context, layout: nil, starts: &starts))?.first
    }

    private func lines(
        _ text: String, maxWidth: Double, style: TextStyle, units: Units, context: OpaquePointer, layout: OpaquePointer?, starts: inout [Int]?
    ) throws(FastPathRefusal) -> [LineBox] {
        guard glyphs != nil else { throw .pangoFailure }
        let scaled = (maxWidth * pangoScale).rounded(.down)
        guard !maxWidth.isFinite || scaled < Double(Int32.max) else { throw .widthOutOfRange }
        // Pango's width, as `PangoLines.pangoWidth` sets it.
        let limit = maxWidth.isFinite ? Int64(scaled) : Int64.max
        let segments = try segments(of: text, units: units, context: context)
        let spans = try fill(segments, limit: limit, breaking: units == .words ? layout.map { ($0, text) } : nil)
        let spacing = (style.lineSpacing * pangoScale).rounded(.towardZero)
        var top = 0.0
        if starts != nil { starts = spans.map { Int($0.start) } }
        return spans.map { span in
            let (ascent, descent) = extents(span)
            let height = Double(ascent) + Double(descent)
            defer { top += height + spacing }
            return LineBox(
                width: Double(span.width - span.trailing) / pangoScale, top: top / pangoScale, bottom: (top + height) / pangoScale,
                baseline: (top + Double(ascent)) / pangoScale)
        }
    }

    /// The segments of `text` (its units, ending where `units` says), from the recent
    /// texts' or analysed now; throws why the path does not take the text. A cell's
    /// text is measured at several widths in a row (its natural width, then wrapped),
    /// and its segments (or its refusal) do not depend on the width.
    private func segments(of text: String, units: Units, context: OpaquePointer) throws(FastPathRefusal) -> [Span] {
        // The same bytes, not a canonically equivalent spelling: the segments hold offsets.
        if let known = recent.first(where: { $0.units == units && ExactText.same($0.text, text) }) { return try known.segments.get() }
        let segments: Result<[Span], FastPathRefusal>
        // Character wrap may end a line before a space or after it: Pango ends it after,
        // the space hanging past the width as in word wrap (`fill`), which
        // `PangoSegmentTests.characterWrapWithSpaces` holds at widths a third of a point apart.
        if let refusal = Self.characterRefusal(text) {
            segments = .failure(refusal)
        } else {
            var text = text
            segments = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(FastPathRefusal) in try analyse(chars, units: units, context: context) }
                }
            }
        }
        recent[nextRecent] = (text, units, segments)
        nextRecent = (nextRecent + 1) % recent.count
        return try segments.get()
    }

    /// Lines filled greedily from `segments`, as Pango fills them (the type's notes);
    /// a segment wider than the layout starts a line and is broken by Pango in the
    /// layout and text of `breaking`, or, without, refuses the text.
    private func fill(_ segments: [Span], limit: Int64, breaking: (layout: OpaquePointer, text: String)?) throws(FastPathRefusal) -> [Span] {
        var lines: [Span] = []
        var line = Span()
        for (k, segment) in segments.enumerated() {
            // Its trailing spaces may pass the width (Pango lets whitespace hang at a wrap).
            let visible = segment.width - segment.trailing
            if segment.tab {
                // Pango places a tab whatever the room left (`process_item`: a tab run
                // always fits), from where the line stands, the room counted no lower
                // than nothing (`line_width`): what comes before it on its segment must fit.
                guard visible <= limit else { throw .tabPastWidth }
                guard let tabWidth else { throw .pangoFailure }
                if !line.isEmpty && visible > 0 && line.width + line.join + visible > limit {
                    lines.append(line)
                    line = Span()
                }
                let x = min(line.width + (line.isEmpty ? 0 : line.join) + segment.width, limit)
                var placed = segment
                placed.trailing = Self.tabStop(after: x, width: tabWidth) - x
                placed.width += placed.trailing
                line.follow(with: placed)
                continue
            }
            if visible > limit {
                guard let breaking else { throw .characterWiderThanLine }
                guard let end = k + 1 < segments.count ? segments[k + 1].start : Int32(exactly: breaking.text.utf8.count),
                    let pieces = brokenSegment(segment, of: breaking.text, end: end, limit: limit, layout: breaking.layout)
                else { throw .wideSegmentNotOneRun }
                if !line.isEmpty { lines.append(line) }
                lines += pieces.dropLast()
                line = pieces[pieces.count - 1]
                continue
            }
            // Characters merged in character wrap (they shape together) must stand whole on
            // the line: where they do not fit, Pango would break between them, and shape
            // the pieces otherwise.
            if segment.merged, visible > limit || !line.isEmpty && line.width + line.join + visible > limit { throw .mergedUnitsSplit }
            // After a tab that took the line past the width, Pango keeps a white character
            // that follows on the line (in the tests, one in the item of the next word);
            // the rule is not derived here, so such a text goes to the full layout.
            if visible == 0, line.tab, line.width > limit { throw .whiteAfterOverfullTab }
            if line.isEmpty || line.width + line.join + visible <= limit {
                line.follow(with: segment)
            } else {
                lines.append(line)
                line = segment
            }
        }
        guard !line.isEmpty else { throw .unexpectedItems }
        lines.append(line)
        return lines
    }

    /// A segment wider than the line, broken between characters as Pango breaks it
    /// in word wrap when it starts a line (`process_item`, `PANGO_WRAP_WORD_CHAR`):
    /// by Pango itself, in a layout of the segment alone (the bytes from its start to
    /// `end`) at the width. Its lines, the last of which (the rest, with the space
    /// the segment ends with) the following segments may join. That layout breaks as
    /// the text's does when the segment is in one run and the layout gives every
    /// piece that run's font, script and direction (checked: the segment alone
    /// could be itemized otherwise); `nil` otherwise, or when the segment spans
    /// runs, and the text goes to the full layout.
    private func brokenSegment(_ segment: Span, of text: String, end: Int32, limit: Int64, layout: OpaquePointer) -> [Span]? {
        guard segment.first >= 0, segment.runs == 1 << UInt64(segment.first), end > segment.start, limit < Int64(Int32.max)
        else { return nil }
        let utf8 = text.utf8
        guard Int(end) <= utf8.count else { return nil }
        let key = BrokenKey(
            run: segment.first, limit: limit,
            text: ExactText(String(utf8[utf8.index(utf8.startIndex, offsetBy: Int(segment.start))..<utf8.index(utf8.startIndex, offsetBy: Int(end))]) ?? ""))
        let pieces: [(width: Int32, start: Int32)]
        if let known = broken[key] {
            guard let known else { return nil }
            pieces = known
        } else {
            let laidOut = breakAlone(key.text.string, run: segment.first, limit: limit, layout: layout)
            let bytes = key.text.string.utf8.count + 8 * (laidOut?.count ?? 0) + 64
            if brokenBytes + bytes > Self.brokenByteLimit {
                broken.removeAll()
                brokenBytes = 0
            }
            broken[key] = .some(laidOut)
            brokenBytes += bytes
            guard let laidOut else { return nil }
            pieces = laidOut
        }
        return pieces.indices.map { i in
            Span(
                width: Int64(pieces[i].width), trailing: i == pieces.count - 1 ? segment.trailing : 0, runs: segment.runs,
                first: segment.first, start: segment.start + pieces[i].start, join: i == pieces.count - 1 ? segment.join : 0)
        }
    }

    /// The lines of `text` laid out alone at `limit` in the font's layout, each one's
    /// width and start (UTF-8), when every piece is in the run's font, script and
    /// direction; `nil` otherwise.
    private func breakAlone(_ text: String, run: Int32, limit: Int64, layout: OpaquePointer) -> [(width: Int32, start: Int32)]? {
        let analysis = runs[Int(run)].analysis
        let capacity = 256
        var widths = [Int32](repeating: 0, count: capacity), starts = [Int32](repeating: 0, count: capacity)
        var text = text
        let count = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars -> Int32 in
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
                pango_layout_set_width(layout, Int32(limit))
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
                defer { pango_layout_set_width(layout, -1) }
                return cellfit_single_run_lines(
                    layout, analysis.font, Int32(analysis.script), Int32(analysis.level), &widths, &starts, Int32(capacity))
            }
        }
        guard count > 0 else { return nil }
        return (0..<Int(count)).map { (widths[$0], starts[$0]) }
    }

    /// A line's ascent and descent in Pango units. Pango aligns each run on the
    /// baseline of the line's first run's script (`apply_baseline_shift`): a run
    /// moves down by the distance between that baseline in the first run's font and
    /// in its own, and the line spans every run's logical extents so moved.
    private func extents(_ span: Span) -> (ascent: Int32, descent: Int32) {
        let first = Int(span.first)
        let tag = cellfit_baseline_tag(Int32(runs[first].analysis.script))
        let reference = baseline(first, tag: tag)
        var ascent = Int32.min, descent = Int32.min
        for run in 0..<runs.count where span.runs & (1 << UInt64(run)) != 0 {
            let adjustment = reference - baseline(run, tag: tag)
            ascent = max(ascent, runs[run].ascent + adjustment)
            descent = max(descent, runs[run].descent - adjustment)
        }
        return (ascent, descent)
    }

    private func baseline(_ run: Int, tag: UInt32) -> Int32 {
        if let known = runs[run].baselines.first(where: { $0.tag == tag }) { return known.position }
        let analysis = runs[run].analysis
        let position = Int32(cellfit_run_baseline(analysis.font, tag, Int32(analysis.script), analysis.language))
        runs[run].baselines.append((tag, position))
        return position
    }

    /// The segments of the text in `bytes` (the text between two line break
    /// opportunities, each with its width, the spaces it ends with and its runs), or
    /// why the path does not take the text: the steps below in turn.
    private func analyse(_ bytes: UnsafeBufferPointer<CChar>, units: Units, context: OpaquePointer) throws(FastPathRefusal) -> [Span] {
        guard let base = bytes.baseAddress else { throw .unexpectedItems }
        startTablesOverIfFull()
        let count = findCharacterStarts(bytes)
        findBreaks(bytes, count: count, units: units, context: context)
        guard let items = pango_itemize(context, base, 0, Int32(bytes.count), nil, nil) else { throw .unexpectedItems }
        defer { cellfit_items_free(items) }
        return try segmentItems(items, of: bytes, count: count, characters: units == .characters, context: context)
    }

    /// Starts the tables over between texts, never within one: a text's spans and pairs
    /// hold run and unit numbers. A text adds at most a unit a character.
    private func startTablesOverIfFull() {
        if runs.count >= runLimit - 8 {
            forgetRuns()
        } else if unitCount >= unitLimit {
            forgetUnits()
        }
    }

    /// Fills ``starts`` with the UTF-8 offset of each character of `bytes`, and the
    /// text's length after them; the number of characters.
    private func findCharacterStarts(_ bytes: UnsafeBufferPointer<CChar>) -> Int {
        starts.removeAll(keepingCapacity: true)
        for (offset, byte) in bytes.enumerated() where UInt8(bitPattern: byte) & 0xC0 != 0x80 { starts.append(Int32(offset)) }
        let count = starts.count
        starts.append(Int32(bytes.count))
        return count
    }

    /// Fills ``attributes`` with where the `count` characters of `bytes` may break.
    /// Word wrap of East Asian text and of alphabetic text takes its breaks from rules
    /// of neighbours (PangoSegments+BreakRules.swift), a single line its units
    /// from another (``Units/singleLine``), everything else Pango's analysis.
    private func findBreaks(_ bytes: UnsafeBufferPointer<CChar>, count: Int, units: Units, context: OpaquePointer) {
        if attributes.count < count + 1 { attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1) }
        switch units {
        case .singleLine:
            Self.singleLineUnits(bytes, count: count, into: &attributes)
        case .words where Self.eastAsianLineBreaks(bytes, count: count, into: &attributes)
            || Self.alphabeticLineBreaks(bytes, count: count, into: &attributes):
            break
        case .characters where Self.characterBreaks(bytes, count: count, into: &attributes):
            break
        case .words, .characters:
            pango_get_log_attrs(
                bytes.baseAddress, Int32(bytes.count), -1, pango_context_get_language(context), &attributes, Int32(count + 1))
        }
    }

    /// The segments of the text in `bytes` from its items (`items`, Pango's) and the
    /// ``starts`` and ``attributes`` of its `count` characters: each item's units shaped
    /// and paired, gathered into segments at the break opportunities.
    private func segmentItems(
        _ items: UnsafeMutablePointer<GList>, of bytes: UnsafeBufferPointer<CChar>, count: Int, characters: Bool, context: OpaquePointer
    ) throws(FastPathRefusal) -> [Span] {
        guard let base = bytes.baseAddress else { throw .unexpectedItems }
        // Read through local copies below: each read of a class's stored array is a
        // dynamic exclusivity check, once per character.
        let starts = self.starts, attributes = self.attributes

        // Pango's `is_white` (g_unichar_isspace) among the characters taken: the
        // space separators. Each is a unit of its own; one before a break hangs.
        func isWhite(_ character: Int) -> Bool {
            guard character < count else { return false }
            let at = Int(starts[character])
            // Most characters are told by their first byte: ASCII, and the lead bytes of
            // ideographs, kana and Hangul (E4 to ED), which no white character has; the
            // others (two or three bytes) are decoded.
            let lead = UInt8(bitPattern: bytes[at])
            switch lead {
            case 0x20, 0x09: return true
            case 0xC2, 0xE1, 0xE2, 0xE3:
                var value = UInt32(lead & (lead >= 0xE0 ? 0x0F : 0x1F))
                for k in (at + 1)..<Int(starts[character + 1]) { value = value << 6 | UInt32(UInt8(bitPattern: bytes[k]) & 0x3F) }
                return Self.isWhite(value)
            default: return false
            }
        }
        // Where Pango may end a line: at a line break opportunity in word wrap, at any
        // character (grapheme) boundary in character wrap (`can_break_at`, pango-layout.c).
        func breaks(_ character: Int) -> Bool {
            characters ? attributes[character].is_char_break != 0 : attributes[character].is_line_break != 0
        }
        var segments: [Span] = []
        var segment = Span()
        var previous: (unit: Unit, start: Int32, white: Bool)? = nil
        // The unit before `previous` in its item (character wrap merges `previous` with
        // the unit after it, and then pairs this one with the merged unit).
        var beforePrevious: (unit: Unit, start: Int32, white: Bool)? = nil
        var bridge: (unit: Unit, start: Int32)? = nil
        var character = 0
        // Right-to-left items: Pango breaks lines in logical order, so widths add up as
        // they do left to right. Which run a reordered line starts with sets the
        // baseline the others move to: that is left open only where no run would move
        // whichever starts (`baselinesAgree`).
        var rightToLeft = false, used: UInt64 = 0
        var node: UnsafeMutablePointer<GList>? = items
        while let current = node {
            node = current.pointee.next
            let item = try Self.item(current, startingAt: starts[character])
            if item.analysis.level > 0 { rightToLeft = true }
            let run = try runID(item.analysis)
            used |= 1 << UInt64(run)
            let end = character + Int(item.num_chars)
            // An empty item would make the boundaries below an empty closed range, which traps.
            guard end > character, end <= count, starts[end] == item.offset + item.length else { throw .unexpectedItems }
            var unitStart = character
            // Pango shapes items apart: no pair reaches across two.
            previous = nil
            beforePrevious = nil
            bridge = nil
            for boundary in (character + 1)...end
            where boundary == end || breaks(boundary) || isWhite(boundary - 1) || isWhite(boundary) {
                let from = starts[unitStart], to = starts[boundary]
                if bytes[Int(from)] == 0x09 {
                    try addTab(item, run: run, at: from, endingSegment: boundary == count || breaks(boundary), context: context, to: &segment)
                    unitStart = boundary
                    segments.append(segment)
                    segment = Span()
                    continue
                }
                // A unit is shaped without its neighbours, so Arabic joining must not reach
                // across its ends (`joinsAcross`); in character wrap the two are merged.
                let joins = unitStart > 0 && joinsAcross(bytes, starts[unitStart - 1], from)
                if joins, !characters { throw .arabicJoinsAcrossUnits }
                let unit = try unit(base + Int(from), Int32(to - from), run: run)
                // A lookup starts at a glyph it covers (HarfBuzz collects them): between two
                // units of untouched glyphs none starts, so they shape as their sum. Other
                // pairs in one item (Pango shapes items apart) are shaped together once: as
                // their sum, or kerned (the difference is added where the two stand on one
                // line; the next segment's `join`), or not taken; in character wrap, merged.
                let white = isWhite(unitStart)
                var pair: Int32? = 0
                if !joins, let previous, !(previous.unit.inert && unit.inert) {
                    pair = pairDelta(
                        previous.unit, unit, sum: Int64(previous.unit.width) + Int64(unit.width), base + Int(previous.start),
                        Int(to - previous.start), run: run)
                }
                if joins || pair == nil {
                    // Character wrap merges the two units where the one before is a segment of
                    // its own, and so is the merged one.
                    guard characters, bridge == nil, segment.isEmpty, boundary == count || breaks(boundary), let merging = previous,
                        !white, !merging.white, let last = segments.last, last.start == merging.start, !last.tab
                    else { throw joins ? .arabicJoinsAcrossUnits : .unitsShapeTogether }
                    let merged = try self.unit(base + Int(merging.start), to - merging.start, run: run)
                    // The unit before is paired with the merged one now: its kerning may
                    // differ (an Arabic letter's form changed), or not be taken.
                    var join: Int64 = 0
                    if let before = beforePrevious, segments.count >= 2, !(before.unit.inert && merged.inert) {
                        guard let delta = pairDelta(
                                before.unit, merged, sum: Int64(before.unit.width) + Int64(merged.width), base + Int(before.start),
                                Int(to - before.start), run: run)
                        else { throw .unitsShapeTogether }
                        try Self.checkKerning(delta, white: before.white, nextWhite: false)
                        join = Int64(delta)
                    }
                    if segments.count >= 2 { segments[segments.count - 2].join = join }
                    segments[segments.count - 1] = Span(
                        width: Int64(merged.width), runs: 1 << UInt64(run), first: run, start: merging.start, merged: true)
                    previous = (merged, merging.start, false)
                    unitStart = boundary
                    continue
                }
                if let previous, let delta = pair, delta != 0 {
                    try Self.checkKerning(delta, white: previous.white, nextWhite: white)
                    if segment.isEmpty { segments[segments.count - 1].join = Int64(delta) } else { segment.width += Int64(delta) }
                }
                // A zero-width space is a unit of its own in character wrap, and OpenType
                // lookups skip it (a default ignorable): the units on either side must shape
                // as their sum across it, or the text is not taken.
                if unit.width == 0, to - from == 3, Self.isZeroWidthSpace(base + Int(from)) {
                    if bridge == nil, let previous { bridge = (previous.unit, previous.start) }
                } else if let across = bridge {
                    bridge = nil
                    try checkAcrossZeroWidthSpace(across.unit, unit, base + Int(across.start), to - across.start, run: run)
                }
                beforePrevious = previous
                previous = (unit, from, white)
                segment.add(
                    Span(width: Int64(unit.width), trailing: white ? Int64(unit.width) : 0, runs: 1 << UInt64(run), first: run, start: from))
                unitStart = boundary
                // A segment ends at a break opportunity or at the text's end.
                guard boundary == count || breaks(boundary) else { continue }
                segments.append(segment)
                segment = Span()
            }
            character = end
        }
        guard character == count, !segments.isEmpty else { throw .unexpectedItems }
        if rightToLeft, !baselinesAgree(used) { throw .baselinesDisagree }
        return segments
    }

    /// The item of list node `node`, which must start at the UTF-8 offset `start` (a
    /// character's), have a font, and be at most at bidi level 2 (left to right
    /// inside right to left): a deeper level reorders more than ``baselinesAgree(_:)``
    /// leaves open.
    @inline(__always)
    private static func item(_ node: UnsafeMutablePointer<GList>, startingAt start: Int32) throws(FastPathRefusal) -> PangoItem {
        guard let item = node.pointee.data?.assumingMemoryBound(to: PangoItem.self).pointee else { throw .unexpectedItems }
        guard item.analysis.level <= 2 else { throw .deepBidiLevel }
        guard item.analysis.font != nil, start == item.offset else { throw .unexpectedItems }
        return item
    }

    /// Adds the tab at UTF-8 offset `from` in `run` to `segment`, which it ends: Pango
    /// shapes it as one empty glyph, as wide as to the next tab stop from where it
    /// lands (`fill`). It must be an item of its own, the first tab of its segment,
    /// and followed by a break opportunity (`endingSegment`).
    private func addTab(
        _ item: PangoItem, run: Int32, at from: Int32, endingSegment: Bool, context: OpaquePointer, to segment: inout Span
    ) throws(FastPathRefusal) {
        guard item.num_chars == 1, !segment.tab else { throw .tabWithoutBreak }
        guard learnTabWidth(context) else { throw .pangoFailure }
        learnExtents(run: run)
        segment.add(Span(width: 0, trailing: 0, runs: 1 << UInt64(run), first: run, start: from, tab: true))
        guard endingSegment else { throw .tabWithoutBreak }
    }

    /// A pair kerned by `delta` may not have a white character (`white`: the first of
    /// the two, `nextWhite`: the second): Pango hangs it at a break by its width kerned
    /// with what follows it (its logical width), which is not modelled.
    private static func checkKerning(_ delta: Int32, white: Bool, nextWhite: Bool) throws(FastPathRefusal) {
        if delta != 0, white || nextWhite { throw .kernedWhiteSpace }
    }

    /// The units `first` and `second` on either side of a zero-width space, the
    /// `length` bytes at `text` from the first's start to the second's end, must shape
    /// as their sum: OpenType lookups skip the space (a default ignorable).
    private func checkAcrossZeroWidthSpace(
        _ first: Unit, _ second: Unit, _ text: UnsafePointer<CChar>, _ length: Int32, run: Int32
    ) throws(FastPathRefusal) {
        guard let width = try? shapedWidth(text, length, run: run, learnExtents: false),
            Int64(width) == Int64(first.width) + Int64(second.width)
        else { throw .kernedAcrossZeroWidthSpace }
    }

    /// Learns ``tabWidth`` once: the width of eight spaces in the layout's font,
    /// Pango's default tab width (`ensure_tab_width`: a space itemized alone in the
    /// context's font). `false` when Pango gives no item or glyphs.
    private func learnTabWidth(_ context: OpaquePointer) -> Bool {
        if tabWidth != nil { return true }
        guard let glyphs, let items = pango_itemize(context, " ", 0, 1, nil, nil) else { return false }
        defer { cellfit_items_free(items) }
        guard let item = items.pointee.data?.assumingMemoryBound(to: PangoItem.self) else { return false }
        // One buffer for the item and its paragraph: Pango finds the item's offset in it.
        let spaces = Array("        ".utf8CString)
        spaces.withUnsafeBufferPointer { text in
            pango_shape_with_flags(text.baseAddress, 8, text.baseAddress, 8, &item.pointee.analysis, glyphs, PANGO_SHAPE_NONE)
        }
        var width: Int64 = 0
        for i in 0..<Int(glyphs.pointee.num_glyphs) { width += Int64(glyphs.pointee.glyphs[i].geometry.width) }
        // Pango's own guard against a font without a space width.
        tabWidth = width > 0 ? width : 50 * Int64(pangoScale)
        return true
    }

    /// The first default tab stop at least a space (an eighth of the tab width) past
    /// `x` (`shape_tab`, `get_tab_pos`).
    private static func tabStop(after x: Int64, width: Int64) -> Int64 {
        let space = width / 8
        return (x + space + width - 1) / width * width
    }

    /// Learns the run's font ascent and descent from the empty glyph a tab is drawn
    /// with, when no unit of the run has taught them.
    private func learnExtents(run: Int32) {
        guard !runs[Int(run)].hasExtents else { return }
        var ascent: Int32 = 0, descent: Int32 = 0
        cellfit_glyph_logical_extents(runs[Int(run)].analysis.font, Self.emptyGlyph, &ascent, &descent)
        runs[Int(run)].ascent = ascent
        runs[Int(run)].descent = descent
        runs[Int(run)].hasExtents = true
    }

    /// Whether every run in `used` has the same baseline under the baseline tag of
    /// every run's script: then no run moves (``extents(_:)``), whichever a line
    /// starts with, and a line's extents do not depend on the order of its runs.
    private func baselinesAgree(_ used: UInt64) -> Bool {
        var tag: UInt32?, position: Int32?
        for run in 0..<runs.count where used & (1 << UInt64(run)) != 0 {
            let own = cellfit_baseline_tag(Int32(runs[run].analysis.script))
            if tag == nil { tag = own } else if tag != own { return false }
            let at = baseline(run, tag: own)
            if position == nil { position = at } else if position != at { return false }
        }
        return true
    }

    /// Whether the characters at UTF-8 offsets `before` and `after` (side by side) may
    /// join or shape one another: both Arabic (letters, marks, digits, the tatweel),
    /// or the zero-width joiner beside an Arabic character. Any other character the
    /// path takes is non-joining (UAX #9's Joining_Type U) or a mark that no unit
    /// starts with, so the Arabic shaper sees the same context alone as in the text.
    private func joinsAcross(_ bytes: UnsafeBufferPointer<CChar>, _ before: Int32, _ after: Int32) -> Bool {
        func lead(_ offset: Int32) -> UInt8 { UInt8(bitPattern: bytes[Int(offset)]) }
        // Arabic (U+0600 to U+06FF) is encoded with lead bytes D8 to DB; the
        // presentation forms and the zero-width joiner with EF and E2.
        func arabicOrJoiner(_ offset: Int32) -> Bool {
            let byte = lead(offset)
            if (0xD8...0xDB).contains(byte) { return true }
            guard byte == 0xE2 || byte == 0xEF, Int(offset) + 2 < bytes.count else { return false }
            let second = UInt8(bitPattern: bytes[Int(offset) + 1]), third = UInt8(bitPattern: bytes[Int(offset) + 2])
            if byte == 0xE2 { return second == 0x80 && third == 0x8D }
            // U+FB50 to U+FDFF (EF AD 90 to EF B7 BF) and U+FE70 to U+FEFC (EF B9 B0 to EF BB BC).
            return (0xAD...0xB7).contains(second) && !(second == 0xAD && third < 0x90) || (0xB9...0xBB).contains(second) && !(second == 0xB9 && third < 0xB0)
        }
        return arabicOrJoiner(before) && arabicOrJoiner(after)
    }

    /// The number of the run of `analysis`, its font referenced while the run is known;
    /// refused when the table is full.
    private func runID(_ analysis: PangoAnalysis) throws(FastPathRefusal) -> Int32 {
        let key = RunKey(
            font: UInt(bitPattern: analysis.font), script: analysis.script,
            language: UInt(bitPattern: analysis.language), rightToLeft: analysis.level & 1 != 0)
        if let known = runKeys.firstIndex(of: key) { return Int32(known) }
        // Runs are forgotten between texts only (`analyse`): a text's spans hold its runs' numbers.
        guard runs.count < runLimit else { throw .tooManyRuns }
        var kept = analysis
        // The item's attributes go with the layout's text; none of them shapes.
        kept.extra_attrs = nil
        cellfit_object_ref(UnsafeMutableRawPointer(kept.font))
        runs.append(Run(analysis: kept, lookupGlyphs: lookupGlyphs(kept.font)))
        let id = Int32(runs.count - 1)
        runKeys.append(key)
        return id
    }

    /// The unit of `length` bytes at `text` in `run`, shaped on first sight; refused
    /// when it is not taken (a mark first, a missing character's box with other
    /// extents, no glyph, a width past Int32), and the refusal kept with it.
    private func unit(_ text: UnsafePointer<CChar>, _ length: Int32, run: Int32) throws(FastPathRefusal) -> Unit {
        let packed = PackedUnit(text, length)
        let key = packed == nil ? UnitKey(run: run, text: ExactText(String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))) : nil
        if let packed, let known = runs[Int(run)].packedUnits[packed] { return try Self.taken(known) }
        if let key, let known = units[key] { return try Self.taken(known) }
        // HarfBuzz puts a dotted circle before a mark that starts its text (its base left
        // out) where the font has one (`hb_insert_dotted_circle`); Pango, shaping an item
        // with the paragraph before it, never does. A unit can start with a mark after a
        // tab, a zero-width space or at an item's start.
        var width: Int32 = -1, refusal: FastPathRefusal?
        if Self.startsWithMark(text, length) && hasDottedCircle(run) {
            refusal = .markStartsUnit
        } else {
            do throws(FastPathRefusal) { width = try shapedWidth(text, length, run: run, learnExtents: true) } catch { refusal = error }
        }
        let unit = Unit(
            id: Int32(unitCount), width: width, inert: width >= 0 && shapedGlyphsAreInert(run: run), refusal: refusal,
            glyphs: glyphs?.pointee.num_glyphs ?? 0)
        unitCount += 1
        if let packed { runs[Int(run)].packedUnits[packed] = unit } else if let key { units[key] = unit }
        return try Self.taken(unit)
    }

    /// `unit`, or its refusal when it is not taken.
    @inline(__always)
    private static func taken(_ unit: Unit) throws(FastPathRefusal) -> Unit {
        guard unit.width >= 0 else { throw unit.refusal ?? .invisibleCharacter }
        return unit
    }

    /// How much two units side by side (`length` bytes at `text`) shape wider than
    /// their widths `sum` added: 0 when they shape as that sum, the font's kerning
    /// between them otherwise; `nil` when they shape to other glyphs (a ligature, a
    /// cluster across them) or not at all.
    private func pairDelta(
        _ first: Unit, _ second: Unit, sum: Int64, _ text: UnsafePointer<CChar>, _ length: Int, run: Int32
    ) -> Int32? {
        let key = UInt64(UInt32(bitPattern: first.id)) << 32 | UInt64(UInt32(bitPattern: second.id))
        if let known = pairs[key] { return known == Int32.min ? nil : known }
        var delta = Int32.min
        if let width = try? shapedWidth(text, Int32(length), run: run, learnExtents: false) {
            let difference = Int64(width) - sum
            if difference == 0 {
                delta = 0
            } else if glyphs?.pointee.num_glyphs == first.glyphs + second.glyphs, let exact = Int32(exactly: difference), exact != Int32.min {
                delta = exact
            }
        }
        pairs[key] = delta
        return delta == Int32.min ? nil : delta
    }

    /// Whether none of the glyphs just shaped is one the run's font's lookups may touch.
    /// A character the font lacks (the box Pango draws for it) counts as touched: its
    /// pairs are shaped and compared like any other's.
    private func shapedGlyphsAreInert(run: Int32) -> Bool {
        guard let glyphs, let touched = runs[Int(run)].lookupGlyphs else { return false }
        let string = glyphs.pointee
        for i in 0..<Int(string.num_glyphs) {
            let glyph = string.glyphs[i].glyph
            if glyph & Self.unknownGlyph != 0 || hb_set_has(touched, glyph) != 0 { return false }
        }
        return true
    }

    /// Whether the box Pango draws for a character that the run's font lacks (its
    /// code in hex digits, as wide as their count) spans the font's logical ascent and
    /// descent, as the font's glyphs and its empty glyph do: then it leaves a line's
    /// extents as they are, and counts by its width alone. Pango 1.50 gives it the
    /// font's extents; this asks rather than assumes it.
    private func missingGlyphKeepsExtents(_ glyph: PangoGlyph, run: Int32) -> Bool {
        let font = runs[Int(run)].analysis.font
        var ascent: Int32 = 0, descent: Int32 = 0, fontAscent: Int32 = 0, fontDescent: Int32 = 0
        cellfit_glyph_logical_extents(font, glyph, &ascent, &descent)
        cellfit_glyph_logical_extents(font, Self.emptyGlyph, &fontAscent, &fontDescent)
        return ascent == fontAscent && descent == fontDescent
    }

    /// `length` bytes at `text` shaped with the run's analysis: their width in Pango
    /// units; refused when a character is drawn as nothing, a missing character's box
    /// has other extents than the font's, or the width passes Int32.
    private func shapedWidth(_ text: UnsafePointer<CChar>, _ length: Int32, run: Int32, learnExtents: Bool) throws(FastPathRefusal) -> Int32 {
        guard let glyphs else { throw .pangoFailure }
        withUnsafePointer(to: runs[Int(run)].analysis) { analysis in
            pango_shape_with_flags(text, length, text, length, analysis, glyphs, PANGO_SHAPE_NONE)
        }
        let string = glyphs.pointee
        guard string.num_glyphs > 0 else { throw .invisibleCharacter }
        var sum: Int64 = 0
        // The zero-width space is drawn as nothing (an empty glyph of no width, the
        // font's extents); any other character drawn so is not taken.
        let zeroWidthSpace = (0..<max(0, Int(length) - 2)).contains { Self.isZeroWidthSpace(text + $0) }
        for i in 0..<Int(string.num_glyphs) {
            let glyph = string.glyphs[i]
            guard glyph.glyph != Self.emptyGlyph || zeroWidthSpace else { throw .invisibleCharacter }
            if glyph.glyph & Self.unknownGlyph != 0 { guard missingGlyphKeepsExtents(glyph.glyph, run: run) else { throw .missingGlyphExtents } }
            sum += Int64(glyph.geometry.width)
        }
        if learnExtents, !runs[Int(run)].hasExtents {
            var ascent: Int32 = 0, descent: Int32 = 0
            cellfit_glyph_logical_extents(runs[Int(run)].analysis.font, string.glyphs[0].glyph, &ascent, &descent)
            runs[Int(run)].ascent = ascent
            runs[Int(run)].descent = descent
            runs[Int(run)].hasExtents = true
        }
        guard let width = Int32(exactly: sum) else { throw .widthOutOfRange }
        return width
    }

    /// Why the path does not try `text`, from its bytes and characters alone (before
    /// Pango sees it), or `nil` when it tries it: the text-wide rules
    /// (``textRefusal(_:)``), then each character's (``refusal(of:)``), the first met.
    static func characterRefusal(_ text: String) -> FastPathRefusal? {
        if let refusal = textRefusal(text) { return refusal }
        for scalar in text.unicodeScalars {
            if let refusal = refusal(of: scalar) { return refusal }
        }
        return nil
    }

    /// The rules on the whole text: at most 1,024 bytes, and no space at its end. An
    /// empty text is what a text of white space alone leaves once trimmed.
    @inline(__always)
    static func textRefusal(_ text: String) -> FastPathRefusal? {
        guard let last = text.utf8.last else { return .whitespaceOnly }
        if text.utf8.count > byteLimit { return .tooLong }
        if last == 0x20 { return .endsWithSpace }
        return nil
    }

    /// The rules on one character: no controls, line breaks or format characters (but
    /// the tab, the zero-width space and joiner, and emoji tags), nothing unassigned,
    /// no script shaped or broken across more than a pair (Arabic aside).
    /// Inlined: it runs on every character of every text past ASCII, and a call per
    /// character cost the scan more than half again.
    @inline(__always)
    static func refusal(of scalar: Unicode.Scalar) -> FastPathRefusal? {
        let value = scalar.value
        switch value {
        case 0x20...0x7E:
            return nil
        // Ideographs, kana, Hangul syllables, CJK punctuation (not U+3000, a space)
        // and fullwidth forms: graphic characters all, looked up without the tables.
        case 0x3001...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            return nil
        // Hebrew: right to left (`analyse`).
        case 0x0590...0x05FF, 0xFB1D...0xFB4F:
            return nil
        // Blocks assigned whole since Unicode 6 or before, with no control, format,
        // white or contextual character, looked up without the tables: Latin-1 letters
        // and signs (past the no-break space, but the soft hyphen), Latin Extended A
        // and B, IPA, the combining diacritics, Cyrillic, Devanagari, Latin Extended
        // Additional (Vietnamese), and the emoji of Miscellaneous Symbols and
        // Pictographs and of Emoticons.
        case 0xA1...0xAC, 0xAE...0x036F, 0x0400...0x04FF, 0x0900...0x097F, 0x1E00...0x1EFF, 0x1F300...0x1F64F:
            return nil
        // Arabic and its presentation forms, but the format characters among them
        // (number signs, the letter mark, end of ayah), which shape what follows:
        // joined within a unit, never across one (`joinsAcross`).
        case 0x0600...0x06FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC:
            switch scalar.properties.generalCategory {
            case .format: return .formatCharacter
            case .unassigned, .privateUse: return .unassignedCharacter
            case .control: return .controlCharacter
            default: return nil
            }
        // Tabs and the space separators (Pango's `is_white`): units of their own.
        case _ where Self.isWhite(value):
            return nil
        default:
            if PangoLines.isContextual(value) { return .contextualScript }
            if scalar.properties.isWhitespace { return .controlCharacter }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate:
                return .controlCharacter
            case .unassigned, .privateUse:
                return .unassignedCharacter
            case .format:
                return value == 0x200B || value == 0x200D || (0xE0020...0xE007F).contains(value) ? nil : .formatCharacter
            default:
                return nil
            }
        }
    }

    /// Whether `value` is one of the white characters this path takes (Pango's
    /// `is_white`, g_unichar_isspace, but the line breaks): the tab and the space
    /// separators (`Zs`), each a unit of its own.
    static func isWhite(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether the run's font has a glyph for U+25CC, the dotted circle.
    private func hasDottedCircle(_ run: Int32) -> Bool {
        if let known = runs[Int(run)].dottedCircle { return known }
        let has = pango_font_has_char(runs[Int(run)].analysis.font, 0x25CC) != 0
        runs[Int(run)].dottedCircle = has
        return has
    }

    /// Whether the first character of the `length` bytes at `text` is a combining mark
    /// (general category M). Bytes below CC and the lead bytes of ideographs and Hangul
    /// (E4 to E9, EB to ED) start no mark.
    private static func startsWithMark(_ text: UnsafePointer<CChar>, _ length: Int32) -> Bool {
        let lead = UInt8(bitPattern: text[0])
        guard lead >= 0xCC, !(0xE4...0xE9).contains(lead), !(0xEB...0xED).contains(lead),
            let (value, _) = scalar(at: text, available: Int(length))
        else { return false }
        switch Unicode.Scalar(value)?.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether the three bytes at `text` are U+200B, the zero-width space (E2 80 8B).
    private static func isZeroWidthSpace(_ text: UnsafePointer<CChar>) -> Bool {
        text[0] == -30 && text[1] == -128 && text[2] == -117
    }

    /// `PANGO_GLYPH_UNKNOWN_FLAG`: a character the font has no glyph for.
    private static let unknownGlyph: PangoGlyph = 0x1000_0000
    /// `PANGO_GLYPH_EMPTY`: a character drawn as nothing.
    private static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF
}
