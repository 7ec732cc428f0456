import CellLayout
import JSONSupport

/// A cell template read from a JSON template file, and the reader of the rows
/// files that go with it.
///
/// ```swift
/// let file = try TemplateFile(contentsOfFile: "Examples/Templates/MessageCells.json")
/// let rows = try file.rows(contentsOfFile: "Examples/Data/MessageCells.json")
/// var fitter = file.template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
/// for row in rows { print(try fitter.fit(row, width: 375).rowHeight) }
/// ```
///
/// The file declares views (kind, font, lines, intrinsic size, hugging and
/// compression resistance, margins, visibility, and the row fields they show)
/// and constraints written as equations (`"text.top == username.bottom + 4"`)
/// or in Apple's Visual Format Language (`"H:|-10-[avatar(40)]-10-[username]"`);
/// Docs/TemplateFiles.md describes the format. Every constraint records the
/// file and line it was written on, so an unsatisfiable template points there.
///
/// A `TemplateFile` is an immutable `Sendable` value.
public struct TemplateFile: Sendable {
    /// The file, as it was given (named in every error).
    public let path: String
    /// The cell template: fit its rows with ``CellTemplate/makeFitter(measurer:separatorHeight:)``.
    public let template: CellTemplate<CellContent>
    /// The constraints the file declares, in file order (a visual format makes several).
    public let constraints: [LayoutConstraint]
    /// The row fields the template reads, each once, in the order the views bind them.
    public let fields: [String]
    let bindings: [FieldBinding]
    /// The Interface Builder object id of each view imported from a `.xib` or
    /// `.storyboard` (the `"ib"` key), by view name; empty for other templates.
    public let interfaceBuilderIDs: [String: String]

    /// The template's name: its `"name"`, or the file name without extension.
    public var name: String { template.name }

    /// The largest template file read by default: 64 MiB, far beyond any cell (a template
    /// of 8,000 labels is 300 KB).
    public static let defaultMaximumBytes = 64 << 20

    /// Reads a template file.
    /// - Parameters:
    ///   - path: the file; errors name it as given.
    ///   - maximumBytes: a larger file is refused before it is read whole.
    /// - Throws: ``TemplateFileError``: `unreadableFile` (the limit too), and every error of
    ///   ``init(parsing:path:)-([UInt8],_)``.
    public init(contentsOfFile path: String, maximumBytes: Int = defaultMaximumBytes) throws(TemplateFileError) {
        try self.init(parsing: try SourceText.bytes(ofFile: path, limit: maximumBytes), path: path)
    }

    /// Reads a template from JSON text.
    /// - Throws: ``TemplateFileError`` as ``init(parsing:path:)-([UInt8],_)`` does.
    public init(parsing text: String, path: String = "<template>") throws(TemplateFileError) {
        try self.init(parsing: Array(text.utf8), path: path)
    }

    /// Reads a template from the UTF-8 bytes of a template file.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the name errors give the file.
    /// - Throws: ``TemplateFileError`` for the first mistake, with its line and column:
    ///   `syntax` (not JSON), `wrongType`, `unknownKey`, `missingKey`, `invalidValue`
    ///   (the file's structure); `invalidName`, `duplicateViewName` (views);
    ///   `constraintSyntax`, `unknownView`, `unknownAttribute`, `unknownMetric`,
    ///   `incompatibleAnchors`, `invalidPriority` (constraints); `template` for what
    ///   only ``CellTemplate`` checks (a priority in its reserved range).
    public init(parsing bytes: [UInt8], path: String) throws(TemplateFileError) {
        let source = SourceText(path: path, indexing: bytes)
        let reader = try TemplateReader.read(source)
        self.path = path
        self.template = reader.template
        self.constraints = reader.constraints
        self.bindings = reader.bindings
        self.interfaceBuilderIDs = reader.interfaceBuilderIDs
        var seen = Set<String>()
        self.fields = reader.bindings.map(\.field).filter { seen.insert($0).inserted }
    }

    /// Reads a rows file: a JSON array of objects, one per row, whose fields
    /// the template binds.
    /// - Throws: ``TemplateFileError``: `unreadableFile`, and every error of
    ///   ``rows(parsing:path:)-([UInt8],_)``.
    /// - Parameter workers: threads to parse and bind the rows on (1: this thread alone).
    ///   The rows and the errors are the same whatever the count.
    public func rows(contentsOfFile path: String, workers: Int = 1) throws(TemplateFileError) -> [CellContent] {
        try rows(parsing: try SourceText.bytes(ofFile: path), path: path, workers: workers)
    }

    /// Reads rows from JSON text.
    /// - Throws: ``TemplateFileError`` as ``rows(parsing:path:)-([UInt8],_)`` does.
    public func rows(parsing text: String, path: String = "<rows>") throws(TemplateFileError) -> [CellContent] {
        try rows(parsing: Array(text.utf8), path: path)
    }

    /// Reads rows from the UTF-8 bytes of a rows file.
    /// - Throws: ``TemplateFileError`` with the row index and field: `syntax` for
    ///   text that is not JSON, `wrongType` for a document or row that is not an
    ///   array or object, `missingField` for a field the template binds that a row
    ///   lacks, `wrongFieldType` for a field of the wrong type, `invalidValue` for a
    ///   negative image size. Fields the template does not bind are ignored.
    /// - Parameter workers: threads to parse and bind the rows on (1: this thread alone).
    ///   The rows and the errors are the same whatever the count.
    public func rows(parsing bytes: [UInt8], path: String, workers: Int = 1) throws(TemplateFileError) -> [CellContent] {
        let source = SourceText(path: path, indexing: bytes)
        let bindings = self.bindings
        if let rows = Self.parallelElements(of: source, workers: workers, { element, row throws(TemplateFileError) in
            try RowBinder.bind(element, row: row, bindings: bindings, source: source)
        }) {
            return rows
        }
        let elements = try Self.rowElements(of: source)
        var rows: [CellContent] = []
        rows.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            rows.append(try RowBinder.bind(element, row: index, bindings: bindings, source: source))
        }
        return rows
    }

    /// The row objects of a rows file, unread: its top level must be an array.
    /// - Throws: ``TemplateFileError``: `syntax` for text that is not JSON, `wrongType`
    ///   for a document that is not an array.
    static func rowElements(of source: SourceText) throws(TemplateFileError) -> [JSONValue] {
        let root = try source.parseJSON()
        guard case .array(let elements) = root.kind else {
            throw source.error(.wrongType, at: root.offset, "expected an array of rows (objects of fields), found \(root.typeName)")
        }
        return elements
    }
}
