import Foundation
import Locking
import Testing
import TextMetrics
import PangoText

@Suite("Thread safety")
struct ThreadSafetyTests {
    /// Runs `body(index)` on `count` threads of their own (not a pool, so there really are
    /// `count` threads, each with its own Pango objects) and waits for all.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }

    static func requests() -> [(String, Double)] {
        var generator = TestText(seed: 2024)
        return (0..<2000).map { index in
            (generator.string(length: 10 + index % 140), Double(40 + (index * 37) % 300))
        }
    }

    @Test("a measurement does not depend on what the thread measured before, in other fonts")
    func historyFree() throws {
        // Found by the measure fuzz suite beside the 8-thread test: with one font map per
        // thread, a flag (no installed font covers it) measured in DejaVu Serif first made
        // the same flag in DejaVu Sans measure 0.5 px narrower on that thread.
        let measurer = PangoTextMeasurer(scale: .x2, cache: nil)
        let text = "🇫🇷 width is wrapped naïve s"
        let fresh = Locked<String>(""), after = Locked<String>("")
        Self.onThreads(1) { _ in
            fresh.withLock { $0 = "\((try? measurer.measure(text, font: Font(size: 14), maxWidth: 332)).map { "\($0)" } ?? "error")" }
        }
        Self.onThreads(1) { _ in
            for family in ["DejaVu Serif", "DejaVu Sans Mono"] {
                _ = try? measurer.measure(
                    "🇫🇷\u{0}hello שלום 👍🏽\t", font: Font(family: family, size: 14), style: TextStyle(lineBreakMode: .truncateTail),
                    maxWidth: 0)
            }
            after.withLock { $0 = "\((try? measurer.measure(text, font: Font(size: 14), maxWidth: 332)).map { "\($0)" } ?? "error")" }
        }
        #expect(fresh.withLock { $0 } == after.withLock { $0 })
        // The flag in Noto Color Emoji (the test bootstrap installs it; 193.5 px was the
        // width of the flag as missing-glyph boxes, before it did).
        #expect(fresh.withLock { $0 }.hasPrefix("196.5x"))
    }

    @Test("8 threads measuring 2000 strings each give exactly the single-thread results")
    func eightThreadsMatchOne() throws {
        let measurer = PangoTextMeasurer(scale: .x2, cache: nil)
        let font = Font(size: 14)
        let requests = Self.requests()
        let expected = try requests.map { try measurer.measure($0.0, font: font, maxWidth: $0.1) }

        let results = Locked<[[TextMeasurement]]>(Array(repeating: [], count: 8))
        let failures = Locked<[String]>([])
        Self.onThreads(8) { thread in
            var mine = Array(repeating: TextMeasurement.zero, count: requests.count)
            // Each thread walks the list from a different place, so threads are measuring
            // different strings at the same moment.
            for offset in 0..<requests.count {
                let index = (offset + thread * 250) % requests.count
                let (text, width) = requests[index]
                do {
                    mine[index] = try measurer.measure(text, font: font, maxWidth: width)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                    return
                }
            }
            results.withLock { $0[thread] = mine }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let all = results.withLock { $0 }
        for thread in 0..<8 where all[thread] != expected {
            let wrong = requests.indices.filter { all[thread].indices.contains($0) && all[thread][$0] != expected[$0] }
            let shown = wrong.prefix(3).map { "'\(requests[$0].0)' at \(requests[$0].1): \(all[thread][$0]), alone \(expected[$0])" }
            Issue.record("thread \(thread): \(wrong.count) of \(requests.count) differ, e.g. \(shown.joined(separator: "; "))")
        }
    }

    @Test("a shared cache under 8 threads gives the same results")
    func sharedCache() throws {
        let cached = PangoTextMeasurer(cache: MeasurementCache(byteLimit: 256 << 10))
        let reference = PangoTextMeasurer(cache: nil)
        let font = Font(size: 13)
        let requests = Array(Self.requests().prefix(300))
        let expected = try requests.map { try reference.measure($0.0, font: font, maxWidth: $0.1) }
        let mismatches = Locked<[String]>([])
        Self.onThreads(8) { _ in
            for (index, (text, width)) in requests.enumerated() {
                let result = Result { () throws(TextMeasurementError) in try cached.measure(text, font: font, maxWidth: width) }
                if (try? result.get()) != expected[index] {
                    mismatches.withLock { $0.append("\(text.debugDescription) at \(width): \(result) != \(expected[index])") }
                }
            }
        }
        #expect(mismatches.withLock { $0 }.isEmpty)
        for line in mismatches.withLock({ $0 }).prefix(5) { print(line) }
    }

    @Test("short-lived threads set up and free their Pango objects")
    func threadChurn() throws {
        let measurer = PangoTextMeasurer(cache: nil)
        let expected = try measurer.measure("churn", font: Font(size: 12))
        let wrong = Locked(0)
        for _ in 0..<10 {
            Self.onThreads(4) { _ in
                if (try? measurer.measure("churn", font: Font(size: 12))) != expected {
                    wrong.withLock { $0 += 1 }
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
