import Foundation
import TemplateFiles

/// A request's JSON object: its members' values as the exact bytes the client sent,
/// so that a template or rows given inline are read (and their errors placed) as the
/// CLI reads a file holding those bytes.
///
/// Only the top level is split here; each value is read by whoever takes it (the
/// template reader, the rows reader, Foundation for plain numbers and strings).
struct RequestBody {
    /// The raw bytes of each top-level member's value, by key (the first of a repeated key).
    let members: [String: ArraySlice<UInt8>]

    /// Splits `bytes`, which must be one JSON object.
    /// - Throws: ``APIError`` (400) naming the byte offset where the object stops making sense.
    init(_ bytes: [UInt8]) throws(APIError) {
        var scanner = Scanner(bytes: bytes)
        var members: [String: ArraySlice<UInt8>] = [:]
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { throw scanner.failure("the request body must be a JSON object") }
        scanner.skipSpace()
        if !scanner.take(UInt8(ascii: "}")) {
            while true {
                scanner.skipSpace()
                let key = try scanner.string()
                scanner.skipSpace()
                guard scanner.take(UInt8(ascii: ":")) else { throw scanner.failure("expected ':' after \"\(key)\"") }
                scanner.skipSpace()
                let start = scanner.offset
                try scanner.skipValue()
                if members[key] == nil { members[key] = bytes[start..<scanner.offset] }
                scanner.skipSpace()
                if scanner.take(UInt8(ascii: ",")) { continue }
                guard scanner.take(UInt8(ascii: "}")) else { throw scanner.failure("expected ',' or '}' in the request object") }
                break
            }
        }
        scanner.skipSpace()
        guard scanner.atEnd else { throw scanner.failure("text after the request object") }
        self.members = members
    }

    /// The member's value as Foundation reads it (`nil` when absent or JSON `null`).
    /// - Throws: ``APIError`` (400) when the value is not JSON.
    func value(_ key: String) throws(APIError) -> Any? {
        guard let raw = members[key] else { return nil }
        // Foundation's reader recurses, on a worker thread's smaller stack: the depth
        // the package's own reader allows, and no more.
        guard Self.depth(of: raw) <= Self.maximumDepth else {
            throw APIError(status: 400, message: "\"\(key)\" nests deeper than \(Self.maximumDepth) levels")
        }
        do {
            let value = try JSONSerialization.jsonObject(with: Data(raw), options: [.fragmentsAllowed])
            return value is NSNull ? nil : value
        } catch {
            throw APIError(status: 400, message: "\"\(key)\" is not valid JSON")
        }
    }

    /// The nesting the package's JSON reader allows (`JSONReader.maximumDepth`).
    static let maximumDepth = 64

    /// How deep arrays and objects nest in `bytes` (brackets inside strings not counted).
    static func depth(of bytes: ArraySlice<UInt8>) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A number member, or `nil` when absent.
    func number(_ key: String) throws(APIError) -> Double? {
        guard let value = try value(key) else { return nil }
        // Foundation reads true and false as numbers too: the bytes tell them apart.
        let raw = String(decoding: members[key] ?? [], as: UTF8.self)
        guard let number = value as? NSNumber, raw != "true", raw != "false" else {
            throw APIError(status: 400, message: "\"\(key)\" must be a number")
        }
        return number.doubleValue
    }

    /// A string member, or `nil` when absent.
    func string(_ key: String) throws(APIError) -> String? {
        guard let value = try value(key) else { return nil }
        guard let string = value as? String else { throw APIError(status: 400, message: "\"\(key)\" must be a string") }
        return string
    }

    /// A boolean member, `false` when absent.
    func flag(_ key: String) throws(APIError) -> Bool {
        try optionalFlag(key) ?? false
    }

    /// `true` or `false` when given; nil when absent.
    func optionalFlag(_ key: String) throws(APIError) -> Bool? {
        guard let value = try value(key) else { return nil }
        guard let flag = value as? Bool else { throw APIError(status: 400, message: "\"\(key)\" must be true or false") }
        return flag
    }

    /// A document given as a JSON string (the file's text) or inline (the bytes sent):
    /// the bytes a file of it would hold. `nil` when absent.
    func document(_ key: String) throws(APIError) -> [UInt8]? {
        guard let raw = members[key] else { return nil }
        if raw.first == UInt8(ascii: "\"") {
            guard let text = try string(key) else { return nil }
            return Array(text.utf8)
        }
        return Array(raw)
    }

    /// A minimal JSON scanner: enough to find where each top-level value ends.
    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        func failure(_ message: String) -> APIError {
            APIError(status: 400, message: "request body, byte \(offset + 1): \(message)")
        }

        /// A string's decoded text (for keys).
        mutating func string() throws(APIError) -> String {
            let start = offset
            try skipString()
            guard let text = try? JSONSerialization.jsonObject(with: Data(bytes[start..<offset]), options: [.fragmentsAllowed]) as? String
            else { throw failure("a key that is not a valid JSON string") }
            return text
        }

        mutating func skipString() throws(APIError) {
            guard take(UInt8(ascii: "\"")) else { throw failure("expected a string") }
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: "\\") {
                    offset += 1
                } else if byte == UInt8(ascii: "\"") {
                    return
                }
            }
            throw failure("a string that does not end")
        }

        /// Skips one value; its contents are checked by whoever reads it.
        mutating func skipValue() throws(APIError) {
            guard offset < bytes.count else { throw failure("expected a value") }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    guard offset < bytes.count else { throw failure("an object or array that does not end") }
                    switch bytes[offset] {
                    case UInt8(ascii: "\""): try skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    offset += 1
                } while depth > 0
            default:
                let start = offset
                while offset < bytes.count, !([0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D] as [UInt8]).contains(bytes[offset]) { offset += 1 }
                guard offset > start else { throw failure("expected a value") }
            }
        }
    }
}

/// An answer that is an error: the HTTP status, and the CLI's words.
public struct APIError: Error, Sendable {
    /// 400 bad input, 413 too large, 422 a row that cannot be laid out.
    public let status: Int
    /// What `cellfit` prints after `error: ` for the same input.
    public let message: String
    /// The document at fault (`template` or `rows`), when one was.
    public var document: String?
    /// Its reader's error: line, column, view, constraint, row and field.
    public var fileError: TemplateFileError?

    init(status: Int, message: String, document: String? = nil, fileError: TemplateFileError? = nil) {
        self.status = status
        self.message = message
        self.document = document
        self.fileError = fileError
    }

    /// `{"error": message, "status": …, "line": …, "column": …, …}`.
    var json: String {
        var object: [String: Any] = ["error": message, "status": status]
        if let document, let error = fileError {
            object["document"] = document
            object["line"] = error.line
            object["column"] = error.column
            if let view = error.view { object["view"] = view }
            if let constraint = error.constraint { object["constraint"] = constraint }
            if let row = error.row { object["row"] = row }
            if let field = error.field { object["field"] = field }
        }
        return jsonText(object)
    }
}

/// Foundation's JSON text of `object`, keys sorted; `{}` if it cannot be written.
func jsonText(_ object: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]),
        let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
}
