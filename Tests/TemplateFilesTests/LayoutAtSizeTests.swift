import CellLayout
import Testing
import TemplateFiles

/// Layout at a given size, design intrinsic sizes, the kinds and stack
/// distributions Interface Builder cells need, and scoring frames: each case
/// worked out by hand from UIKit's rules.
@Suite("Layout at a given size, design sizes, buttons, controls, stack distributions, scores")
struct LayoutAtSizeTests {
    static let measurer = FixedAdvanceMeasurer(scale: .x2)   // 16 px: 8 px a character, 20 px a line

    static func fitter(_ json: String) throws -> CellFitter<CellContent> {
        try TemplateFile(parsing: json, path: "t.json").template.makeFitter(measurer: measurer)
    }

    /// A label pinned 10 from every edge, hugging vertically at 250, and a switch at the right.
    static let cell = """
        {"contentView": {"design": [320, 44]},
         "views": [
           {"name": "title", "kind": "label", "font": 16, "staticText": "Hello", "design": [100, 24],
            "hugging": {"h": 251, "v": 250}},
           {"name": "toggle", "kind": "switch", "design": [51, 31]}],
         "constraints": ["title.leading == contentView.leading + 10", "title.top == contentView.top + 10",
                         "contentView.bottom == title.bottom + 10", "toggle.trailing == contentView.margins.trailing",
                         "toggle.centerY == contentView.centerY", "toggle.leading >= title.trailing + 8"]}
        """

    @Test("without a height: the compressed fitting size; with one: the label stretches by its hugging")
    func heldHeight() throws {
        var fitter = try Self.fitter(Self.cell)
        let fitted = try fitter.layout(row: CellContent(), width: 320)
        #expect(fitted.height == 40)   // 10 + the text's 20 + 10
        #expect(fitted.frame(of: "title") == Rect(x: 10, y: 10, width: 40, height: 20))
        let held = try fitter.layout(row: CellContent(), width: 320, height: 60)
        #expect(held.height == 60)
        #expect(held.frame(of: "title") == Rect(x: 10, y: 10, width: 40, height: 40))
        // The switch's alignment rectangle (49 wide) is at the margin; its frame is 2 wider.
        #expect(held.frame(of: "toggle") == Rect(x: 263, y: 14.5, width: 51, height: 31))
        // Back to fitting: the held height is released.
        #expect(try fitter.layout(row: CellContent(), width: 320).height == 40)
    }

    @Test("design intrinsic sizes: every view with intrinsic content takes its design size")
    func designSizes() throws {
        var fitter = try Self.fitter(Self.cell)
        let layout = try fitter.layout(row: CellContent(), width: 320, intrinsicSizes: .design)
        #expect(layout.frame(of: "title") == Rect(x: 10, y: 10, width: 100, height: 24))
        #expect(layout.height == 44)
        #expect(layout.frame(of: "toggle")?.size == Size(width: 51, height: 31))
    }

