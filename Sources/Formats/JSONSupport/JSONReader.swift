/// What kind of fault a ``JSONReader`` found; each reader of a format maps it
/// to its own error codes.
package enum JSONFault: Sendable {
    /// The text is not JSON.
    case syntax
    /// A well-formed value of another type than the one asked for.
    case wrongType
    /// A number too large to be a finite `Double`.
    case numberTooLarge
}

/// A fault the ``JSONReader`` found, at a byte offset: each format's reader
/// turns it into its own error, with its own codes and path.
package struct JSONError: Error, Sendable {
    package let fault: JSONFault
    /// The byte offset of the fault.
    package let offset: Int
    package let message: String

    package init(_ fault: JSONFault, at offset: Int, _ message: String) {
        self.fault = fault
        self.offset = offset
        self.message = message
    }
}

/// The package's one JSON reader (RFC 8259): a pull reader over UTF-8 bytes.
///
/// A format's reader asks for exactly what its schema expects next ("an
/// object", "a number", "the next key"), so large files are read without a
/// tree and a value of the wrong type is reported where it stands; small
/// files that are easier to check in any order ask for the tree
/// (``readValue(depth:)``). Line and column are worked out from the byte
/// offset only when there is an error (``lineAndColumn(of:in:)``).
///
/// Never traps: every malformed input, including invalid UTF-8 and nesting
/// deeper than ``maximumDepth``, becomes a ``JSONError``. The bytes must outlive
/// the reader (it is used inside `withUnsafeBufferPointer`).
package struct JSONReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package var index = 0

    /// Deeper nesting is rejected before it can exhaust the stack: templates
    /// need one level per view nesting plus about four, workloads four.
    package static var maximumDepth: Int { 64 }

    /// A reader at the first byte, past a UTF-8 byte-order mark (harmless; some editors write one).
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: Bytes

    @inline(__always)
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, without consuming it; `nil` at the end.
    @inline(__always)
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// What is at `offset`, for "expected …, found …": the type of a value
    /// that starts there, or the character.
    package func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the input" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t") where hasLiteral("true", at: offset),
            UInt8(ascii: "f") where hasLiteral("false", at: offset):
            return "a boolean"
        case UInt8(ascii: "n") where hasLiteral("null", at: offset): return "null"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let tail = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)])
            if byte >= 0x80, let scalar = String(decoding: tail, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}" {
                return "'\(scalar)'"
            }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    package func syntaxError(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(.syntax, at: offset ?? index, message)
    }

    /// "expected `what`, found …" at the next value: a type error when a
    /// well-formed value of another type is there, a syntax error otherwise.
    package mutating func typeMismatch(expected what: String) -> JSONError {
        skipWhitespace()
        let found = describe(at: index)
        let isValue = index < bytes.count && Self.startsValue(bytes[index]) && !found.hasPrefix("'")
        return JSONError(isValue ? .wrongType : .syntax, at: index, "expected \(what), found \(found)")
    }

    private static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default: false
        }
    }

    // MARK: Structure

    /// Consumes the `{` of an object.
    /// - Throws: when the next value is not an object.
    package mutating func beginObject() throws(JSONError) {
        guard peek() == UInt8(ascii: "{") else { throw typeMismatch(expected: "an object") }
        index += 1
    }

    /// Reads the next member's key and its `:`; `nil` after consuming the closing `}`.
    ///
    /// `first` is true before the first member, so the reader knows whether a
    /// comma must come first. Returns the key and the offset of its opening quote.
    package mutating func nextKey(first: inout Bool) throws(JSONError) -> (key: String, offset: Int)? {
        guard try continues(first: &first, close: UInt8(ascii: "}")) else {
            return nil
        }
        guard peek() == UInt8(ascii: "\"") else {
            throw syntaxError("expected a key in quotes, found \(describe(at: index))")
        }
        let offset = index
        let key = try readString()
        guard peek() == UInt8(ascii: ":") else {
            throw syntaxError("expected ':' after the key '\(key)', found \(describe(at: index))")
        }
        index += 1
        return (key, offset)
    }

    /// Consumes the `[` of an array.
    /// - Throws: when the next value is not an array.
    package mutating func beginArray() throws(JSONError) {
        guard peek() == UInt8(ascii: "[") else { throw typeMismatch(expected: "an array") }
        index += 1
    }

    /// Moves to the next element of an array: `true` with the reader at the
    /// element, or `false` after consuming the closing `]`.
    package mutating func nextElement(first: inout Bool) throws(JSONError) -> Bool {
        try continues(first: &first, close: UInt8(ascii: "]"))
    }

    /// Consumes the separator before an element, or the closing bracket; `true` when an element follows.
    @inline(__always)
    private mutating func continues(first: inout Bool, close: UInt8) throws(JSONError) -> Bool {
        guard let byte = peek() else { throw separatorError(close: close) }
        if byte == close {
            index += 1
            return false
        }
        if first {
            first = false
            return true
        }
        guard byte == UInt8(ascii: ",") else { throw separatorError(close: close) }
        index += 1
        if peek() == close {
            // The likeliest slip in hand-written JSON; name it.
            throw syntaxError("trailing comma: expected a value after ',', found '\(Character(Unicode.Scalar(close)))'")
        }
        return true
    }

    /// Neither a separator nor `close` where one belongs.
    private func separatorError(close: UInt8) -> JSONError {
        let closing = Character(Unicode.Scalar(close))
        let (what, after) = close == UInt8(ascii: "}") ? ("object", "an object member") : ("array", "an array element")
        guard index < bytes.count else {
            return syntaxError("unterminated \(what): expected ',' or '\(closing)', found the end of the input")
        }
        return syntaxError("expected ',' or '\(closing)' after \(after), found \(describe(at: index))")
    }

    /// Checks that nothing but whitespace follows the top-level value.
    package mutating func expectEnd() throws(JSONError) {
        if peek() != nil {
            throw syntaxError("expected the end of the document, found \(describe(at: index))")
        }
    }

    // MARK: Values

    /// Reads a string value.
    /// - Throws: when the next value is not a string, or the string is malformed.
    package mutating func readString() throws(JSONError) -> String {
        try readStringLiteral(keepingOffsets: false).value
    }

    /// Reads a string value with what it takes to find each of its characters
    /// in the input (``JSONString/offset(ofScalar:)``).
    package mutating func readStringLiteral() throws(JSONError) -> JSONString {
        try readStringLiteral(keepingOffsets: true)
    }

    private mutating func readStringLiteral(keepingOffsets: Bool) throws(JSONError) -> JSONString {
        guard peek() == UInt8(ascii: "\"") else { throw typeMismatch(expected: "a string") }
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, which is nearly every string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index]), stringAt: open)
                index += 1
                return JSONString(value: text, start: start, end: index - 1, scalarOffsets: nil)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw controlCharacter() }
            index += 1
        }
        guard index < bytes.count else { throw syntaxError("unterminated string", at: open) }
        // Escapes: collect the bytes, and (when asked) where each scalar came from.
        var buffer = Array(bytes[start..<index])
        var offsets = keepingOffsets ? (start..<index).filter { bytes[$0] & 0xC0 != 0x80 } : []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let text = try buffer.withUnsafeBufferPointer { (buffer) throws(JSONError) in
                    try decodeUTF8(buffer, stringAt: open)
                }
                index += 1
                return JSONString(value: text, start: start, end: index - 1, scalarOffsets: keepingOffsets ? offsets : nil)
            case UInt8(ascii: "\\"):
                if keepingOffsets { offsets.append(index) }
                try readEscape(into: &buffer)
            case 0..<0x20:
                throw controlCharacter()
            default:
                if keepingOffsets, byte & 0xC0 != 0x80 { offsets.append(index) }
                buffer.append(byte)
                index += 1
            }
        }
        throw syntaxError("unterminated string", at: open)
    }

    private func decodeUTF8(_ text: UnsafeBufferPointer<UInt8>, stringAt open: Int) throws(JSONError) -> String {
        // ASCII needs no validation; checking for it first is cheaper than validating.
        if !text.contains(where: { $0 >= 0x80 }) { return String(decoding: text, as: UTF8.self) }
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw syntaxError("invalid UTF-8 in a string", at: open)
        }
        return decoded
    }

    private func controlCharacter() -> JSONError {
        let byte = bytes[index]
        let hint = byte == 0x0A ? " (a line break: strings end on the line they start; write \\n)" : "; escape it"
        return syntaxError("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string\(hint)")
    }

    /// Reads one escape sequence (the reader is at the backslash) and appends its UTF-8.
    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
        let escape = index
        index += 1
        guard index < bytes.count else { throw syntaxError("unterminated string", at: escape) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var value = try readHex4(escape: escape)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate needs an escaped low surrogate right after it.
                let low: UInt32? =
                    index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
                    ? try { () throws(JSONError) -> UInt32 in
                        index += 2
                        return try readHex4(escape: escape)
                    }() : nil
                guard let low, (0xDC00...0xDFFF).contains(low) else {
                    throw syntaxError("invalid \\u escape: a high surrogate without a low surrogate", at: escape)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntaxError("invalid \\u escape: a low surrogate without a high surrogate", at: escape)
            }
            buffer.append(contentsOf: String(scalar).utf8)
        default:
            throw syntaxError("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in a string", at: escape)
        }
    }

    private mutating func readHex4(escape: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch index < bytes.count ? bytes[index] : 0 {
            case let byte where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): digit = byte - UInt8(ascii: "0")
            case let byte where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte): digit = byte - UInt8(ascii: "a") + 10
            case let byte where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntaxError("invalid \\u escape: expected 4 hexadecimal digits", at: escape)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Reads a number, correctly rounded to the nearest `Double`.
    ///
    /// Numbers of at most 2⁵³ as their digits and a decimal exponent within
    /// ±22 (every number the workload generators and templates write) take one
    /// correctly rounded multiplication or division of two exact doubles
    /// (Clinger's fast path); the rest go to the standard library's correctly
    /// rounded conversion.
    /// - Throws: when the next value is not a number, the number is malformed
    ///   (JSON grammar: no leading zeros, `+`, `.5`, `NaN`…), or it is too large to be finite.
    package mutating func readNumber() throws(JSONError) -> Double {
        guard let first = peek(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw typeMismatch(expected: "a number")
        }
        let start = index
        let count = bytes.count
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        // The digits as an integer while they fit; once they do not, the fast
        // path is off and the exact value comes from the slow path.
        var mantissa: UInt64 = 0
        var exactDigits = true
        var exponent = 0

        @inline(__always) func isDigit(_ offset: Int) -> Bool {
            offset < count && bytes[offset] &- UInt8(ascii: "0") < 10
        }
        @inline(__always) func accumulate(_ digit: UInt8) {
            if mantissa < 100_000_000_000_000_000 {
                mantissa = mantissa * 10 + UInt64(digit)
            } else {
                exactDigits = false
            }
        }

        guard isDigit(index) else { throw syntaxError("invalid number: expected a digit after '-'", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw syntaxError("invalid number: leading zeros are not allowed", at: start) }
        } else {
            while isDigit(index) {
                accumulate(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw syntaxError("invalid number: expected a digit after '.'", at: start) }
            while isDigit(index) {
                accumulate(bytes[index] - UInt8(ascii: "0"))
                exponent -= 1
                index += 1
            }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { throw syntaxError("invalid number: expected a digit in the exponent", at: start) }
            var written = 0
            while isDigit(index) {
                // Saturate: anything this large is out of range either way.
                if written < 100_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }

        if exactDigits, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent >= 0 {
                value *= exactPowersOfTen[exponent]
            } else {
                value /= exactPowersOfTen[-exponent]
            }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw syntaxError("invalid number \(text)", at: start) }
        guard value.isFinite else { throw JSONError(.numberTooLarge, at: start, "the number \(text) is too large") }
        return value
    }

    /// Skips any value, checking its syntax.
    package mutating func skipValue(depth: Int = 0) throws(JSONError) {
        guard depth < Self.maximumDepth else { throw syntaxError("nesting deeper than \(Self.maximumDepth) levels") }
        switch peek() ?? 0 {
        case UInt8(ascii: "{"):
            index += 1
            var first = true
            while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            index += 1
            var first = true
            while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try readString()
        default:
            _ = try readScalar()
        }
    }

    /// Reads a value that is not an object or an array.
    private mutating func readScalar() throws(JSONError) -> JSONValue.Kind {
        switch peek() ?? 0 {
        case UInt8(ascii: "\""): return .string(try readStringLiteral())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw syntaxError("expected a value, found \(describe(at: index))")
        }
    }

    /// Reads any value as a tree, with the offset of every value and key.
    ///
    /// A key repeated within one object is a syntax error naming where it came first.
    package mutating func readValue(depth: Int = 0) throws(JSONError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw syntaxError("nesting deeper than \(Self.maximumDepth) levels") }
        skipWhitespace()
        let start = index
        var first = true
        switch peek() ?? 0 {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONMember] = []
            var seen: [String: Int] = [:]
            while let (key, keyOffset) = try nextKey(first: &first) {
                if let earlier = seen.updateValue(keyOffset, forKey: key) {
                    let (line, column) = lineAndColumn(of: earlier, in: bytes)
                    throw syntaxError("duplicate key '\(key)' (first at \(line):\(column))", at: keyOffset)
                }
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: try readValue(depth: depth + 1)))
            }
            return JSONValue(kind: .object(members), offset: start)
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            while try nextElement(first: &first) { elements.append(try readValue(depth: depth + 1)) }
            return JSONValue(kind: .array(elements), offset: start)
        default:
            return JSONValue(kind: try readScalar(), offset: start)
        }
    }

    /// Reads the whole input as one value, nothing but whitespace after it.
    package mutating func readDocument() throws(JSONError) -> JSONValue {
        guard peek() != nil else { throw syntaxError("the input is empty; expected a JSON document", at: 0) }
        let value = try readValue()
        try expectEnd()
        return value
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
        guard hasLiteral(literal, at: index) else {
            throw syntaxError("expected a value, found \(describe(at: index)) (did you mean \(literal)?)")
        }
        index += literal.utf8CodeUnitCount
    }

    private func hasLiteral(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
    }
}

