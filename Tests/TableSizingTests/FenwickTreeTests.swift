import PropertyBased
import Testing
@testable import TableSizing

/// The Fenwick tree and the scroll model's offsets against a naive prefix sum, on
/// random heights and random single-row updates.
@Suite struct FenwickTreeTests {
    /// A case: initial heights in device pixels, then updates (row, new height).
    struct Case: Sendable {
        var heights: [Int64]
        var updates: [(row: Int, height: Int64)]
    }

    static let caseGenerator = zip(
        Gen.int64(in: 0...600).array(of: 1...300),
        zip(Gen.int(in: 0...10_000), Gen.int64(in: 0...600)).array(of: 0...200)
    ).map { heights, updates in
        Case(heights: heights, updates: updates.map { (row: $0.0 % heights.count, height: $0.1) })
    }

    static func naivePrefix(_ values: [Int64]) -> [Int64] {
        var prefix: [Int64] = [0]
        for value in values { prefix.append(prefix[prefix.count - 1] + value) }
        return prefix
    }

    @Test func prefixSumsMatchNaiveSumsAfterRandomUpdates() {
        for seed in propertySeeds {
            var rng = seededGenerator(seed)
            let testCase = Self.caseGenerator.run(using: &rng)
            var values = testCase.heights
            var tree = FenwickTree(values)
            for update in testCase.updates {
                tree.add(update.height - values[update.row], at: update.row)
                values[update.row] = update.height
            }
            let prefix = Self.naivePrefix(values)
            #expect(tree.checkInvariants(against: values), "seed \(seed)")
            #expect((0...values.count).map(tree.prefixSum) == prefix, "seed \(seed)")
            #expect(values.indices.map(tree.value(at:)) == values, "seed \(seed)")
            // The row at every offset: the last row whose top is at or before it.
            for target in stride(from: Int64(0), through: prefix[prefix.count - 1] + 2, by: 7) {
                let expected = prefix.lastIndex(where: { $0 <= target }) ?? 0
                #expect(tree.count(withPrefixSumAtMost: target) == expected, "seed \(seed), offset \(target)")
            }
        }
    }

    @Test func rewriteKeepsTheInvariant() {
        var tree = FenwickTree((0..<100).map { Int64($0) })
        tree.rewrite { index, value in index.isMultiple(of: 3) ? 7 : value }
        let expected = (0..<100).map { $0.isMultiple(of: 3) ? Int64(7) : Int64($0) }
        #expect(tree.checkInvariants(against: expected))
        #expect(tree.prefixSum(100) == expected.reduce(0, +))
    }

    /// The public face: offsets in points, on the @3x grid (not exact in binary), equal
    /// the naive sum in device pixels divided by 3, bit for bit.
    @Test func scrollModelOffsetsMatchNaiveSumsOnTheThirdPixelGrid() throws {
        for seed in propertySeeds.prefix(20) {
            var rng = seededGenerator(seed)
            let testCase = Self.caseGenerator.run(using: &rng)
            var pixels = testCase.heights
            let heights = try RowHeights(width: 375, heights: pixels.map { Double($0) / 3 })
            var model = try ScrollModel(heights: heights, viewportHeight: 600)
            for update in testCase.updates {
                try model.setHeight(Double(update.height) / 3, ofRow: update.row)
                pixels[update.row] = update.height
            }
            let prefix = Self.naivePrefix(pixels)
            for row in 0...pixels.count {
                #expect(model.offset(ofRow: row) == Double(prefix[row]) / 3, "seed \(seed), row \(row)")
            }
            for row in pixels.indices {
                #expect(model.height(ofRow: row) == Double(pixels[row]) / 3, "seed \(seed), row \(row)")
                if pixels[row] > 0 {
                    #expect(model.row(atOffset: Double(prefix[row]) / 3) == row, "seed \(seed), row \(row)")
                }
            }
            #expect(model.contentHeight == Double(prefix[prefix.count - 1]) / 3)
            #expect(model.row(atOffset: model.contentHeight) == nil)
            #expect(model.row(atOffset: -1) == nil)
            #expect(model.checkInvariants())
        }
    }

    @Test func visibleRowsOfAViewport() throws {
        let heights = try RowHeights(width: 320, heights: [10, 0, 10, 20, 5])
        let model = try ScrollModel(heights: heights, viewportHeight: 15)
        #expect(model.visibleRows == 0..<3)  // 0..<15: rows 0, 1 (height 0 at 10) and 2
        #expect(model.visibleRows(inViewportAt: 10, height: 10) == 2..<3)
        #expect(model.visibleRows(inViewportAt: 19.5, height: 1) == 2..<4)
        #expect(model.visibleRows(inViewportAt: 40, height: 100) == 4..<5)
        #expect(model.visibleRows(inViewportAt: 45, height: 100).isEmpty)
        #expect(model.visibleRows(inViewportAt: 0, height: 0).isEmpty)
    }

    @Test func storageIsAtMostSixteenBytesPerRow() throws {
        let model = try ScrollModel(rowCount: 100_000, viewportHeight: 800, estimate: .uniform(44))
        // 8 bytes of Fenwick tree and one bit of "exact" per row (capacities may round up a little).
        #expect(model.bytesPerRow >= 8.125 && model.bytesPerRow <= 8.2)
        #expect(RowHeights.bytesPerRow == 8)
    }
}
