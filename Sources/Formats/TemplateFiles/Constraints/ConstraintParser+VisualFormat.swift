import CellLayout

/// Apple's Visual Format Language:
///
/// ```
/// format      := [ ('H' | 'V') ':' ] [ '|' connection ] view { connection view } [ connection '|' ]
/// view        := '[' name [ '(' predicate { ',' predicate } ')' ] ']'
/// connection  := '-' number '-' | '-' metric '-' | '-' '(' predicate { ',' predicate } ')' '-' | '-' | (nothing)
/// predicate   := [ '==' | '<=' | '>=' ] ( number | metric | view name ) [ '@' priority ]
/// ```
///
/// Each piece makes the constraint the equivalent equation makes, in reading
/// order: `[a]-(>=8@750)-[b]` is `b.leading >= a.trailing + 8 @750`;
/// `|-10-[a]` is `a.leading == superview.leading + 10`; `[a]-10-|` is
/// `superview.trailing == a.trailing + 10` (UIKit's order: the later item
/// first); `[a(>=40,<=b)]` is `a.width >= 40` and `a.width <= b.width`.
/// Vertical formats use top and bottom, horizontal ones leading and trailing.
/// A lone `-` is UIKit's standard spacing, 8; no connection (`[a][b]`) is 0.
/// `|` is the superview of the view next to it.
extension ConstraintParser {
    /// A relation to a constant or to a view's same dimension, at a priority.
    private struct Predicate {
        let relation: Relation
        let constant: Double
        /// A view name, for view predicates such as `(==title)`.
        let view: (name: String, at: Int)?
        let priority: Priority
    }

    /// One end of a connection: a view, or the superview edge `|`.
    private enum Item {
        case view(ViewRecord)
        case edge(superview: String)
    }

    mutating func visualFormat() throws(TemplateFileError) -> [LayoutConstraint] {
        var axis = Axis.horizontal
        if peek.kind == .identifier {
            let orientation = next()
            switch orientation.text {
            case "H": axis = .horizontal
            case "V": axis = .vertical
            default:
                throw text.error(
                    .constraintSyntax, at: orientation.start,
                    "a visual format starts with 'H:' or 'V:', found '\(orientation.text):'")
            }
            _ = next()   // the ':' that made this a visual format
        }
        let (leading, trailing, size) = axis == .horizontal
            ? (LayoutAttribute.leading, LayoutAttribute.trailing, LayoutAttribute.width)
            : (LayoutAttribute.top, LayoutAttribute.bottom, LayoutAttribute.height)

        var constraints: [LayoutConstraint] = []
        var previous: ViewRecord?
        // The connection after the previous item, waiting for the next view.
        var pending: [Predicate]?
        let leadingEdge = peek
        if accept("|") { pending = try connection() }
        while true {
            try expect("[", "to start a view, as in '[title]'")
            let (record, predicates) = try bracketedView()
            if let pending {
                let from: Item
                if let previous {
                    from = .view(previous)
                } else {
                    from = .edge(superview: try superview(of: record, at: leadingEdge.start, "'|'"))
                }
                constraints += connect(from, .view(record), pending, leading, trailing)
            }
            for predicate in predicates {
                let target = predicate.view.map { AnchorReference(view: $0.name, attribute: size) }
                constraints.append(make(
                    AnchorReference(view: record.name, attribute: size), predicate.relation, target,
                    constant: predicate.constant, priority: predicate.priority))
            }
            previous = record
            if peek.kind == .end { return constraints }
            let after = try connection()
            let trailingEdge = peek
            if accept("|") {
                let edge = Item.edge(superview: try superview(of: record, at: trailingEdge.start, "'|'"))
                constraints += connect(.view(record), edge, after, leading, trailing)
                guard peek.kind == .end else { throw unexpected("the end of the format after the closing '|'") }
                return constraints
            }
            pending = after
        }
    }

    /// The constraints of one connection: `next.leading REL previous.trailing + constant`
    /// for each predicate (the superview's own leading or trailing at the edges).
    private func connect(
        _ previous: Item, _ next: Item, _ predicates: [Predicate], _ leading: LayoutAttribute, _ trailing: LayoutAttribute
    ) -> [LayoutConstraint] {
        let from: AnchorReference
        let to: AnchorReference
        switch previous {
        case .view(let view): from = AnchorReference(view: view.name, attribute: trailing)
        case .edge(let superview): from = AnchorReference(view: superview, attribute: leading)
        }
        switch next {
        case .view(let view): to = AnchorReference(view: view.name, attribute: leading)
        case .edge(let superview): to = AnchorReference(view: superview, attribute: trailing)
        }
        return predicates.map { make(to, $0.relation, from, constant: $0.constant, priority: $0.priority) }
    }

    /// What follows a view or the leading `|`: `-N-`, `-(predicates)-`, `-`, or nothing.
    private mutating func connection() throws(TemplateFileError) -> [Predicate] {
        guard accept("-") else {
            guard peek.isSymbol("[") || peek.isSymbol("|") else {
                throw unexpected("'-', '[' or '|' after a view or an edge")
            }
            return [Predicate(relation: .equal, constant: 0, view: nil, priority: .required)]
        }
        if peek.isSymbol("[") || peek.isSymbol("|") {
            return [Predicate(relation: .equal, constant: ConstraintScope.standardSpacing, view: nil, priority: .required)]
        }
        let predicates: [Predicate]
        if accept("(") {
            predicates = try predicateList(allowViews: false)
        } else {
            predicates = [Predicate(relation: .equal, constant: try constant("a spacing, '(' or '[' after '-'"), view: nil, priority: .required)]
        }
        try expect("-", "after the spacing")
        return predicates
    }

    /// `name` or `name(predicates)` and the closing `]` (the `[` is consumed).
    private mutating func bracketedView() throws(TemplateFileError) -> (ViewRecord, [Predicate]) {
        let nameToken = peek
        guard nameToken.kind == .identifier else { throw unexpected("a view name after '['") }
        _ = next()
        if nameToken.text == "superview" {
            throw text.error(.unknownView, at: nameToken.start, "a visual format writes the superview as '|', not '[superview]'")
        }
        let record = try view(nameToken.text, at: nameToken.start)
        var predicates: [Predicate] = []
        if accept("(") { predicates = try predicateList(allowViews: true) }
        try expect("]", "to close the view '\(nameToken.text)'")
        return (record, predicates)
    }

    /// `predicate, predicate, …)` (the `(` is consumed).
    private mutating func predicateList(allowViews: Bool) throws(TemplateFileError) -> [Predicate] {
        var predicates: [Predicate] = []
        repeat {
            let relation = self.relation() ?? .equal
            let objectToken = peek
            var constant = 0.0
            var target: (name: String, at: Int)?
            if objectToken.kind == .identifier, scope.views[objectToken.text] != nil, scope.metrics[objectToken.text] == nil {
                guard allowViews else {
                    throw text.error(
                        .constraintSyntax, at: objectToken.start,
                        "a spacing cannot name a view ('\(objectToken.text)'); expected a number or a metric")
                }
                _ = next()
                target = (objectToken.text, objectToken.start)
            } else if accept("-") {
                constant = -(try self.constant("a number or a metric after '-'"))
            } else {
                constant = try self.constant(allowViews ? "a number, a metric or a view name" : "a number or a metric")
            }
            let priority = accept("@") ? try self.priority() : .required
            predicates.append(Predicate(relation: relation, constant: constant, view: target, priority: priority))
        } while accept(",")
        try expect(")", "to close the predicates")
        return predicates
    }
}
