import Cancellation
import Locking
import Testing
@testable import TableSizing

@Suite struct HeightCacheTests {
    /// Movies by identifier; the content of one can change (its description expands).
    final class Movies: Sendable {
        let expanded = Locked<Set<String>>([])
        let ids = (0..<500).map { "movie-\($0)" }

        func height(of id: String, width: Double) -> Double {
            let row = Int(id.dropFirst("movie-".count)) ?? 0
            let base = syntheticHeight(row: row, width: width)
            return expanded.withLock { $0.contains(id) } ? base + 120 : base
        }
    }

    static func makeCache(_ movies: Movies, options: SizingOptions = SizingOptions(workerCount: 2, chunkSize: 32))
        throws -> HeightCache<String>
    {
        try HeightCache(rowIDs: movies.ids, options: options) { width in
            { id in movies.height(of: id, width: width) }
        }
    }

    @Test func widthChangeAndBackCostsNothing() throws {
        let movies = Movies()
        var cache = try Self.makeCache(movies)
        try cache.setWidth(375)
        #expect(cache.heightFunctionCalls == 500)
        let portrait = try #require(cache.heights)
        try cache.setWidth(812)  // rotate
        #expect(cache.heightFunctionCalls == 1000)
        #expect(cache.width == 812)
        #expect(cache.height(of: "movie-7") == movies.height(of: "movie-7", width: 812))
        try cache.setWidth(375)  // and back: free
        #expect(cache.heightFunctionCalls == 1000)
        #expect(try #require(cache.heights).isBitIdentical(to: portrait))
        #expect(cache.cachedWidths == [375, 812])
        #expect(cache.height(of: "movie-7", atWidth: 812) == movies.height(of: "movie-7", width: 812))
    }

    @Test func invalidatingOneRowRefitsThatRowOnly() throws {
        let movies = Movies()
        var cache = try Self.makeCache(movies)
        try cache.setWidth(812)
        try cache.setWidth(375)
        let before = try #require(cache.heights)
        movies.expanded.withLock { _ = $0.insert("movie-42") }
        let newHeight = try cache.invalidate("movie-42")
        #expect(cache.heightFunctionCalls == 1001)  // one row re-fitted
        #expect(newHeight == movies.height(of: "movie-42", width: 375))
        let after = try #require(cache.heights)
        for row in 0..<500 where row != 42 { #expect(after[row].bitPattern == before[row].bitPattern) }
        #expect(after[42] == before[42] + 120)
        // The other width dropped the row: it is re-sized, alone, when the table rotates.
        #expect(cache.height(of: "movie-42", atWidth: 812) == nil)
        #expect(cache.missingRowCount(atWidth: 812) == 1)
        #expect(cache.heights(atWidth: 812) == nil)
        try cache.setWidth(812)
        #expect(cache.heightFunctionCalls == 1002)
        #expect(cache.height(of: "movie-42") == movies.height(of: "movie-42", width: 812))
    }

    @Test func invalidatingWithAHeightFunctionAtHand() throws {
        let movies = Movies()
        var cache = try Self.makeCache(movies)
        try cache.setWidth(375)
        movies.expanded.withLock { _ = $0.insert("movie-3") }
        try cache.invalidate("movie-3") { id in movies.height(of: id, width: 375) }
        #expect(cache.heightFunctionCalls == 501)
        #expect(cache.height(of: "movie-3") == movies.height(of: "movie-3", width: 375))
        #expect(throws: TableSizingError.self) { try cache.invalidate("no such movie") { _ in 44 } }
    }

    @Test func aFailedInvalidationLeavesTheRowUnknown() throws {
        let movies = Movies()
        var cache = try Self.makeCache(movies)
        try cache.setWidth(375)
        let error = #expect(throws: TableSizingError.self) {
            try cache.invalidate("movie-9") { _ in throw RowFailure(row: 9) }
        }
        #expect(error?.row == 9)
        #expect(cache.height(of: "movie-9") == nil)
        #expect(cache.heights == nil)
        try cache.setWidth(375)  // sizes the one row left
        #expect(cache.heightFunctionCalls == 502)
        #expect(cache.heights != nil)
    }

    @Test func cancellationLeavesTheCacheAsItWas() throws {
        let movies = Movies()
        let token = CancellationToken()
        token.cancel()
        var cache = try Self.makeCache(movies, options: SizingOptions(workerCount: 2, chunkSize: 16, cancellation: token))
        #expect(throws: CancellationError.self) { try cache.setWidth(375) }
        #expect(cache.width == nil)
        #expect(cache.cachedWidths.isEmpty)
        #expect(cache.heightFunctionCalls == 0)

        // Size one width, then cancel the rotation part-way.
        cache.options = SizingOptions(workerCount: 2, chunkSize: 16)
        try cache.setWidth(375)
        let portrait = try #require(cache.heights)
        let second = CancellationToken()
        cache.options.cancellation = second
        cache.options.progress = { if $0.rowsDone >= 100 { second.cancel() } }
        #expect(throws: CancellationError.self) { try cache.setWidth(812) }
        #expect(cache.width == 375)
        #expect(cache.cachedWidths == [375])
        #expect(cache.heights.map { $0.isBitIdentical(to: portrait) } == true)
        #expect(cache.heightFunctionCalls > 500 && cache.heightFunctionCalls < 1000)
    }

    @Test func parallelCacheMatchesSerialCache() throws {
        let movies = Movies()
        var serial = try Self.makeCache(movies, options: .serial)
        var parallel = try Self.makeCache(movies, options: SizingOptions(workerCount: 4, chunkSize: 5))
        try serial.setWidth(414)
        try parallel.setWidth(414)
        #expect(try #require(parallel.heights).isBitIdentical(to: try #require(serial.heights)))
    }

    @Test func duplicateIdentifiersAreRejected() {
        let error = #expect(throws: TableSizingError.self) {
            try HeightCache(rowIDs: ["a", "b", "a"]) { _ in { _ in 44 } }
        }
        #expect(error?.code == .duplicateRowID)
        #expect(error?.row == 2)
    }

    @Test func storagePerRow() throws {
        var cache = try HeightCache(rowIDs: Array(0..<10_000)) { _ in { _ in 44 } }
        try cache.setWidth(320)
        try cache.setWidth(480)
        // Two widths × 8 bytes, the identifiers (8) and the dictionary (16 per slot, at most
        // twice the row count in slots).
        #expect(cache.bytesPerRow >= 32 && cache.bytesPerRow <= 60)
    }
}
