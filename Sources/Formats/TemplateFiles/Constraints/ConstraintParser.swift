import CellLayout

/// Turns one constraint string into ``LayoutConstraint``s: an equation
/// (`body.top == username.bottom + 4 @750`) into one, a visual format
/// (`H:|-10-[avatar(40)]-[username]-10-|`) into several. Hand-written
/// recursive descent over ``ConstraintLexer``'s tokens, so that every error
/// can point at the character it is about.
///
/// Everything a template would reject about a constraint is checked here
/// first — unknown views, x with y, a position with a constant — because here
/// the column is known.
struct ConstraintParser {
    let text: ConstraintText
    let scope: ConstraintScope
    private let tokens: [ConstraintToken]
    private var position = 0

    /// Parses `text`, an equation or a visual format.
    /// - Throws: ``TemplateFileError`` with code `constraintSyntax`, `unknownView`,
    ///   `unknownAttribute`, `unknownMetric`, `incompatibleAnchors` or `invalidPriority`.
    static func parse(_ text: ConstraintText, scope: ConstraintScope) throws(TemplateFileError) -> [LayoutConstraint] {
        var parser = ConstraintParser(text: text, scope: scope, tokens: try ConstraintLexer.tokens(text))
        let first = parser.peek
        if first.kind == .end {
            throw text.error(.constraintSyntax, at: 0, "the constraint is empty; expected an equation or a visual format")
        }
        let isVisualFormat = first.isSymbol("|") || first.isSymbol("[")
            || (first.kind == .identifier && parser.tokens[1].isSymbol(":"))
        return isVisualFormat ? try parser.visualFormat() : [try parser.equation()]
    }

    private init(text: ConstraintText, scope: ConstraintScope, tokens: [ConstraintToken]) {
        self.text = text
        self.scope = scope
        self.tokens = tokens
    }

    /// The highest priority below required that a template accepts (CellLayout's rule).
    static let maximumOptionalPriority = Priority(999.999)

    // MARK: Tokens

    var peek: ConstraintToken { tokens[position] }

    /// The token after the next one (the last, `end`, repeats).
    var peekSecond: ConstraintToken { tokens[min(position + 1, tokens.count - 1)] }

    mutating func next() -> ConstraintToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Consumes `symbol` if it is next.
    mutating func accept(_ symbol: String) -> Bool {
        guard peek.isSymbol(symbol) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ symbol: String, _ purpose: String) throws(TemplateFileError) {
        guard accept(symbol) else { throw unexpected("'\(symbol)' \(purpose)") }
    }

    /// "expected …, found …" at the next token.
    func unexpected(_ expected: String) -> TemplateFileError {
        var what = "expected \(expected), found \(peek.quoted)"
        if peek.isSymbol("=") { what += " ('=' alone is not a relation; write '==')" }
        return text.error(.constraintSyntax, at: peek.start, what)
    }

    // MARK: Shared pieces

