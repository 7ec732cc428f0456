/// Writing JSON text: string literals and numbers.
///
/// `package`, not `public`: the workload reports, the Interface Builder importer's
/// template files and the tools' JSON lines share this writer, but it is no part of
/// any library's API.
package enum JSONText {
    /// Appends `text` with JSON escapes (quotes, backslashes, control characters), without the quotes.
    package static func appendEscaped(_ text: String, to out: inout String) {
        // Fast path: most names need no escaping at all.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends `"text"` as a JSON string literal.
    package static func appendString(_ text: String, to out: inout String) {
        out += "\""
        appendEscaped(text, to: &out)
        out += "\""
    }

    /// Appends a number that reads back as exactly the same `Double`
    /// (Swift's shortest round-trip form, which is valid JSON: `39.0`, `1e-07`,
    /// `666.8000000000001`); `null` for NaN and infinities, which JSON cannot express.
    /// Negative zero prints as `0.0`: it equals zero, and `-0.0` only puzzles readers.
    package static func appendNumber(_ value: Double, to out: inout String) {
        out += value.isFinite ? (value == 0 ? 0.0 : value).description : "null"
    }

    /// A number for lines that people read as well as programs: `38` for whole
    /// numbers, otherwise Swift's shortest round-trip form (`9.5`,
    /// `9.666666666666666`); `null` for NaN and infinities. Reads back as exactly
    /// the same `Double`.
    package static func compactNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
