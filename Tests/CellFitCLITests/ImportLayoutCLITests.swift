import Foundation
import Testing

/// A shared Interface Builder file (Tests/InterfaceBuilderTests/Fixtures/NOTICE.md).
func interfaceBuilderFixture(_ name: String) -> String {
    repositoryRoot + "/Tests/InterfaceBuilderTests/Fixtures/cells/" + name
}

@Suite("cellfit import and cellfit layout", .serialized)
struct ImportLayoutCLITests {
    static let settings = interfaceBuilderFixture(
        "hackiftekhar__IQKeyboardManager__Example__IQKeyboardManagerSwiftExample__Storyboard__Base.lproj__Settings.storyboard")
    static let feed = interfaceBuilderFixture("forkingdog__UITableView-FDTemplateLayoutCell__Demo__Demo__Base.lproj__Main.storyboard")

    @Test("--list prints every cell and exits 0")
    func list() throws {
        let result = try CellFit.run(["import", Self.settings, "--list"])
        #expect(result.status == 0)
        #expect(result.lines.first?.hasPrefix("id\tkind\tclass") == true)
        #expect(result.lines.contains { $0.hasPrefix("O5v-R6-FQk\ttableViewCell\tImageSwitchTableViewCell") })
    }

    @Test("several cells and no --cell: the list, and exit 2 with a message saying so")
    func ambiguous() throws {
        let result = try CellFit.run(["import", Self.settings])
        #expect(result.status == 2)
        #expect(result.lines.contains { $0.hasPrefix("TxC-o3-T92\t") })
        #expect(result.stderr.contains("choose one with --cell"))
    }

