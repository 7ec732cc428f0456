import JSONSupport
/// Reads the members of one JSON object against what may stand there: every
/// key is checked against the allowed ones up front (so a typo is reported,
/// not ignored), and each accessor reports a value of the wrong type at the value.
struct ObjectReader {
    let source: SourceText
    /// The object as a whole, for "missing key" errors.
    let object: JSONValue
    /// What the object is, for messages: "a view", "the font of 'title'".
    let what: String
    var context: TemplateFileError.Context
    private let members: [String: JSONMember]

    /// - Parameters:
    ///   - what: what the object is, for messages: "a view", "'margins'".
    ///   - allowed: the keys that may stand in the object; `nil` to check none yet.
    ///   - shape: what may stand where the object is, for "expected …" when it is not an object.
    /// - Throws: ``TemplateFileError/Code/wrongType`` when `value` is not an object,
    ///   ``TemplateFileError/Code/unknownKey`` for a key not in `allowed`.
    init(
        _ value: JSONValue, _ what: String, allowed: [String]?, shape: String = "an object", source: SourceText,
        context: TemplateFileError.Context = .none
    ) throws(TemplateFileError) {
        guard case .object(let list) = value.kind else {
            throw source.error(.wrongType, at: value.offset, context, "expected \(what) (\(shape)), found \(value.typeName)")
        }
        for member in list where !(allowed?.contains(member.key) ?? true) {
            let allowed = allowed ?? []
            throw source.error(
                .unknownKey, at: member.keyOffset, context,
                "unknown key '\(member.key)' in \(what)\(suggestion(for: member.key, among: allowed)); "
                    + "expected \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
        }
        self.source = source
        self.object = value
        self.what = what
        self.context = context
        self.members = Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value of `key`, if present.
    subscript(key: String) -> JSONValue? { members[key]?.value }

    /// The offset of `key` itself, if present.
    func keyOffset(_ key: String) -> Int? { members[key]?.keyOffset }

    func wrongType(_ key: String, _ value: JSONValue, expected: String) -> TemplateFileError {
        source.error(.wrongType, at: value.offset, context, "'\(key)' should be \(expected), found \(value.typeName)")
    }

    func invalid(_ key: String, _ value: JSONValue, _ what: String) -> TemplateFileError {
        source.error(.invalidValue, at: value.offset, context, "'\(key)' \(what)")
    }

    /// - Throws: ``TemplateFileError/Code/missingKey``.
    func required(_ key: String, expected: String) throws(TemplateFileError) -> JSONValue {
        guard let value = self[key] else {
            throw source.error(.missingKey, at: object.offset, context, "\(what) has no '\(key)'; expected \(expected)")
        }
        return value
    }

    func string(_ key: String) throws(TemplateFileError) -> (value: String, json: JSONString, at: JSONValue)? {
        guard let value = self[key] else { return nil }
        guard case .string(let text) = value.kind else { throw wrongType(key, value, expected: "a string") }
        return (text.value, text, value)
    }

    func number(_ key: String) throws(TemplateFileError) -> Double? {
        guard let value = self[key] else { return nil }
        guard case .number(let number) = value.kind else { throw wrongType(key, value, expected: "a number") }
        return number
    }

    /// A number in `range`.
    func number(_ key: String, in range: ClosedRange<Double>) throws(TemplateFileError) -> Double? {
        guard let number = try number(key), let value = self[key] else { return nil }
        guard range.contains(number) else {
            throw invalid(key, value, "is \(number.text); expected a number in \(range.lowerBound.text)...\(range.upperBound.text)")
        }
        return number
    }

    /// A whole number, at least `minimum`.
    func integer(_ key: String, minimum: Int) throws(TemplateFileError) -> Int? {
        guard let number = try number(key), let value = self[key] else { return nil }
        guard number == number.rounded(), number >= Double(minimum), number < 1e9 else {
            throw invalid(key, value, "is \(number.text); expected a whole number, \(minimum) or more")
        }
        return Int(number)
    }

    func boolean(_ key: String) throws(TemplateFileError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let flag) = value.kind else { throw wrongType(key, value, expected: "true or false") }
        return flag
    }

    func array(_ key: String) throws(TemplateFileError) -> [JSONValue]? {
        guard let value = self[key] else { return nil }
        guard case .array(let elements) = value.kind else { throw wrongType(key, value, expected: "an array") }
        return elements
    }

    /// One of a fixed set of words, each standing for a value.
    func word<Value>(_ key: String, _ choices: KeyValuePairs<String, Value>) throws(TemplateFileError) -> Value? {
        guard let (text, _, value) = try string(key) else { return nil }
        guard let match = choices.first(where: { $0.key == text }) else {
            let words = choices.map(\.key)
            throw invalid(
                key, value,
                "is '\(text)'\(suggestion(for: text, among: words)); expected \(words.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return match.value
    }
}

extension Double {
    /// `8` rather than `8.0` in messages.
    var text: String {
        if isFinite, abs(self) < 1e15, self == rounded() { return String(Int64(self)) }
        return String(self)
    }
}

/// ` (did you mean 'lines'?)` when one of `candidates` is a likely intended spelling of `word`, else empty.
func suggestion(for word: String, among candidates: [String]) -> String {
    let lowered = word.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        // A third of the letters may be wrong; a one-letter name suggests nothing.
        if distance <= max(1, min(word.count, candidate.count) / 3), distance < word.count,
            distance < (best?.distance ?? .max)
        {
            best = (candidate, distance)
        }
    }
    return best.map { " (did you mean '\($0.candidate)'?)" } ?? ""
}

/// Edit distance counting a swap of neighbours as one edit (`tpo` is one from
/// `top`), for suggestions; names are short, so O(n·m) is nothing.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = current
    }
    return previous[b.count]
}
