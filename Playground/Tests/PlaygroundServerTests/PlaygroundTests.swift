import Foundation
import PlaygroundServer
import Testing

/// The playground's API answers as `cellfit` does: the same input, sent to a server on
/// a free port and given to the CLI as files, gives the same lines, pictures and errors.
@Suite("Playground API against the CLI", .serialized)
struct PlaygroundTests {
    @Test("every example cell: /layout is the line `cellfit layout --json` prints, at three widths")
    func exampleLayouts() async throws {
        let examples = try exampleCells()
        #expect(examples.count >= 5)
        try await withServer { client in
            for example in examples {
                let rows = example.rowsJSON(1)
                for width in [320.0, 375, 414] {
                    let answer = try await client.post("/layout", ["template": example.template, "rows": rows, "width": width])
                    let cli = try withFolder { folder in
                        try example.template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                        try rows.write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                        return try cellfit(
                            ["layout", "--template", "template", "--data", "rows", "--width", "\(width)", "--json"], in: folder)
                    }
                    #expect(cli.status == 0, "\(example.name): \(cli.stderr)")
                    #expect(answer.status == 200, "\(example.name): \(answer.body)")
                    #expect(answer.body == cli.stdout, "\(example.name) at \(width)")
                }
            }
        }
    }

    @Test("Dynamic Type: /layout at a content size category is `cellfit layout --content-size`")
    func contentSize() async throws {
        let example = try #require(try exampleCells().first { $0.name == "DynamicType" })
        try await withServer { client in
            for (category, everyTextStyle) in [("AX3", false), ("xS", true), ("xxxL", false)] {
                var request: [String: Any] = ["template": example.template, "rows": example.rowsJSON(3), "width": 375, "contentSize": category]
                var arguments = ["layout", "--template", "template", "--data", "rows", "--width", "375", "--json", "--content-size", category]
                if everyTextStyle {
                    request["everyTextStyle"] = true
                    arguments.append("--every-text-style")
                }
                let answer = try await client.post("/layout", request)
                let cli = try withFolder { folder in
                    try example.template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                    try example.rowsJSON(3).write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                    return try cellfit(arguments, in: folder)
                }
                #expect(cli.status == 0, "\(cli.stderr)")
                #expect(answer.body == cli.stdout, "\(category)")
            }
            let large = try await client.post("/layout", ["template": example.template, "rows": example.rowsJSON(3), "width": 375])
            let huge = try await client.post("/layout", ["template": example.template, "rows": example.rowsJSON(3), "width": 375, "contentSize": "AX5"])
            #expect(large.body != huge.body, "the category changes the layout")
            let bad = try await client.post("/layout", ["template": example.template, "width": 375, "contentSize": "XXL-ish"])
            #expect(bad.status == 400)
        }
    }

    @Test("every example cell: /heights is `cellfit heights --format ndjson`, at several widths and content sizes")
    func exampleHeights() async throws {
        try await withServer { client in
            for example in try exampleCells() {
                let rows = example.rowsJSON(25)
                for (widths, sizes) in [([375.0], nil), ([320.0, 414], ["S", "xxxL"])] as [([Double], [String]?)] {
                    var request: [String: Any] = ["template": example.template, "rows": rows, "widths": widths]
                    var arguments = ["heights", "--template", "template", "--data", "rows", "--format", "ndjson"]
                    arguments += ["--width", widths.map { "\($0)" }.joined(separator: ",")]
                    if let sizes {
                        request["contentSizes"] = sizes
                        arguments += ["--content-size", sizes.joined(separator: ",")]
                    }
                    let answer = try await client.post("/heights", request)
                    let cli = try withFolder { folder in
                        try example.template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                        try rows.write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                        return try cellfit(arguments, in: folder)
                    }
                    #expect(cli.status == 0, "\(example.name): \(cli.stderr)")
                    #expect(answer.status == 200, "\(example.name): \(answer.body)")
                    #expect(answer.body == cli.stdout, "\(example.name) at \(widths) \(sizes ?? [])")
                    #expect(answer.body.split(separator: "\n").count == min(25, example.rows.count) * widths.count * (sizes?.count ?? 1))
                }
            }
        }
    }

