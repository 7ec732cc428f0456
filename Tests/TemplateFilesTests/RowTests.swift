import CellLayout
import Testing
import TemplateFiles

@Suite("Rows: fields bind texts, image sizes and visibility; bad rows name the row and field")
struct RowTests {
    static let template = """
        {"views": [
          {"name": "title", "kind": "label", "text": "title"},
          {"name": "photo", "kind": "image", "imageSize": "photo", "visible": "!noPhoto", "hidden": "blurred"},
          {"name": "badge", "kind": "image", "size": [8, 8], "hidden": "!unread"}],
         "constraints": ["V:|-[title]-[photo]-[badge]-|", "H:|-[title]-|", "H:|-[photo]", "H:|-[badge]"]}
        """

    static let measurer = FixedAdvanceMeasurer()

    @Test("each binding sets what its field says")
    func bindings() throws {
        let file = try TemplateFile(parsing: Self.template)
        #expect(file.fields == ["title", "photo", "noPhoto", "blurred", "unread"])
        let rows = try file.rows(parsing: """
            [{"title": "a", "photo": [30, 20], "noPhoto": false, "blurred": false, "unread": true, "extra": {"ignored": [1]}},
             {"title": "b", "photo": null, "noPhoto": true, "blurred": true, "unread": false},
             {"title": "", "photo": [0, 0], "noPhoto": false, "blurred": true, "unread": true}]
            """)
        let layouts = try rows.map { try file.template.fit($0, width: 320, measurer: Self.measurer) }
        #expect(layouts.map { $0.visibility(of: "photo") } == [.visible, .collapsed, .hidden])
        #expect(layouts.map { $0.visibility(of: "badge") } == [.visible, .hidden, .visible])
        #expect(layouts[0].frame(of: "photo")?.size == Size(width: 30, height: 20))
        #expect(layouts[0].frame(of: "title")?.width == 304)
        #expect(layouts[2].frame(of: "title")?.height == 0)
    }

    static let errorCases: [(rows: String, code: TemplateFileError.Code, message: String)] = [
        ("{}", .wrongType, "r.json:1:1: expected an array of rows (objects of fields), found an object"),
        ("[1]", .wrongType, "r.json:1:2: row 0: expected a row (an object of fields), found a number"),
        (#"[{"title": "a", "photo": null, "noPhoto": true, "blurred": false, "unread": false},\#n {"title": "b"}]"#,
         .missingField,
         "r.json:2:2: row 1, field 'photo', view 'photo': the row has no such field; the view's 'imageSize' expects an image size [width, height] or null"),
        (#"[{"title": 3}]"#, .wrongFieldType,
         "r.json:1:12: row 0, field 'title', view 'title': expected a string for the view's 'text', found a number"),
        (#"[{"title": "a", "photo": [1, 2], "noPhoto": "no"}]"#, .wrongFieldType,
         "r.json:1:45: row 0, field 'noPhoto', view 'photo': expected a boolean (true or false) for the view's 'visible', found a string"),
        (#"[{"title": "a", "photo": [1, 2, 3]}]"#, .wrongFieldType,
         "r.json:1:26: row 0, field 'photo', view 'photo': 'photo' should be [width, height] (two numbers) or null, found an array"),
        (#"[{"title": "a", "photo": [1, -2]}]"#, .invalidValue,
         "r.json:1:26: row 0, field 'photo', view 'photo': 'photo' is [1, -2]; sizes cannot be negative"),
        (#"[{"title": "a"},]"#, .syntax, "r.json:1:17: trailing comma: expected a value after ',', found ']'"),
    ]

    @Test("every row error", arguments: 0..<errorCases.count)
    func rowError(index: Int) throws {
        let file = try TemplateFile(parsing: Self.template)
        let (rows, code, message) = Self.errorCases[index]
        let error = try #require(templateError { () throws(TemplateFileError) in _ = try file.rows(parsing: rows, path: "r.json") })
        #expect(error.code == code)
        #expect(error.message == message)
        if code == .missingField || code == .wrongFieldType {
            #expect(error.row != nil && error.field != nil && error.view != nil)
        }
    }
}

@Suite("Files: reading from disk, and unsatisfiable templates pointing at their lines")
struct FileTests {
    @Test("a file that cannot be read, for templates and for rows")
    func unreadable() throws {
        let missing = fixture("no-such-file.json")
        let error = try #require(templateError { () throws(TemplateFileError) in _ = try TemplateFile(contentsOfFile: missing) })
        #expect(error.code == .unreadableFile)
        #expect(error.message == "\(missing): cannot read the file: No such file or directory")
        #expect(error.line == 0 && error.column == 0)
        let file = try TemplateFile(contentsOfFile: fixture("message.json"))
        let directory = try #require(templateError { () throws(TemplateFileError) in _ = try file.rows(contentsOfFile: fixture("")) })
        #expect(directory.code == .unreadableFile)
        #expect(directory.message.hasSuffix("cannot read the file: Is a directory"))
    }

    @Test("the template's name defaults to the file name")
    func defaultName() throws {
        let file = try TemplateFile(parsing: #"{"views": []}"#, path: "Templates/plain.cell.json")
        #expect(file.name == "plain.cell")
        #expect(file.path == "Templates/plain.cell.json")
    }

    @Test("an unsatisfiable template names the file and line of each conflicting constraint")
    func unsatisfiable() throws {
        let text = """
            {"views": [{"name": "title", "kind": "label"}],
             "constraints": [
               "H:|-10-[title(400)]-10-|",
               "title.top == superview.top"]}
            """
        let file = try TemplateFile(parsing: text, path: "Templates/wide.json")
        let measurer = FixedAdvanceMeasurer()
        #expect(try file.template.fit(CellContent(), width: 420, measurer: measurer).frame(of: "title")?.width == 400)
        do {
            _ = try file.template.fit(CellContent(), width: 375, measurer: measurer)
            Issue.record("expected an unsatisfiable template")
        } catch {
            #expect(error.code == .unsatisfiable)
            let declared = error.conflicts.compactMap(\.location)
            #expect(declared.count == 3)
            #expect(declared.allSatisfy { $0 == CellLayout.SourceLocation(file: "Templates/wide.json", line: 3) })
            #expect(error.description.contains("title.width == 400 (Templates/wide.json:3)"))
        }
    }

    @Test("a view's errors at fit time point at its line in the file")
    func viewLocation() throws {
        let file = try TemplateFile(parsing: "{\"views\": [\n  {\"name\": \"icon\", \"kind\": \"image\"}]}", path: "v.json")
        var content = CellContent()
        content.setText("x", forViewNamed: "icon")
        do {
            _ = try file.template.fit(content, width: 100, measurer: FixedAdvanceMeasurer())
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .wrongViewKind)
            #expect(error.location == CellLayout.SourceLocation(file: "v.json", line: 2))
        }
    }
}
