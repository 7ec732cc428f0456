import Foundation

/// A font as the template file describes it: size, weight, family (a family IB named,
/// or one of ``FontMapping/systemAliases``), italic, and the face IB named.
struct FontSpec: Sendable, Equatable {
    var size: Double
    var weight = "regular"
    var family = FontMapping.system
    var italic = false
    /// The PostScript name IB gave (`OpenSans-Semibold`), measured when installed.
    var face: String?
    /// The template's name of the Dynamic Type style IB gave (`body`); its size and
    /// weight are then the style's, which the template does not repeat.
    var textStyle: String?

    var json: JSONValue {
        if let textStyle { return .object([("textStyle", .string(textStyle)), ("family", .string(family))]) }
        var pairs: [(String, JSONValue)] = [
            ("size", .number(size)), ("weight", .string(weight)), ("family", .string(family)),
        ]
        if italic { pairs.append(("style", .string("italic"))) }
        if let face { pairs.append(("face", .string(face))) }
        return .object(pairs)
    }
}

enum FontMapping {
    /// `UIFont.labelFontSize`: where a built-in cell style leaves a label's size to UIKit.
    static let builtInStyleLabelSize = 17.0

    /// Dynamic Type styles: the template's name, and the size (at the default content
    /// size category, Large, in points) and weight the style has there. `Title0` is how
    /// Interface Builder writes the large title.
    static let textStyles: [String: (name: String, size: Double, weight: String)] = [
        "UICTFontTextStyleTitle0": ("largeTitle", 34, "regular"), "UICTFontTextStyleLargeTitle": ("largeTitle", 34, "regular"),
        "UICTFontTextStyleTitle1": ("title1", 28, "regular"), "UICTFontTextStyleTitle2": ("title2", 22, "regular"),
        "UICTFontTextStyleTitle3": ("title3", 20, "regular"), "UICTFontTextStyleHeadline": ("headline", 17, "semibold"),
        "UICTFontTextStyleBody": ("body", 17, "regular"), "UICTFontTextStyleCallout": ("callout", 16, "regular"),
        "UICTFontTextStyleSubhead": ("subheadline", 15, "regular"), "UICTFontTextStyleSubheadline": ("subheadline", 15, "regular"),
        "UICTFontTextStyleFootnote": ("footnote", 13, "regular"), "UICTFontTextStyleCaption1": ("caption1", 12, "regular"),
        "UICTFontTextStyleCaption2": ("caption2", 11, "regular"),
    ]

    /// `weight` attribute values of system fonts.
    static let systemWeights: [String: String] = [
        "ultraLight": "thin", "thin": "thin", "light": "light", "regular": "regular", "medium": "medium",
        "semibold": "semibold", "bold": "bold", "heavy": "heavy", "black": "heavy",
    ]

    /// The weight and slant a PostScript name's suffix gives (`OpenSans-Semibold`,
    /// `HelveticaNeue-BoldItalic`); a name without a suffix is regular.
    static func styleOfPostScriptName(_ name: String) -> (weight: String, italic: Bool) {
        guard let dash = name.lastIndex(of: "-") else { return ("regular", false) }
        var suffix = name[name.index(after: dash)...].lowercased()
        let italic = suffix.contains("italic") || suffix.contains("oblique")
        suffix = suffix.replacingOccurrences(of: "italic", with: "").replacingOccurrences(of: "oblique", with: "")
        let rules: [([String], String)] = [
            (["ultralight", "extralight", "thin", "hairline"], "thin"),
            (["semibold", "demibold", "demi"], "semibold"),
            (["extrabold", "ultrabold", "heavy", "black"], "heavy"),
            (["bold"], "bold"), (["medium"], "medium"), (["light"], "light"),
        ]
        for (markers, weight) in rules where markers.contains(where: { suffix.contains($0) }) {
            return (weight, italic)
        }
        return ("regular", italic)
    }

    /// UIKit's system font (San Francisco), by the name templates give it.
    static let system = "System"
    /// The aliases an imported template declares in its `"fonts"`, with the free family
    /// that stands in for each: San Francisco's sans, serif (New York) and monospaced
    /// designs, and the sans, serif and monospaced character of a named font whose
    /// family the file does not give. A user with the real fonts changes one line.
    static let systemAliases: KeyValuePairs<String, String> = [
        system: "DejaVu Sans", "System Serif": "DejaVu Serif", "System Monospaced": "DejaVu Sans Mono",
    ]

    /// The alias standing in for a font: monospaced and serif designs keep their
    /// character, everything else is the system's sans.
    static func family(for names: [String], design: String?) -> String {
        let text = names.joined(separator: " ").lowercased()
        if design == "monospaced" || ["courier", "menlo", "monaco", "mono"].contains(where: text.contains) {
            return "System Monospaced"
        }
        let serif = ["times", "georgia", "serif", "baskerville", "palatino", "didot", "bodoni", "cochin", "hoefler", "charter"]
        if design == "serif" || serif.contains(where: { text.contains($0) && !text.contains("sans") }) {
            return "System Serif"
        }
        return system
    }