    @Test("/render is the picture `cellfit render` writes, byte for byte, overlay included")
    func render() async throws {
        try await withServer { client in
            for example in try exampleCells() {
                let rows = example.rowsJSON(4)
                // Row 1's own frames, moved 2 points right: an overlay that differs everywhere.
                let laidOut = try await client.post("/layout", ["template": example.template, "row": example.rows[1], "width": 375])
                let frames = try #require(laidOut.object["frames"] as? [String: [Double]])
                let overlay: [String: Any] = ["row": 1, "frames": frames.mapValues { [$0[0] + 2, $0[1], $0[2], $0[3]] }]
                let answer = try await client.post(
                    "/render", ["template": example.template, "rows": rows, "width": 375, "first": 1, "last": 3, "overlay": overlay])
                let cli = try withFolder { folder in
                    try example.template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                    try rows.write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                    try (try json(overlay) + "\n").write(to: folder.appendingPathComponent("ib"), atomically: true, encoding: .utf8)
                    var run = try cellfit(
                        ["render", "--template", "template", "--data", "rows", "--width", "375", "--rows", "1..3", "--overlay", "ib",
                         "--out", "out.svg"], in: folder)
                    let picture = (try? String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)) ?? ""
                    run = CLIRun(status: run.status, stdout: picture, stderr: run.stderr)
                    return run
                }
                #expect(cli.status == 0, "\(example.name): \(cli.stderr)")
                #expect(answer.status == 200)
                #expect(answer.contentType.hasPrefix("image/svg+xml"))
                #expect(answer.body == cli.stdout, "\(example.name)")
                #expect(answer.body.contains("class=\"overlay\""))
            }
        }
    }

    @Test("/render's rows as --rows takes them, and a conflict drawn as --on-error recover draws it")
    func renderRowsAndRecovery() async throws {
        let example = try #require(try exampleCells().first { $0.name == "MessageCells" })
        let conflicting = example.template.replacingOccurrences(
            of: "\"V:[icon(iconSize)]\"", with: "\"V:[icon(iconSize)]\", \"icon.height == 300\", \"icon.height == 12\"")
        let cases: [(template: String, first: Int?, last: Int?, recover: Bool, arguments: [String])] = [
            (example.template, 2, nil, false, ["--rows", "2"]),
            (example.template, 2, 4, false, ["--rows", "2..4"]),
            (example.template, 30, nil, false, ["--rows", "30"]),
            (conflicting, nil, nil, true, ["--on-error", "recover"]),
            (conflicting, nil, nil, false, []),
        ]
        try await withServer { client in
            for (template, first, last, recover, arguments) in cases {
                var request: [String: Any] = ["template": template, "rows": example.rowsJSON(6), "width": 375]
                if let first { request["first"] = first }
                if let last { request["last"] = last }
                if recover { request["onError"] = "recover" }
                let answer = try await client.post("/render", request)
                let cli = try withFolder { folder in
                    try template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                    try example.rowsJSON(6).write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                    let run = try cellfit(
                        ["render", "--template", "template", "--data", "rows", "--width", "375", "--out", "out.svg"] + arguments, in: folder)
                    let picture = (try? String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)) ?? ""
                    return CLIRun(status: run.status, stdout: picture, stderr: run.stderr)
                }
                if cli.status == 0 {
                    #expect(answer.status == 200, "\(arguments)")
                    #expect(answer.body == cli.stdout, "\(arguments)")
                } else {
                    #expect(answer.status != 200, "\(arguments)")
                    #expect(answer.object["error"] as? String == cli.errorMessage, "\(arguments)")
                }
            }
            let none = try await client.post("/render", ["template": example.template, "rows": "[]", "width": 375])
            #expect(none.object["error"] as? String == "the rows file has no rows to draw")
        }
    }

    @Test("an inline template object and one row: places count from the value's first character")
    func inlineDocuments() async throws {
        let example = try #require(try exampleCells().first { $0.name == "MessageCells" })
        let row = try #require(example.rows.first)
        try await withServer { client in
            let body = "{\"width\": 375, \"template\": \(example.template), \"row\": \(row)}"
            let answer = try await client.post("/layout", raw: Data(body.utf8))
            let cli = try withFolder { folder in
                try example.template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                try "[\(row)]".write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                return try cellfit(["layout", "--template", "template", "--data", "rows", "--width", "375", "--json"], in: folder)
            }
            #expect(answer.status == 200)
            #expect(answer.body == cli.stdout)
        }
    }

    @Test("errors: the CLI's message and place, for templates, rows, options and conflicts")
    func errors() async throws {
        let example = try #require(try exampleCells().first { $0.name == "MessageCells" })
        let broken: [(String, String, String)] = [
            ("syntax", String(example.template.prefix(300)), "[{}]"),
            ("unknown view", example.template.replacingOccurrences(of: "\"icon.top == text.top\"", with: "\"icon.top == nothing.top\""), "[{}]"),
            ("missing field", example.template, "[{\"user\": \"ken\"}]"),
            ("conflict", example.template.replacingOccurrences(
                of: "\"V:[icon(iconSize)]\"", with: "\"V:[icon(iconSize)]\", \"icon.height == 300\", \"icon.height == 12\""), example.rowsJSON(1)),
        ]
        try await withServer { client in
            for (name, template, rows) in broken {
                let answer = try await client.post("/layout", ["template": template, "rows": rows, "width": 375])
                let cli = try withFolder { folder in
                    try template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                    try rows.write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                    return try cellfit(["layout", "--template", "template", "--data", "rows", "--width", "375", "--json"], in: folder)
                }
                #expect(cli.status != 0, "\(name)")
                #expect(answer.status == (cli.status == 1 ? 422 : 400), "\(name): \(answer.body)")
                let message = try #require(answer.object["error"] as? String, "\(name)")
                #expect(message == cli.errorMessage, "\(name)")
                if cli.status == 2, let place = cli.errorMessage?.split(separator: ":").dropFirst().prefix(2).compactMap({ Int($0) }),
                    place.count == 2 {
                    #expect(answer.object["line"] as? Int == place[0], "\(name)")
                    #expect(answer.object["column"] as? Int == place[1], "\(name)")
                }
            }
            // The conflict laid out as UIKit recovers: the CLI's warning and its line.
            let (_, conflicting, _) = broken[3]
            let recovered = try await client.post(
                "/layout", ["template": conflicting, "row": try #require(example.rows.first), "width": 375, "onError": "recover",
                            "details": true])
            #expect(recovered.status == 200)
            let warnings = recovered.object["warnings"] as? [String] ?? []
            let cli = try withFolder { folder in
                try conflicting.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                try "[\(try #require(example.rows.first))]".write(to: folder.appendingPathComponent("rows"), atomically: true, encoding: .utf8)
                return try cellfit(
                    ["layout", "--template", "template", "--data", "rows", "--width", "375", "--json", "--on-error", "recover"], in: folder)
            }
            #expect(!warnings.isEmpty)
            #expect(warnings == cli.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.map(String.init))

            let badWidth = try await client.post("/layout", ["template": example.template, "width": -2])
            #expect(badWidth.status == 400)
            #expect(badWidth.object["error"] as? String == "--width must be a finite number of points above 0 (got -2).")
        }
    }

    @Test("limits: a body past the limit, too many rows to size or draw, a request that is not an object")
    func limits() async throws {
        var limits = PlaygroundAPI.Limits()
        limits.bodyBytes = 64 << 10
        limits.heightJobs = 10
        limits.renderRows = 3
        limits.layoutRows = 4
        let example = try #require(try exampleCells().first { $0.name == "MessageCells" })
        try await withServer(limits: limits) { client in
            let huge = try await client.post("/layout", ["template": String(repeating: " ", count: 70 << 10), "width": 375])
            #expect(huge.status == 413)
            let many = try await client.post(
                "/heights", ["template": example.template, "rows": example.rowsJSON(6), "widths": [320, 375]])
            #expect(many.status == 413)
            #expect((many.object["error"] as? String)?.contains("the limit is 10") == true)
            let drawn = try await client.post(
                "/render", ["template": example.template, "rows": example.rowsJSON(6), "width": 375, "last": 4])
            #expect(drawn.status == 413)
            let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            let deepTemplate = "{\"views\": " + deep + "}"
            for raw in [
                "[]", "{\"width\": 375", "{\"width\": 375} trailing", "", "{\"template\": {\"views\": [}, \"width\": 3}",
                "{\"width\": 375, \"template\": \(deepTemplate)}",
            ] {
                let answer = try await client.post("/layout", raw: Data(raw.utf8))
                #expect(answer.status == 400, "\(raw)")
                #expect(answer.object["error"] is String, "\(raw)")
            }
            // Nesting past the JSON reader's 64 levels is refused, not recursed into.
            let overlay = try await client.post(
                "/render", raw: Data("{\"width\": 375, \"template\": \(try json(example.template)), \"overlay\": \(deep)}".utf8))
            #expect(overlay.status == 400)
            #expect((overlay.object["error"] as? String)?.contains("deeper than 64 levels") == true)
            // Numbers past what the arithmetic can hold are refused or written, never trapped on.
            let scale = try await client.post("/layout", ["template": example.template, "width": 375, "scale": 1e300])
            #expect(scale.status == 400)
            let wide = try await client.post("/render", ["template": example.template, "width": 1e16])
            #expect([200, 422].contains(wide.status), "\(wide.body.prefix(200))")
            let badRow = try await client.post(
                "/render", ["template": example.template, "width": 375, "overlay": ["row": -1, "frames": [:] as [String: Any]]])
            #expect(badRow.status == 400)
            let manyRows = try await client.post("/layout", ["template": example.template, "rows": example.rowsJSON(5), "width": 375])
            #expect(manyRows.status == 413)
            #expect((manyRows.object["error"] as? String)?.contains("the limit is 4") == true)
            let manyWidths = try await client.post(
                "/heights", ["template": example.template, "rows": example.rowsJSON(1), "widths": (1...5000).map(Double.init)])
            #expect(manyWidths.status == 413)
            let path = try await client.get("/../../etc/passwd")
            #expect(path.status == 404)
        }
    }

    @Test("requests from several tabs at once each get their own answer")
    func concurrent() async throws {
        let examples = try exampleCells()
        try await withServer { client in
            let expected = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for (index, example) in examples.enumerated() {
                    group.addTask {
                        (index, try await client.post("/layout", ["template": example.template, "width": 375 + Double(index)]).body)
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for round in 0..<4 {
                    for (index, example) in examples.enumerated() {
                        group.addTask {
                            (index + round * 1000, try await client.post("/layout", ["template": example.template, "width": 375 + Double(index)]).body)
                        }
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            for (key, body) in parallel { #expect(body == expected[key % 1000]) }
        }
    }

    @Test("the page, its files and the example list are served")
    func page() async throws {
        try await withServer { client in
            let index = try await client.get("/?example=ChatFeed")
            #expect(index.status == 200)
            #expect(index.body.contains("playground.js"))
            #expect(try await client.get("/playground.js").status == 200)
            let list = try await client.get("/examples")
            let names = (try JSONSerialization.jsonObject(with: Data(list.body.utf8))) as? [String] ?? []
            for name in ["ChatFeed", "DynamicHeights", "EstimatedHeights-basic", "ExpandableMovies", "MessageCells"] {
                #expect(names.contains(name))
            }
            #expect(try await client.get("/examples/NoSuchCell").status == 404)
            // The five example programs' names open their cells.
            for program in ["ChatFeed", "DynamicHeights", "EstimatedHeights", "ExpandableMovies", "MessageCells"] {
                let example = try await client.get("/examples/\(program)")
                #expect(example.status == 200, "\(program)")
                #expect((example.object["name"] as? String)?.hasPrefix(program) == true, "\(program)")
            }
        }
    }
}

/// The shared Interface Builder cells (Tests/InterfaceBuilderTests/Fixtures): imported and
/// laid out through the API as `cellfit import` and `cellfit layout` do.
@Suite("Playground API on the shared Interface Builder cells", .serialized)
struct PlaygroundInterfaceBuilderTests {
    /// Every indexed cell: its folder, file and IB object id.
    static func cells() throws -> [(folder: URL, file: String, id: String)] {
        let fixtures = repository.appendingPathComponent("Tests/InterfaceBuilderTests/Fixtures")
        var cells: [(folder: URL, file: String, id: String)] = []
        for (index, folder) in [("INDEX.tsv", "cells"), ("xib2/INDEX.tsv", "xib2/cells")] {
            let text = try String(contentsOf: fixtures.appendingPathComponent(index), encoding: .utf8)
            let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            guard let header = lines.first, let file = header.firstIndex(of: "file"), let id = header.firstIndex(of: "cell_id") else { continue }
            for line in lines.dropFirst() where line.count > max(file, id) {
                cells.append((fixtures.appendingPathComponent(folder), line[file], line[id]))
            }
        }
        return cells
    }

    @Test("every shared cell: /import is `cellfit import` (template and IB's frames), /layout at IB's width is `cellfit layout`")
    func importAndLayout() async throws {
        let cells = try Self.cells()
        #expect(cells.count >= 150)
        try await withServer { client in
            var listed = Set<String>()
            for cell in cells {
                let text = try String(contentsOf: cell.folder.appendingPathComponent(cell.file), encoding: .utf8)
                let imported = try await client.post("/import", ["file": text, "name": cell.file, "cell": cell.id])
                let cli = try cellfit(["import", cell.file, "--cell", cell.id, "--frames", "/dev/stdout"], in: cell.folder)
                #expect(imported.status == 200, "\(cell.file) \(cell.id): \(imported.body)")
                #expect(cli.status == 0, "\(cell.file) \(cell.id): \(cli.stderr)")
                let template = try #require(imported.object["template"] as? String, "\(cell.file)")
                // --frames to standard output writes the frames line first, then the template.
                let framesLine = String(cli.stdout.prefix { $0 != "\n" })
                #expect(cli.stdout.dropFirst(framesLine.count + 1) == template + (template.hasSuffix("\n") ? "" : "\n"), "\(cell.file) \(cell.id)")
                let cliFrames = try JSONSerialization.jsonObject(with: Data(framesLine.utf8)) as? NSDictionary
                #expect(cliFrames == (imported.object["frames"] as? NSDictionary), "\(cell.file) \(cell.id)")
                let width = try #require((imported.object["frames"] as? [String: Any])?["width"] as? Double)
                let laidOut = try await client.post("/layout", ["template": template, "width": width, "intrinsic": "design"])
                let line = try withFolder { folder in
                    try template.write(to: folder.appendingPathComponent("template"), atomically: true, encoding: .utf8)
                    return try cellfit(["layout", "--template", "template", "--width", "\(width)", "--intrinsic", "design", "--json"], in: folder)
                }
                if line.status == 0 {
                    #expect(laidOut.body == line.stdout, "\(cell.file) \(cell.id)")
                } else {
                    // A cell whose required constraints conflict at design sizes: the CLI's error.
                    #expect(laidOut.object["error"] as? String == line.errorMessage, "\(cell.file) \(cell.id)")
                }
                #expect(laidOut.status == (line.status == 0 ? 200 : 422), "\(cell.file) \(cell.id)")
                // A file of several cells, none chosen: the list `import --list` prints.
                if !listed.contains(cell.file) {
                    listed.insert(cell.file)
                    let list = try await client.post("/import", ["file": text, "name": cell.file])
                    if let cells = list.object["cells"] as? [[String: Any]] {
                        #expect(cells.count > 1)
                        let cliList = try cellfit(["import", cell.file, "--list"], in: cell.folder)
                        #expect(list.object["listing"] as? String == cliList.stdout, "\(cell.file)")
                    }
                }
            }
            #expect(listed.count > 100)
        }
    }

    @Test("a file that is not Interface Builder's, and a cell that is not there: the CLI's errors")
    func importErrors() async throws {
        let cell = try #require(try Self.cells().first)
        let text = try String(contentsOf: cell.folder.appendingPathComponent(cell.file), encoding: .utf8)
        try await withServer { client in
            for (name, body, choice) in [
                ("broken.xib", String(text.prefix(text.count / 2)), nil), ("notes.xib", "<html><body>hello</body></html>", nil),
                (cell.file, text, "no-such-cell"),
            ] as [(String, String, String?)] {
                var request: [String: Any] = ["file": body, "name": name]
                if let choice { request["cell"] = choice }
                let answer = try await client.post("/import", request)
                let cli = try withFolder { folder in
                    try body.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                    return try cellfit(["import", name] + (choice.map { ["--cell", $0] } ?? []), in: folder)
                }
                #expect(cli.status == 2, "\(name)")
                #expect(answer.status == 400, "\(name)")
                #expect(answer.object["error"] as? String == cli.errorMessage, "\(name)")
            }
        }
    }
}
