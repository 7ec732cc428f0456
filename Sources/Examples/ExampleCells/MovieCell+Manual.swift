import CellLayout
import ManualLayout

extension MovieCell {
    /// The ExpandableMovies cell written by hand: the yardstick for ``template()``.
    ///
    /// A container inset 10/8; in it the poster at (6, 6), the title right of it
    /// at top 54 (its size fixed by the layout, whatever its text), and the
    /// description below the poster, as tall as its wrapped text.
    public struct Manual: ManualCell {
        /// The cell's name in error messages.
        public let name = "movie"

        /// The manual cell.
        public init() {}

        /// Places the container, poster, title and description, and returns the content height.
        /// - Throws: ``ManualLayoutError`` when text cannot be measured.
        public func layout(_ movie: Movie, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
            let inner = pass.bounds.inset(by: EdgeInsets(vertical: 8, horizontal: 10))
            let poster = Rect(x: inner.x + 6, y: inner.y + 6, width: 85, height: 100)
            let title = Rect(x: poster.maxX + 8, y: inner.y + 54, width: inner.maxX - 8 - (poster.maxX + 8), height: 20)
            let summaryWidth = inner.width - 16
            let text = try pass.text(movie.shownText, as: MovieCell.summary, width: summaryWidth)
            let summary = Rect(x: inner.x + 8, y: poster.maxY + 5, width: summaryWidth, height: text.height)
            let container = inner.withHeight(summary.maxY + 4 - inner.y)
            pass.place(MovieCell.container, container)
            pass.place(MovieCell.poster, poster)
            pass.place(MovieCell.title, title)
            pass.place(MovieCell.summary, summary)
            return pass.contentView(height: container.maxY + 8)
        }
    }
}