    /// A font IB names by PostScript name: its family when the file gives it, followed
    /// by the alias of its character (`"Georgia, System Serif"`), which stands in,
    /// named, where the family is not installed; the face, measured when installed;
    /// weight and slant from the name's suffix, for the families standing in when it is not.
    static func named(_ name: String, family: String?, size: Double, design: String?) -> FontSpec {
        let style = styleOfPostScriptName(name)
        let valid = !name.isEmpty && !name.contains(where: { $0.isWhitespace || $0 == "," })
        let alias = Self.family(for: [name, family ?? ""], design: design)
        let stated = family.flatMap { $0.isEmpty || $0.hasPrefix(".") || $0.contains(",") ? nil : $0 }
        return FontSpec(
            size: size, weight: style.weight, family: stated.map { "\($0), \(alias)" } ?? alias,
            italic: style.italic, face: valid && !name.hasPrefix(".") ? name : nil)
    }
}

extension XMLReader {
    /// The font of a label, text view or button: its `<fontDescription>`, else the first run
    /// of its attributed text, else the system font at `defaultSize`.
    func font(of node: Int, defaultSize: Double, notes: inout [String]) throws(InterfaceBuilderError) -> FontSpec {
        if let description = tree.child(of: node, named: "fontDescription") {
            return try font(description: description, notes: &notes)
        }
        if let attributed = tree.children(of: node, named: "attributedString").first,
            let fragment = tree.children(of: attributed, named: "fragment").first,
            let attributes = tree.child(of: fragment, named: "attributes"),
            let font = tree.child(of: attributes, named: "font", key: "NSFont")
        {
            guard let size = try number(font, "size"), size > 0 else {
                throw error(.invalidAttribute, at: font, "the attributed text's font has no size")
            }
            let name = tree[font]["name"] ?? tree[font]["metaFont"] ?? ""
            notes.append("\(tree[node].tag): the font is the attributed text's first run (\(name) \(formatNumber(size))).")
            if tree[font]["name"] == nil {
                // A metaFont (`system`, `boldSystem`) is UIKit's system font.
                return FontSpec(size: size, weight: name.contains("bold") || name.contains("Bold") ? "bold" : "regular")
            }
            var spec = FontMapping.named(name, family: tree[font]["family"], size: size, design: nil)
            if name.contains("Bold"), spec.weight == "regular" { spec.weight = "bold" }
            return spec
        }
        return FontSpec(size: defaultSize)
    }

    /// Whether the `<fontDescription>` at `node` belongs to the `textLabel` or
    /// `detailTextLabel` of a table view cell with a built-in style.
    private func isBuiltInStyleLabel(element node: Int) -> Bool {
        guard let label = tree[node].parent, let id = tree[label]["id"],
            let cell = tree.ancestor(of: label, named: "tableViewCell"),
            let style = tree[cell]["style"], !style.isEmpty
        else { return false }
        return tree[cell]["textLabel"] == id || tree[cell]["detailTextLabel"] == id
    }

    private func font(description node: Int, notes: inout [String]) throws(InterfaceBuilderError) -> FontSpec {
        let element = tree[node]
        let design = element["design"]
        if let style = element["style"] {
            guard let known = FontMapping.textStyles[style] else {
                throw error(.invalidAttribute, at: node, "unknown text style '\(style)'")
            }
            return FontSpec(
                size: known.size, weight: known.weight, family: FontMapping.family(for: [], design: design), textStyle: known.name)
        }
        guard var size = try number(node, "pointSize"), size >= 0 else {
            throw error(.missingAttribute, at: node, "the font has no positive pointSize")
        }
        if size == 0 {
            // Xcode writes a size of zero only for the labels a built-in cell style owns:
            // the style's layout manager gives them their font at run time
            // (`defaultTextLabelFontSizeForCell:`), so the file has none to give.
            guard isBuiltInStyleLabel(element: node) else {
                throw error(.missingAttribute, at: node, "the font has no positive pointSize")
            }
            size = FontMapping.builtInStyleLabelSize
            notes.append(
                "\(tree[tree[node].parent ?? node].tag): a pointSize of 0 leaves the font to the cell style; "
                    + "measured at UIKit's label size, \(formatNumber(size)) pt.")
        }
        if let name = element["name"] {
            return FontMapping.named(name, family: element["family"], size: size, design: design)
        }
        var spec = FontSpec(size: size, family: FontMapping.family(for: [], design: design))
        switch element["type"] ?? "system" {
        case "system": break
        case "boldSystem": spec.weight = "bold"
        case "italicSystem": spec.italic = true
        case let other: throw error(.invalidAttribute, at: node, "unknown font type '\(other)'")
        }
        if let weight = element["weight"] {
            guard let mapped = FontMapping.systemWeights[weight] else {
                throw error(.invalidAttribute, at: node, "unknown font weight '\(weight)'")
            }
            spec.weight = mapped
        }
        return spec
    }
}
