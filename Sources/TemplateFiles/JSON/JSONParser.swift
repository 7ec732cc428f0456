/// Reads a JSON document (RFC 8259) into ``JSONValue``s that remember where
/// they were written.
///
/// Why not Foundation's `JSONSerialization`: it forgets positions, and an error
/// that cannot say "line 14, column 27" is one a person has to hunt for. Why a
/// tree rather than the pull reader of `CellFitWorkload`: template and row
/// files are small, and a tree lets the readers check keys and types in any
/// order and report unknown keys with the list of allowed ones.
///
/// Never traps: every malformed input (including invalid UTF-8 and nesting
/// deeper than ``maximumDepth``) becomes a ``TemplateFileError/Code/syntax`` error.
struct JSONParser {
    private let source: SourceText
    private var index = 0

    /// Deeper nesting is rejected before it can exhaust the stack. Templates
    /// need one level per view nesting plus about four.
    static let maximumDepth = 64

    private init(_ source: SourceText) { self.source = source }

    /// Reads the whole file as one JSON value.
    /// - Throws: ``TemplateFileError/Code/syntax`` at the first byte that is not
    ///   JSON, ``TemplateFileError/Code/invalidValue`` for a number too large to be finite.
    static func parse(_ source: SourceText) throws(TemplateFileError) -> JSONValue {
        var parser = JSONParser(source)
        // A UTF-8 byte-order mark is harmless; some editors write one.
        if source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < source.bytes.count else {
            throw source.error(.syntax, at: 0, "the file is empty; expected a JSON document")
        }
        let value = try parser.readValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == source.bytes.count else {
            throw parser.syntaxError("expected the end of the document, found \(parser.describeNext())")
        }
        return value
    }

    private var bytes: [UInt8] { source.bytes }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private func syntaxError(_ what: String, at offset: Int? = nil) -> TemplateFileError {
        source.error(.syntax, at: offset ?? index, what)
    }

