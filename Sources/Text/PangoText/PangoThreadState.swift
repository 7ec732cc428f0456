import TextMetrics
import CPango
import Locking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's Pango objects: for each font it measures with, a font map, a context
/// on it and a layout to reuse.
///
/// Pango objects must not be shared between threads (a shared font map, context or
/// layout crashes under concurrent use, even with separate layouts), so each thread
/// gets its own, created on its first measurement with a font and freed when the
/// thread ends (a pthread key destructor releases it). And each font gets a font map
/// of its own: within one font map, measuring text no installed font covers with one
/// font changes how another font measures it later — after one measurement of "🇫🇷"
/// in DejaVu Serif, a line with "🇫🇷" in DejaVu Sans measured 193 px instead of 193.5
/// (the measure fuzz suite and the 8-thread test found it: a thread's results depended
/// on what it had measured before). With a font map per font, a measurement depends
/// on the text, the font, the style and the width alone. This class is the single
/// owner of every handle; it is never handed to another thread, which is why it is
/// not `Sendable`.
final class PangoThreadState {
    /// One font's Pango objects on this thread.
    private final class FontObjects {
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        let layout: OpaquePointer
        let description: OpaquePointer
        /// The widths of words laid out alone, for the single-line fast path.
        let words = PangoWords()
        /// The widths of segments past ASCII, for their fast path.
        let segments = PangoSegments()
        /// The lines of one paragraph from the words' widths, or else the segments';
        /// refused with the segments' reason when neither answers.
        func lines(_ text: String, style: TextStyle, maxWidth: Double, starts: inout [Int]?) throws(FastPathRefusal) -> [LineBox] {
            if let lines = words.lines(text, maxWidth: maxWidth, style: style, layout: layout, starts: &starts) { return lines }
            return try segments.measuredLines(text, maxWidth: maxWidth, style: style, context: context, layout: layout, starts: &starts)
        }

        /// One paragraph's line without a width, from the words' widths or else the
        /// segments' (``PangoSegments/singleLine(_:context:)``); `nil` when neither answers.
        func singleLine(_ text: String) -> LineBox? {
            var starts: [Int]? = nil
            if let lines = words.lines(text, maxWidth: .infinity, style: .default, layout: layout, starts: &starts) {
                return lines.count == 1 ? lines[0] : nil
            }
            return segments.singleLine(text, context: context)
        }

        /// The line of an empty paragraph: the font's logical height (Pango's empty
        /// extents), as a layout of no text gives it.
        private(set) lazy var emptyLine: LineBox = {
            let lines = PangoLines(layout: layout)
            pango_layout_set_width(layout, -1)
            return lines.singleLine("")
        }()