    @Test("--frames naming the file standard output goes to: frames and template both printed, in order")
    func framesToStandardOutput() throws {
        // The test's standard output is a regular file; /proc/self/fd/1 names it without
        // depending on /dev/stdout. Replacing that file by a rename lost the template.
        let result = try CellFit.run(["import", Self.feed, "--cell", "FDFeedCell", "--frames", "/proc/self/fd/1"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        let first = try #require(lines.first)
        #expect(first.hasPrefix(#"{"row": 0"#), "the frames line comes first: \(first)")
        #expect(result.stdout.contains(#""ib": "Tg1-La-Nh1""#), "the template follows it")
        #expect(lines.count > 2)
    }

    @Test("a cell by class, written to a file that layout takes; IB's frames come back at IB's size")
    func importThenLayout() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let out = scratch.file("feed.json")
        let ibFrames = scratch.file("ib.json")
        let imported = try CellFit.run(["import", Self.feed, "--cell", "FDFeedCell", "--out", out, "--frames", ibFrames])
        #expect(imported.status == 0)
        let text = try scratch.read("feed.json")
        #expect(text.contains(#""ib": "Tg1-La-Nh1""#))
        let layout = try CellFit.run([
            "layout", "--template", out, "--width", "320", "--height", "169.5", "--intrinsic", "design", "--json",
        ])
        #expect(layout.status == 0)
        #expect(layout.lines.count == 1)
        #expect(layout.stdout.hasPrefix(#"{"row": 0, "width": 320, "height": 169.5, "frames": {"#))
        // Every frame within half a point of the one IB stored (titleLabel (16, 10, 294, 19.5) …).
        let mine = try Self.frames(layout.stdout), theirs = try Self.frames(try scratch.read("ib.json"))
        #expect(mine.keys.sorted() == theirs.keys.sorted())
        #expect(mine.count == 6)
        for (name, frame) in mine {
            let ib = theirs[name] ?? []
            #expect(ib.count == 4 && zip(frame, ib).allSatisfy { abs($0 - $1) <= 0.5 }, "\(name): \(frame) vs IB \(ib)")
        }
        #expect(mine["titleLabel"] == [16, 10, 294, 19.5])

        // Its own frames score 0 at the required level; moving a view breaks it.
        let frames = try scratch.write(layout.stdout, to: "frames.json")
        let score = try CellFit.run(["layout", "--template", out, "--width", "320", "--intrinsic", "design", "--score", frames])
        #expect(score.status == 0)
        #expect(score.lines.contains("  @required: 0 (\(requiredCount(score.lines)) constraints)"))
        let moved = layout.stdout.replacingOccurrences(of: #""titleLabel": [16, 10"#, with: #""titleLabel": [20, 10"#)
        let movedScore = try CellFit.run([
            "layout", "--template", out, "--width", "320", "--intrinsic", "design", "--score", try scratch.write(moved, to: "moved.json"),
        ])
        // Four points at each of the five constraints on the title's leading or trailing edge.
        #expect(movedScore.lines.contains { $0.hasPrefix("  @required: 20 ") })
        for id in ["J7S-pp-Pf7", "ZSl-YZ-AQU", "npU-Th-QCa", "wOJ-Vb-cdi", "yrC-au-hrh"] {
            #expect(movedScore.lines.contains { $0.contains(id) && $0.hasSuffix("off by 4") })
        }
    }

    @Test("import --frames, then render --overlay: IB's frames drawn over CellFit's, which match them")
    func renderOverlay() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let mail = interfaceBuilderFixture("SwipeCellKit__SwipeCellKit__Example__MailExample__Main.storyboard")
        let (template, frames, svg) = (scratch.file("mail.json"), scratch.file("ib.json"), scratch.file("mail.svg"))
        #expect(try CellFit.run(["import", mail, "--cell", "5Yy-lT-eDE", "--out", template, "--frames", frames]).status == 0)
        let line = try scratch.read("ib.json")
        #expect(line.hasPrefix(#"{"row": 0, "width": 414, "height": 141, "frames": {"#))
        let render = try CellFit.run([
            "render", "--template", template, "--width", "414", "--height", "141", "--intrinsic", "design", "--scale", "3",
            "--overlay", frames, "--out", svg,
        ])
        #expect(render.status == 0)
        let picture = try scratch.read("mail.svg")
        // Seven views outlined in red, each where CellFit put its own frame.
        #expect(picture.components(separatedBy: "class=\"overlay\"").count - 1 == 7)
        let frame = #"x="20" y="8" width="75.667" height="20.333"/>"#
        #expect(picture.contains(#"<rect class="overlay" data-view="fromLabel" "# + frame))
        #expect(picture.contains(#"<rect class="frame" "# + frame))
    }

    @Test("a frames file that is not frames lines: the line, the column and the fault, exit 2", arguments: [
        (#"{"row": 0, "frames": {"a": [1, 2, 3]}}"#, "frames.json:2:28: frame 'a' is not [x, y, width, height]"),
        (#"{"row": 0, "frames": {"a": [1, 2, 3, 4],}}"#, "frames.json:2:41: trailing comma: expected a value after ',', found '}'"),
        (#"{"row": -1, "frames": {}}"#, "frames.json:2:9: 'row' is -1.0; expected a row number, 0 or more"),
        (#"{"row": "0", "frames": {}}"#, "frames.json:2:9: 'row' should be a number, found a string"),
        (#"[1]"#, "frames.json:2:1: expected an object, found an array"),
    ])
    func malformedFramesFile(line: String, message: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let template = try scratch.write(#"{"views": [{"name": "a", "kind": "box", "design": [10, 10]}], "constraints": ["H:|[a]|", "V:|[a]|"]}"#, to: "t.json")
        // The first line is a good one: the fault is on the second.
        let frames = try scratch.write(#"{"row": 0, "frames": {"a": [0, 0, 10, 10]}}"# + "\n" + line + "\n", to: "frames.json")
        let result = try CellFit.run(["layout", "--template", template, "--width", "10", "--intrinsic", "design", "--score", frames])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// The frames of a `layout --json` line.
    static func frames(_ line: String) throws -> [String: [Double]] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let frames = object?["frames"] as? [String: [NSNumber]] ?? [:]
        return frames.mapValues { $0.map(\.doubleValue) }
    }

    func requiredCount(_ lines: [String]) -> String {
        lines.first { $0.hasPrefix("  @required: ") }?.split(separator: "(").last?.split(separator: " ").first.map(String.init) ?? "?"
    }

    @Test("heights --check-ambiguity: an unpinned bottom and a sizeless image warned about once; a clean cell not")
    func checkAmbiguity() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let template = try scratch.write("""
            {"name": "unpinned", "views": [{"name": "title", "kind": "label", "font": 15, "lines": 0, "text": "t"},
                                           {"name": "photo", "kind": "image", "imageSize": "img"}],
             "constraints": ["H:|-16-[title]-16-|", "V:|-11-[title]", "photo.leading == title.leading",
                             "photo.top == title.bottom + 8", "photo.width == 40"]}
            """, to: "unpinned.json")
        let rows = try scratch.write(#"[{"t": "hello", "img": null}, {"t": "hello there", "img": null}]"#, to: "rows.json")
        let result = try CellFit.run(["heights", "--template", template, "--data", rows, "--width", "375", "--check-ambiguity"])
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("photo.height left free") == true)
        #expect(warnings.first?.contains("the height is 0") == true)
        let json = try CellFit.run([
            "heights", "--template", template, "--data", rows, "--width", "375", "--check-ambiguity", "--format", "json",
        ])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let ambiguous = object?["ambiguous"] as? [[String: Any]]
        #expect(ambiguous?.count == 1)
        #expect(ambiguous?.first?["views"] as? [String] == ["photo"])
        #expect(ambiguous?.first?["zeroHeight"] as? Bool == true)
        #expect(ambiguous?.first?["negative"] as? [String] == [])

        let (clean, data) = example("MessageCells")
        let quiet = try CellFit.run(["heights", "--template", clean, "--data", data, "--width", "375", "--check-ambiguity"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("warning:"))
    }

    @Test("heights --on-error: throw stops at the first conflicting row; recover breaks a constraint, warns and goes on")
    func onError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // A label 100 wide between 8-point margins: at 320 one constraint must give.
        let template = fixture("recoverable-conflict.json")
        let rows = try scratch.write(#"[{"t": "a"}, {"t": "b"}]"#, to: "rows.json")
        let base = ["heights", "--template", template, "--data", rows, "--width", "320", "--measurer", "fixed"]
        let thrown = try CellFit.run(base)
        #expect(thrown.status == 1)
        #expect(thrown.stderr.contains("these required constraints conflict"))
        let recovered = try CellFit.run(base + ["--on-error", "recover"])
        #expect(recovered.status == 0)
        #expect(recovered.lines.count == 3)
        let warnings = recovered.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.contains("will attempt to recover by breaking title.width == 100") })
        let json = try CellFit.run(base + ["--on-error", "recover", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let broken = object?["broken"] as? [[String: Any]]
        #expect(broken?.map { $0["row"] as? Int } == [0, 1])
        #expect((broken?.first?["broken"] as? [String])?.first?.hasPrefix("title.width == 100") == true)
        let layout = try CellFit.run([
            "layout", "--template", template, "--data", rows, "--width", "320", "--measurer", "fixed", "--on-error", "recover", "--json",
        ])
        #expect(layout.status == 0)
        #expect(layout.lines.count == 2)
        #expect(layout.stderr.contains("warning: row 1: unsatisfiable constraints; will attempt to recover by breaking title.width == 100"))
    }

    @Test("--intrinsic design without design sizes: exit 1 naming the view")
    func designWithoutSizes() throws {
        let (template, _) = example("MessageCells")
        let result = try CellFit.run(["layout", "--template", template, "--width", "375", "--intrinsic", "design"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has intrinsic content but no design size"))
    }

    @Test("layout without --height gives the compressed fitting height heights gives")
    func fittingHeight() throws {
        let (template, data) = example("MessageCells")
        let layout = try CellFit.run(["layout", "--template", template, "--data", data, "--width", "375", "--measurer", "fixed", "--json"])
        let heights = try CellFit.run(["heights", "--template", template, "--data", data, "--width", "375", "--measurer", "fixed"])
        #expect(layout.status == 0 && heights.status == 0)
        let laidOut = layout.lines.compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return (object["height"] as? NSNumber)?.doubleValue
        }
        let rowHeights = heights.lines.dropFirst().compactMap { Double($0.split(separator: ",").last ?? "") }
        #expect(laidOut.count == rowHeights.count && !laidOut.isEmpty)
        // A row's height is its content height rounded up to the 2x grid, plus a half-point separator.
        for (content, row) in zip(laidOut, rowHeights) {
            #expect(row == (content * 2).rounded(.up) / 2 + 0.5)
        }
    }

    /// The googleads MenuItem cell with a ring of `top == bottom + 8` constraints through
    /// its five views (issue 50's input, made here from the shared fixture): its content
    /// view solves to height -96, its row to -95.5. `layout` printed the row with a
    /// warning (exit 0) while `heights` refused it (exit 1); both judge the row height
    /// by TableSizing's one rule now.
    @Test("a negative row height is refused alike by layout, render and heights, naming the height")
    func negativeContentHeight() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let original = try String(
            contentsOfFile: repositoryRoot + "/Tests/InterfaceBuilderTests/Fixtures/xib2/cells/"
                + "googleads__googleads-mobile-ios-examples__Objective-C__advanced__InlineAdaptiveBannerExample__InlineAdaptiveBannerExample__MenuItem.xib",
            encoding: .utf8)
        let views = ["JNW-NL-0Hz", "EAp-G9-Olh", "PXo-uQ-OCn", "ZkX-KP-T7E", "dNy-H9-dNM"]
        let ring = views.indices.map { index in
            #"<constraint firstItem="\#(views[index])" firstAttribute="top" secondItem="\#(views[(index + 1) % views.count])" "#
                + #"secondAttribute="bottom" constant="8" id="ring-\#(index)"/>"#
        }.joined()
        let anchor = #"id="QxK-H5-R1A"/>"#
        #expect(original.contains(anchor))
        let xib = try scratch.write(original.replacingOccurrences(of: anchor, with: anchor + ring), to: "ring.xib")
        let template = scratch.file("ring.json")
        #expect(try CellFit.run(["import", xib, "--out", template]).status == 0)

        let refusal = "row 0: template 'MenuItemTableViewCell' at width 519: height -95.5 is negative"
        let heights = try CellFit.run(["heights", "--template", template, "--width", "519"])
        #expect(heights.status == 1)
        #expect(heights.stderr.contains(refusal), "\(heights.stderr)")
        let layout = try CellFit.run(["layout", "--template", template, "--width", "519", "--intrinsic", "design", "--json"])
        #expect(layout.status == 1)
        #expect(layout.stdout.isEmpty)
        #expect(layout.stderr.contains("row 0: height -95.5 is negative"), "\(layout.stderr)")
        let render = try CellFit.run(["render", "--template", template, "--width", "519", "--intrinsic", "design", "--out", scratch.file("ring.svg")])
        #expect(render.status == 1)
        #expect(render.stderr.contains("height -95.5 is negative"), "\(render.stderr)")

        // Without the ring the row is 120.5 high in both, and no view is negative.
        let plain = try scratch.write(original, to: "plain.xib"), plainTemplate = scratch.file("plain.json")
        #expect(try CellFit.run(["import", plain, "--out", plainTemplate]).status == 0)
        let plainLayout = try CellFit.run(["layout", "--template", plainTemplate, "--width", "519", "--intrinsic", "design", "--json"])
        let plainHeights = try CellFit.run(["heights", "--template", plainTemplate, "--width", "519"])
        #expect(plainLayout.status == 0 && plainHeights.status == 0)
        #expect(plainLayout.stdout.hasPrefix(#"{"row": 0, "width": 519, "height": 120, "#) && plainHeights.lines.last == "0,120.5")
        #expect(!plainLayout.stderr.contains("negative"))
    }

    @Test("a file that is not Interface Builder's: exit 2 with the file named")
    func notInterfaceBuilder() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.write("<document><objects><label></objects>", to: "bad.xib")
        let result = try CellFit.run(["import", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.xib"))
    }
}
