import CellLayout

/// The ExpandableMovies cell of the issue: a container inset 10/8 in the content
/// view; in it an 85x100 image at (6, 6), a title to its right at top 54, and a
/// description below the image.
struct Movie: Sendable {
    var title: String
    var intro: String
    var full: String
    var expanded = false
}

enum MovieCell {
    static let container = Box("container", subviews: [poster, title, summary])
    static let poster = ImageView("poster", size: Size(width: 85, height: 100))
    static let title = Label("title", font: Font(size: 15))
    static let summary = Label("description", font: Font(size: 13), lines: 0)
    static let contentView = ContentView(subviews: [container])

    static let constraints: [LayoutConstraint] = [
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

    static func template() throws -> CellTemplate<Movie> {
        try CellTemplate<Movie>(name: "movie", contentView: contentView, constraints: constraints) { movie, row in
            row.setText(movie.title, for: title)
            row.setText(movie.expanded ? movie.full : movie.intro, for: summary)
        }
    }
}
