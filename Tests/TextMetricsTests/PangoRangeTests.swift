import Testing
import TextMetrics
import PangoText

/// Pango's coordinates are 32-bit (1/1024 pt): past about 2.1 million points a
/// measurement wraps around silently. Requests that could get there are refused with
/// a typed error before Pango runs (issue 19: a line spacing of 2.1e6 trapped the
/// process; 200 lines at 10,000 pt measured −1,866,179 tall).
@Suite("Pango's 32-bit range: typed errors before it, correct numbers inside it")
struct PangoRangeTests {
    let measurer = PangoTextMeasurer(scale: .x2)

    @Test("a line spacing beyond the range: invalidStyle, not a trap")
    func lineSpacing() {
        #expect(performing: {
            _ = try measurer.measure("hello world", font: Font(size: 17), style: TextStyle(lineSpacing: 2.1e6), maxWidth: 300)
        }, throws: { ($0 as? TextMeasurementError)?.kind == .invalidStyle })
    }

    @Test("extents that could pass the range: outOfRange naming the limit",
          arguments: [("hello world", 1e6), ("hello world", 5e5), (String(repeating: "ab\n", count: 200), 1e4)])
    func extents(text: String, size: Double) {
        #expect(performing: {
            _ = try measurer.measure(text, font: Font(size: size), style: .default, maxWidth: .infinity)
        }, throws: { error in
            let error = error as? TextMeasurementError
            return error?.kind == .outOfRange && error?.message.contains("2097151") == true
        })
    }

    @Test("inside the range: the numbers grow with the size, never wrap around")
    func inside() throws {
        let small = try measurer.measure("hello world", font: Font(size: 1000), style: .default, maxWidth: .infinity)
        let large = try measurer.measure("hello world", font: Font(size: 50_000), style: .default, maxWidth: .infinity)
        #expect(small.width > 0 && small.height > 0)
        #expect(abs(large.width / small.width - 50) < 1)
        #expect(abs(large.height / small.height - 50) < 1)
        let lines = try measurer.measure(Array(repeating: "ab", count: 100).joined(separator: "\n"), font: Font(size: 1000), style: .default, maxWidth: .infinity)
        #expect(lines.lineCount == 100)
        #expect(lines.height > 99 * small.height)
    }
}
