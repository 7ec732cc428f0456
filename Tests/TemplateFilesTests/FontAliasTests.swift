import CellLayout
import PangoText
import TemplateFiles
import Testing
import TextMetrics

@Suite("Template fonts: aliases written once, faces by PostScript name")
struct FontAliasTests {
    static func template(fonts: String, font: String) -> String {
        """
        {\(fonts) "views": [{"name": "title", "kind": "label", "font": \(font), "staticText": "Hello, fonts"}],
         "constraints": ["V:|-[title]-|", "H:|-[title]"]}
        """
    }

    func width(_ text: String) throws -> Double? {
        let file = try TemplateFile(parsing: text)
        return try file.template.fit(CellContent(), width: 320, measurer: PangoTextMeasurer(cache: nil)).frame(of: "title")?.width
    }

    @Test("a family that names an alias of \"fonts\" is the alias's family list")
    func alias() throws {
        let serif = try width(Self.template(fonts: "", font: #"{"size": 17, "family": "DejaVu Serif"}"#))
        let sans = try width(Self.template(fonts: "", font: #"{"size": 17, "family": "DejaVu Sans"}"#))
        #expect(serif != sans)
        #expect(try width(Self.template(fonts: #""fonts": {"System": "DejaVu Serif"},"#, font: #"{"size": 17, "family": "System"}"#)) == serif)
        #expect(try width(Self.template(fonts: #""fonts": {"System": "DejaVu Sans"},"#, font: #"{"size": 17, "family": "System"}"#)) == sans)
        // Name by name in a list.
        #expect(try width(Self.template(fonts: #""fonts": {"Body": "DejaVu Serif"},"#, font: #"{"size": 17, "family": "Body, DejaVu Sans"}"#)) == serif)
    }

    @Test("a face that is installed is measured, its family and weight replacing the request's")
    func face() throws {
        let bold = try width(Self.template(fonts: "", font: #"{"size": 17, "weight": "bold"}"#))
        #expect(try width(Self.template(fonts: "", font: #"{"size": 17, "face": "DejaVuSans-Bold"}"#)) == bold)
        #expect(try width(Self.template(fonts: "", font: #"{"size": 17, "family": "DejaVu Serif", "face": "DejaVuSans-Bold"}"#)) == bold)
    }

    func width(_ text: String, at category: ContentSizeCategory) throws -> Double? {
        let file = try TemplateFile(parsing: text)
        return try file.template.adjusted(to: category).fit(CellContent(), width: 320, measurer: PangoTextMeasurer(cache: nil))
            .frame(of: "title")?.width
    }

    static func adjusting(_ font: String) -> String {
        """
        {"views": [{"name": "title", "kind": "label", "font": \(font), "adjustsFontForContentSizeCategory": true,
                    "staticText": "Hello, fonts"}],
         "constraints": ["V:|-[title]-|", "H:|-[title]"]}
        """
    }

    @Test("a text style, as a string or a \"textStyle\": the style's size and weight at Large, its size at the category where the view adjusts")
    func textStyles() throws {
        let regular17 = try width(Self.template(fonts: "", font: "17"))
        #expect(try width(Self.template(fonts: "", font: #""body""#)) == regular17)
        #expect(try width(Self.template(fonts: "", font: #"{"textStyle": "body"}"#)) == regular17)
        let semibold17 = try width(Self.template(fonts: "", font: #"{"size": 17, "weight": "semibold"}"#))
        #expect(try width(Self.template(fonts: "", font: #""headline""#)) == semibold17)
        #expect(try width(Self.template(fonts: "", font: #"{"textStyle": "headline", "weight": "regular"}"#)) == regular17)
        // AX3: body is 40 pt where the view adjusts, and stays 17 where it does not.
        let forty = try width(Self.template(fonts: "", font: "40"))
        #expect(try width(Self.adjusting(#""body""#), at: .accessibilityExtraLarge) == forty)
        #expect(try width(Self.template(fonts: "", font: #""body""#), at: .accessibilityExtraLarge) == regular17)
        // A size with a text style is the size at Large, scaled by the style's ratio (UIFontMetrics).
        let scaled = try width(Self.template(fonts: "", font: "\(15.0 * 40 / 17)"))
        #expect(try width(Self.adjusting(#"{"textStyle": "body", "size": 15}"#), at: .accessibilityExtraLarge) == scaled)
    }
}
