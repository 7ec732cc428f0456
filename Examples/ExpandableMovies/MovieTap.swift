import CellFitOutput
import ExampleCells
import ExampleSupport
import TableSizing

/// `--sizing`: the films in a ``HeightCache`` (sized by the workers) and a
/// ``ScrollModel``; tapping a row open re-fits that row alone and moves every row
/// below it by the height difference, and nothing above it.
struct MovieTap<Engine: LayoutEngine> where Engine.Content == Movie {
    /// A phone's portrait screen: 667 points of content visible at a time.
    static var viewportHeight: Double { 667 }

    let example: ExampleRun
    /// The row tapped open.
    let row: Int
    let makeEngine: EngineFactory<Engine>

    func run(_ movies: [Movie]) throws {
        let width = example.widths.last ?? 375
        var cache = try example.heightCache(movies, makeEngine: makeEngine)
        let (timing, _) = try ExampleRun.setWidth(width, of: &cache)
        guard let heights = cache.heights else { preconditionFailure("setWidth succeeded: every row is known") }
        var model = try ScrollModel(heights: heights, viewportHeight: Self.viewportHeight)
        // The tapped row just below the top of the screen, where a finger would find it.
        try model.scrollToRow(max(0, row - 1)) { heights[$0] }
        print("ExpandableMovies: \(movies.count) rows at width \(numberText(width)) in a HeightCache, "
            + "\(cache.heightFunctionCalls) height calls by \(example.workersDescription) in \(timing.wallDescription) "
            + "(\(example.options.measurerDescription))")
        let visible = model.visibleRows
        print("  scroll model: viewport \(numberText(Self.viewportHeight)), rows \(visible.lowerBound)..<\(visible.upperBound) "
            + "on screen, content height \(numberText(model.contentHeight))")

        let before = (0...movies.count).map(model.offset(ofRow:))
        let contentBefore = model.contentHeight
        var tapped = movies[row]
        tapped.expanded = true
        var engine = try makeEngine()
        let callsBefore = cache.heightFunctionCalls
        let newHeight: Double
        do {
            // The cache's workers were made over the rows as they were; the tapped row's
            // new content reaches the cache through this height function, on this thread.
            newHeight = try cache.invalidate(row) { _ in try engine.rowHeight(tapped, width: width) } ?? heights[row]
        } catch {
            throw ExampleRun.sizingError(error, width: width)
        }
        let calls = cache.heightFunctionCalls - callsBefore
        let step = try model.setHeight(newHeight, ofRow: row)
        let after = (0...movies.count).map(model.offset(ofRow:))
        let d = newHeight - heights[row]

        // Offsets of the @1x-@3x grids are exact in Double, so "exactly" means ==.
        let still = (0...row).filter { after[$0] == before[$0] }.count
        let moved = (row + 1..<movies.count).filter { after[$0] - before[$0] == d }.count
        print("tap row \(row): \(calls) height call\(calls == 1 ? "" : "s") (HeightCache.invalidate), row height "
            + "\(numberText(heights[row])) -> \(numberText(newHeight)), d = \(numberText(d))")
        print("  rows 0...\(row) (their tops): moved 0, \(still) of \(row + 1)")
        print("  rows \(row + 1)..<\(movies.count): moved by exactly d = \(numberText(d)), "
            + "\(moved) of \(movies.count - row - 1)")
        print("  content height \(numberText(contentBefore)) -> \(numberText(model.contentHeight)); first visible row "
            + "\(step.anchorRow.map(String.init) ?? "none"): on-screen shift \(numberText(step.firstVisibleRowShift))")
    }
}
