import JSONSupport
import ArgumentParser
import CellFitWorkload
import ExampleCells

/// The rows files of `Examples/Data`: the example cells' generated content
/// (ExampleCells' seeded generators) written as JSON rows for the template
/// files of `Examples/Templates`.
///
/// The files are committed, so that `cellfit heights` has data on a fresh
/// clone; this is how they were made, and the tests regenerate them to check
/// that they still match the generators.
enum ExampleData {
    /// Rows per data set. ChatFeed's is the 1000-entry feed; the others
    /// are kept smaller so that the committed files stay small and the tests
    /// that fit every row with both measurers stay quick.
    static let chatRows = 1000
    static let messageRows = 200
    static let movieRows = 200
    static let dynamicRows = 200
    /// EstimatedHeights: ten sections of 25 rows (one title row each).
    static let estimatedRows = 250

    /// Every tenth movie from the fourth on is tapped open, so the data shows
    /// full descriptions too.
    static func isExpanded(movie row: Int) -> Bool { row % 10 == 3 }

    /// The data files, by file name, in a fixed order.
    static func files() -> [(name: String, text: String)] {
        let estimated = EstimatedHeightsCell.content(count: estimatedRows)
        var titles: [TitleRow] = [], basics: [String] = []
        for row in estimated {
            switch row {
            case .title(let title): titles.append(title)
            case .basic(let text): basics.append(text)
            }
        }
        return [
            ("ChatFeed.json", rows(ChatCell.content(count: chatRows)) { [("heading", .string($0.heading)), ("text", .string($0.text))] }),
            ("MessageCells.json", rows(MessageCell.content(count: messageRows)) {
                [("user", .string($0.user)), ("text", .string($0.text)), ("timestamp", .string($0.timestamp)),
                 ("hasMedia", .bool($0.hasMedia))]
            }),
            ("ExpandableMovies.json", rows(movies()) {
                [("title", .string($0.title)), ("description", .string($0.shownText)), ("expanded", .bool($0.expanded))]
            }),
            ("DynamicHeights.json", rows(DynamicHeightsCell.content(count: dynamicRows)) { [("text", .string($0))] }),
            ("EstimatedHeights-title.json", rows(titles) { [("title", .string($0.title)), ("body", .string($0.body))] }),
            ("EstimatedHeights-basic.json", rows(basics) { [("text", .string($0))] }),
        ]
    }

    /// The movies of the data set: the generator's rows, some tapped open.
    static func movies() -> [Movie] {
        MovieCell.content(count: movieRows).enumerated().map { row, movie in
            var movie = movie
            movie.expanded = isExpanded(movie: row)
            return movie
        }
    }

    enum Value {
        case string(String)
        case bool(Bool)
    }

    /// A JSON array with one object per line: stable, and readable in a diff.
    static func rows<Row>(_ rows: [Row], fields: (Row) -> [(String, Value)]) -> String {
        var out = "[\n"
        for (index, row) in rows.enumerated() {
            out += "  {"
            for (k, (name, value)) in fields(row).enumerated() {
                if k > 0 { out += ", " }
                JSONText.appendString(name, to: &out)
                out += ": "
                switch value {
                case .string(let text): JSONText.appendString(text, to: &out)
                case .bool(let flag): out += flag ? "true" : "false"
                }
            }
            out += index + 1 < rows.count ? "},\n" : "}\n"
        }
        return out + "]\n"
    }
}

/// `cellfit example-data`: writes the rows files of `Examples/Data` (hidden: a
/// maintainer's tool, not a user's).
struct ExampleDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-data",
        abstract: "Write the example cells' generated rows as JSON rows files.",
        shouldDisplay: false
    )

    @Option(help: "The directory to write into (it must exist).")
    var out: String = "Examples/Data"

    func run() throws {
        for (name, text) in ExampleData.files() {
            try OutputFile.write(text, to: out + "/" + name)
        }
    }
}