    @Test("design intrinsic sizes without a design size: an error naming the view")
    func missingDesignSize() throws {
        var fitter = try Self.fitter("""
            {"views": [{"name": "title", "kind": "label", "font": 16, "staticText": "Hi"}],
             "constraints": ["H:|[title]|", "V:|[title]|"]}
            """)
        #expect {
            _ = try fitter.layout(row: CellContent(), width: 320, intrinsicSizes: .design)
        } throws: { error in
            let error = error as? CellLayoutError
            return error?.code == .invalidValue && error?.views == ["title"] && error?.message.contains("design size") == true
        }
        // The failed call leaves the fitter usable.
        #expect(try fitter.layout(row: CellContent(), width: 320).height == 20)
    }

    @Test("a height the required constraints cannot take is unsatisfiable, and the fitter goes on")
    func impossibleHeight() throws {
        var fitter = try Self.fitter("""
            {"views": [{"name": "box", "kind": "box"}],
             "constraints": ["V:|-10-[box(30)]-10-|", "H:|[box]|"]}
            """)
        #expect(throws: CellLayoutError.self) { _ = try fitter.layout(row: CellContent(), width: 100, height: 20) }
        #expect(try fitter.layout(row: CellContent(), width: 100, height: 50).height == 50)
        #expect(try fitter.layout(row: CellContent(), width: 100).height == 50)
    }

    @Test("a button: its title on one line plus its insets")
    func button() throws {
        var fitter = try Self.fitter("""
            {"views": [{"name": "go", "kind": "button", "font": 16, "staticText": "Go!", "insets": {"left": 4, "right": 4}}],
             "constraints": ["go.leading == contentView.leading", "go.top == contentView.top", "contentView.bottom == go.bottom"]}
            """)
        let layout = try fitter.layout(row: CellContent(), width: 320)
        // 3 characters of 8 px, 4 + 4 at the sides; 20 px line, 6 + 6 above and below.
        #expect(layout.frame(of: "go") == Rect(x: 0, y: 0, width: 32, height: 32))
    }

    static func stack(_ distribution: String, spacing: Double = 10, extra: String = "") -> String {
        """
        {"views": [{"name": "s", "kind": "stack", "axis": "horizontal", "distribution": "\(distribution)",
                    "spacing": \(spacing), "alignment": "top" \(extra), "margins": 5, "arrangedSubviews": [
           {"name": "a", "kind": "image", "size": [20, 20], "design": [20, 20]},
           {"name": "b", "kind": "image", "size": [60, 20], "design": [60, 20]},
           {"name": "c", "kind": "image", "size": [20, 20], "design": [20, 20]}]}],
         "constraints": ["H:|[s]|", "V:|[s]|"]}
        """
    }

    @Test("equalCentering: equal distances between centres")
    func equalCentering() throws {
        var fitter = try Self.fitter(Self.stack("equalCentering"))
        let layout = try fitter.layout(row: CellContent(), width: 300)
        let centers = ["a", "b", "c"].compactMap { layout.frame(of: $0)?.midX }
        #expect(centers.count == 3)
        #expect(centers[1] - centers[0] == centers[2] - centers[1])
        #expect(layout.frame(of: "a")?.minX == 0)
        #expect(layout.frame(of: "c")?.maxX == 300)
    }

    @Test("fillProportionally: shares of the length after spacing, by design size")
    func fillProportionally() throws {
        var fitter = try Self.fitter(Self.stack("fillProportionally"))
        let layout = try fitter.layout(row: CellContent(), width: 300)
        // 300 - 2 × 10 of spacing = 280, shared 20 : 60 : 20.
        #expect(layout.frame(of: "a")?.width == 56)
        #expect(layout.frame(of: "b")?.width == 168)
        #expect(layout.frame(of: "c")?.minX == 244)
    }

    @Test("a margins-relative stack lays its views out inside its margins")
    func marginsRelative() throws {
        var fitter = try Self.fitter(Self.stack("fill", extra: ", \"marginsRelative\": true"))
        let layout = try fitter.layout(row: CellContent(), width: 300)
        #expect(layout.frame(of: "a")?.origin == Point(x: 5, y: 5))
        #expect(layout.frame(of: "c")?.maxX == 295)
        #expect(layout.height == 30)
    }

    @Test("scores: CellFit's own frames break nothing; a misplaced view breaks its required constraints")
    func scores() throws {
        var fitter = try Self.fitter(Self.cell)
        let own = try fitter.layout(row: CellContent(), width: 320, height: 44, intrinsicSizes: .design)
        let clean = try fitter.score(frames: own.frames, row: CellContent(), width: 320, intrinsicSizes: .design)
        #expect(clean.requiredViolations.isEmpty)
        #expect(clean.assumedViews.isEmpty)
        #expect(clean.violation(at: .required) < 1e-9)
        var moved = own.frames
        moved["title"] = Rect(x: 14, y: 10, width: 100, height: 24)
        let misplaced = try fitter.score(frames: moved, row: CellContent(), width: 320, intrinsicSizes: .design)
        #expect(misplaced.violation(at: .required) == 4)
        #expect(misplaced.requiredViolations.map(\.views) == [["title", "contentView"]])
        #expect(throws: CellLayoutError.self) {
            _ = try fitter.score(frames: ["nope": .zero], row: CellContent(), width: 320)
        }
    }

    @Test("guides: the safe area is the view's edges, the readable guide its margins; neither has a baseline")
    func guides() throws {
        var fitter = try Self.fitter("""
            {"contentView": {"margins": {"left": 16, "right": 16, "top": 11, "bottom": 11}},
             "views": [{"name": "box", "kind": "box"}],
             "constraints": ["box.leading == contentView.readable.leading", "box.trailing == contentView.readableContentGuide.trailing",
                             "box.top == contentView.safeArea.top", "box.bottom == contentView.safeAreaLayoutGuide.bottom",
                             "box.height == 30"]}
            """)
        let layout = try fitter.layout(row: CellContent(), width: 320)
        #expect(layout.frame(of: "box") == Rect(x: 16, y: 0, width: 288, height: 30))
        #expect(throws: TemplateFileError.self) {
            _ = try TemplateFile(parsing: """
                {"views": [{"name": "l", "kind": "label"}], "constraints": ["l.top == contentView.safeArea.lastBaseline"]}
                """)
        }
    }

    @Test("a label stretched taller than its text keeps its last baseline its descent above its bottom, as UIKit")
    func lastBaselineFromTheBottom() throws {
        var fitter = try Self.fitter("""
            {"views": [{"name": "tall", "kind": "label", "font": 16, "staticText": "A"},
                       {"name": "short", "kind": "label", "font": 16, "staticText": "B"}],
             "constraints": ["tall.top == contentView.top", "tall.height == 40", "H:|[tall]-[short]",
                             "short.lastBaseline == tall.lastBaseline", "short.firstBaseline >= contentView.top"]}
            """)
        let layout = try fitter.layout(row: CellContent(), width: 320)
        // One 20 px line: the short label's baseline lines up with the tall one's only
        // when both sit the same descent above their bottoms, so their bottoms meet.
        #expect(layout.frame(of: "tall") == Rect(x: 0, y: 0, width: 8, height: 40))
        #expect(layout.frame(of: "short") == Rect(x: 16, y: 20, width: 8, height: 20))
    }

    @Test("a bound text with a static default: rows may leave the field out and keep the default")
    func defaultText() throws {
        let file = try TemplateFile(parsing: """
            {"views": [{"name": "title", "kind": "label", "font": 16, "text": "titleText", "staticText": "Hi"}],
             "constraints": ["H:|[title]", "V:|[title]|"]}
            """, path: "t.json")
        let rows = try file.rows(parsing: #"[{}, {"titleText": "Hello"}, {"other": 1}]"#)
        var fitter = file.template.makeFitter(measurer: Self.measurer)
        let widths = try rows.map { try fitter.layout(row: $0, width: 320).frame(of: "title")?.width }
        #expect(widths == [16, 40, 16])
        #expect(throws: TemplateFileError.self) { _ = try file.rows(parsing: #"[{"titleText": 4}]"#) }
    }

    @Test("a tied template: every row's height is the same whatever was fitted before it (issue 19)")
    func historyFree() throws {
        // At the fitting level, `height == 0` and `height == 300` tie for every height
        // between the label's and 300: the simplex's answer depends on where it starts.
        let file = try TemplateFile(parsing: """
            {"views": [{"name": "label", "kind": "label", "font": 15, "lines": 0, "text": "t"}],
             "constraints": ["H:|-16-[label]-16-|", "V:|-11-[label]-(>=11)-|", "contentView.height == 300 @fittingSizeLevel"]}
            """, path: "tie.json")
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "elit"]
        let texts = (0..<60).map { i in (0..<[1, 3, 10, 60, 150, 200][i % 6]).map { words[($0 * 7 + i) % words.count] }.joined(separator: " ") }
        let rows = try file.rows(parsing: "[" + texts.map { "{\"t\": \"\($0)\"}" }.joined(separator: ",") + "]")
        func heights(_ order: [Int], fresh: Bool) throws -> [Int: Double] {
            try exactHeights(file.template, rows, order: order, fresh: fresh, measurer: Self.measurer)
        }
        let forward = try heights(Array(rows.indices), fresh: false)
        #expect(try heights(rows.indices.reversed(), fresh: false) == forward)
        #expect(try heights(Array(rows.indices), fresh: true) == forward)
        #expect(try heights(rows.indices.sorted { ($0 * 37) % 61 < ($1 * 37) % 61 }, fresh: false) == forward)
        // The tie is real: some rows are not at their smallest height.
        #expect(Set(forward.values).count > 1)
    }

    @Test("ambiguity: free frames named, negative sizes and a zero height flagged, a determined cell clean")
    func ambiguity() throws {
        var unpinned = try Self.fitter("""
            {"views": [{"name": "title", "kind": "label", "font": 16, "staticText": "Hi"}],
             "constraints": ["H:|-8-[title]-8-|", "V:|-8-[title]"]}
            """)
        let zero = try unpinned.ambiguity(row: CellContent(), width: 320)
        #expect(zero.collapsesToZero && zero.isAmbiguous)
        #expect(zero.attributes.isEmpty)

        var loose = try Self.fitter("""
            {"views": [{"name": "title", "kind": "label", "font": 16, "staticText": "Hi"},
                       {"name": "box", "kind": "box"}],
             "constraints": ["H:|-8-[title]-8-|", "V:|-8-[title]-8-|", "box.width == 10", "box.height == 10", "box.top == title.top"]}
            """)
        let free = try loose.ambiguity(row: CellContent(), width: 320)
        #expect(free.views == ["box"])
        #expect(free.attributes == ["box.x"])
        #expect(!free.collapsesToZero)

        var tied = try Self.fitter("""
            {"views": [{"name": "label", "kind": "label", "font": 15, "lines": 0, "staticText": "a few words"}],
             "constraints": ["H:|-16-[label]-16-|", "V:|-11-[label]-(>=11)-|", "contentView.height == 300 @fittingSizeLevel"]}
            """)
        #expect(try tied.ambiguity(row: CellContent(), width: 375).attributes == ["contentView.height"])

        // An image with no image, pinned top and bottom: the fitting size squeezes it to
        // -16 (as UIKit would); the report names the negative size, not just the zero height.
        var sizeless = try Self.fitter("""
            {"views": [{"name": "photo", "kind": "image", "imageSize": "img"}],
             "constraints": ["H:|-16-[photo]", "V:|-8-[photo]-8-|"]}
            """)
        let squeezed = try sizeless.ambiguity(row: CellContent(), width: 320)
        #expect(squeezed.negativeSizes == ["photo.height"])
        #expect(squeezed.collapsesToZero)
        #expect(squeezed.description.contains("photo.height is negative: nothing gives the view a size"), "\(squeezed)")
        #expect(zero.negativeSizes.isEmpty && free.negativeSizes.isEmpty)

        var determined = try Self.fitter(Self.cell)
        let clean = try determined.ambiguity(row: CellContent(), width: 320)
        #expect(!clean.isAmbiguous, "\(clean)")
    }

    @Test("recovery: the conflict's last-declared, lowest-priority constraint is broken, and listed")
    func recovery() throws {
        var fitter = try Self.fitter("""
            {"views": [{"name": "title", "kind": "label", "font": 16, "staticText": "Hi"}],
             "constraints": ["H:|-8-[title]-8-|", "title.width == 100", "V:|-8-[title]-8-|"]}
            """)
        #expect(throws: CellLayoutError.self) { _ = try fitter.fit(row: CellContent(), width: 320) }
        fitter.recoversFromConflicts = true
        let layout = try fitter.fit(row: CellContent(), width: 320)
        #expect(layout.brokenConstraints.count == 1)
        #expect(layout.brokenConstraints.first?.hasPrefix("title.width == 100") == true)
        #expect(layout.frame(of: "title") == Rect(x: 8, y: 8, width: 304, height: 20))
        // A later row at the same width reuses the recovered template and says so again.
        #expect(try fitter.fit(row: CellContent(), width: 320).brokenConstraints == layout.brokenConstraints)
        // Where nothing conflicts (at 116 the width is 100 anyway), nothing is broken.
        #expect(try fitter.fit(row: CellContent(), width: 116).brokenConstraints.isEmpty)
    }
}
