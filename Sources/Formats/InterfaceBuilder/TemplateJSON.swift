import JSONSupport
import struct Geometry.EdgeInsets

/// A JSON value whose objects keep their keys in the order they were built, so that the
/// written template is deterministic and reads in a sensible order.
indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// `{"top": t, "left": l, "bottom": b, "right": r}`.
    static func edges(_ insets: EdgeInsets) -> JSONValue {
        .object([
            ("top", .number(insets.top)), ("left", .number(insets.left)),
            ("bottom", .number(insets.bottom)), ("right", .number(insets.right)),
        ])
    }

    /// `{"top": t, "leading": l, "bottom": b, "trailing": r}`: margins that trade sides
    /// right to left (`left` read as leading, `right` as trailing).
    static func directionalEdges(_ insets: EdgeInsets) -> JSONValue {
        .object([
            ("top", .number(insets.top)), ("leading", .number(insets.left)),
            ("bottom", .number(insets.bottom)), ("trailing", .number(insets.right)),
        ])
    }

    /// `[width, height]`.
    static func pair(_ a: Double, _ b: Double) -> JSONValue { .array([.number(a), .number(b)]) }
}


enum JSONWriter {
    /// The template file's text. The top-level object has one key per line; arrays of
    /// objects (views, subviews, constraints) have one element per line; everything else
    /// stays on its element's line.
    static func write(_ value: JSONValue) -> String {
        guard case .object(let pairs) = value else { return render(value, indent: 0) + "\n" }
        if pairs.isEmpty { return "{}\n" }
        let lines = pairs.map { "  " + quote($0.0) + ": " + render($0.1, indent: 2) }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    private static func render(_ value: JSONValue, indent: Int) -> String {
        switch value {
        case .string(let text): return quote(text)
        case .number(let number): return formatNumber(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object(let pairs):
            return "{" + pairs.map { quote($0.0) + ": " + render($0.1, indent: indent) }.joined(separator: ", ") + "}"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let objects = elements.allSatisfy { if case .object = $0 { true } else { false } }
            guard objects else { return "[" + elements.map { render($0, indent: indent) }.joined(separator: ", ") + "]" }
            let inner = String(repeating: " ", count: indent + 2)
            let lines = elements.map { inner + render($0, indent: indent + 2) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
        }
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String {
        var out = ""
        JSONText.appendString(text, to: &out)
        return out
    }
}

/// A finite number as the template file writes it: Swift's shortest round-tripping form,
/// integers without `.0`, never an exponent (the constraint grammar reads plain decimals),
/// and no negative zero.
func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    let text = value.description
    guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
        let exponent = Int(text[text.index(after: exponentIndex)...])
    else { return text }
    return expandExponent(mantissa: String(text[..<exponentIndex]), exponent: exponent)
}

/// `1.5e-05` → `0.000015`, `1.25e+20` → `125000000000000000000`.
private func expandExponent(mantissa: String, exponent: Int) -> String {
    let negative = mantissa.hasPrefix("-")
    let unsigned = negative ? String(mantissa.dropFirst()) : mantissa
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts.first.map(String.init) ?? ""
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    var digits = whole + fraction
    var point = whole.count + exponent
    if point <= 0 {
        digits = String(repeating: "0", count: 1 - point) + digits
        point = 1
    }
    if point >= digits.count { digits += String(repeating: "0", count: point - digits.count) }
    let integerPart = String(digits.prefix(point))
    var fractionPart = String(digits.dropFirst(point))
    while fractionPart.hasSuffix("0") { fractionPart.removeLast() }
    var trimmedInteger = String(integerPart.drop { $0 == "0" })
    if trimmedInteger.isEmpty { trimmedInteger = "0" }
    let body = fractionPart.isEmpty ? trimmedInteger : trimmedInteger + "." + fractionPart
    return negative ? "-" + body : body
}
