import CellLayout
import TemplateFiles
import Testing

@Suite("Template files right to left: \"direction\", \"semanticContentAttribute\", directional margins")
struct RightToLeftTemplateTests {
    static let measurer = FixedAdvanceMeasurer(scale: .x2)

    /// An avatar at the leading margin and a title beside it.
    static func file(direction: String = "", avatar: String = "", margins: String = "") -> String {
        """
        {\(direction)
         "contentView": {"margins": \(margins.isEmpty ? "8" : margins)},
         "views": [{"name": "avatar", "kind": "image", "size": [40, 40]\(avatar)},
                   {"name": "title", "kind": "label", "staticText": "Hello"}],
         "constraints": ["avatar.leading == contentView.margins.leading", "title.leading == avatar.trailing + 10",
                         "title.trailing <= contentView.margins.trailing", "V:|-[avatar]-|", "title.top == avatar.top"]}
        """
    }

    func frames(_ text: String, width: Double = 320) throws -> [String: Rect] {
        try TemplateFile(parsing: text).template.fit(CellContent(), width: width, measurer: Self.measurer).frames
    }

    @Test("\"direction\": \"rtl\" lays the template out as the mirror image of its left-to-right layout")
    func direction() throws {
        let ltr = try frames(Self.file())
        #expect(try TemplateFile(parsing: Self.file()).template.layoutDirection == .leftToRight)
        for word in ["rtl", "rightToLeft"] {
            let text = Self.file(direction: "\"direction\": \"\(word)\",")
            #expect(try TemplateFile(parsing: text).template.layoutDirection == .rightToLeft)
            let rtl = try frames(text)
            for (name, frame) in ltr {
                #expect(rtl[name] == Rect(x: 320 - frame.maxX, y: frame.y, width: frame.width, height: frame.height), "\(name)")
            }
        }
        #expect(try frames(Self.file(direction: "\"direction\": \"ltr\",")) == ltr)
    }

    @Test("a view's \"semanticContentAttribute\" keeps it left to right in a right-to-left template")
    func semanticContentAttribute() throws {
        let rtl = Self.file(direction: "\"direction\": \"rtl\",", avatar: ", \"semanticContentAttribute\": \"forceLeftToRight\"")
        // The avatar's leading is its left edge, pinned to the content view's leading
        // margin, which is on the right (8 from the right edge).
        let avatar = try frames(rtl)["avatar"]
        #expect(avatar?.minX == 312)
        for attribute in ["playback", "spatial"] {
            let text = Self.file(direction: "\"direction\": \"rtl\",", avatar: ", \"semanticContentAttribute\": \"\(attribute)\"")
            #expect(try frames(text)["avatar"] == avatar)
        }
        let forced = Self.file(avatar: ", \"semanticContentAttribute\": \"forceRightToLeft\"")
        #expect(try frames(forced)["avatar"]?.maxX == 8)
    }

    @Test("directional margins trade sides right to left; margins by side stay")
    func margins() throws {
        let directional = #"{"top": 8, "leading": 20, "bottom": 8, "trailing": 8}"#
        #expect(try frames(Self.file(margins: directional))["avatar"]?.minX == 20)
        #expect(try frames(Self.file(direction: "\"direction\": \"rtl\",", margins: directional))["avatar"]?.maxX == 300)
        let bySide = #"{"top": 8, "left": 20, "bottom": 8, "right": 8}"#
        #expect(try frames(Self.file(direction: "\"direction\": \"rtl\",", margins: bySide))["avatar"]?.maxX == 312)
    }

    @Test("unknown directions and attributes, and margins by side and direction at once, are refused by key and view")
    func errors() {
        func error(_ text: String) -> TemplateFileError? {
            do {
                _ = try TemplateFile(parsing: text, path: "t.json")
                return nil
            } catch {
                return error
            }
        }
        let direction = error(Self.file(direction: "\"direction\": \"sideways\","))
        #expect(direction?.code == .invalidValue)
        #expect(direction?.message.contains("'direction' is 'sideways'") == true)
        #expect(direction?.message.contains("'rtl'") == true)
        let attribute = error(Self.file(avatar: ", \"semanticContentAttribute\": \"forceRightToLeftt\""))
        #expect(attribute?.code == .invalidValue)
        #expect(attribute?.view == "avatar")
        #expect(attribute?.message.contains("'semanticContentAttribute'") == true)
        #expect(attribute?.message.contains("did you mean 'forceRightToLeft'") == true)
        let mixed = error(Self.file(margins: #"{"left": 8, "trailing": 8}"#))
        #expect(mixed?.code == .invalidValue)
        #expect(mixed?.message.contains("names both sides") == true)
    }
}
