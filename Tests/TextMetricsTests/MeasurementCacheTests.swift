import Testing
import TextMetrics

@Suite("MeasurementCache")
struct MeasurementCacheTests {
    @Test("stays within its byte budget however much is stored")
    func bounded() throws {
        let cache = MeasurementCache(byteLimit: 64 << 10)
        let measurer = CachedTextMeasurer(FixedAdvanceMeasurer(), cache: cache)
        let font = Font(size: 10)
        for index in 0..<20_000 {
            _ = try measurer.measure("string number \(index) with some padding text", font: font, maxWidth: 100)
        }
        let stats = cache.statistics
        #expect(stats.estimatedBytes <= cache.byteLimit)
        #expect(stats.count > 100)  // it still holds something useful
        #expect(stats.misses == 20_000)
    }

    @Test("hits return the stored value; every key part matters")
    func keyed() throws {
        let measurer = FixedAdvanceMeasurer().cached()
        let font = Font(size: 10)
        let a = try measurer.measure("hello world", font: font, maxWidth: 30)
        #expect(try measurer.measure("hello world", font: font, maxWidth: 30) == a)
        #expect(measurer.cache.statistics.hits == 1)
        // Different width, font, style, text: all misses with their own answers.
        #expect(try measurer.measure("hello world", font: font, maxWidth: 300).lineCount == 1)
        #expect(try measurer.measure("hello world", font: Font(size: 20), maxWidth: 30).lineCount == 4)  // hel, lo, wor, ld
        #expect(try measurer.measure("hello world", font: font, style: TextStyle(lines: 1), maxWidth: 30).lineCount == 1)
        #expect(try measurer.measure("hello", font: font, maxWidth: 30).lineCount == 1)
        #expect(measurer.cache.statistics.hits == 1)
        #expect(measurer.cache.statistics.misses == 5)
    }

    @Test("a text's composed and decomposed spellings are two entries: Pango measures bytes, String compares canonically")
    func spellingsApart() throws {
        let measurer = FixedAdvanceMeasurer().cached()
        let font = Font(size: 10)
        let composed = "Ångström", decomposed = "A\u{30A}ngstro\u{308}m"
        #expect(composed == decomposed)  // equal as strings
        _ = try measurer.measure(composed, font: font, maxWidth: 30)
        _ = try measurer.measure(decomposed, font: font, maxWidth: 30)
        #expect(measurer.cache.statistics.misses == 2)
        _ = try measurer.measure(decomposed, font: font, maxWidth: 30)
        #expect(measurer.cache.statistics.hits == 1)
    }

    @Test("recently used entries survive eviction")
    func recency() throws {
        let cache = MeasurementCache(byteLimit: 64 << 10)
        let measurer = CachedTextMeasurer(FixedAdvanceMeasurer(), cache: cache)
        let font = Font(size: 10)
        _ = try measurer.measure("keep me", font: font)
        for index in 0..<5000 {
            _ = try measurer.measure("filler \(index)", font: font)
            _ = try measurer.measure("keep me", font: font)  // touched all the time
        }
        let before = cache.statistics.misses
        _ = try measurer.measure("keep me", font: font)
        #expect(cache.statistics.misses == before)
    }

    @Test("errors are thrown, not cached")
    func errors() {
        let measurer = FixedAdvanceMeasurer().cached()
        #expect(throws: TextMeasurementError.self) { try measurer.measure("x", font: Font(size: 0)) }
        #expect(measurer.cache.statistics.count == 0)
    }
}