        init(_ font: Font) throws(TextMeasurementError) {
            guard let description = pango_font_description_new() else {
                throw .backendFailure("Pango could not create a font description")
            }
            pango_font_description_set_family(description, font.family)
            // Absolute size: the size is in device-independent pixels, no DPI involved.
            pango_font_description_set_absolute_size(description, font.size * pangoScale)
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.value)))
            let style: PangoStyle =
                switch font.style {
                case .normal: PANGO_STYLE_NORMAL
                case .italic: PANGO_STYLE_ITALIC
                case .oblique: PANGO_STYLE_OBLIQUE
                }
            pango_font_description_set_style(description, style)
            guard let fontMap = cellfit_font_map_new(currentFontConfiguration()?.pointer) else {
                pango_font_description_free(description)
                throw .backendFailure("Pango could not create a FreeType font map")
            }
            guard let context = pango_font_map_create_context(fontMap) else {
                cellfit_object_unref(fontMap)
                pango_font_description_free(description)
                throw .backendFailure("Pango could not create a context")
            }
            // Sub-pixel glyph positions: widths are the exact sums of advances, and the
            // rounding to the display's pixel grid happens once, at the end.
            pango_context_set_round_glyph_positions(context, 0)
            guard let layout = pango_layout_new(context), let attributes = pango_attr_list_new() else {
                cellfit_object_unref(UnsafeMutableRawPointer(context))
                cellfit_object_unref(fontMap)
                pango_font_description_free(description)
                throw .backendFailure("Pango could not create a layout")
            }
            // Pango (1.44+) inserts a hyphen where it breaks a word between characters;
            // UIKit does not (hyphenationFactor 0), and the hyphen would widen the line.
            if let noHyphens = pango_attr_insert_hyphens_new(0) {
                pango_attr_list_insert(attributes, noHyphens)  // the list takes ownership
            }
            pango_layout_set_attributes(layout, attributes)  // the layout takes a reference
            pango_attr_list_unref(attributes)
            pango_layout_set_font_description(layout, description)
            // The segments' itemizing reads the context's description: the layout's own.
            pango_context_set_font_description(context, description)
            self.fontMap = fontMap
            self.context = context
            self.layout = layout
            self.description = description
        }

        /// Forgets the words and segments learned, keeping the fonts loaded.
        func forgetText() {
            words.forgetWords()
            segments.forgetUnits()
        }

        deinit {
            // The shaper holds the font, which must go before its font map.
            words.close()
            segments.close()
            cellfit_object_unref(UnsafeMutableRawPointer(layout))
            cellfit_object_unref(UnsafeMutableRawPointer(context))
            cellfit_object_unref(fontMap)
            pango_font_description_free(description)
        }
    }

    /// The Pango objects of each font this thread has measured with. A thread uses a
    /// handful of fonts; past `fontLimit` the table starts over.
    private var fonts: [Font: FontObjects] = [:]
    private static let fontLimit = 48
    /// The ``fontGeneration`` the font maps in ``fonts`` were made in.
    private var generation = 0
    /// The ``textGeneration`` the fast paths' words and segments were learned in.
    private var textGenerationSeen = 0

    init() {}

    /// Whether this thread has measured with `font` before.
    func knows(_ font: Font) -> Bool { fonts[font] != nil }

    /// The lines of `text` from its words' widths (``PangoWords``) or, past ASCII,
    /// its segments' (``PangoSegments``), or `nil` when neither answers; only for a
    /// font this thread knows.
    func fastLines(_ text: String, font: Font, style: TextStyle, maxWidth: Double) -> [LineBox]? {
        var starts: [Int]? = nil
        return fastLines(text, font: font, style: style, maxWidth: maxWidth, starts: &starts)
    }

    /// ``fastLines(_:font:style:maxWidth:)``, with the UTF-8 offset each line starts at
    /// in `starts` when it is not `nil` (empty when the path did not work them out).
    func fastLines(_ text: String, font: Font, style: TextStyle, maxWidth: Double, starts: inout [Int]?) -> [LineBox]? {
        try? fastLines(text, traits: Self.paragraphTraits(text), font: font, style: style, maxWidth: maxWidth, starts: &starts)
    }

    /// ``fastLines(_:font:style:maxWidth:starts:)`` with the text's ``paragraphTraits(_:)``
    /// known to the caller; refused with the reason when the fast paths do not answer.
    func fastLines(
        _ text: String, traits: (delimiter: Bool, mayTrim: Bool), font: Font, style: TextStyle, maxWidth: Double, starts: inout [Int]?
    ) throws(FastPathRefusal) -> [LineBox] {
        guard let objects = fonts[font] else { throw .firstUseOfFont }
        // The full layout drops the whitespace that ends a paragraph (`PangoLines`):
        // so do the fast paths, and the lines' starts, which are the trimmed text's,
        // are not given.
        if traits.mayTrim {
            let trimmed = text.trimmingParagraphEnds()
            if trimmed != text {
                var none: [Int]? = nil
                if starts != nil { starts = [] }
                guard !trimmed.isEmpty else { throw .whitespaceOnly }
                return try fastLines(trimmed, traits: Self.paragraphTraits(trimmed), font: font, style: style, maxWidth: maxWidth, starts: &none)
            }
        }
        if traits.delimiter { return try paragraphLines(text, objects: objects, style: style, maxWidth: maxWidth, starts: &starts) }
        return try objects.lines(text, style: style, maxWidth: maxWidth, starts: &starts)
    }

    /// `text` on one line, without a width, from the fast paths, or `nil` where they do
    /// not answer (truncation's candidates). A single line needs no break
    /// opportunities: past ASCII its units are found without Pango's analysis
    /// (``PangoSegments/Units/singleLine``).
    func fastSingleLine(_ text: String, font: Font) -> LineBox? {
        let traits = Self.paragraphTraits(text)
        guard !traits.delimiter, !traits.mayTrim, let objects = fonts[font] else {
            var starts: [Int]? = nil
            guard let lines = try? fastLines(text, traits: traits, font: font, style: .default, maxWidth: .infinity, starts: &starts), lines.count == 1
            else { return nil }
            return lines[0]
        }
        return objects.singleLine(text)
    }

    /// What a text's paragraphs are made of, found in one pass over its bytes:
    /// whether it has a paragraph delimiter (a line feed, a carriage return, U+2029),
    /// and whether whitespace may end a paragraph (a whitespace character last, or
    /// before a line break of any kind; `false` is certain, `true` is decided by
    /// trimming). A character is decoded only where one ends the text or a line.
    static func paragraphTraits(_ text: String) -> (delimiter: Bool, mayTrim: Bool) {
        if let traits = text.utf8.withContiguousStorageIfAvailable({ paragraphTraits($0) }) { return traits }
        return Array(text.utf8).withUnsafeBufferPointer { paragraphTraits($0) }
    }

    private static func paragraphTraits(_ bytes: UnsafeBufferPointer<UInt8>) -> (delimiter: Bool, mayTrim: Bool) {
        // Whether the scalar that ends at byte `end` (exclusive) is whitespace.
        func whiteBefore(_ end: Int) -> Bool {
            guard end > 0 else { return false }
            var start = end - 1
            while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let lead = bytes[start]
            if lead < 0x80 { return lead == 0x20 || lead == 0x09 }
            var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
            for k in (start + 1)..<end { value = value << 6 | UInt32(bytes[k] & 0x3F) }
            // Unicode's White_Space past ASCII, which is stable: NEL, NBSP, the Ogham space
            // mark, the spaces U+2000 to U+200A, the line and paragraph separators, the
            // narrow no-break, medium mathematical and ideographic spaces.
            switch value {
            case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
            default: return false
            }
        }
        var delimiter = false, mayTrim = false
        let count = bytes.count
        for i in 0..<count {
            let byte = bytes[i]
            // Past the C0 controls, only these lead bytes start a line break.
            if byte > 0x0D && byte != 0xE2 && byte != 0xC2 { continue }
            switch byte {
            case 0x0A, 0x0D:
                delimiter = true
                if whiteBefore(i) { mayTrim = true }
            case 0x0B, 0x0C:
                if whiteBefore(i) { mayTrim = true }
            case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                if bytes[i + 2] == 0xA9 { delimiter = true }
                if whiteBefore(i) { mayTrim = true }
            case 0xC2 where i + 1 < count && bytes[i + 1] == 0x85:
                if whiteBefore(i) { mayTrim = true }
            default:
                break
            }
        }
        return (delimiter, mayTrim || whiteBefore(count))
    }

    /// The lines of a text of several paragraphs (between line feeds, carriage returns,
    /// both, or paragraph separators, as Pango finds them), each from the
    /// fast paths, stacked as Pango stacks them: a paragraph's lines are broken
    /// apart from the others', each line follows the one above by the line spacing,
    /// and an empty paragraph is one empty line of the font's own height. `nil` when a
    /// paragraph is not taken, or when the text has right-to-left scripts: Pango gives
    /// a paragraph without a strong direction the direction of the one before.
    private func paragraphLines(
        _ text: String, objects: FontObjects, style: TextStyle, maxWidth: Double, starts: inout [Int]?
    ) throws(FastPathRefusal) -> [LineBox] {
        guard !PangoLines.hasStrongRightToLeft(text) else { throw .rightToLeftParagraphs }
        let spacing = (style.lineSpacing * pangoScale).rounded(.towardZero) / pangoScale
        var lines: [LineBox] = [], top = 0.0
        if starts != nil { starts = [] }
        let utf8 = Array(text.utf8)
        for range in PangoLines.paragraphs(utf8) {
            let paragraph = utf8[range], offset = range.lowerBound
            var own: [LineBox]
            var ownStarts: [Int]? = starts == nil ? nil : []
            if paragraph.isEmpty {
                own = [objects.emptyLine]
                ownStarts = ownStarts.map { _ in [0] }
            } else {
                own = try objects.lines(String(decoding: paragraph, as: UTF8.self), style: style, maxWidth: maxWidth, starts: &ownStarts)
            }
            if !lines.isEmpty { top += spacing }
            for line in own {
                lines.append(LineBox(width: line.width, top: top + line.top, bottom: top + line.bottom, baseline: top + line.baseline))
            }
            top = lines[lines.count - 1].bottom
            // A paragraph's starts are its own offsets; none known for one, none for all.
            if let known = ownStarts, known.count == own.count, starts?.count == lines.count - own.count {
                starts?.append(contentsOf: known.map { $0 + offset })
            } else {
                starts = starts.map { _ in [] }
            }
        }
        if let known = starts, known.count != lines.count { starts = [] }
        return lines
    }

    /// The lines of `text` from its words' widths alone (``PangoWords``).
    func wordLines(_ text: String, font: Font, style: TextStyle, maxWidth: Double) -> [LineBox]? {
        guard let objects = fonts[font] else { return nil }
        return objects.words.lines(text, maxWidth: maxWidth, style: style, layout: objects.layout)
    }

    /// The lines of `text` from its segments' widths alone (``PangoSegments``).
    func segmentLines(_ text: String, font: Font, style: TextStyle, maxWidth: Double) -> [LineBox]? {
        guard let objects = fonts[font] else { return nil }
        return objects.segments.lines(text, maxWidth: maxWidth, style: style, context: objects.context, layout: objects.layout)
    }

    /// The fast path's reference line for `font` on this thread, once it has checked the font.
    func wordsReference(_ font: Font) -> PangoWords.Reference? { fonts[font]?.words.reference }

    func use(_ font: Font) throws(TextMeasurementError) -> OpaquePointer {
        if let existing = fonts[font] { return existing.layout }
        if fonts.count >= Self.fontLimit { fonts.removeAll() }
        let objects = try FontObjects(font)
        fonts[font] = objects
        return objects.layout
    }

    /// This thread's state, created on first use.
    /// - Throws: ``TextMeasurementError/backendFailure(_:)`` if Pango cannot be set up.
    static func current() throws(TextMeasurementError) -> PangoThreadState {
        let key = threadStateKey
        if let raw = pthread_getspecific(key) {
            let state = Unmanaged<PangoThreadState>.fromOpaque(raw).takeUnretainedValue()
            let now = fontGeneration.load(ordering: .acquiring)
            if state.generation != now {
                // Fonts were added since this thread made its font maps, which do not see them.
                state.fonts.removeAll()
                state.generation = now
            }
            let text = textGeneration.load(ordering: .acquiring)
            if state.textGenerationSeen != text {
                for objects in state.fonts.values { objects.forgetText() }
                state.textGenerationSeen = text
            }
            return state
        }
        let state = PangoThreadState()
        state.generation = fontGeneration.load(ordering: .acquiring)
        state.textGenerationSeen = textGeneration.load(ordering: .acquiring)
        // The retain taken here is released by the key's destructor when the thread ends.
        let raw = Unmanaged.passRetained(state).toOpaque()
        guard pthread_setspecific(key, raw) == 0 else {
            Unmanaged<PangoThreadState>.fromOpaque(raw).release()
            throw .backendFailure("could not store per-thread Pango state (pthread_setspecific)")
        }
        return state
    }
}

