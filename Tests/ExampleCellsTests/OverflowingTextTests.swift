import CellLayout
import ExampleCells
import Testing
import PangoText

/// A glyph or cluster wider than its label cannot break: measured at the label's
/// width, the text is wider than that width. That measurement is the answer at
/// that width, and the row settles (issue 19 found "did not settle" here).
@Suite("Text wider than its view: a single glyph, a cluster, a word narrower views cannot break")
struct OverflowingTextTests {
    static let texts = ["hello", "Wm", "🏳️‍🌈🏳️‍🌈", "ดีครับ", "a\tb"]

    @Test("DynamicHeights at widths where the label is narrower than a glyph: a height, and the text's own", arguments: [22.0, 24, 26])
    func narrowLabel(width: Double) throws {
        let measurer = PangoTextMeasurer(scale: .x2)
        var fitter = try DynamicHeightsCell.template().makeFitter(measurer: measurer)
        let label = DynamicHeightsCell.label
        for text in Self.texts {
            let layout = try fitter.fit(text, width: width)
            let frame = try #require(layout.frame(of: label))
            // The label is pinned 10 from each side, so its width is the row's less 20,
            // and its height is its text's at that width, or the 44 it is held to.
            #expect(frame.width == width - 20)
            let text = try measurer.measure(
                text, font: label.font, style: TextStyle(lines: 0, lineBreakMode: label.lineBreakMode), maxWidth: width - 20)
            #expect(text.width > width - 20, "'\(text)' overflows at \(width)")
            #expect(frame.height == max(text.height, 44), "\(text) at \(width)")
            #expect(layout.height == max(text.height, 44) + 20)
            #expect(layout.solves <= 2)
        }
    }
}

/// MessageCells and ChatFeed at narrow widths (issue 19 found "did not settle"
/// at 50 and 100, which was the wrong message: those widths are pinned). Where the
/// required constraints leave a wrapping text a width of at least zero, every row
/// lays out, clusters wider than their label included, with no negative size and
/// the same frames from a fresh fitter; where they make it negative, the row is
/// `tooNarrow`, naming that text — and nothing else happens.
@Suite("Narrow MessageCells and ChatFeed rows: a layout, or tooNarrow naming the text")
struct NarrowExampleTests {
    static let texts = OverflowingTextTests.texts + [
        "مرحبا بالعالم", "ภาษาไทยไม่มีช่องว่าง", "नमस्ते दुनिया", "👩‍👩‍👧‍👦👩‍👩‍👧‍👦 e\u{301}\u{323}", "Supercalifragilisticexpialidocious",
    ]

    /// Lays `row` out with `fitter` and with a fresh fitter; returns whether it laid out.
    static func check<Content>(
        _ template: CellTemplate<Content>, _ fitter: inout CellFitter<Content>, _ row: Content, width: Double,
        narrowText: String, _ what: String
    ) throws -> Bool {
        let measurer = fitter.measurer
        do {
            let result = try fitter.fit(row, width: width)
            var freshFitter = template.makeFitter(measurer: measurer)
            let fresh = try freshFitter.fit(row, width: width)
            for (name, frame) in result.frames {
                #expect(frame.width >= 0 && frame.height >= 0 && frame.height.isFinite, "\(what): \(name) \(frame)")
            }
            #expect(result.frames == fresh.frames, "\(what): depends on the rows before it")
            return true
        } catch {
            #expect(error.code == .tooNarrow, "\(what): \(error)")
            #expect(error.views == [narrowText], "\(what): \(error)")
            return false
        }
    }

    @Test("MessageCells: too narrow at 50, and at 100 with media (the text gets -70 and -20); laid out otherwise",
          arguments: [(50.0, false, false), (100, false, true), (130, true, true), (160, true, true)])
    func messages(width: Double, fitsWithMedia: Bool, fitsWithout: Bool) throws {
        let template = try MessageCell.template()
        var fitter = template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
        for (i, text) in Self.texts.enumerated() {
            let media = i % 2 == 0
            let message = Message(user: Self.texts[(i + 3) % Self.texts.count], text: text, timestamp: "12:0\(i % 10)", hasMedia: media)
            let laidOut = try Self.check(template, &fitter, message, width: width, narrowText: "text", "'\(text)' at \(width)")
            #expect(laidOut == (media ? fitsWithMedia : fitsWithout), "'\(text)' at \(width), media \(media)")
        }
    }

    @Test("ChatFeed: too narrow at 50 and 100 (the bubble's text gets -54 and -4), laid out at 130 and 160",
          arguments: [(50.0, false), (100, false), (130, true), (160, true)])
    func chat(width: Double, fits: Bool) throws {
        let template = try ChatCell.template()
        var fitter = template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
        for (i, text) in Self.texts.enumerated() {
            let entry = ChatEntry(heading: Self.texts[(i + 5) % Self.texts.count], text: text)
            let laidOut = try Self.check(template, &fitter, entry, width: width, narrowText: "bubble", "'\(text)' at \(width)")
            #expect(laidOut == fits, "'\(text)' at \(width)")
        }
    }
}
