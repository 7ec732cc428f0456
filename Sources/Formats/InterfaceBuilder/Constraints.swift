/// One constraint of the template: its equation and the identifier messages show.
struct ConstraintLine: Sendable, Equatable {
    let equation: String
    let identifier: String?
}

/// What a constraint's item stands for in the template.
private enum ConstraintItem {
    case view(String)
    case safeArea(String)
}

extension CellImporter {
    /// The cell's Interface Builder constraints in document order, each owner's together,
    /// less those the design configuration does not install.
    mutating func importConstraints() throws(InterfaceBuilderError) -> [ConstraintLine] {
        var lines: [ConstraintLine] = []
        var excluded: [String] = [], placeholders: [String] = [], uninstalled: [String] = []
        var scrollContent: [String] = []
        for node in reader.constraintNodes(ownedBy: [cell, content] + views.map(\.node) + uninstalledNodes) {
            let element = tree[node]
            let id = element["id"]
            let label = id ?? "at line \(element.line)"
            if let id, excludedConstraints.contains(id) {
                excluded.append(id)
                skipped.append(id)
                continue
            }
            if reader.flag(node, "placeholder") {
                placeholders.append(label)
                skipped.append(label)
                continue
            }
            let owner = element.parent.flatMap { tree[$0].parent }.flatMap { tree[$0]["id"] }
            if [element["firstItem"], element["secondItem"], owner].contains(where: { $0.map(uninstalledIDs.contains) ?? false }) {
                uninstalled.append(label)
                skipped.append(label)
                continue
            }
            if let scrollView = scrollContentAttachment(node) {
                scrollContent.append("\(label) (\(scrollView))")
                skipped.append(label)
                continue
            }
            lines.append(ConstraintLine(equation: try equation(of: node), identifier: id))
        }
        if !scrollContent.isEmpty {
            note("Left out as they attach a scroll view's content to its content area, whose far edges and centre set the content size, not the scroll view's frame: \(scrollContent.joined(separator: ", ")).")
        }
        if !excluded.isEmpty {
            note("Left out as the default size-class variation excludes them: \(excluded.joined(separator: ", ")).")
        }
        if !placeholders.isEmpty {
            note("Left out as design-time placeholders (removed at build time): \(placeholders.joined(separator: ", ")).")
        }
        if !uninstalled.isEmpty {
            note("Left out as they touch views the design configuration does not install: \(uninstalled.joined(separator: ", ")).")
        }
        return lines
    }

    /// The scroll view's name when the constraint ties the far edge or the centre of a
    /// scroll view to a view inside it. UIKit attaches an edge or centre constraint between
    /// a scroll view and its content to the content area (what it scrolls), not to the
    /// frame: scrolled to its start, the area's top and left edges are the scroll view's
    /// own, so those constraints place the content as written, while the bottom, right and
    /// centre ones set the content size, which no frame of the cell depends on. (A width
    /// or height between them relates the content to the frame, as written.)
    /// The scroll view's attributes whose constraints to its content set the content
    /// size: its far edges and centres, margins included.
    private static let scrollContentSizeAttributes: Set<String> = [
        "bottom", "right", "trailing", "centerX", "centerY",
        "bottomMargin", "rightMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
    ]

    private func scrollContentAttachment(_ node: Int) -> String? {
        let element = tree[node]
        guard let owner = element.parent.flatMap({ tree[$0].parent }) else { return nil }
        func index(_ id: String?) -> Int? {
            guard let id else { return views.firstIndex { $0.node == owner } }
            return viewIndexByID[id]
        }
        let sides = [(index(element["firstItem"]), element["firstAttribute"]), (index(element["secondItem"]), element["secondAttribute"])]
        guard let a = sides[0].0, let b = sides[1].0 else { return nil }
        for (scroll, attribute, inner) in [(a, sides[0].1, b), (b, sides[1].1, a)] {
            guard tree[views[scroll].node].name == "scrollView", let attribute, Self.scrollContentSizeAttributes.contains(attribute)
            else { continue }
            var ancestor = views[inner].parent
            while let current = ancestor, current != scroll { ancestor = views[current].parent }
            if ancestor == scroll { return views[scroll].name }
        }
        return nil
    }

