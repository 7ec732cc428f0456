/// A JSON value and the byte offset it starts at, so that whatever reads it
/// can say where a value of the wrong type or a bad name was written.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case object([JSONMember])
        case array([JSONValue])
        case string(JSONString)
        case number(Double)
        case bool(Bool)
        case null
    }

    package let kind: Kind
    /// The offset of the value's first byte (for a string, its opening quote).
    package let offset: Int

    /// What the value is, for "expected …, found …" messages.
    package var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` of an object.
package struct JSONMember: Sendable {
    package let key: String
    /// The offset of the key's opening quote.
    package let keyOffset: Int
    package let value: JSONValue
}

/// A string value, with what it takes to find each of its characters in the
/// file: constraint strings report errors at a column inside the string.
package struct JSONString: Sendable {
    package let value: String
    /// The offset of the first byte after the opening quote.
    package let start: Int
    /// The offset of the closing quote.
    package let end: Int
    /// The file offset of each Unicode scalar of ``value``, kept only when the
    /// literal had escapes (otherwise the offsets follow from ``start``).
    package let scalarOffsets: [Int]?

    /// The file offset of the scalar at `index` of ``value``; ``end`` past the last.
    package func offset(ofScalar index: Int) -> Int {
        if let scalarOffsets { return index < scalarOffsets.count ? scalarOffsets[index] : end }
        var offset = start
        for (position, scalar) in value.unicodeScalars.enumerated() {
            if position == index { return offset }
            offset += scalar.utf8.count
        }
        return end
    }
}
