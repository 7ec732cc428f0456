import CellLayout
import ExampleCells
import Testing

/// Every program's `--json` output: its shape, its row numbers, frames inside
/// their rows, and the same bytes on every run.
@Suite("Examples: --json output")
struct ExampleOutputTests {
    static let rowCount = 24

    @Test("one line per row with row, width, height and frames; rows 0..<n; frames inside the row", arguments: Example.allCases)
    func shape(example: Example) throws {
        let rows = try example.rows(["--rows", "\(Self.rowCount)"])
        // ChatFeed lays every row out at 375 and then at 667; the others at one width.
        let widths: [Double] = example == .chatFeed ? [375, 667] : example == .dynamicHeights ? [320] : [375]
        try #require(rows.count == Self.rowCount * widths.count)
        for (index, row) in rows.enumerated() {
            #expect(row.row == index % Self.rowCount)
            #expect(row.width == widths[index / Self.rowCount])
            #expect(row.height > 0)
            #expect(try row.frame(ContentView.name) == [0, 0, row.width, row.height])
            for (view, frame) in row.frames {
                let inside = frame[0] >= 0 && frame[1] >= 0 && frame[2] >= 0 && frame[3] >= 0
                    && frame[0] + frame[2] <= row.width && frame[1] + frame[3] <= row.height
                #expect(inside, "\(example.rawValue) row \(row.row): \(view) \(frame) outside \(row.width) x \(row.height)")
            }
        }
    }

    @Test("the same output on every run, frames' keys sorted", arguments: Example.allCases)
    func stable(example: Example) throws {
        let arguments = ["--json", "--measurer", "fixed", "--rows", "12"]
        let first = try example.run(arguments), second = try example.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        for line in first.lines {
            let frames = try #require(line.split(separator: "\"frames\": {").last)
            let keys = frames.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(keys == keys.sorted() && !keys.isEmpty)
        }
    }

    @Test("numbers in their shortest form: whole numbers without a fraction")
    func numbers() throws {
        let result = try Example.dynamicHeights.run(["--json", "--measurer", "fixed", "--rows", "1"])
        let line = try #require(result.lines.first)
        #expect(line.hasPrefix(#"{"row": 0, "width": 320, "height": "#))
        #expect(line.contains(#""label": [10, 10, 300, "#))
    }

    @Test("without --json: a summary with rows, time, rows per second and heights", arguments: Example.allCases)
    func summary(example: Example) throws {
        let result = try example.run(["--measurer", "fixed", "--rows", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(example.rawValue): 10 rows at width "))
        #expect(result.stdout.contains(" rows/s "))
        #expect(result.stdout.contains("heights  min "))
    }

    @Test("--engine manual prints the same rows as --engine constraints", arguments: Example.allCases)
    func engines(example: Example) throws {
        for measurer in ["fixed", "pango"] {
            let common = ["--json", "--measurer", measurer, "--rows", "40"]
            let constraints = try example.run(common + ["--engine", "constraints"])
            let manual = try example.run(common + ["--engine", "manual"])
            #expect(constraints.status == 0 && manual.status == 0, "\(constraints.stderr) \(manual.stderr)")
            #expect(!manual.lines.isEmpty)
            #expect(manual.stdout == constraints.stdout, "\(example.rawValue) with \(measurer) text")
        }
    }

    @Test("Pango, the default measurer, at the default scale")
    func pango() throws {
        let result = try Example.messageCells.run(["--json", "--rows", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.lines.map(Row.init).map(\.row) == [0, 1, 2, 3])
    }
}
