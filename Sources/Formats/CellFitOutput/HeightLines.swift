import CellLayout
import JSONSupport
import TableSizing

/// The output formats of `cellfit heights --format`.
public enum HeightsFormat: String, CaseIterable, Sendable {
    /// A header, then one line per row (and width).
    case csv
    /// One JSON object for the whole table.
    case json
    /// One JSON object per line, per row (and width): `{"row", "id", "width", "height"}`.
    case ndjson
}

/// `["a","b"]`: strings as a JSON array.
public func jsonStrings(_ list: [String]) -> String {
    "[" + list.map { item in var out = ""; JSONText.appendString(item, to: &out); return out }.joined(separator: ",") + "]"
}

/// What one row got at one width: its height, or why it has none.
public enum RowOutcome: Sendable {
    /// The row's height.
    case height(Double)
    /// Why it has none, in `heights`' words.
    case error(String)

    /// A sizer's result, its failure worded as ``HeightMessages/layoutFailure(_:template:width:)`` words it.
    public init(_ result: Result<Double, TableSizingError>, template: String, width: Double) {
        switch result {
        case .success(let height): self = .height(height)
        case .failure(let error): self = .error(HeightMessages.layoutFailure(error, template: template, width: width))
        }
    }

    /// The height as a JSON number, or `null`.
    public var jsonHeight: String {
        if case .height(let height) = self { return JSONText.compactNumber(height) }
        return "null"
    }
}

/// The columns of `heights`: every width at every content size category. A row's
/// jobs are its columns, category by category, each category's widths together.
public struct HeightColumns: Sendable {
    /// The widths, in the order given.
    public let widths: [Double]
    /// Large alone when `--content-size` is not given.
    public let categories: [ContentSizeCategory]
    /// Whether `--content-size` was given: lines then name the category.
    public let labelsCategory: Bool

    /// Columns of every width at every category.
    public init(widths: [Double], categories: [ContentSizeCategory], labelsCategory: Bool) {
        self.widths = widths
        self.categories = categories
        self.labelsCategory = labelsCategory
    }

    /// How many columns a row has.
    public var count: Int { widths.count * categories.count }
    /// The width of `column`.
    public func width(_ column: Int) -> Double { widths[column % widths.count] }
    /// The content size category of `column`.
    public func category(_ column: Int) -> ContentSizeCategory { categories[column / widths.count] }

    /// `"row":n` of a job, with `"width"` and `"contentSize"` where the output has several
    /// widths or categories.
    public func jobFields(_ job: Int) -> String {
        let column = job % count
        var out = "\"row\":\(job / count)"
        if widths.count > 1 { out += ",\"width\":" + JSONText.compactNumber(width(column)) }
        if labelsCategory { out += ",\"contentSize\":\"\(category(column).abbreviation)\"" }
        return out
    }
}

/// The csv and ndjson lines of `heights`: a header, then one line per row and column.
public struct HeightLines: Sendable {
    /// csv or ndjson.
    public let format: HeightsFormat
    /// The widths and categories of each row.
    public let columns: HeightColumns
    /// Whether rows that fail get a line with their error (`--on-error report`).
    public let reportsErrors: Bool

    /// Lines in `format` for `columns`.
    public init(format: HeightsFormat, columns: HeightColumns, reportsErrors: Bool) {
        self.format = format
        self.columns = columns
        self.reportsErrors = reportsErrors
    }

    /// The csv header (`row,height`, `row,width,contentSize,height` as the columns ask,
    /// with `,error` under `report`); nothing for ndjson.
    public var header: String {
        guard format == .csv else { return "" }
        return "row," + (columns.widths.count > 1 ? "width," : "") + (columns.labelsCategory ? "contentSize," : "") + "height"
            + (reportsErrors ? ",error" : "") + "\n"
    }

    /// The line of `row` in `column`.
    public func line(row: Int, id: String?, column: Int, outcome: RowOutcome, broken: [String]) -> String {
        let several = columns.widths.count > 1
        var out: String
        if format == .csv {
            out = String(row) + "," + (several ? JSONText.compactNumber(columns.width(column)) + "," : "")
            if columns.labelsCategory { out += columns.category(column).abbreviation + "," }
            switch outcome {
            case .height(let height): out += JSONText.compactNumber(height) + (reportsErrors ? "," : "")
            case .error(let message): out += "," + Self.csvField(message)
            }
            return out + "\n"
        }
        out = "{\"row\":" + String(row)
        if let id { out += ",\"id\":" + id }
        if several { out += ",\"width\":" + JSONText.compactNumber(columns.width(column)) }
        if columns.labelsCategory { out += ",\"contentSize\":\"" + columns.category(column).abbreviation + "\"" }
        switch outcome {
        case .height(let height): out += ",\"height\":" + JSONText.compactNumber(height)
        case .error(let message):
            out += ",\"error\":"
            JSONText.appendString(message, to: &out)
        }
        if !broken.isEmpty { out += ",\"broken\":" + jsonStrings(broken) }
        return out + "}\n"
    }

    /// A CSV field, quoted (RFC 4180: inner quotes doubled) since messages hold commas.
    static func csvField(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}

/// The words of `heights` for a row that cannot be sized.
public enum HeightMessages {
    /// `row 12: <the engine's error>`; see ``layoutFailure(_:template:width:)``.
    public static func rowFailure(_ error: TableSizingError, template: String, width: Double) -> String {
        (error.row.map { "row \($0): " } ?? "") + layoutFailure(error, template: template, width: width)
    }

    /// The engine's error (which names the template and the width); for a height
    /// TableSizing refuses, `template 'T' at width W: height 1200000 is above the limit
    /// of 1000000 points (maximumRowHeight)`.
    public static func layoutFailure(_ error: TableSizingError, template: String, width: Double) -> String {
        if let underlying = error.underlying { return "\(underlying)" }
        if let reason = error.limitReason { return "template '\(template)' at width \(width.geometryText): " + reason }
        return "\(error)"
    }
}
