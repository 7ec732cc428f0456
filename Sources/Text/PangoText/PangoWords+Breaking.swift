import CPango
import TextMetrics

/// Breaking a word wider than the line between characters, as Pango's line breaker
/// does in `PANGO_WRAP_WORD_CHAR` (pango-layout.c, `process_item`, Pango 1.50), from
/// the word's character widths instead of shaping the text again.
///
/// Pango's rule, for a line that starts with a word wider than the layout: it walks
/// the word's character boundaries, summing the characters' logical widths (from
/// the whole run's shaping), each boundary a candidate break. A candidate more than
/// `safe` (three approximate character widths) inside the width is taken on the
/// sum; one closer is taken when its piece, shaped again, fits, or is narrower than
/// the candidate taken so far; the walk stops past the width plus `safe`. The line
/// is the piece before the break, shaped again, and the rest of the word starts the
/// next line. The measurer's layouts tell Pango not to insert hyphens at such
/// breaks (`pango_attr_insert_hyphens_new(0)` in `PangoThreadState`: UIKit does
/// not hyphenate), so no break widens its line.
///
/// Here a piece's shaped width is composed from widths Pango gave: the characters'
/// logical widths but the last, plus the last character laid out alone. That holds
/// when the font positions each pair of characters by the pair alone (kerning
/// adjusts the first's advance), which is certified for every word before it is
/// broken: each glyph a cluster, and each character's logical width equals its
/// width laid out before the next character minus the next character's own — a
/// word that fails goes to the full layout. A piece that ends inside a ligature
/// (DejaVu's "ff", "fi") or just after one is shaped by Pango, and a rest that
/// would start inside one goes to the full layout.
///
/// The widths, clusters and character breaks come from ``WordShaper`` (Pango's
/// shaper and `pango_get_log_attrs`), so only words of a text with a letter
/// (script Latin) are broken here, and none once the shaper is off.
final class WordBreaking {
    /// Word → its characters for breaking, or `nil` when it failed the certificate.
    private var words: [String: Characters?] = [:]
    /// Two printable ASCII characters shaped together, by `(first - 0x20) * 95 + second - 0x20`;
    /// 0 not yet shaped, -1 a glyph missing.
    private var pairs = [Int32](repeating: 0, count: 95 * 95)
    private static let wordLimit = 4_096

    /// Forgets the words learned (the pairs of characters are the font's, and stay).
    func forget() {
        words.removeAll()
    }

    /// A word's characters as Pango's line breaker sees them (ASCII: byte = character).
    struct Characters {
        var bytes: [UInt8]
        /// Logical widths, from the word's shaping.
        var widths: [Int64]
        /// At each boundary 0...count: whether a character break is allowed there.
        var charBreak: [Bool]
        /// At each boundary 0...count: whether a cluster (a ligature's characters) starts there.
        var clusterBoundary: [Bool]
        /// Whether the character at each index is a cluster of its own.
        var single: [Bool]
    }

    /// Breaks `word` (of `width`, wider than `limit`, in a text with a letter) into
    /// lines as Pango does, appends the widths of the lines it fills, and returns the
    /// width of its rest, which starts the next line; `nil` when the fast path does
    /// not answer.
    func breakWord(
        _ word: Substring, width: Int64, limit: Int64, reference: PangoWords.Reference, shaper: WordShaper,
        into lines: inout [Int64]
    ) -> Int64? {
        guard !shaper.isOff, let characters = characters(word, width: width, reference: reference, shaper: shaper) else { return nil }
        var start = 0
        var rest = width
        while rest > limit {
            guard let (end, line) = breakPoint(characters, from: start, limit: limit, reference: reference, shaper: shaper)
            else { return nil }
            // A rest that starts inside a ligature shapes differently from its characters.
            guard characters.clusterBoundary[end] else { return nil }
            lines.append(line)
            for i in start..<end { rest -= characters.widths[i] }
            start = end
        }
        return rest
    }

    /// Pango's break in `characters` for a line starting at `start`, and the line's width.
    private func breakPoint(
        _ characters: Characters, from start: Int, limit: Int64, reference: PangoWords.Reference, shaper: WordShaper
    ) -> (Int, Int64)? {
        let safe = shaper.safeDistance
        var width: Int64 = 0
        var taken = -1, takenWidth: Int64 = 0
        for q in start..<characters.widths.count {
            if width > limit + safe && taken >= 0 {
                guard let line = piece(characters, start, taken, reference: reference, shaper: shaper) else { return nil }
                return (taken, line)
            }
            if q > start && characters.charBreak[q] {
                if width < limit - safe {
                    taken = q
                    takenWidth = width
                } else {
                    guard let shaped = piece(characters, start, q, reference: reference, shaper: shaper) else { return nil }
                    if taken < 0 || shaped <= limit || shaped < takenWidth {
                        taken = q
                        takenWidth = shaped
                    }
                }
            }
            width += characters.widths[q]
        }
        // The walk reached the end of the word and goes on, but every candidate after it
        // is at least as wide as the whole rest (`width`): only a narrower one is taken
        // there, so a break taken in the word no wider than the rest stands.
        guard taken >= 0, takenWidth <= width else { return nil }
        return piece(characters, start, taken, reference: reference, shaper: shaper).map { (taken, $0) }
    }

