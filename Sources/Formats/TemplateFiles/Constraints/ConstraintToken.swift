/// One token of a constraint string, with the index of its first Unicode
/// scalar in the string (mapped to the file's column for errors).
struct ConstraintToken: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier
        case number
        /// `== <= >= = < > * / + - @ | . ( ) [ ] , :`
        case symbol
        case end
    }

    let kind: Kind
    let text: String
    /// For ``Kind/number``: its value.
    let value: Double
    let start: Int

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// The token as messages quote it.
    var quoted: String { kind == .end ? "the end of the constraint" : "'\(text)'" }
}

/// Splits a constraint string into tokens. Whitespace separates tokens and is
/// otherwise ignored, in equations and visual formats alike (UIKit's parser
/// is stricter about spaces in visual formats; being lenient costs nothing).
enum ConstraintLexer {
    private static let pairs: Set<String> = ["==", "<=", ">="]
    private static let singles: Set<Unicode.Scalar> = ["=", "<", ">", "*", "/", "+", "-", "@", "|", ".", "(", ")", "[", "]", ",", ":"]

    /// The tokens of `text`, ending with an ``ConstraintToken/Kind/end`` token.
    /// - Throws: ``TemplateFileError/Code/constraintSyntax`` for a character no token starts with.
    static func tokens(_ text: ConstraintText) throws(TemplateFileError) -> [ConstraintToken] {
        let scalars = Array(text.string.value.unicodeScalars)
        var tokens: [ConstraintToken] = []
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        func isWordScalar(_ i: Int) -> Bool {
            i < scalars.count && (scalars[i] == "_" || ("a"..."z").contains(scalars[i]) || ("A"..."Z").contains(scalars[i]) || isDigit(i))
        }
        while index < scalars.count {
            let start = index
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if isDigit(index) {
                while isDigit(index) { index += 1 }
                if index < scalars.count, scalars[index] == "." {
                    index += 1
                    guard isDigit(index) else { throw text.error(.constraintSyntax, at: start, "expected a digit after '.' in a number") }
                    while isDigit(index) { index += 1 }
                }
                if isWordScalar(index) {
                    throw text.error(.constraintSyntax, at: start, "a number runs into a name; put an operator or a space between them")
                }
                let word = String(String.UnicodeScalarView(scalars[start..<index]))
                guard let value = Double(word), value.isFinite else {
                    throw text.error(.constraintSyntax, at: start, "this number is too large")
                }
                tokens.append(ConstraintToken(kind: .number, text: word, value: value, start: start))
            } else if isWordScalar(index) {
                while isWordScalar(index) { index += 1 }
                let word = String(String.UnicodeScalarView(scalars[start..<index]))
                tokens.append(ConstraintToken(kind: .identifier, text: word, value: 0, start: start))
            } else if index + 1 < scalars.count, pairs.contains(String(String.UnicodeScalarView([scalar, scalars[index + 1]]))) {
                index += 2
                tokens.append(ConstraintToken(
                    kind: .symbol, text: String(String.UnicodeScalarView(scalars[start..<index])), value: 0, start: start))
            } else if singles.contains(scalar) {
                index += 1
                tokens.append(ConstraintToken(kind: .symbol, text: String(scalar), value: 0, start: start))
            } else {
                throw text.error(.constraintSyntax, at: start, "unexpected character '\(scalar)'")
            }
        }
        tokens.append(ConstraintToken(kind: .end, text: "", value: 0, start: scalars.count))
        return tokens
    }
}
