import CellLayout
import Foundation
import Testing
import TemplateFiles
import PangoText

/// An example template and its data, under Examples/.
func example(_ name: String) -> (template: String, data: String) {
    (repositoryRoot + "/Examples/Templates/\(name).json", repositoryRoot + "/Examples/Data/\(name).json")
}

/// A fresh directory for one test's files, removed by `cleanUp()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// In-process row heights of an example, for comparing with the binary's.
func expectedHeights(_ name: String, width: Double, measurer: any TextMeasurer) throws -> [Double] {
    let (template, data) = example(name)
    let file = try TemplateFile(contentsOfFile: template)
    var fitter = file.template.makeFitter(measurer: measurer)
    return try file.rows(contentsOfFile: data).map { try fitter.fit($0, width: width).rowHeight }
}

@Suite("cellfit heights", .serialized)
struct HeightsCLITests {
    @Test("CSV: a header, then one line per row with the engine's row height")
    func csv() throws {
        let (template, data) = example("MessageCells")
        let result = try CellFit.run([
            "heights", "--template", template, "--data", data, "--width", "375", "--measurer", "fixed",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let expected = try expectedHeights("MessageCells", width: 375, measurer: FixedAdvanceMeasurer(scale: .x2))
        #expect(result.lines.first == "row,height")
        let parsed = result.lines.dropFirst().map { line -> (Int, Double) in
            let parts = line.split(separator: ",")
            return (Int(parts[0]) ?? -1, Double(parts[1]) ?? .nan)
        }
        #expect(parsed.map(\.0) == Array(expected.indices))
        #expect(parsed.map(\.1) == expected)
    }

    @Test("JSON: one object with the heights in row order, at scale 3 with Pango")
    func json() throws {
        let (template, data) = example("DynamicHeights")
        let result = try CellFit.run([
            "heights", "--template", template, "--data", data, "--width", "320", "--scale", "3", "--format", "json",
        ])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        let object = try jsonObject(try #require(result.lines.first))
        #expect(object["template"] as? String == "dynamic")
        #expect(object["engine"] as? String == "constraints")
        #expect(object["measurer"] as? String == "pango")
        #expect(object["width"] as? Double == 320)
        #expect(object["scale"] as? Int == 3)
        let heights = try #require(object["heights"] as? [Double])
        #expect(object["rows"] as? Int == heights.count)
        #expect(heights == (try expectedHeights("DynamicHeights", width: 320, measurer: PangoTextMeasurer(scale: .x3))))
    }

    @Test("--engine glpk gives the constraint engine's heights", arguments: ["MessageCells", "ExpandableMovies", "EstimatedHeights-title"])
    func glpk(name: String) throws {
        let (template, data) = example(name)
        let arguments = ["heights", "--template", template, "--data", data, "--width", "375", "--measurer", "fixed"]
        let constraints = try CellFit.run(arguments)
        let glpk = try CellFit.run(arguments + ["--engine", "glpk"])
        #expect(glpk.status == 0, "\(glpk.stderr)")
        #expect(glpk.stdout == constraints.stdout)
    }

    @Test("the same heights on one worker as on several")
    func workers() throws {
        let (template, data) = example("ChatFeed")
        let arguments = ["heights", "--template", template, "--data", data, "--width", "667", "--measurer", "fixed"]
        let serial = try CellFit.run(arguments + ["--workers", "1"])
        let parallel = try CellFit.run(arguments + ["--workers", "4"])
        #expect(serial.status == 0 && parallel.status == 0)
        #expect(serial.lines.count == 1001)
        #expect(serial.stdout == parallel.stdout)
    }

    @Test("no progress bar when standard error is not a terminal, even for a long run")
    func noProgressBarWhenRedirected() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let result = try CellFit.run(try longRun(in: scratch))
        #expect(result.status == 0)
        #expect(result.lines.count == 6001)
        #expect(result.stderr.isEmpty)
    }
}

/// `heights` over ChatFeed's rows six times (6000 rows: long enough for a
/// progress bar on a terminal), with the fixed measurer: the arguments.
func longRun(in scratch: ScratchDirectory) throws -> [String] {
    let (template, data) = example("ChatFeed")
    let rows = try String(contentsOfFile: data, encoding: .utf8)
    let body = rows.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
    let many = try scratch.write("[" + Array(repeating: String(body), count: 6).joined(separator: ",") + "]", to: "many.json")
    return ["heights", "--template", template, "--data", many, "--width", "375", "--measurer", "fixed"]
}

/// `script` (util-linux) runs a command on a pseudo-terminal: how a test sees
/// what a person at a terminal would.
let scriptPath = "/usr/bin/script"

@Suite("cellfit heights on a terminal", .serialized)
struct ProgressBarCLITests {
    @Test("a progress bar on standard error when it is a terminal, cleared at the end",
          .enabled(if: FileManager.default.isExecutableFile(atPath: scriptPath)))
    func progressBarOnTerminal() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let binary = try #require(CellFit.executable.path)
        // Standard output goes to a file; standard error stays on script's terminal.
        let command = try ([binary] + longRun(in: scratch))
            .map { "'\($0)'" }.joined(separator: " ") + " > '\(scratch.file("heights.csv"))'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptPath)
        process.arguments = ["-qec", command, "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let terminal = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.contains("\r["))
        #expect(terminal.contains("] 100%  6000/6000 rows"))
        #expect(terminal.hasSuffix("\r\u{1B}[K"))
        #expect(try scratch.read("heights.csv").split(separator: "\n").count == 6001)
    }
}

@Suite("cellfit render", .serialized)
struct RenderCLITests {
    @Test("every view of every row is drawn at its frame; rows stack at their heights")
    func structure() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let (templatePath, data) = example("MessageCells")
        let result = try CellFit.run([
            "render", "--template", templatePath, "--data", data, "--width", "375", "--measurer", "fixed",
            "--rows", "2..9", "--out", scratch.file("cells.svg"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let svg = try #require(XMLNode.parse(try scratch.read("cells.svg")), "not well-formed XML")
        #expect(svg.name == "svg")

        let file = try TemplateFile(contentsOfFile: templatePath)
        let contents = try file.rows(contentsOfFile: data)
        var fitter = file.template.makeFitter(measurer: FixedAdvanceMeasurer(scale: .x2))
        let rows = svg.descendants(named: "g").filter { $0.attributes["class"] == "row" }
        #expect(rows.map { $0.attributes["data-row"] } == (2...9).map { String($0) })

        var top = 8.0, collapsedSeen = 0
        for (row, group) in zip(2...9, rows) {
            let layout = try fitter.fit(contents[row], width: 375)
            #expect(group.number("data-height") == layout.rowHeight)
            #expect(group.attributes["transform"] == "translate(72,\(format(top)))")
            top += layout.rowHeight
            #expect(group.descendants(named: "text").contains { $0.attributes["class"] == "row-height" && $0.allText == format(layout.rowHeight) })

            let views = group.children.filter { $0.attributes["data-view"] != nil }
            #expect(views.map { $0.attributes["data-view"] ?? "" } == file.template.viewNames, "row \(row)")
            for view in views {
                let name = view.attributes["data-view"] ?? ""
                let frame = try #require(layout.frame(of: name))
                let rect = try #require(view.child(named: "rect"), "row \(row) view \(name)")
                for (attribute, value) in [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)] {
                    let drawn = try #require(rect.number(attribute))
                    #expect(abs(drawn - value) <= 0.0005, "row \(row) view \(name) \(attribute): \(drawn) vs \(value)")
                }
                let visibility = try #require(layout.visibility(of: name))
                #expect(view.attributes["data-visibility"] == "\(visibility)")
                if visibility == .collapsed {
                    collapsedSeen += 1
                    #expect(view.children.contains { $0.name == "path" && $0.attributes["class"] == "collapsed-mark" })
                }
                // Text in its font: the username bold, the others regular.
                if ["username", "text", "timestamp"].contains(name), let text = view.child(named: "text") {
                    #expect(text.attributes["font-family"] == "DejaVu Sans")
                    #expect(text.number("font-size") != nil)
                    #expect(text.attributes["font-weight"] == (name == "username" ? "700" : "400"))
                }
            }
        }
        #expect(collapsedSeen > 0, "rows 2...9 should include one without media")
    }

    @Test("wrapped text is drawn as the lines it measures as, every word once")
    func wrappedText() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let (template, data) = example("DynamicHeights")
        let result = try CellFit.run([
            "render", "--template", template, "--data", data, "--width", "320", "--measurer", "fixed", "--rows", "3",
            "--out", scratch.file("one.svg"),
        ])
        #expect(result.status == 0)
        let svg = try #require(XMLNode.parse(try scratch.read("one.svg")))
        let label = try #require(svg.descendants(named: "g").first { $0.attributes["data-view"] == "label" })
        let lines = try #require(label.child(named: "text")).children.map(\.allText)
        let file = try TemplateFile(contentsOfFile: template)
        let row = try file.rows(contentsOfFile: data)[3]
        let measured = try file.template.fit(row, width: 320, measurer: FixedAdvanceMeasurer(scale: .x2))
        #expect(lines.count > 1, "row 3 is a paragraph")
        // The fixed measurer: 14 px text is 7 px a character and 17.5 px a line.
        #expect(Double(lines.count) * 17.5 == measured.frame(of: "label")?.height)
        #expect(lines.allSatisfy { Double($0.count) * 7 <= 300 })
    }

    @Test("the same input draws the same file, byte for byte")
    func deterministic() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let (template, data) = example("ChatFeed")
        for name in ["a.svg", "b.svg"] {
            let result = try CellFit.run([
                "render", "--template", template, "--data", data, "--width", "375", "--out", scratch.file(name),
            ])
            #expect(result.status == 0)
        }
        let a = try scratch.read("a.svg")
        #expect(a == (try scratch.read("b.svg")))
        #expect(XMLNode.parse(a)?.descendants(named: "g").filter { $0.attributes["class"] == "row" }.count == 10)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("a.svg.tmp")))
    }

    @Test("--on-error recover draws a conflicting row as layout --on-error recover lays it out")
    func recovers() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let (template, data) = example("MessageCells")
        let conflicting = try String(contentsOfFile: template, encoding: .utf8).replacingOccurrences(
            of: "\"V:[icon(iconSize)]\"", with: "\"V:[icon(iconSize)]\", \"icon.height == 300\"")
        _ = try scratch.write(conflicting, to: "conflict.json")
        let base = ["render", "--template", scratch.file("conflict.json"), "--data", data, "--width", "375", "--rows", "0", "--measurer", "fixed"]
        let refused = try CellFit.run(base + ["--out", scratch.file("refused.svg")])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("conflict"))
        let drawn = try CellFit.run(base + ["--on-error", "recover", "--out", scratch.file("drawn.svg")])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let laidOut = try CellFit.run([
            "layout", "--template", scratch.file("conflict.json"), "--data", data, "--width", "375", "--measurer", "fixed",
            "--on-error", "recover", "--json",
        ])
        let svg = try #require(XMLNode.parse(try scratch.read("drawn.svg")))
        let icon = try #require(svg.descendants(named: "g").first { $0.attributes["data-view"] == "icon" }?.child(named: "rect"))
        let line = try #require(laidOut.stdout.split(separator: "\n").first)
        let frames = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["frames"] as? [String: [Double]])
        #expect(icon.number("height") == frames["icon"]?[3])
    }

    @Test("a width past a thousand billion points is drawn with its numbers as Swift writes them, not trapped on")
    func hugeNumbers() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let (template, data) = example("MessageCells")
        let result = try CellFit.run([
            "render", "--template", template, "--data", data, "--width", "1e16", "--measurer", "fixed", "--rows", "0",
            "--out", scratch.file("wide.svg"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scratch.read("wide.svg").contains("1e+16"))
    }

    /// The renderer's number format, for comparing attributes.
    func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

@Suite("cellfit demo, example-data and --help", .serialized)
struct DemoCLITests {
    @Test("demo: every engine sizes the 1000 rows and agrees; the picture is written")
    func demo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let result = try CellFit.run(["demo", "--examples", repositoryRoot + "/Examples", "--out", scratch.file("demo.svg")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.first?.hasPrefix("ChatFeed: 1000 rows at width 375") == true)
        for engine in ["constraints", "manual", "template file", "glpk"] {
            let line = try #require(lines.first { $0.hasPrefix(engine + " ") }, "no line for \(engine)")
            #expect(line.contains(" 1000 ") && line.hasSuffix("all 1000"), "\(line)")
        }
        #expect(lines.last == "every engine agrees on every row")
        let svg = try #require(XMLNode.parse(try scratch.read("demo.svg")))
        #expect(svg.descendants(named: "g").filter { $0.attributes["class"] == "row" }.count == 8)
    }

    @Test("example-data writes exactly the committed Examples/Data files")
    func exampleData() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let result = try CellFit.run(["example-data", "--out", scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Examples/Data").sorted()
        #expect(names == committed)
        for name in names {
            let generated = try scratch.read(name)
            let kept = try String(contentsOfFile: repositoryRoot + "/Examples/Data/" + name, encoding: .utf8)
            #expect(generated == kept, "\(name) differs from the generator's output: run 'cellfit example-data'")
        }
        #expect(try scratch.read("ChatFeed.json").split(separator: "\n").count == 1002)
    }

    @Test("--help lists every command, with examples; example-data stays hidden")
    func help() throws {
        let result = try CellFit.run(["--help"])
        #expect(result.status == 0)
        for command in ["heights", "render", "demo", "solve", "measure"] {
            #expect(result.stdout.contains("  \(command) "), "\(command)")
        }
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("cellfit heights --template"))
        #expect(!result.stdout.contains("example-data"))
        for command in ["heights", "render", "demo"] {
            let help = try CellFit.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Exit status"), "\(command)")
        }
    }
}