    /// What is at the reading position, for "expected …, found …".
    private func describeNext() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        let tail = bytes[index..<min(index + 4, bytes.count)]
        if byte >= 0x80, let scalar = String(decoding: tail, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}" {
            return "'\(scalar)'"
        }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func readValue(depth: Int) throws(TemplateFileError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw syntaxError("nesting deeper than \(Self.maximumDepth) levels")
        }
        skipWhitespace()
        let start = index
        guard index < bytes.count else { throw syntaxError("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try readObject(depth: depth)), offset: start)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try readArray(depth: depth)), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), offset: start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONValue(kind: .null, offset: start)
        default:
            throw syntaxError("expected a value, found \(describeNext())")
        }
    }

    /// Consumes `separator` or `close` after an element; `true` when another element follows.
    private mutating func continues(
        separator: UInt8 = UInt8(ascii: ","), close: UInt8, what: String
    ) throws(TemplateFileError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw syntaxError("unterminated \(what): expected ',' or '\(Character(Unicode.Scalar(close)))', found the end of the file")
        }
        if bytes[index] == close {
            index += 1
            return false
        }
        guard bytes[index] == separator else {
            throw syntaxError("expected ',' or '\(Character(Unicode.Scalar(close)))' in the \(what), found \(describeNext())")
        }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            // The likeliest slip in hand-written JSON; name it.
            throw syntaxError("trailing comma: expected a value after ',', found '\(Character(Unicode.Scalar(close)))'")
        }
        return true
    }

    private mutating func readObject(depth: Int) throws(TemplateFileError) -> [JSONMember] {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return []
        }
        var members: [JSONMember] = []
        var seen: [String: Int] = [:]
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw syntaxError("expected a key in quotes, found \(describeNext())")
            }
            let keyOffset = index
            let key = try readString().value
            if let first = seen[key] {
                let (line, column) = source.position(of: first)
                throw syntaxError("duplicate key '\(key)' (first at \(line):\(column))", at: keyOffset)
            }
            seen[key] = keyOffset
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw syntaxError("expected ':' after the key '\(key)', found \(describeNext())")
            }
            index += 1
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: try readValue(depth: depth + 1)))
        } while try continues(close: UInt8(ascii: "}"), what: "object")
        return members
    }

    private mutating func readArray(depth: Int) throws(TemplateFileError) -> [JSONValue] {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return []
        }
        var elements: [JSONValue] = []
        repeat {
            elements.append(try readValue(depth: depth + 1))
        } while try continues(close: UInt8(ascii: "]"), what: "array")
        return elements
    }

    private mutating func readLiteral(_ literal: String) throws(TemplateFileError) {
        let expected = Array(literal.utf8)
        guard bytes[index...].starts(with: expected) else {
            throw syntaxError("expected a value, found \(describeNext()) (did you mean \(literal)?)")
        }
        index += expected.count
    }

    private func isDigit(_ offset: Int) -> Bool {
        offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
    }

    /// Reads a number in JSON's grammar (no `+`, no leading zeros, no `.5`, no `NaN`).
    private mutating func readNumber() throws(TemplateFileError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw syntaxError("invalid number: expected a digit after '-'", at: start) }
        if bytes[index] == UInt8(ascii: "0"), isDigit(index + 1) {
            throw syntaxError("invalid number: leading zeros are not allowed", at: start)
        }
        while isDigit(index) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw syntaxError("invalid number: expected a digit after '.'", at: start) }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw syntaxError("invalid number: expected a digit in the exponent", at: start) }
            while isDigit(index) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw source.error(.invalidValue, at: start, "the number \(text) is too large")
        }
        return value
    }

    /// Reads a string literal (the reader is at its opening quote).
    private mutating func readString() throws(TemplateFileError) -> JSONString {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, which is nearly every string in a template.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw controlCharacter() }
            index += 1
        }
        guard index < bytes.count else { throw syntaxError("unterminated string", at: open) }
        if bytes[index] == UInt8(ascii: "\"") {
            guard let value = String(validating: bytes[start..<index], as: UTF8.self) else {
                throw syntaxError("invalid UTF-8 in a string", at: open)
            }
            index += 1
            return JSONString(value: value, start: start, end: index - 1, scalarOffsets: nil)
        }
        // Escapes: collect the bytes and where each scalar came from.
        var buffer = Array(bytes[start..<index])
        var offsets = (start..<index).filter { bytes[$0] & 0b1100_0000 != 0b1000_0000 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let value = String(validating: buffer, as: UTF8.self) else {
                    throw syntaxError("invalid UTF-8 in a string", at: open)
                }
                index += 1
                return JSONString(value: value, start: start, end: index - 1, scalarOffsets: offsets)
            }
            if byte == UInt8(ascii: "\\") {
                offsets.append(index)
                buffer.append(contentsOf: String(try readEscape()).utf8)
                continue
            }
            guard byte >= 0x20 else { throw controlCharacter() }
            if byte & 0b1100_0000 != 0b1000_0000 { offsets.append(index) }
            buffer.append(byte)
            index += 1
        }
        throw syntaxError("unterminated string", at: open)
    }

    private func controlCharacter() -> TemplateFileError {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        let hint = bytes[index] == 0x0A ? " (a line break: strings end on the line they start; write \\n)" : "; escape it"
        return syntaxError("control character 0x\(hex) in a string\(hint)")
    }

    /// Reads one escape (the reader is at the backslash).
    private mutating func readEscape() throws(TemplateFileError) -> Unicode.Scalar {
        let escape = index
        index += 1
        guard index < bytes.count else { throw syntaxError("unterminated string", at: escape) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var value = try readHex(escape: escape)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate needs an escaped low surrogate right after it.
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw syntaxError("invalid \\u escape: a high surrogate without a low surrogate", at: escape)
                }
                index += 2
                let low = try readHex(escape: escape)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntaxError("invalid \\u escape: a high surrogate without a low surrogate", at: escape)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntaxError("invalid \\u escape: a low surrogate without a high surrogate", at: escape)
            }
            return scalar
        default:
            throw syntaxError("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in a string", at: escape)
        }
    }

    private mutating func readHex(escape: Int) throws(TemplateFileError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else {
            throw syntaxError("invalid \\u escape: expected 4 hexadecimal digits", at: escape)
        }
        index += 4
        return value
    }
}
