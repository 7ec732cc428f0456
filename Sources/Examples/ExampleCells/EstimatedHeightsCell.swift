import CellLayout

/// A title row of EstimatedHeights: a large title and a body text.
public struct TitleRow: Sendable, Hashable {
    /// The large title, one line.
    public var title: String
    /// The body below it, as many lines as it takes (the estimate assumes two).
    public var body: String

    /// Makes a title row.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// One row of EstimatedHeights: a title row or a basic row.
public enum EstimatedRow: Sendable, Hashable {
    /// A section's title row.
    case title(TitleRow)
    /// A basic one-line row.
    case basic(String)

    /// The height a table would assume for the row before fitting it
    /// (`UITableView.estimatedRowHeight`): ``EstimatedHeightsCell/estimatedTitleHeight``
    /// or ``EstimatedHeightsCell/estimatedBasicHeight``.
    public var estimatedHeight: Double {
        switch self {
        case .title: EstimatedHeightsCell.estimatedTitleHeight
        case .basic: EstimatedHeightsCell.estimatedBasicHeight
        }
    }
}

/// The EstimatedHeights cells: title rows (a bold 34 px large title and a
/// 17 px body, with 32 px of margins) and basic rows (one 17 px line, at least
/// 44 tall), each with the height a table would estimate for it before it is
/// fitted, so the example can show how far off the estimates are.
public enum EstimatedHeightsCell {
    /// Vertical space: the content view's margin, and the unit of the title row's spacing.
    public static let margin = 8.0
    /// A typical font's line height as a multiple of its size, for estimates:
    /// estimates are written before any text is measured, as in an app.
    public static let nominalLineHeight = 1.2

    /// The title row's large title: 34 px bold, one line.
    public static let largeTitle = Label("largeTitle", font: Font(size: 34, weight: .bold))
    /// The title row's body: 17 px, as many lines as it takes.
    public static let body = Label("body", font: Font(size: 17), lines: 0)
    /// The title row's root view.
    public static let titleContentView = ContentView(subviews: [largeTitle, body])

    /// The basic row's label: 17 px, one line.
    public static let label = Label("label", font: Font(size: 17))
    /// The basic row's root view.
    public static let basicContentView = ContentView(subviews: [label])

    /// The title row's estimate: one large-title line, two body lines and four
    /// margins (two above the title, as large titles sit low; one between; one
    /// below), at ``nominalLineHeight``, rounded up to a whole pixel: 114.
    public static let estimatedTitleHeight =
        (34 * nominalLineHeight + 2 * 17 * nominalLineHeight + 4 * margin).rounded(.up)
    /// The basic row's estimate: UIKit's standard row height, 44.
    public static let estimatedBasicHeight = 44.0

    /// The title row: large title 2 margins from the top, the body one margin
    /// below it and one above the bottom; both between the side margins.
    /// - Throws: ``CellLayoutError`` if the declarations were wrong (they are not; tested).
    public static func titleTemplate() throws(CellLayoutError) -> CellTemplate<TitleRow> {
        let margins = titleContentView.layoutMarginsGuide
        return try CellTemplate<TitleRow>(
            name: "title", contentView: titleContentView,
            constraints: [
                largeTitle.leading.constraint(equalTo: margins.leading),
                largeTitle.trailing.constraint(lessThanOrEqualTo: margins.trailing),
                largeTitle.top.constraint(equalTo: margins.top, constant: margin),
                body.leading.constraint(equalTo: margins.leading),
                body.trailing.constraint(equalTo: margins.trailing),
                body.top.constraint(equalTo: largeTitle.bottom, constant: margin),
                body.bottom.constraint(equalTo: margins.bottom),
            ]
        ) { row, cell in
            cell.setText(row.title, for: largeTitle)
            cell.setText(row.body, for: body)
        }
    }

    /// The basic row: the label between the margins, centred vertically, and the
    /// row at least ``estimatedBasicHeight`` tall (so a one-line row is exactly 44).
    /// - Throws: ``CellLayoutError`` if the declarations were wrong (they are not; tested).
    public static func basicTemplate() throws(CellLayoutError) -> CellTemplate<String> {
        let margins = basicContentView.layoutMarginsGuide
        return try CellTemplate<String>(
            name: "basic", contentView: basicContentView,
            constraints: [
                label.leading.constraint(equalTo: margins.leading),
                label.trailing.constraint(lessThanOrEqualTo: margins.trailing),
                label.top.constraint(greaterThanOrEqualTo: margins.top),
                label.centerY.constraint(equalTo: basicContentView.centerY),
                basicContentView.height.constraint(greaterThanOrEqualToConstant: estimatedBasicHeight),
            ]
        ) { text, cell in
            cell.setText(text, for: label)
        }
    }

    /// How often a title row starts a section: rows 0, 25, 50, …
    public static let sectionLength = 25

    /// `count` rows: a title row every ``sectionLength`` rows (titles of one to
    /// three words, bodies of every ``TextKind``), basic rows of one to five words.
    public static func content(count: Int, seed: UInt64 = 5, vocabulary: Vocabulary = .english) -> [EstimatedRow] {
        var generator = TextGenerator(seed: seed, vocabulary: vocabulary)
        return (0..<max(count, 0)).map { row in
            if row % sectionLength == 0 {
                let title = generator.sentence(words: generator.random.next(in: 1...3))
                return .title(TitleRow(title: title, body: generator.text(forRow: row / sectionLength)))
            }
            return .basic(generator.sentence(words: generator.random.next(in: 1...5)))
        }
    }
}