/// Exact powers of ten: every one up to 10²² is a `Double` without rounding.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// 1-based line and column of `offset` in `bytes`; columns count Unicode
/// scalars, so they match what an editor shows for text without combining marks.
/// - Complexity: O(offset).
package func lineAndColumn(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(offset, 0)) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // A continuation byte belongs to the scalar before it.
            column += 1
        }
    }
    return (line, column)
}

/// Line and column lookups in one text, each in O(log lines + 1 KiB) after one pass
/// over the text: what a reader needs that gives every view or record of a large file
/// its place (``lineAndColumn(of:in:)`` walks from the start, quadratic over a file).
package struct TextPositions: Sendable {
    /// The offset each line starts at.
    private let lineStarts: [Int]
    /// UTF-8 continuation bytes before each block of `blockSize` bytes.
    private let continuationsBefore: [Int]
    private let bytes: [UInt8]
    private static let blockSize = 1024

    package init(_ bytes: [UInt8]) {
        var starts = [0]
        var blocks: [Int] = []
        blocks.reserveCapacity(bytes.count / Self.blockSize + 1)
        var continuations = 0
        for (offset, byte) in bytes.enumerated() {
            if offset % Self.blockSize == 0 { blocks.append(continuations) }
            if byte == 0x0A { starts.append(offset + 1) }
            if byte & 0xC0 == 0x80 { continuations += 1 }
        }
        blocks.append(continuations)
        lineStarts = starts
        continuationsBefore = blocks
        self.bytes = bytes
    }

    /// 1-based line and column of `offset`, as ``lineAndColumn(of:in:)`` gives them.
    package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        return (low + 1, 1 + (offset - start) - (continuations(before: offset) - continuations(before: start)))
    }

    private func continuations(before offset: Int) -> Int {
        let block = offset / Self.blockSize
        var count = continuationsBefore[min(block, continuationsBefore.count - 1)]
        for index in (block * Self.blockSize)..<offset where bytes[index] & 0xC0 == 0x80 { count += 1 }
        return count
    }
}