    /// `==`, `<=` or `>=`, if next.
    mutating func relation() -> Relation? {
        for (symbol, relation) in [("==", Relation.equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]
        where accept(symbol) {
            return relation
        }
        return nil
    }

    /// A number or a metric's name.
    mutating func constant(_ purpose: String) throws(TemplateFileError) -> Double {
        let token = peek
        switch token.kind {
        case .number:
            _ = next()
            return token.value
        case .identifier:
            _ = next()
            return try metric(token)
        default:
            throw unexpected(purpose)
        }
    }

    /// A number or metric with an optional sign.
    mutating func signedConstant(_ purpose: String) throws(TemplateFileError) -> Double {
        if accept("-") { return -(try constant(purpose)) }
        _ = accept("+")
        return try constant(purpose)
    }

    func metric(_ token: ConstraintToken) throws(TemplateFileError) -> Double {
        guard let value = scope.metrics[token.text] else {
            let metrics = scope.metrics.keys.sorted()
            let known = metrics.isEmpty ? "the template defines no metrics" : "its metrics are " + metrics.map { "'\($0)'" }.joined(separator: ", ")
            let hint = scope.views[token.text] != nil ? " ('\(token.text)' is a view: name an attribute, as in '\(token.text).top')" : ""
            throw text.error(
                .unknownMetric, at: token.start,
                "there is no metric called '\(token.text)'\(suggestion(for: token.text, among: metrics))\(hint); \(known)")
        }
        return value
    }

    /// `@750`, `@high`, `@defaultLow + 1`, `@required`, `@padding` (a metric), in 1...1000.
    mutating func priority() throws(TemplateFileError) -> Priority {
        let start = peek.start
        var value: Double
        let words: [String: Double] = [
            "required": 1000, "high": 750, "defaultHigh": 750, "low": 250, "defaultLow": 250, "fittingSizeLevel": 50,
        ]
        if peek.kind == .identifier, let named = words[peek.text] {
            _ = next()
            value = named
        } else {
            value = try constant("a priority (a number, or required, high, low or fittingSizeLevel)")
        }
        if accept("+") {
            value += try constant("a number to add to the priority")
        } else if accept("-") {
            value -= try constant("a number to subtract from the priority")
        }
        let priority = Priority(Float(value))
        // The template reserves the levels between 999.999 and 1000 for intrinsic sizes
        // (Docs/Semantics.md); said here, the error can point at the priority.
        guard value == 1000 || ((1...1000).contains(value) && priority <= Self.maximumOptionalPriority) else {
            throw text.error(
                .invalidPriority, at: start,
                "the priority is \(value.text); expected 1000 (required) or 1...999.999 "
                    + "(the levels just below 1000 are reserved for intrinsic sizes)")
        }
        return priority
    }

    /// The view called `name`, or an error at `index` listing the views there are.
    func view(_ name: String, at index: Int) throws(TemplateFileError) -> ViewRecord {
        guard let record = scope.views[name] else {
            throw text.error(
                .unknownView, at: index,
                "there is no view called '\(name)'\(suggestion(for: name, among: scope.viewNames)); expected one of \(scope.choices)")
        }
        return record
    }

    /// The superview of `record`, for `superview` in equations and `|` in visual formats.
    func superview(of record: ViewRecord, at index: Int, _ written: String) throws(TemplateFileError) -> String {
        guard let superview = record.superview else {
            throw text.error(.incompatibleAnchors, at: index, "\(written) would be the superview of the content view, which has none")
        }
        return superview
    }

    /// Checks what the template would reject about relating `first` to `second`
    /// with `multiplier`, reporting it at the second anchor (or the relation).
    func checkPair(
        _ first: AnchorReference, _ second: AnchorReference?, multiplier: Double, at index: Int
    ) throws(TemplateFileError) {
        let a = first.attribute
        guard let second else {
            if !a.isDimension {
                throw text.error(
                    .incompatibleAnchors, at: index,
                    "\(first) is a position, which cannot equal a constant; relate it to another anchor, as in '\(first) == superview.\(a) + 8'")
            }
            return
        }
        let b = second.attribute
        if a.isDimension != b.isDimension {
            let (position, dimension) = a.isDimension ? (second, first) : (first, second)
            throw text.error(
                .incompatibleAnchors, at: index,
                "\(position) is a position and \(dimension) a size; a position relates to a position, a size to a size")
        }
        if !a.isDimension, a.axis != b.axis {
            throw text.error(
                .incompatibleAnchors, at: index,
                "\(first) is \(a.axis) and \(second) is \(b.axis); positions relate only along one axis")
        }
        if !a.isDimension, multiplier == 0 {
            throw text.error(.incompatibleAnchors, at: index, "a multiplier of 0 would make \(first) equal a constant")
        }
    }

    /// A constraint made from this string, with the string's file and line.
    func make(
        _ first: AnchorReference, _ relation: Relation, _ second: AnchorReference?,
        multiplier: Double = 1, constant: Double, priority: Priority
    ) -> LayoutConstraint {
        LayoutConstraint(
            first, relation, second, multiplier: multiplier, constant: constant, priority: priority,
            location: text.location)
    }
}
