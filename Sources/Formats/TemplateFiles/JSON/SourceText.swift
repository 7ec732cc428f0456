import JSONSupport

/// The bytes of one file, with the means to turn a byte offset into the line
/// and column an editor shows. Positions are worked out only when there is an
/// error, so reading pays nothing for them.
struct SourceText: Sendable {
    /// The file as it was given, named in every error.
    let path: String
    /// The UTF-8 text.
    let bytes: [UInt8]
    /// The file's line the text starts on: 1 for a whole file, the line's own
    /// number for one line of an NDJSON file read by itself.
    var firstLine = 1
    /// A whole file's line index, where every view or record is given its place; nil
    /// for one line read by itself, which looks positions up only for an error.
    private var positions: TextPositions?

    init(path: String, bytes: [UInt8], firstLine: Int = 1) {
        self.path = path
        self.bytes = bytes
        self.firstLine = firstLine
    }

    /// A whole file: positions are indexed once, so that a file of many views pays
    /// linear time for all their places, not quadratic.
    init(path: String, indexing bytes: [UInt8]) {
        self.init(path: path, bytes: bytes)
        positions = TextPositions(bytes)
    }

    /// The bytes of the file at `path`, refused past `limit` before they are read whole.
    /// - Throws: ``TemplateFileError/Code/unreadableFile`` naming the file and the system's
    ///   reason, or the limit.
    static func bytes(ofFile path: String, limit: Int = .max) throws(TemplateFileError) -> [UInt8] {
        do {
            return try readFileBytes(path, limit: limit)
        } catch {
            throw TemplateFileError(.unreadableFile, file: path, line: 0, column: 0, context: .none, error.message)
        }
    }

    /// 1-based line and column of `offset`, as an editor shows them.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let (line, column) = positions?.lineAndColumn(of: offset) ?? lineAndColumn(of: offset, in: bytes)
        return (line + firstLine - 1, column)
    }

    /// The file as one JSON value, every value and key with its offset.
    /// - Throws: ``TemplateFileError/Code/syntax`` at the first byte that is not
    ///   JSON, ``TemplateFileError/Code/invalidValue`` for a number too large to be finite.
    func parseJSON(_ context: TemplateFileError.Context = .none) throws(TemplateFileError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) -> JSONValue in
                var reader = JSONReader(buffer)
                return try reader.readDocument()
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure):
            throw error(failure.fault == .numberTooLarge ? .invalidValue : .syntax, at: failure.offset, context, failure.message)
        }
    }

    /// The error `what` at `offset`, with the file, line and column filled in.
    func error(
        _ code: TemplateFileError.Code, at offset: Int, _ context: TemplateFileError.Context, _ what: String
    ) -> TemplateFileError {
        let (line, column) = position(of: offset)
        return TemplateFileError(code, file: path, line: line, column: column, context: context, what)
    }

    /// The error `what` at `offset`, about nothing more particular than its place.
    func error(_ code: TemplateFileError.Code, at offset: Int, _ what: String) -> TemplateFileError {
        error(code, at: offset, .none, what)
    }
}
