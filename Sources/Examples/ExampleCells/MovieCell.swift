import CellLayout

/// One row of ExpandableMovies: a film's title, a short intro, the full
/// description, and whether the row has been tapped open.
public struct Movie: Sendable, Hashable {
    /// The title, one line.
    public var title: String
    /// The description shown while the row is closed.
    public var intro: String
    /// The description shown once the row is tapped open.
    public var full: String
    /// Whether the row shows ``full`` rather than ``intro``.
    public var expanded: Bool

    /// Makes a row, closed unless `expanded`.
    public init(title: String, intro: String, full: String, expanded: Bool = false) {
        self.title = title
        self.intro = intro
        self.full = full
        self.expanded = expanded
    }

    /// The description the row shows now.
    public var shownText: String { expanded ? full : intro }
}

/// The ExpandableMovies cell: a container inset 10/8 in the content
/// view; in it an 85 × 100 poster at (6, 6), a one-line title to its right at
/// top 54, and a multi-line description below the poster.
///
/// At width 375 the title is (99, 54, 248, 20) and the description
/// (8, 111, 339, h) in the container's coordinates (add (10, 8) for the content
/// view's), and the content height is 131 + h. Tapping a row swaps its intro
/// for the full text; only that row needs fitting again.
public enum MovieCell {
    /// The rounded box the cell draws, inset 10 at the sides and 8 above and below.
    public static let container = Box("container", subviews: [poster, title, summary])
    /// The film's poster, 85 × 100.
    public static let poster = ImageView("poster", size: Size(width: 85, height: 100))
    /// The title, 15 px, one line, 20 tall.
    public static let title = Label("title", font: Font(size: 15))
    /// The description, 13 px, as many lines as it takes (named "description").
    public static let summary = Label("description", font: Font(size: 13), lines: 0)
    /// The root view.
    public static let contentView = ContentView(subviews: [container])

    /// The cell's constraints, as described above.
    public static let constraints: [LayoutConstraint] = [
        container.leading.constraint(equalTo: contentView.leading, constant: 10),
        container.trailing.constraint(equalTo: contentView.trailing, constant: -10),
        container.top.constraint(equalTo: contentView.top, constant: 8),
        container.bottom.constraint(equalTo: contentView.bottom, constant: -8),
        poster.leading.constraint(equalTo: container.leading, constant: 6),
        poster.top.constraint(equalTo: container.top, constant: 6),
        poster.width.constraint(equalToConstant: 85),
        poster.height.constraint(equalToConstant: 100),
        title.leading.constraint(equalTo: poster.trailing, constant: 8),
        title.trailing.constraint(equalTo: container.trailing, constant: -8),
        title.top.constraint(equalTo: container.top, constant: 54),
        title.height.constraint(equalToConstant: 20),
        summary.leading.constraint(equalTo: container.leading, constant: 8),
        summary.trailing.constraint(equalTo: container.trailing, constant: -8),
        summary.top.constraint(equalTo: poster.bottom, constant: 5),
        summary.bottom.constraint(equalTo: container.bottom, constant: -4),
    ]

    /// The template: binds the title and the description the row shows now.
    /// - Throws: ``CellLayoutError`` if the declarations above were wrong (they are not; tested).
    public static func template() throws(CellLayoutError) -> CellTemplate<Movie> {
        try CellTemplate<Movie>(name: "movie", contentView: contentView, constraints: constraints) { movie, row in
            row.setText(movie.title, for: title)
            row.setText(movie.shownText, for: summary)
        }
    }

    /// `count` closed rows: titles of one to four words, intros of every
    /// ``TextKind`` (by ``TextKind/schedule``), and full texts of the intro
    /// followed by a paragraph.
    public static func content(count: Int, seed: UInt64 = 1, vocabulary: Vocabulary = .english) -> [Movie] {
        var generator = TextGenerator(seed: seed, vocabulary: vocabulary)
        return (0..<max(count, 0)).map { row in
            let title = generator.sentence(words: generator.random.next(in: 1...4))
            let intro = generator.text(forRow: row)
            let more = generator.text(.paragraph)
            return Movie(title: title, intro: intro, full: intro.isEmpty ? more : intro + vocabulary.separator + more)
        }
    }
}
