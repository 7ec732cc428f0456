import CellLayout
import CellFitSamples
import ExampleCells
import Testing
import PangoText

@Suite("Reuse: one compile per variant, few solves, same answers whatever came before")
struct ReuseTests {
    @Test("a template compiles once per variant; pinned text takes one solve per row")
    func compilesOncePerVariant() throws {
        var fitter = try MessageCell.template().makeFitter(measurer: FixedAdvanceMeasurer())
        for i in 0..<60 {
            let message = Message(user: "u\(i)", text: SampleText.words(i % 25, seed: i), timestamp: "now", hasMedia: i % 2 == 0)
            let layout = try fitter.fit(message, width: i < 30 ? 375 : 320)
            // The text's width is fixed by required constraints: measured once, at that width.
            #expect(layout.solves == 1)
        }
        #expect(fitter.compiledVariantCount == 2)
        #expect(fitter.statistics.variantsCompiled == 2)
        #expect(fitter.statistics.rows == 60)
        #expect(fitter.statistics.solves == 60)
        // Username, text and timestamp once each; an empty text is not measured.
        let emptyTexts = (0..<60).filter { $0 % 25 == 0 }.count
        #expect(fitter.statistics.textMeasurements == 3 * 60 - emptyTexts)
    }

    @Test("text whose width depends on it, alone and bounded: measured once, at its widest, in one solve")
    func bubbleSolves() throws {
        let measurer = FixedAdvanceMeasurer()
        var fitter = try ChatCell.template().makeFitter(measurer: measurer)
        let font = ChatCell.bubble.font
        for entry in ChatCell.sampleRows {
            let text = entry.text
            let layout = try fitter.fit(entry, width: 375)
            let available = 375.0 - 54 - 40 - 10   // the bubble's widest, less its side insets
            let unwrapped = try measurer.measure(text.isEmpty ? " " : text, font: font, style: TextStyle(lines: 0))
            let wrapped = try measurer.measure(text.isEmpty ? " " : text, font: font, style: TextStyle(lines: 0), maxWidth: available)
            // Wrapped or not, the measurement at the bubble's widest is its size.
            #expect(layout.solves == 1, "\(text.count) characters, \(unwrapped.width <= available ? "unwrapped" : "wrapped")")
            #expect(layout.frame(of: ChatCell.bubble)?.size == Size(width: wrapped.width + 10, height: wrapped.height + 16))
        }
        #expect(fitter.compiledVariantCount == 1)
        // As the hand-written cell: the heading once (when it has text) and the bubble once.
        let headings = ChatCell.sampleRows.filter { !$0.heading.isEmpty }.count
        #expect(fitter.statistics.textMeasurements == headings + ChatCell.sampleRows.count)
    }

    /// Fits `rows` in order with one fitter and checks each against a fresh fitter's answer.
    func checkAgainstFresh<C>(_ template: CellTemplate<C>, _ rows: [C], widths: [Double], _ measurer: some TextMeasurer) throws {
        var fitter = template.makeFitter(measurer: measurer)
        for (i, row) in rows.enumerated() {
            let width = widths[i % widths.count]
            let reused = try fitter.fit(row, width: width)
            let fresh = try template.fit(row, width: width, measurer: measurer)
            #expect(reused.frames == fresh.frames, "row \(i)")
            #expect(reused.rowHeight == fresh.rowHeight, "row \(i)")
        }
    }

    @Test("a reused fitter gives every row what a fresh one gives, in any order, across width changes")
    func historyIndependent() throws {
        let measurer = PangoTextMeasurer(scale: .x2)
        try checkAgainstFresh(ChatCell.template(), ChatCell.sampleRows, widths: [375], measurer)
        try checkAgainstFresh(ChatCell.template(), ChatCell.sampleRows.reversed(), widths: [375, 667, 320], measurer)
        let messages = (0..<30).map { i in
            Message(user: "u\(i)", text: SampleText.words((i * 7) % 31, seed: i), timestamp: "12:00", hasMedia: i % 3 == 0)
        }
        try checkAgainstFresh(MessageCell.template(), messages, widths: [375, 667], measurer)
    }

