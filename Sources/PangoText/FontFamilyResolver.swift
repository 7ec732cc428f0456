import TextMetrics
import CPango
import Locking

/// Decides whether a family name names an installed font, so that a typo is an error
/// instead of fontconfig's silent substitute.
///
/// fontconfig always matches *something*; to tell a real family from a substitute we
/// ask it to list the installed fonts whose family list contains the name
/// (`FcFontList`, which compares names ignoring case and spaces). Generic CSS-style
/// aliases (`sans-serif`, `monospace`...) are configuration rules rather than
/// families, so they are accepted by name. Answers are cached for the process: fonts
/// installed while it runs are not seen (fontconfig's own cache has the same habit).
enum FontFamilyResolver {
    /// Family names that fontconfig resolves through its alias rules.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// Per family string: `nil` when every name in it exists, else the first missing name.
    private static let known = Locked<[String: String?]>([:])

    /// Checks every family in `family` (a comma-separated list names fallbacks).
    /// - Throws: ``TextMeasurementError/unknownFontFamily(_:)`` naming the first family
    ///   with no installed font; ``TextMeasurementError/backendFailure(_:)`` if
    ///   fontconfig cannot be queried.
    static func check(_ family: String) throws(TextMeasurementError) {
        let missing: String?
        if let cached = known.withLock({ $0[family] }) {
            missing = cached
        } else {
            // fontconfig is queried under the same lock as Pango's fontset loading (see
            // `pangoSetupLock`); this happens once per family string per process.
            missing = try pangoSetupLock.withLock { _ throws(TextMeasurementError) in try firstMissing(in: family) }
            known.withLock { $0[family] = .some(missing) }
        }
        if let missing { throw .unknownFontFamily(missing) }
    }

    /// The first name in `family` with no installed font, or `nil`.
    private static func firstMissing(in family: String) throws(TextMeasurementError) -> String? {
        let names = family.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        for name in names where !genericFamilies.contains(name.lowercased()) {
            let count = cellfit_family_font_count(name)
            guard count >= 0 else { throw .backendFailure("fontconfig could not list fonts for \"\(name)\"") }
            if count == 0 { return name }
        }
        return nil
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
