import CPango
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's Pango objects: a font map, a context on it and a layout to reuse.
///
/// Pango objects must not be shared between threads (a shared font map, context or
/// layout crashes under concurrent use, even with separate layouts), so each thread
/// gets its own set, created on its first measurement and freed when the thread ends
/// (a pthread key destructor releases it). This class is the single owner of all
/// three handles and of the font descriptions it has built; it is never handed to
/// another thread, which is why it is not `Sendable`.
final class PangoThreadState {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    let layout: OpaquePointer
    /// Font descriptions built so far on this thread, by font. A thread uses a handful of
    /// fonts; the table is cleared if it ever grows past `descriptionLimit`, which is
    /// kept below the size of Pango's own fontset cache (so that a font this table
    /// knows still has its fontset loaded, see `pangoSetupLock`).
    private var descriptions: [Font: OpaquePointer] = [:]
    private static let descriptionLimit = 48

    /// Creates the thread's font map, context and layout.
    /// - Throws: ``TextMeasurementError/backendFailure(_:)`` if Pango returns null.
    init() throws(TextMeasurementError) {
        guard let fontMap = cellfit_font_map_new() else {
            throw .backendFailure("Pango could not create a FreeType font map")
        }
        guard let context = pango_font_map_create_context(fontMap) else {
            cellfit_object_unref(fontMap)
            throw .backendFailure("Pango could not create a context")
        }
        // Sub-pixel glyph positions: widths are the exact sums of advances, and the
        // rounding to the display's pixel grid happens once, at the end.
        pango_context_set_round_glyph_positions(context, 0)
        guard let layout = pango_layout_new(context), let attributes = pango_attr_list_new() else {
            cellfit_object_unref(UnsafeMutableRawPointer(context))
            cellfit_object_unref(fontMap)
            throw .backendFailure("Pango could not create a layout")
        }
        // Pango (1.44+) inserts a hyphen where it breaks a word between characters;
        // UIKit does not (hyphenationFactor 0), and the hyphen would widen the line.
        if let noHyphens = pango_attr_insert_hyphens_new(0) {
            pango_attr_list_insert(attributes, noHyphens)  // the list takes ownership
        }
        pango_layout_set_attributes(layout, attributes)  // the layout takes a reference
        pango_attr_list_unref(attributes)
        self.fontMap = fontMap
        self.context = context
        self.layout = layout
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        cellfit_object_unref(UnsafeMutableRawPointer(layout))
        cellfit_object_unref(UnsafeMutableRawPointer(context))
        cellfit_object_unref(fontMap)
    }

    /// Whether this thread has measured with `font` before.
    func knows(_ font: Font) -> Bool { descriptions[font] != nil }

    /// The Pango font description for `font`, built once per thread.
    func description(for font: Font) throws(TextMeasurementError) -> OpaquePointer {
        if let existing = descriptions[font] { return existing }
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
        if descriptions.count >= Self.descriptionLimit {
            for old in descriptions.values { pango_font_description_free(old) }
            descriptions.removeAll()
        }
        descriptions[font] = description
        return description
    }

    /// This thread's state, created on first use.
    /// - Throws: ``TextMeasurementError/backendFailure(_:)`` if Pango cannot be set up.
    static func current() throws(TextMeasurementError) -> PangoThreadState {
        let key = threadStateKey
        if let raw = pthread_getspecific(key) {
            return Unmanaged<PangoThreadState>.fromOpaque(raw).takeUnretainedValue()
        }
        let state = try pangoSetupLock.withLock { _ throws(TextMeasurementError) in try PangoThreadState() }
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
/// creating a thread's font map, and a thread's first measurement with each font.
///
/// Found by the 8-thread test on Pango 1.50 / fontconfig 2.14: separate font maps per
/// thread do not crash, but when two threads load the fontset for a font description
/// at the same moment, one of them can end up with a broken fallback list (characters
/// outside the primary font, such as CJK or emoji, then measure narrower), and that
/// font map keeps it for good. Loading fontsets one thread at a time prevents it;
/// once a thread has a font's fontset, measuring with it runs in parallel.
let pangoSetupLock = Locked(())

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