    @Test("most rows are answered from a kept basis, and each such answer is a fresh fitter's")
    func keptBases() throws {
        let measurer = PangoTextMeasurer(scale: .x2)
        func check<C>(_ template: CellTemplate<C>, _ rows: [C], atLeast share: Double) throws {
            var fitter = template.makeFitter(measurer: measurer)
            for (i, row) in rows.enumerated() {
                let reused = try fitter.fit(row, width: 375)
                let fresh = try template.fit(row, width: 375, measurer: measurer)
                #expect(reused.frames == fresh.frames, "\(template.name) row \(i)")
                #expect(reused.exactHeight == fresh.exactHeight, "\(template.name) row \(i)")
            }
            let kept = Double(fitter.statistics.rowsFromKeptBases) / Double(rows.count)
            #expect(kept >= share, "\(template.name): \(fitter.statistics.rowsFromKeptBases) of \(rows.count) rows from kept bases")
        }
        try check(MessageCell.template(), MessageCell.content(count: 150), atLeast: 0.8)
        try check(MovieCell.template(), MovieCell.content(count: 150), atLeast: 0.8)
        try check(DynamicHeightsCell.template(), DynamicHeightsCell.content(count: 150), atLeast: 0.8)
        try check(ChatCell.template(), ChatCell.content(count: 150), atLeast: 0.8)
    }

    @Test("a size the solver refuses is refused the same after rows answered from kept bases, and the fitter goes on")
    func refusedSizesAfterKeptBases() throws {
        let image = ImageView("image", size: Size(width: 40, height: 40))
        let label = Label("label", text: "A label", font: Font(size: 16))
        let contentView = ContentView(subviews: [image, label])
        let template = try CellTemplate<Double>(
            name: "sizes", contentView: contentView,
            constraints: [
                image.leading.constraint(equalTo: contentView.leading, constant: 8),
                image.top.constraint(equalTo: contentView.top, constant: 8),
                contentView.bottom.constraint(greaterThanOrEqualTo: image.bottom, constant: 8),
                label.leading.constraint(equalTo: image.trailing, constant: 8),
                label.top.constraint(equalTo: contentView.top, constant: 8),
                contentView.bottom.constraint(greaterThanOrEqualTo: label.bottom, constant: 8),
            ]
        ) { side, row in
            row.setImageSize(Size(width: side, height: side), for: image)
        }
        var fitter = template.makeFitter(measurer: FixedAdvanceMeasurer())
        for side in stride(from: 10.0, through: 60, by: 2.5) { _ = try fitter.fit(side, width: 320) }
        #expect(fitter.statistics.rowsFromKeptBases > 10)
        for huge in [1e101, 1e101, .greatestFiniteMagnitude] {
            #expect(throws: CellLayoutError.self, "\(huge)") { try fitter.fit(huge, width: 320) }
        }
        // Past the largest value the contract covers, kept bases leave the row to the solver.
        let fresh = try template.fit(2e8, width: 320, measurer: FixedAdvanceMeasurer())
        #expect(try fitter.fit(2e8, width: 320).frames == fresh.frames)
        #expect(try fitter.fit(30, width: 320).frame(of: image) == Rect(x: 8, y: 8, width: 30, height: 30))
    }

    @Test("fitters on several threads at once agree with one fitter on one")
    func parallelFitters() async throws {
        let template = try ChatCell.template()
        let measurer = PangoTextMeasurer(scale: .x2)
        let rows = (0..<4).flatMap { _ in ChatCell.sampleRows }
        var serial = template.makeFitter(measurer: measurer)
        let expected = try rows.map { try serial.fit($0, width: 375).rowHeight }
        let results = try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var fitter = template.makeFitter(measurer: measurer)
                    return (worker, try rows.map { try fitter.fit($0, width: 375).rowHeight })
                }
            }
            var all: [Int: [Double]] = [:]
            for try await (worker, heights) in group { all[worker] = heights }
            return all
        }
        #expect(results.count == 4)
        for heights in results.values { #expect(heights == expected) }
    }
}
