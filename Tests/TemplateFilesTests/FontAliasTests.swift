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
}
