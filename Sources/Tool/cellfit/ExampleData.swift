import JSONSupport
import ArgumentParser
import CellFitWorkload
import ExampleCells
import ExampleSupport

/// The rows files of `Examples/Data`: the example cells' generated content
/// (ExampleCells' seeded generators) written as JSON rows for the template
/// files of `Examples/Templates`.
///
/// The files are committed, so that `cellfit heights` has data on a fresh
/// clone; this is how they were made, and the tests regenerate them to check
/// that they still match the generators.
enum ExampleData {
    /// Rows per data set. ChatFeed's is the example program's 1000-entry feed; the others
    /// are kept smaller so that the committed files stay small and the tests
    /// that fit every row with both measurers stay quick.
    static let chatRows = 1000
    static let messageRows = 200
    static let movieRows = 200
    static let dynamicRows = 200
    /// DynamicType's rows are sized at twelve categories: fewer rows keep its file and
    /// its tests small.
    static let dynamicTypeRows = 60
    /// EstimatedHeights: ten sections of 25 rows (one title row each).
    static let estimatedRows = 250

    /// Every tenth movie from the fourth on is tapped open, so the data shows
    /// full descriptions too.
    static func isExpanded(movie row: Int) -> Bool { row % 10 == 3 }

    /// The data files, by file name, in a fixed order.
    static func files() -> [(name: String, text: String)] {
        sets.map { set in (set.name + ".json", rows(set.fields(set.defaultCount, .english))) }
    }

    /// One data set: its name (its template's), the rows the committed file holds, and
    /// the fields of the first `count` rows of its generator.
    struct DataSet: Sendable {
        let name: String
        let defaultCount: Int
        let fields: @Sendable (_ count: Int, _ vocabulary: Vocabulary) -> [[(String, Value)]]
    }

    /// The data sets, in a fixed order.
    static let sets: [DataSet] = [
        DataSet(name: "ChatFeed", defaultCount: chatRows) { count, vocabulary in
            ChatCell.content(count: count, vocabulary: vocabulary).map { [("heading", .string($0.heading)), ("text", .string($0.text))] }
        },
        DataSet(name: "MessageCells", defaultCount: messageRows) { count, vocabulary in
            MessageCell.content(count: count, vocabulary: vocabulary).map {
                [("user", .string($0.user)), ("text", .string($0.text)), ("timestamp", .string($0.timestamp)),
                 ("hasMedia", .bool($0.hasMedia))]
            }
        },
        DataSet(name: "ExpandableMovies", defaultCount: movieRows) { count, vocabulary in
            movies(count: count, vocabulary: vocabulary).map {
                [("title", .string($0.title)), ("description", .string($0.shownText)), ("expanded", .bool($0.expanded))]
            }
        },
        DataSet(name: "DynamicHeights", defaultCount: dynamicRows) { count, vocabulary in
            DynamicHeightsCell.content(count: count, vocabulary: vocabulary).map { [("text", .string($0))] }
        },
        // The messages' users, times and texts as a headline, a caption date and a body.
        DataSet(name: "DynamicType", defaultCount: dynamicTypeRows) { count, vocabulary in
            MessageCell.content(count: count, vocabulary: vocabulary).map {
                [("title", .string($0.user)), ("date", .string($0.timestamp)), ("body", .string($0.text))]
            }
        },
        DataSet(name: "EstimatedHeights-title", defaultCount: estimatedRows) { count, vocabulary in
            estimated(count: count, vocabulary: vocabulary).titles.map { [("title", .string($0.title)), ("body", .string($0.body))] }
        },
        DataSet(name: "EstimatedHeights-basic", defaultCount: estimatedRows) { count, vocabulary in
            estimated(count: count, vocabulary: vocabulary).basics.map { [("text", .string($0))] }
        },
    ]

    /// EstimatedHeights' `count` rows, split by kind.
    static func estimated(count: Int, vocabulary: Vocabulary = .english) -> (titles: [TitleRow], basics: [String]) {
        var titles: [TitleRow] = [], basics: [String] = []
        for row in EstimatedHeightsCell.content(count: count, vocabulary: vocabulary) {
            switch row {
            case .title(let title): titles.append(title)
            case .basic(let text): basics.append(text)
            }
        }
        return (titles, basics)
    }

