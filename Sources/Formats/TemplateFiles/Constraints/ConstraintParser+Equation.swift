import CellLayout

/// Equations, written as UIKit developers write them in comments and in
/// layout libraries:
///
/// ```
/// equation  := anchor relation sum [ '@' priority ] [ '|' 'collapsed' signed ]
/// anchor    := view '.' [ guide '.' ] attribute
/// guide     := 'margins' | 'layoutMarginsGuide' | 'readable' | 'readableContentGuide'
///            | 'safeArea' | 'safeAreaLayoutGuide'
/// sum       := [ '+' | '-' ] term { ('+' | '-') term }
/// term      := factor { ('*' | '/') factor }
/// factor    := number | metric | anchor
/// ```
///
/// The right-hand side may name one anchor, times a multiplier, plus a
/// constant, in any arrangement (`0.75 * image.width`, `image.width * 0.75 + 4`,
/// `-padding + superview.trailing`). `view` is a view's name, `contentView`, or
/// `superview`: the superview of the other view in the constraint.
extension ConstraintParser {
    /// An anchor as written, before `superview` is resolved.
    struct WrittenAnchor {
        let view: String
        let viewAt: Int
        let guide: Bool
        let attribute: LayoutAttribute
        let attributeAt: Int
    }

    /// Attribute names besides ``LayoutAttribute``'s own: UIKit's `baseline` is its last baseline.
    static let attributeAliases: [String: LayoutAttribute] = ["baseline": .lastBaseline]
    static let guideNames = [
        "margins", "layoutMarginsGuide", "readable", "readableContentGuide", "safeArea", "safeAreaLayoutGuide",
    ]
    /// A cell's readable-content guide is its layout-margins guide: UIKit narrows it
    /// only past a readable width (672 pt at the default text size), wider than the
    /// margins of any phone's cell. Docs/TemplateFiles.md says so.
    static let marginGuides: Set<String> = ["margins", "layoutMarginsGuide", "readable", "readableContentGuide"]

    mutating func equation() throws(TemplateFileError) -> LayoutConstraint {
        let firstWritten = try anchor()
        guard let relation = relation() else { throw unexpected("'==', '<=' or '>=' after the first anchor") }
        let rightAt = peek.start
        let (secondWritten, multiplier, constant) = try sum()
        guard multiplier.isFinite, constant.isFinite else {
            throw text.error(.invalidValue, at: rightAt, "the right-hand side overflows: its numbers are too large")
        }
        let first = try resolve(firstWritten, other: secondWritten)
        let second = try secondWritten.map { (anchor) throws(TemplateFileError) in try resolve(anchor, other: firstWritten) }
        try checkPair(first, second, multiplier: multiplier, at: secondWritten?.viewAt ?? rightAt)

        var priority: Priority?
        var collapsed: Double?
        while peek.kind != .end {
            let at = peek.start
            if accept("@") {
                guard priority == nil else { throw text.error(.constraintSyntax, at: at, "the priority is given twice") }
                priority = try self.priority()
            } else if accept("|") {
                guard peek.kind == .identifier, peek.text == "collapsed" else { throw unexpected("'collapsed' after '|'") }
                _ = next()
                guard collapsed == nil else { throw text.error(.constraintSyntax, at: at, "the collapsed constant is given twice") }
                collapsed = try signedConstant("the constant to use while a view is collapsed")
            } else {
                throw unexpected("'+', '-', '*', '/', '@priority', '| collapsed constant' or the end of the constraint")
            }
        }
        var constraint = make(
            first, relation, second, multiplier: multiplier, constant: constant, priority: priority ?? .required)
        if let collapsed { constraint = constraint.collapsedConstant(collapsed) }
        return constraint
    }

