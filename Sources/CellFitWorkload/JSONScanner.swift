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

    /// The same failure, one level further out.
    func within(_ component: PathComponent) -> ParseFailure {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }
}

/// A pull reader over the UTF-8 bytes of a JSON document (RFC 8259).
///
/// The parser asks for exactly what the schema expects next ("an object",
/// "a number", "the next key"), so it never builds a tree and reports type
/// errors at the offending value. Line and column are worked out from the byte
/// offset only when there is an error.
///
/// The bytes must outlive the scanner (it is used inside `withUnsafeBufferPointer`).
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var index = 0

    /// Nesting deeper than this is rejected instead of recursing further, so
    /// hostile input cannot overflow the stack. The schema itself needs 4 levels.
    static let maximumDepth = 256

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Bytes

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, without consuming it; `nil` at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// What is at `offset`, for "expected …, found …" messages.
    func describe(at offset: Int) -> String {
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
        default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    func syntaxError(_ message: String, at offset: Int) -> ParseFailure {
        ParseFailure(.syntax, at: offset, message)
    }

    /// "expected `what`, found …" at the current value, as a schema error
    /// when a valid JSON value has the wrong type and a syntax error otherwise.
    func typeMismatch(expected what: String) -> ParseFailure {
        let found = describe(at: index)
        // A quoted character, a byte or the end is broken JSON; anything else is a value of the wrong type.
        let isValue = !(found.hasPrefix("'") || found.hasPrefix("byte") || found.hasPrefix("the end"))
        return ParseFailure(isValue ? .schema : .syntax, at: index, "expected \(what), found \(found)")
    }

    /// 1-based line and column (counted in Unicode scalars) of `offset`.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for position in 0..<min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes of a multi-byte scalar do not start a column.
                column += 1
            }
        }
        return (line, column)
    }

    // MARK: Structure

    /// Consumes the `{` of an object.
    /// - Throws: when the next value is not an object.
    mutating func beginObject() throws(ParseFailure) {
        guard peek() == UInt8(ascii: "{") else { throw typeMismatch(expected: "an object") }
        index += 1
    }

    /// Reads the next member's key and its `:`; `nil` after consuming the closing `}`.
    ///
    /// `first` is true before the first member, so the reader knows whether a comma must come first.
    /// Returns the key and the offset of its opening quote.
    mutating func nextKey(first: inout Bool) throws(ParseFailure) -> (key: String, offset: Int)? {
        guard let byte = peek() else { throw syntaxError("unterminated object: expected '}'", at: index) }
        if byte == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if first {
            first = false
        } else {
            guard byte == UInt8(ascii: ",") else {
                throw syntaxError("expected ',' or '}' after an object member, found \(describe(at: index))", at: index)
            }
            index += 1
        }
        guard peek() == UInt8(ascii: "\"") else {
            throw syntaxError("expected a string key, found \(describe(at: index))", at: index)
        }
        let offset = index
        let key = try readString()
        guard peek() == UInt8(ascii: ":") else {
            throw syntaxError("expected ':' after key, found \(describe(at: index))", at: index)
        }
        index += 1
        return (key, offset)
    }

    /// Consumes the `[` of an array.
    /// - Throws: when the next value is not an array.
    mutating func beginArray() throws(ParseFailure) {
        guard peek() == UInt8(ascii: "[") else { throw typeMismatch(expected: "an array") }
        index += 1
    }

    /// Moves to the next element of an array: `true` with the reader at the
    /// element, or `false` after consuming the closing `]`.
    mutating func nextElement(first: inout Bool) throws(ParseFailure) -> Bool {
        guard let byte = peek() else { throw syntaxError("unterminated array: expected ']'", at: index) }
        if byte == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if first {
            first = false
            return true
        }
        guard byte == UInt8(ascii: ",") else {
            throw syntaxError("expected ',' or ']' after an array element, found \(describe(at: index))", at: index)
        }
        index += 1
        if peek() == UInt8(ascii: "]") {
            // A trailing comma is the likeliest slip in hand-written JSON; name it.
            throw syntaxError("expected a value after ',', found ']'", at: index)
        }
        return true
    }

    /// Checks that nothing but whitespace follows the top-level value.
    mutating func expectEnd() throws(ParseFailure) {
        if peek() != nil {
            throw syntaxError("expected the end of the document, found \(describe(at: index))", at: index)
        }
    }

    // MARK: Values

    /// Reads a string value.
    /// - Throws: when the next value is not a string, or the string is malformed.
    mutating func readString() throws(ParseFailure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw typeMismatch(expected: "a string") }
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, which is every name in practice.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(start..<index, stringAt: open)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw syntaxError("control character (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string; escape it", at: index)
            }
            index += 1
        }
        guard index < bytes.count else { throw syntaxError("unterminated string", at: open) }
        // Slow path: collect bytes, resolving escapes.
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw syntaxError("invalid UTF-8 in a string", at: open)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer)
            case 0..<0x20:
                throw syntaxError("control character (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string; escape it", at: index)
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw syntaxError("unterminated string", at: open)
    }

    private func decodeUTF8(_ range: Range<Int>, stringAt open: Int) throws(ParseFailure) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // ASCII needs no validation; checking for it first is cheaper than validating.
        if !slice.contains(where: { $0 >= 0x80 }) {
            return String(decoding: slice, as: UTF8.self)
        }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw syntaxError("invalid UTF-8 in a string", at: open)
        }
        return text
    }

    /// Reads one escape sequence (the reader is at the backslash) and appends its UTF-8.
    private mutating func readEscape(into buffer: inout [UInt8]) throws(ParseFailure) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw syntaxError("unterminated string", at: escapeStart) }
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
            var value = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw syntaxError("invalid \\u escape: high surrogate without a low surrogate", at: escapeStart)
                }
                index += 2
                let low = try readHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntaxError("invalid \\u escape: high surrogate without a low surrogate", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw syntaxError("invalid \\u escape: low surrogate without a high surrogate", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntaxError("invalid \\u escape", at: escapeStart)
            }
            buffer.append(contentsOf: String(scalar).utf8)
        default:
            throw syntaxError("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in a string", at: escapeStart)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(ParseFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw syntaxError("unterminated string", at: escapeStart) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntaxError("invalid \\u escape: expected 4 hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Exact powers of ten: every one up to 10²² is a `Double` without rounding.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads a number, correctly rounded to the nearest `Double`.
    ///
    /// Numbers with at most 2⁵³ as their digits and a decimal exponent within
    /// ±22 — every number the workload generators write — are computed with a
    /// single correctly rounded multiplication or division of two exact
    /// doubles (Clinger's fast path); the rest go to the standard library's
    /// correctly rounded conversion.
    /// - Throws: when the next value is not a number, the number is malformed
    ///   (JSON grammar: no leading zeros, `+`, `.5`, `NaN`…), or it is too large to be finite.
    mutating func readNumber() throws(ParseFailure) -> Double {
        guard let first = peek(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw typeMismatch(expected: "a number")
        }
        let start = index
        let count = bytes.count
        var negative = false
        if first == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // The digits as an integer while they fit; once they do not, the
        // fast path is off and the exact value comes from the slow path.
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

        guard isDigit(index) else {
            throw syntaxError("invalid number: expected a digit after '-'", at: start)
        }
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

        var value: Double
        if exactDigits, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            if exponent >= 0 {
                value *= Self.exactPowersOfTen[exponent]
            } else {
                value /= Self.exactPowersOfTen[-exponent]
            }
            if negative { value = -value }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let parsed = Double(text) else {
                throw syntaxError("invalid number \(text)", at: start)
            }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            throw ParseFailure(.invalidValue, at: start, "number \(text) is too large to be finite")
        }
        return value
    }

    /// Skips any value, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(ParseFailure) {
        guard depth < Self.maximumDepth else {
            throw syntaxError("nesting deeper than \(Self.maximumDepth) levels", at: index)
        }
        guard let byte = peek() else { throw syntaxError("expected a value, found the end of the input", at: index) }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var first = true
            while try nextKey(first: &first) != nil {
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            index += 1
            var first = true
            while try nextElement(first: &first) {
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        case UInt8(ascii: "t"):
            try readLiteral("true")
        case UInt8(ascii: "f"):
            try readLiteral("false")
        case UInt8(ascii: "n"):
            try readLiteral("null")
        default:
            throw syntaxError("expected a value, found \(describe(at: index))", at: index)
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(ParseFailure) {
        guard hasLiteral(literal, at: index) else {
            throw syntaxError("invalid literal; expected \(literal)", at: index)
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