    /// The movies of the data set: the generator's rows, some tapped open.
    static func movies(count: Int = movieRows, vocabulary: Vocabulary = .english) -> [Movie] {
        MovieCell.content(count: count, vocabulary: vocabulary).enumerated().map { row, movie in
            var movie = movie
            movie.expanded = isExpanded(movie: row)
            return movie
        }
    }

    enum Value: Sendable {
        case string(String)
        case bool(Bool)
        case integer(Int)
    }

    /// A JSON array with one object per line: stable, and readable in a diff.
    static func rows(_ rows: [[(String, Value)]]) -> String {
        var out = "[\n"
        for (index, fields) in rows.enumerated() {
            out += "  " + object(fields, separator: ", ") + (index + 1 < rows.count ? ",\n" : "\n")
        }
        return out + "]\n"
    }

    /// One JSON object per line, each with an integer `"id"` (its row index) first.
    static func lines(_ rows: [[(String, Value)]]) -> String {
        var out = ""
        for (index, fields) in rows.enumerated() {
            out += object([("id", .integer(index))] + fields, separator: ",") + "\n"
        }
        return out
    }

    private static func object(_ fields: [(String, Value)], separator: String) -> String {
        var out = "{"
        for (k, (name, value)) in fields.enumerated() {
            if k > 0 { out += separator }
            JSONText.appendString(name, to: &out)
            out += separator == "," ? ":" : ": "
            switch value {
            case .string(let text): JSONText.appendString(text, to: &out)
            case .bool(let flag): out += flag ? "true" : "false"
            case .integer(let number): out += String(number)
            }
        }
        return out + "}"
    }
}

/// `cellfit example-data`: writes the rows files of `Examples/Data` (hidden: a
/// maintainer's tool, not a user's).
struct ExampleDataCommand: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-data",
        abstract: "Write the example cells' generated rows as JSON rows files.",
        shouldDisplay: false
    )

    @OptionGroup var budget: BudgetOptions

    @Option(help: "The directory to write into (it must exist); with --cell, the file to write, or - for standard output.")
    var out: String = "Examples/Data"

    @Option(help: ArgumentHelp("Write one data set's rows instead (ChatFeed, MessageCells, …), each with an integer \"id\".", valueName: "name"))
    var cell: String?

    @Option(help: "With --cell: how many rows of its generator.")
    var rows: Int?

    @Option(help: "With --cell: json (an array) or ndjson (one object per line).")
    var format: RowsFormat = .ndjson

    @Option(help: "With --cell: the words its texts are generated from: english, chinese, japanese, cjk or emoji.")
    var vocabulary: VocabularyChoice = .english

    enum RowsFormat: String, ExpressibleByArgument {
        case json
        case ndjson
    }

    func validate() throws {
        if let cell, !ExampleData.sets.contains(where: { $0.name == cell }) {
            throw ValidationError("no data set '\(cell)'; there are " + ExampleData.sets.map(\.name).joined(separator: ", ") + ".")
        }
        if let rows, rows < 0 { throw ValidationError("--rows must be 0 or more (got \(rows)).") }
        if cell == nil, rows != nil { throw ValidationError("--rows goes with --cell.") }
        if cell == nil, vocabulary.name != VocabularyChoice.english.name { throw ValidationError("--vocabulary goes with --cell.") }
    }

    func run() throws {
        guard let set = ExampleData.sets.first(where: { $0.name == cell }) else {
            for (name, text) in ExampleData.files() {
                try OutputFile.write(text, to: out + "/" + name)
            }
            return
        }
        var fields = set.fields(rows ?? set.defaultCount, vocabulary.vocabulary)
        if format == .json {
            for index in fields.indices { fields[index].insert(("id", .integer(index)), at: 0) }
        }
        let text = format == .json ? ExampleData.rows(fields) : ExampleData.lines(fields)
        if out == "-" {
            StandardOutput.closeQuietlyOnBrokenPipe()
            try StandardOutput.writing { try $0.write(text) }
        } else {
            try OutputFile.write(text, to: out)
        }
    }
}
