/// A text compared and hashed by its UTF-8 bytes.
///
/// `String` compares by canonical equivalence: "Å" (U+00C5) and "A\u{30A}" are equal
/// strings. Pango shapes, breaks and indexes bytes, and the two can measure apart (a
/// font may lack the composed glyph, or place the ring otherwise) and always index
/// apart (a line of the one starts at another byte than the same line of the other).
/// So a cache of measurements, or of anything holding offsets into a text, is keyed
/// by the bytes: where a text is written both ways (the corpus's word list writes
/// "Ångström" so), a table keyed by `String` would give one spelling's line starts to
/// the other.
package struct ExactText: Hashable, Sendable {
    package var string: String

    package init(_ string: String) { self.string = string }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool { same(lhs.string, rhs.string) }

    package func hash(into hasher: inout Hasher) {
        if string.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
    }

    /// Whether `a` and `b` are the same bytes (not merely canonically equivalent).
    package static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return a.utf8.elementsEqual(b.utf8)
    }
}
