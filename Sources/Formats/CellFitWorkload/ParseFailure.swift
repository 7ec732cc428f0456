import JSONSupport

/// A fault found while reading, at a byte offset, with the path to it.
///
/// The path is collected while the error unwinds: each level of the parser
/// that catches it appends its own component (innermost first), so the
/// success path pays nothing for paths.
struct ParseFailure: Error {
    var code: WorkloadError.Code
    var offset: Int
    /// Path components, innermost first.
    var reversedPath: [PathComponent]
    var message: String

    init(_ code: WorkloadError.Code, at offset: Int, _ message: String, path: [PathComponent] = []) {
        self.code = code
        self.offset = offset
        self.reversedPath = path.reversed()
        self.message = message
    }

    /// What the JSON reader found: a value of the wrong type breaks the schema, not the syntax.
    init(_ error: JSONError) {
        let code: WorkloadError.Code =
            switch error.fault {
            case .syntax: .syntax
            case .wrongType: .schema
            case .numberTooLarge: .invalidValue
            }
        self.init(code, at: error.offset, error.message)
    }

    /// The same failure, one level further out.
    func within(_ component: PathComponent) -> ParseFailure {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }
}

/// The package's JSON reader, throwing ``ParseFailure``s, so that the parser
/// adds paths to the reader's errors and its own alike.
struct WorkloadScanner {
    private var reader: JSONReader

    init(_ bytes: UnsafeBufferPointer<UInt8>) { reader = JSONReader(bytes) }

    var index: Int { reader.index }

    @inline(__always)
    private mutating func lift<T>(_ read: (inout JSONReader) throws(JSONError) -> T) throws(ParseFailure) -> T {
        do {
            return try read(&reader)
        } catch {
            throw ParseFailure(error)
        }
    }

    mutating func skipWhitespace() { reader.skipWhitespace() }
    mutating func peek() -> UInt8? { reader.peek() }
    mutating func typeMismatch(expected what: String) -> ParseFailure { ParseFailure(reader.typeMismatch(expected: what)) }
    mutating func beginObject() throws(ParseFailure) { try lift { (reader) throws(JSONError) in try reader.beginObject() } }
    mutating func beginArray() throws(ParseFailure) { try lift { (reader) throws(JSONError) in try reader.beginArray() } }
    mutating func expectEnd() throws(ParseFailure) { try lift { (reader) throws(JSONError) in try reader.expectEnd() } }
    mutating func readString() throws(ParseFailure) -> String { try lift { (reader) throws(JSONError) in try reader.readString() } }
    mutating func readNumber() throws(ParseFailure) -> Double { try lift { (reader) throws(JSONError) in try reader.readNumber() } }
    mutating func skipValue(depth: Int) throws(ParseFailure) { try lift { (reader) throws(JSONError) in try reader.skipValue(depth: depth) } }

    mutating func nextKey(first: inout Bool) throws(ParseFailure) -> (key: String, offset: Int)? {
        try lift { (reader) throws(JSONError) in try reader.nextKey(first: &first) }
    }

    mutating func nextElement(first: inout Bool) throws(ParseFailure) -> Bool {
        try lift { (reader) throws(JSONError) in try reader.nextElement(first: &first) }
    }
}