    /// The shaped width of the piece `start..<end` of the word.
    private func piece(_ characters: Characters, _ start: Int, _ end: Int, reference: PangoWords.Reference, shaper: WordShaper) -> Int64? {
        // Within a ligature, or just after one, the piece shapes differently from the
        // word: Pango shapes it.
        guard characters.clusterBoundary[end], characters.single[end - 1] else {
            return shaper.shapedWidth(String(decoding: characters.bytes[start..<end], as: UTF8.self), latin: true).map(Int64.init)
        }
        var width: Int64 = 0
        for i in start..<(end - 1) { width += characters.widths[i] }
        return width + Int64(reference.alone[Int(characters.bytes[end - 1]) - 0x20])
    }

    /// The word's characters, certified (see the type's notes), or `nil`.
    private func characters(_ word: Substring, width: Int64, reference: PangoWords.Reference, shaper: WordShaper) -> Characters? {
        let key = String(word)
        if let known = words[key] { return known }
        guard let facts = shaper.facts(of: key) else { return nil }
        return learn(key, facts: facts, reference: reference, shaper: shaper)
    }

    /// Learns the characters of `word` (of a text with a letter) from its facts, and
    /// keeps them; `nil` when the word fails the certificate.
    @discardableResult
    func learn(_ word: String, facts: WordShaper.Facts, reference: PangoWords.Reference, shaper: WordShaper) -> Characters? {
        if words.count >= Self.wordLimit { words.removeAll() }
        let learned = certify(word, facts: facts, reference: reference, shaper: shaper)
        words[word] = .some(learned)
        return learned
    }

    private func certify(_ word: String, facts: WordShaper.Facts, reference: PangoWords.Reference, shaper: WordShaper) -> Characters? {
        let bytes = Array(word.utf8)
        let count = bytes.count
        let clusters = facts.clusters, logical = facts.logical
        guard count >= 2, !clusters.isEmpty, clusters.count <= count, logical.count == count, facts.charBreak.count == count + 1
        else { return nil }
        // Clusters in order, each glyph its own cluster (a ligature is one glyph for
        // several characters; a character of several glyphs is not taken).
        var clusterBoundary = [Bool](repeating: false, count: count + 1)
        clusterBoundary[count] = true
        var previous: Int32 = -1
        for cluster in clusters {
            guard cluster > previous, cluster < Int32(count) else { return nil }
            previous = cluster
            clusterBoundary[Int(cluster)] = true
        }
        guard clusterBoundary[0] else { return nil }
        let single = (0..<count).map { clusterBoundary[$0] && clusterBoundary[$0 + 1] }
        // The certificate: a character of its own followed by one of its own has its
        // pair's width less the next one's, a last character its own width, and the
        // logical widths sum to the word's.
        guard logical.reduce(0, { $0 + Int64($1) }) == Int64(facts.width) else { return nil }
        if single[count - 1], logical[count - 1] != reference.alone[Int(bytes[count - 1]) - 0x20] { return nil }
        for i in 0..<(count - 1) where single[i] && single[i + 1] {
            guard let pair = pair(bytes[i], bytes[i + 1], shaper: shaper),
                logical[i] == pair - reference.alone[Int(bytes[i + 1]) - 0x20]
            else { return nil }
        }
        return Characters(
            bytes: bytes, widths: logical.map(Int64.init), charBreak: facts.charBreak,
            clusterBoundary: clusterBoundary, single: single)
    }

    private func pair(_ first: UInt8, _ second: UInt8, shaper: WordShaper) -> Int32? {
        let index = (Int(first) - 0x20) * 95 + Int(second) - 0x20
        if pairs[index] == 0 {
            pairs[index] = shaper.shapedWidth(String(decoding: [first, second], as: UTF8.self), latin: true) ?? -1
        }
        return pairs[index] > 0 ? pairs[index] : nil
    }
}

extension PangoWords.Reference {
    /// Whether a line laid out alone has this font's line metrics (no fallback font in it).
    func sameLine(_ line: (top: Int32, height: Int32, baseline: Int32, width: Int32)) -> Bool {
        line.top == top && line.height == height && line.baseline == baseline
    }
}
