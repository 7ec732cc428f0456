/// The internal general entities a document declares (`<!ENTITY who "World">` in its
/// DOCTYPE), expanded before the XML parser reads the document.
///
/// XML says an internal entity's replacement text stands wherever the entity is
/// referenced, in text content as in attribute values. FoundationXML expands it in
/// attribute values but drops the plain text of an entity referenced in text content
/// (`<string key="text">Hello &who;</string>` reads as "Hello "), so the importer
/// expands these entities itself: every reference outside comments, CDATA sections and
/// processing instructions is replaced by the entity's replacement text, whose own
/// references are expanded the same way. Character references and the five predefined
/// entities are left to the parser. External and parameter entities are not expanded
/// here; the parser refuses to load them, as before.
///
/// Expansion is bounded: all of it may add at most ``maximumExpansion`` bytes, checked
/// from the entities' sizes before anything is written, so a "billion laughs" document
/// fails at once with an error that names the limit.
enum InternalEntities {
    /// The most bytes expansion may add to a document.
    static let maximumExpansion = 1 << 20

    /// `bytes` with every reference to an internal general entity expanded; the same
    /// bytes when the document declares none.
    static func expand(_ bytes: [UInt8], file: String) throws(InterfaceBuilderError) -> [UInt8] {
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0),
            let subsetStart = bytes[doctype...].firstIndex(where: { $0 == ascii("[") || $0 == ascii(">") }),
            bytes[subsetStart] == ascii("[")
        else { return bytes }
        var declarations: [[UInt8]: [UInt8]] = [:]
        var index = subsetStart + 1
        while index < bytes.count, bytes[index] != ascii("]") {
            if starts(with: "<!ENTITY", in: bytes, at: index) {
                index = try declaration(in: bytes, at: index, into: &declarations, file: file)
            } else if starts(with: "<!--", in: bytes, at: index) {
                index = (find(Array("-->".utf8), in: bytes, from: index) ?? bytes.count - 3) + 3
            } else if bytes[index] == ascii("'") || bytes[index] == ascii("\"") {
                index = (bytes[(index + 1)...].firstIndex(of: bytes[index]) ?? bytes.count - 1) + 1
            } else {
                index += 1
            }
        }
        guard !declarations.isEmpty, let end = bytes[index...].firstIndex(of: ascii(">")) else { return bytes }
        var sizes: [[UInt8]: Int] = [:]
        var expanded: [[UInt8]: [UInt8]] = [:]
        for name in declarations.keys {
            _ = try size(of: name, declarations, &sizes, visiting: [], file: file)
        }
        var result = Array(bytes[...end])
        var added = 0
        var position = end + 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii("<"),
                let (open, close) = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")].first(where: { starts(with: $0.0, in: bytes, at: position) })
            {
                // Copied as they are: no reference inside a comment, CDATA or instruction is one.
                let found = find(Array(close.utf8), in: bytes, from: position + open.utf8.count)
                let stop = found.map { $0 + close.utf8.count } ?? bytes.count
                result += bytes[position..<stop]
                position = stop
                continue
            }
            if byte == ascii("&"), let semicolon = bytes[position...].prefix(256).firstIndex(of: ascii(";")) {
                let name = Array(bytes[(position + 1)..<semicolon])
                if declarations[name] != nil, let length = sizes[name] {
                    added += length - (name.count + 2)
                    guard added <= maximumExpansion else { throw tooLarge(file) }
                    result += try replacement(of: name, declarations, &expanded, file: file)
                    position = semicolon + 1
                    continue
                }
            }
            result.append(byte)
            position += 1
        }
        return result
    }

    /// Reads `<!ENTITY name "value">` at `index`; keeps internal general entities.
    /// Returns the index after the declaration.
    private static func declaration(
        in bytes: [UInt8], at index: Int, into declarations: inout [[UInt8]: [UInt8]], file: String
    ) throws(InterfaceBuilderError) -> Int {
        var position = index + "<!ENTITY".utf8.count
        func skipSpace() { while position < bytes.count, isSpace(bytes[position]) { position += 1 } }
        skipSpace()
        // A parameter entity (`<!ENTITY % name …>`) is not a general one.
        let parameter = position < bytes.count && bytes[position] == ascii("%")
        if parameter { position += 1; skipSpace() }
        let nameStart = position
        while position < bytes.count, !isSpace(bytes[position]), bytes[position] != ascii(">") { position += 1 }
        let name = Array(bytes[nameStart..<position])
        skipSpace()
        guard position < bytes.count, bytes[position] == ascii("\"") || bytes[position] == ascii("'") else {
            // SYSTEM or PUBLIC: an external entity, which the parser refuses to load.
            return (bytes[position...].firstIndex(of: ascii(">")) ?? bytes.count - 1) + 1
        }
        let quote = bytes[position]
        guard let close = bytes[(position + 1)...].firstIndex(of: quote) else {
            throw InterfaceBuilderError(
                code: .malformedXML, file: file, line: line(of: index, in: bytes), element: "",
                message: "the entity declaration's value is not closed")
        }
        let value = Array(bytes[(position + 1)..<close])
        if !parameter, !name.isEmpty, declarations[name] == nil { declarations[name] = value }
        return (bytes[close...].firstIndex(of: ascii(">")) ?? bytes.count - 1) + 1
    }

    /// The length of an entity's replacement text once expanded; an error for a
    /// reference cycle or a length beyond the limit.
    private static func size(
        of name: [UInt8], _ declarations: [[UInt8]: [UInt8]], _ sizes: inout [[UInt8]: Int], visiting: Set<[UInt8]>,
        file: String
    ) throws(InterfaceBuilderError) -> Int {
        if let known = sizes[name] { return known }
        guard !visiting.contains(name) else {
            throw InterfaceBuilderError(
                code: .malformedXML, file: file, line: 0, element: "",
                message: "the entity '\(String(decoding: name, as: UTF8.self))' refers to itself")
        }
        guard let value = declarations[name] else { return name.count + 2 }
        var total = 0
        for (isReference, part) in parts(of: value) {
            if isReference, declarations[part] != nil {
                total += try size(of: part, declarations, &sizes, visiting: visiting.union([name]), file: file)
            } else {
                total += isReference ? part.count + 2 : part.count
            }
            guard total <= maximumExpansion else { throw tooLarge(file) }
        }
        sizes[name] = total
        return total
    }

    /// An entity's replacement text, expanded (its size already checked).
    private static func replacement(
        of name: [UInt8], _ declarations: [[UInt8]: [UInt8]], _ expanded: inout [[UInt8]: [UInt8]], file: String
    ) throws(InterfaceBuilderError) -> [UInt8] {
        if let known = expanded[name] { return known }
        var result: [UInt8] = []
        for (isReference, part) in parts(of: declarations[name] ?? []) {
            if isReference, declarations[part] != nil {
                result += try replacement(of: part, declarations, &expanded, file: file)
            } else if isReference {
                result += [ascii("&")] + part + [ascii(";")]
            } else {
                result += part
            }
        }
        expanded[name] = result
        return result
    }

    /// A value split into text and `&name;` references (the names without `&` and `;`).
    private static func parts(of value: [UInt8]) -> [(isReference: Bool, bytes: [UInt8])] {
        var result: [(Bool, [UInt8])] = []
        var text: [UInt8] = []
        var index = 0
        while index < value.count {
            if value[index] == ascii("&"), let semicolon = value[index...].firstIndex(of: ascii(";")) {
                if !text.isEmpty { result.append((false, text)); text = [] }
                result.append((true, Array(value[(index + 1)..<semicolon])))
                index = semicolon + 1
            } else {
                text.append(value[index])
                index += 1
            }
        }
        if !text.isEmpty { result.append((false, text)) }
        return result
    }

    private static func tooLarge(_ file: String) -> InterfaceBuilderError {
        InterfaceBuilderError(
            code: .malformedXML, file: file, line: 0, element: "",
            message: "expanding the document's entities would add more than \(maximumExpansion) bytes (the entity expansion limit)")
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var index = start
        while let candidate = bytes[index...].firstIndex(of: first) {
            if candidate + needle.count <= bytes.count, bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) {
                return candidate
            }
            index = candidate + 1
            if index >= bytes.count { return nil }
        }
        return nil
    }

    private static func starts(with prefix: String, in bytes: [UInt8], at index: Int) -> Bool {
        let needle = Array(prefix.utf8)
        return index + needle.count <= bytes.count && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }

    private static func line(of index: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<index].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
}