    /// `view.attribute` or `view.margins.attribute`.
    mutating func anchor() throws(TemplateFileError) -> WrittenAnchor {
        let viewToken = peek
        guard viewToken.kind == .identifier else { throw unexpected("an anchor such as 'title.top'") }
        _ = next()
        try expect(".", "and an attribute after '\(viewToken.text)', as in '\(viewToken.text).top'")
        var guide = false, guideName: String?
        if peek.kind == .identifier, Self.guideNames.contains(peek.text), peekSecond.isSymbol(".") {
            // A safe-area guide is the view's own bounds: cells are inset by the
            // table's safe area outside their content view, whose safeAreaInsets stay 0.
            guideName = peek.text
            guide = Self.marginGuides.contains(peek.text)
            _ = next()
            _ = next()
        }
        let attributeToken = peek
        guard attributeToken.kind == .identifier else {
            throw unexpected("an attribute of '\(viewToken.text)', such as 'top' or 'margins.leading'")
        }
        _ = next()
        guard let attribute = LayoutAttribute(rawValue: attributeToken.text) ?? Self.attributeAliases[attributeToken.text] else {
            let names = LayoutAttribute.allCases.map(\.rawValue) + Self.attributeAliases.keys.sorted()
            let isGuide = Self.guideNames.contains(attributeToken.text)
            throw text.error(
                .unknownAttribute, at: attributeToken.start,
                isGuide
                    ? "expected an attribute after '\(attributeToken.text)', as in '\(viewToken.text).\(attributeToken.text).leading'"
                    : "there is no attribute '\(attributeToken.text)'\(suggestion(for: attributeToken.text, among: names + Self.guideNames)); "
                        + "expected one of \(names.joined(separator: ", ")), or margins.<attribute> for the layout-margins guide")
        }
        if peek.isSymbol(".") { throw unexpected("an operator after '\(viewToken.text).\(attributeToken.text)'") }
        if guideName != nil, !guide, attribute.isBaseline {
            throw text.error(.incompatibleAnchors, at: attributeToken.start, "a safe-area guide has no baseline")
        }
        return WrittenAnchor(
            view: viewToken.text, viewAt: viewToken.start, guide: guide, attribute: attribute, attributeAt: attributeToken.start)
    }

    /// The anchor's reference, `superview` replaced by the name of the other view's superview.
    func resolve(_ anchor: WrittenAnchor, other: WrittenAnchor?) throws(TemplateFileError) -> AnchorReference {
        var name = anchor.view
        if name == "superview" {
            guard let other, other.view != "superview" else {
                throw text.error(
                    .incompatibleAnchors, at: anchor.viewAt,
                    "'superview' stands for the superview of the other view in the constraint, and there is none")
            }
            name = try superview(of: try view(other.view, at: other.viewAt), at: anchor.viewAt, "'superview'")
        } else {
            _ = try view(name, at: anchor.viewAt)
        }
        if anchor.guide, anchor.attribute.isBaseline {
            throw text.error(.incompatibleAnchors, at: anchor.attributeAt, "a layout-margins guide has no baseline")
        }
        return AnchorReference(view: name, attribute: anchor.attribute, layoutMarginsGuide: anchor.guide)
    }

    /// The right-hand side: at most one anchor with its multiplier, and a constant.
    private mutating func sum() throws(TemplateFileError) -> (WrittenAnchor?, multiplier: Double, constant: Double) {
        var anchor: WrittenAnchor?
        var multiplier = 1.0
        var constant = 0.0
        var sign = accept("-") ? -1.0 : 1.0
        if sign > 0 { _ = accept("+") }
        while true {
            let termAt = peek.start
            let (termAnchor, factor) = try term()
            if let termAnchor {
                guard anchor == nil else {
                    throw text.error(.constraintSyntax, at: termAt, "the right-hand side can name only one anchor")
                }
                anchor = termAnchor
                multiplier = sign * factor
            } else {
                constant += sign * factor
            }
            if accept("+") {
                sign = 1
            } else if accept("-") {
                sign = -1
            } else {
                return (anchor, multiplier, constant)
            }
        }
    }

    /// A product: numbers and metrics, and at most one anchor.
    private mutating func term() throws(TemplateFileError) -> (WrittenAnchor?, Double) {
        var anchor: WrittenAnchor?
        var factor = 1.0
        repeat {
            if peek.kind == .identifier, peekSecond.isSymbol(".") {
                let at = peek.start
                guard anchor == nil else { throw text.error(.constraintSyntax, at: at, "two anchors cannot be multiplied") }
                anchor = try self.anchor()
            } else {
                factor *= try constant("a number, a metric or an anchor")
            }
            while accept("/") {
                let at = peek.start
                let divisor = try constant("a number to divide by")
                guard divisor != 0 else { throw text.error(.constraintSyntax, at: at, "division by zero") }
                factor /= divisor
            }
        } while accept("*")
        return (anchor, factor)
    }
}
