import CellLayout

/// A chat entry: avatar, heading, and a text view (the bubble) that hugs its
/// text up to 40 px short of the trailing edge. The bubble's width depends on
/// its text, so wrapped rows need the full iteration (two solves).
enum ChatCell {
    static let avatar = ImageView("avatar", size: Size(width: 36, height: 36))
    static let heading = Label("heading", font: Font(size: 13, weight: .bold))
    static let bubble = TextView("bubble", font: Font(size: 15))
    static let contentView = ContentView(subviews: [avatar, heading, bubble])

    static func template() throws -> CellTemplate<(String, String)> {
        try CellTemplate<(String, String)>(
            name: "chat", contentView: contentView,
            constraints: [
                avatar.leading.constraint(equalTo: contentView.leading, constant: 10),
                avatar.top.constraint(equalTo: contentView.top, constant: 10),
                avatar.width.constraint(equalToConstant: 36),
                avatar.height.constraint(equalToConstant: 36),
                heading.leading.constraint(equalTo: avatar.trailing, constant: 8),
                heading.top.constraint(equalTo: avatar.top),
                heading.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -10),
                bubble.leading.constraint(equalTo: heading.leading),
                bubble.top.constraint(equalTo: heading.bottom, constant: 4),
                bubble.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -40),
                contentView.bottom.constraint(greaterThanOrEqualTo: bubble.bottom, constant: 10),
                contentView.bottom.constraint(greaterThanOrEqualTo: avatar.bottom, constant: 10),
            ]
        ) { entry, row in
            row.setText(entry.0, for: heading)
            row.setText(entry.1, for: bubble)
        }
    }

    static let rows: [(String, String)] = (0..<40).map { i in
        ("user \(i % 7)", SampleText.words([1, 4, 12, 30, 0, 55][i % 6], seed: i))
    }
}