    private func equation(of node: Int) throws(InterfaceBuilderError) -> String {
        let element = tree[node]
        guard let constraints = element.parent, let owner = tree[constraints].parent else {
            throw reader.error(.unsupportedElement, at: node, "a constraint outside a view's <constraints>")
        }
        guard let firstAttribute = element["firstAttribute"] else {
            throw reader.error(.missingAttribute, at: node, "the constraint has no firstAttribute")
        }
        let first = try anchor(item: try item(element["firstItem"], owner: owner, at: node), attribute: firstAttribute, at: node)
        let relation: String
        switch element["relation"] ?? "equal" {
        case "equal": relation = "=="
        case "greaterThanOrEqual": relation = ">="
        case "lessThanOrEqual": relation = "<="
        case let other: throw reader.error(.invalidAttribute, at: node, "unknown relation '\(other)'")
        }
        let multiplier = try self.multiplier(of: node)
        let constant = try reader.number(node, "constant", default: 0)
        let priority = try reader.number(node, "priority", default: 1000)
        guard priority > 0, priority <= 1000 else {
            throw reader.error(.invalidAttribute, at: node, "priority \(formatNumber(priority)) is outside 1...1000")
        }
        var right: String
        if let secondID = element["secondItem"] {
            guard let secondAttribute = element["secondAttribute"] else {
                throw reader.error(.missingAttribute, at: node, "the constraint has a secondItem but no secondAttribute")
            }
            right = try anchor(item: try item(secondID, owner: owner, at: node), attribute: secondAttribute, at: node)
            if multiplier != 1 { right += " * " + formatNumber(multiplier) }
            right += signedConstant(constant)
        } else {
            guard firstAttribute == "width" || firstAttribute == "height" else {
                throw reader.error(
                    .unsupportedConstraint, at: node, "only a width or a height can equal a constant, not \(firstAttribute)")
            }
            guard multiplier == 1 else {
                throw reader.error(.unsupportedConstraint, at: node, "a multiplier needs a second item")
            }
            right = formatNumber(constant)
        }
        return "\(first) \(relation) \(right) @\(formatNumber(priority))"
    }

    /// `"16:9"` → 16/9, `"0.75"` → 0.75; 1 when absent.
    private func multiplier(of node: Int) throws(InterfaceBuilderError) -> Double {
        guard let text = tree[node]["multiplier"] else { return 1 }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double(String($0).trimmingSpaces) }
        let value: Double?
        switch parts.count {
        case 1: value = parts[0]
        case 2: value = parts[0].flatMap { numerator in parts[1].flatMap { $0 == 0 ? nil : numerator / $0 } }
        default: value = nil
        }
        guard let value, value.isFinite else {
            throw reader.error(.invalidAttribute, at: node, "multiplier=\"\(text)\" is not a finite number or ratio")
        }
        return value == 0 ? 0 : value
    }

    /// The template item an Interface Builder id stands for; a missing id is the view owning
    /// the `<constraints>`. The cell and its content view are both `contentView`.
    private func item(_ id: String?, owner: Int, at node: Int) throws(InterfaceBuilderError) -> ConstraintItem {
        guard let id else {
            if owner == cell || owner == content { return .view("contentView") }
            if let index = views.firstIndex(where: { $0.node == owner }) { return .view(views[index].name) }
            throw reader.error(.unknownReference, at: node, "the constraint's owner is not an imported view")
        }
        if id == summary.id || id == contentID { return .view("contentView") }
        if let index = viewIndexByID[id] { return .view(views[index].name) }
        if let owner = safeAreaOwners[id] { return .safeArea(owner) }
        throw reader.error(.unknownReference, at: node, "the constraint refers to \(id), which is not a view of this cell")
    }

    /// `view.attribute`, `view.margins.attribute` for IB's `…Margin` attributes, or
    /// `owner.safeArea.attribute` for a safe-area guide.
    private func anchor(item: ConstraintItem, attribute: String, at node: Int) throws(InterfaceBuilderError) -> String {
        let plain = [
            "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
            "firstBaseline", "lastBaseline",
        ]
        let mapped: (name: String, margins: Bool)
        switch attribute {
        case _ where plain.contains(attribute): mapped = (attribute, false)
        case "baseline": mapped = ("lastBaseline", false)
        case "centerXWithinMargins": mapped = ("centerX", true)
        case "centerYWithinMargins": mapped = ("centerY", true)
        case _ where attribute.hasSuffix("Margin") && plain.contains(String(attribute.dropLast(6))):
            mapped = (String(attribute.dropLast(6)), true)
        default:
            throw reader.error(.invalidAttribute, at: node, "unknown constraint attribute '\(attribute)'")
        }
        switch item {
        case .view(let name):
            return name + (mapped.margins ? ".margins." : ".") + mapped.name
        case .safeArea(let owner):
            guard !mapped.margins else {
                throw reader.error(.unsupportedConstraint, at: node, "a layout guide has no margins (\(attribute))")
            }
            return owner + ".safeArea." + mapped.name
        }
    }
}

/// ` + 8`, ` - 8`, or nothing for 0.
func signedConstant(_ value: Double) -> String {
    if value == 0 { return "" }
    return value > 0 ? " + " + formatNumber(value) : " - " + formatNumber(-value)
}
