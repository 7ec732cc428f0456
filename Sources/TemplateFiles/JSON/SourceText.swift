/// The bytes of one file, with the means to turn a byte offset into the line
/// and column an editor shows. Positions are worked out only when there is an
/// error, so reading pays nothing for them.
struct SourceText: Sendable {
    /// The file as it was given, named in every error.
    let path: String
    /// The UTF-8 text.
    let bytes: [UInt8]

    /// 1-based line and column of `offset`; columns count Unicode scalars, so a
    /// column matches what an editor shows for any text that is not combining marks.
    /// - Complexity: O(offset).
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(max(offset, 0), bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                // A UTF-8 continuation byte belongs to the scalar before it.
                column += 1
            }
        }
        return (line, column)
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
