import CellLayout
import JSONSupport

/// One row of a rows file, with the identifier the row carries through sizing.
///
/// A job that sizes millions of rows joins the heights back to its own data by key,
/// not by position, so a row's `"id"` field travels with it: `cellfit heights --format
/// ndjson` writes it on the row's output line. The id is kept as the JSON text it was
/// written as, so that a 64-bit integer or a string with escapes comes out exactly as
/// it went in.
public struct RowRecord: Sendable {
    /// What the template's views show.
    public var content: CellContent
    /// The row's `"id"` field as written (`"p-17"` with its quotes, or `17`); nil when
    /// the row has none.
    public var idJSON: String?

    /// A row and its id's JSON text.
    public init(content: CellContent, idJSON: String? = nil) {
        self.content = content
        self.idJSON = idJSON
    }

    /// The field a row's identifier is read from.
    public static let idField = "id"
}

extension TemplateFile {
    /// Reads a rows file as records: the rows of ``rows(contentsOfFile:)`` with their ids.
    /// - Throws: ``TemplateFileError`` as ``rows(contentsOfFile:)`` does, and
    ///   `wrongFieldType` for an `"id"` that is not a string or a number.
    /// - Parameter workers: threads to parse and bind the rows on (1: this thread alone).
    ///   The records and the errors are the same whatever the count.
    public func records(contentsOfFile path: String, workers: Int = 1) throws(TemplateFileError) -> [RowRecord] {
        try records(parsing: try SourceText.bytes(ofFile: path), path: path, workers: workers)
    }

    /// Reads rows with their ids from the UTF-8 bytes of a rows file; `path` is the
    /// name errors give it.
    /// - Throws: ``TemplateFileError`` as ``records(contentsOfFile:workers:)`` does.
    public func records(parsing bytes: [UInt8], path: String, workers: Int = 1) throws(TemplateFileError) -> [RowRecord] {
        let source = SourceText(path: path, indexing: bytes)
        if let records = Self.parallelElements(of: source, workers: workers, { [self] element, row throws(TemplateFileError) in
            try record(element, row: row, source: source)
        }) {
            return records
        }
        let elements = try Self.rowElements(of: source)
        var records: [RowRecord] = []
        records.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            records.append(try record(element, row: index, source: source))
        }
        return records
    }

    /// Reads one line of an NDJSON rows file (one row object per line).
    ///
    /// Errors give the file, the line's own number and the column in it, and the row.
    ///
    /// - Parameters:
    ///   - line: the line's bytes, without its `\n` (a `\r` before it is left out too).
    ///   - lineNumber: the line's 1-based number in the file.
    ///   - row: the row's index, which errors name.
    ///   - path: the file as it was given (`<stdin>` for standard input).
    ///   - readsID: whether to read the row's `"id"` (and refuse one that is not a
    ///     string or a number); without it, the id is a field like any other.
    /// - Throws: ``TemplateFileError``: `syntax` for a blank line or one that is not a
    ///   single JSON value, and every error of ``rows(parsing:path:)-([UInt8],_)`` and
    ///   ``records(contentsOfFile:)`` for the row it holds.
    public func record(
        parsingLine line: [UInt8], lineNumber: Int, row: Int, path: String, readsID: Bool = true
    ) throws(TemplateFileError) -> RowRecord {
        let source = SourceText(path: path, bytes: line, firstLine: lineNumber)
        guard line.contains(where: { !Self.isJSONWhitespace($0) }) else {
            throw source.error(
                .syntax, at: 0, .init(row: row),
                "the line is blank; every line of an NDJSON rows file is one row (a JSON object)")
        }
        let value = try source.parseJSON(.init(row: row))
        guard readsID else { return RowRecord(content: try RowBinder.bind(value, row: row, bindings: bindings, source: source)) }
        return try record(value, row: row, source: source)
    }

    /// The `"id"` of a line that ``record(parsingLine:lineNumber:row:path:)`` refused,
    /// when the line is a JSON object with a usable id (a string or a number): so that
    /// an error reported for the row still names it.
    public static func idJSON(inLine line: [UInt8]) -> String? {
        let source = SourceText(path: "", bytes: line)
        guard let value = try? source.parseJSON(), case .object(let members) = value.kind,
            let id = members.first(where: { $0.key == RowRecord.idField })?.value
        else { return nil }
        return idText(id, source: source)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func record(_ element: JSONValue, row: Int, source: SourceText) throws(TemplateFileError) -> RowRecord {
        let content = try RowBinder.bind(element, row: row, bindings: bindings, source: source)
        guard case .object(let members) = element.kind,
            let id = members.first(where: { $0.key == RowRecord.idField })?.value
        else { return RowRecord(content: content) }
        guard let text = Self.idText(id, source: source) else {
            throw source.error(
                .wrongFieldType, at: id.offset, .init(row: row, field: RowRecord.idField),
                "expected a string or a number (the row's identifier, carried to its output), found \(id.typeName)")
        }
        return RowRecord(content: content, idJSON: text)
    }

    /// An id's JSON text as written, or nil for a value that is not a string or a number.
    private static func idText(_ id: JSONValue, source: SourceText) -> String? {
        switch id.kind {
        case .string(let text): String(decoding: source.bytes[id.offset...text.end], as: UTF8.self)
        case .number: String(decoding: numberText(in: source.bytes, at: id.offset), as: UTF8.self)
        default: nil
        }
    }

    /// The bytes of the number literal that starts at `offset` (the reader checked its grammar).
    private static func numberText(in bytes: [UInt8], at offset: Int) -> ArraySlice<UInt8> {
        var end = offset
        while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
        return bytes[offset..<end]
    }
}
