import TextMetrics
import CPango
import Locking

/// Decides what a font request measures with on this machine: the face its
/// PostScript name names, the installed families of its family list — or, under
/// ``PangoTextMeasurer/MissingFonts/substitute(standIn:report:)``, a named stand-in
/// for what is missing. Never fontconfig's silent substitute.
///
/// fontconfig always matches *something*; to tell a real family from a substitute we
/// ask it to list the installed fonts whose family list contains the name
/// (`FcFontList`, which compares names ignoring case and spaces). Generic CSS-style
/// aliases (`sans-serif`, `monospace`...) are configuration rules rather than
/// families, so they are accepted by name. Answers are cached for the process and
/// forgotten when fonts are added (``PangoTextMeasurer/addFonts(inDirectory:)``).
enum FontFamilyResolver {
    /// Family names that fontconfig resolves through its alias rules.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// An installed face found by its PostScript name.
    struct Face: Sendable, Equatable {
        let family: String
        let weight: Font.Weight
        let style: Font.Style
    }

    /// Per family string, the names in it with no installed font.
    private static let missingNames = Locked<[String: [String]]>([:])
    /// Per PostScript name, the face installed under it, or `nil`.
    private static let faces = Locked<[String: Face?]>([:])

    /// Forgets every answer: fonts were added (``PangoTextMeasurer/addFonts(inDirectory:)``).
    static func forget() {
        missingNames.withLock { $0.removeAll() }
        faces.withLock { $0.removeAll() }
    }

    /// What `font` is measured with, and the substitution made, if any.
    /// - Throws: ``TextMeasurementError/Kind/unknownFontFamily`` under `refuse` for a
    ///   missing face or family; `backendFailure` if fontconfig cannot be queried.
    static func resolve(
        _ font: Font, policy: PangoTextMeasurer.MissingFonts
    ) throws(TextMeasurementError) -> (font: Font, substitution: FontSubstitution?) {
        var resolved = font
        resolved.face = nil
        if let name = font.face {
            if let face = try face(named: name) {
                resolved.family = face.family
                resolved.weight = face.weight
                resolved.style = face.style
                return (resolved, nil)
            }
            guard case .substitute = policy else { throw .unknownFontFace(name) }
        }
        let missing = try missing(in: font.family)
        let missingFace = font.face.map { [$0] } ?? []
        guard let firstMissing = missing.first else {
            // The face is missing and its family stands in, at the face's weight and slant.
            return (resolved, missingFace.isEmpty ? nil : FontSubstitution(requested: font, missing: missingFace, standIn: resolved))
        }
        guard case .substitute(let standIn, _) = policy else { throw .unknownFontFamily(firstMissing) }
        let kept = names(in: font.family).filter { !missing.contains($0) }
        if kept.isEmpty {
            guard try self.missing(in: standIn).isEmpty else { throw .unknownFontFamily(standIn) }
            resolved.family = standIn
        } else {
            resolved.family = kept.joined(separator: ", ")
        }
        return (resolved, FontSubstitution(requested: font, missing: missingFace + missing, standIn: resolved))
    }

    /// The names in `family` with no installed font.
    static func missing(in family: String) throws(TextMeasurementError) -> [String] {
        if let cached = missingNames.withLock({ $0[family] }) { return cached }
        // fontconfig is queried under the same lock as Pango's fontset loading (see
        // `pangoSetupLock`); this happens once per family string per process.
        let missing = try pangoSetupLock.withLock { _ throws(TextMeasurementError) -> [String] in
            let configuration = currentFontConfiguration()
            var missing: [String] = []
            for name in names(in: family) where !genericFamilies.contains(name.lowercased()) {
                let count = cellfit_family_font_count(configuration?.pointer, name)
                guard count >= 0 else { throw .backendFailure("fontconfig could not list fonts for \"\(name)\"") }
                if count == 0 { missing.append(name) }
            }
            return missing
        }
        missingNames.withLock { $0[family] = missing }
        return missing
    }

    /// The installed face named `name` (a PostScript name), or `nil`.
    static func face(named name: String) throws(TextMeasurementError) -> Face? {
        if let cached = faces.withLock({ $0[name] }) { return cached }
        let face = try pangoSetupLock.withLock { _ throws(TextMeasurementError) -> Face? in
            let configuration = currentFontConfiguration()
            var family = [CChar](repeating: 0, count: 512)
            var weight: Int32 = 400, slant: Int32 = 0
            let found = cellfit_face_by_postscript_name(configuration?.pointer, name, &family, Int32(family.count), &weight, &slant)
            guard found >= 0 else { throw .backendFailure("fontconfig could not list fonts named \"\(name)\"") }
            guard found == 1 else { return nil }
            let style: Font.Style = slant >= 110 ? .oblique : slant >= 100 ? .italic : .normal
            let bytes = family.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return Face(family: String(decoding: bytes, as: UTF8.self), weight: Font.Weight(Int(weight)), style: style)
        }
        faces.withLock { $0[name] = .some(face) }
        return face
    }

    private static func names(in family: String) -> [String] {
        family.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

/// A font that is not installed and what stands in for it
/// (``PangoTextMeasurer/MissingFonts/substitute(standIn:report:)``).
public struct FontSubstitution: Hashable, Sendable, CustomStringConvertible {
    /// The font as asked for.
    public let requested: Font
    /// What is not installed: the face's PostScript name, the family names.
    public let missing: [String]
    /// What is measured instead: the installed families of the request, or the stand-in
    /// family, at the requested size, weight and slant.
    public let standIn: Font

    /// `font 'Open Sans' is not installed: 'DejaVu Sans' stands in`, naming each face
    /// and family missing.
    public var description: String {
        let asked = missing.joined(separator: "', '")
        var standInText = standIn.family
        if standIn.weight != .regular { standInText += " \(standIn.weight)" }
        if standIn.style != .normal { standInText += " \(standIn.style.rawValue)" }
        let subject = missing.count == 1 ? "font '\(asked)' is" : "fonts '\(asked)' are"
        return "\(subject) not installed: '\(standInText)' stands in"
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