/// Serialises the Pango work that is not safe to run on several font maps at once:
/// creating a font map, and a thread's first measurement with each font.
///
/// Found by the 8-thread test on Pango 1.50 / fontconfig 2.14: separate font maps per
/// thread do not crash, but when two threads load the fontset for a font description
/// at the same moment, one of them can end up with a broken fallback list (characters
/// outside the primary font, such as CJK or emoji, then measure narrower), and that
/// font map keeps it for good. Loading fontsets one thread at a time prevents it;
/// once a thread has a font's fontset, measuring with it runs in parallel.
let pangoSetupLock = Locked(())

/// Bumped by ``PangoTextMeasurer/forgetLearnedText()``: each thread's fast paths
/// forget what they learned when they next see it changed.
let textGeneration = Atomic<Int>(0)

/// Pango's fixed-point scale: 1024 units per pixel (`PANGO_SCALE`).
let pangoScale = 1024.0

/// The process-wide key under which each thread keeps its `PangoThreadState`.
/// Created once (Swift globals initialise lazily and thread-safely); never deleted,
/// since measurers may be used until the process exits.
private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<PangoThreadState>.fromOpaque(raw).release()
    }
    // Running out of pthread keys (PTHREAD_KEYS_MAX, 1024) at start-up is not
    // something a caller can recover from.
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()
