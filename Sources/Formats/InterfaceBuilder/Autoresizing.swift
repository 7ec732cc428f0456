/// One axis of an autoresizing mask: whether the leading margin, the size and the
/// trailing margin may change with the superview.
private struct AxisFlexibility {
    var minimum: Bool
    var size: Bool
    var maximum: Bool
}

/// The names one axis is written with.
private struct AxisNames {
    let lead: String, trail: String, size: String
    static let horizontal = AxisNames(lead: "left", trail: "right", size: "width")
    static let vertical = AxisNames(lead: "top", trail: "bottom", size: "height")
}

extension CellImporter {
    /// Constraints standing for the frames of views that UIKit positions with their
    /// autoresizing masks: `translatesAutoresizingMaskIntoConstraints` not `NO`, or a
    /// `fixedFrame="YES"` view of an old file (which Xcode 6 and 7 pinned with prototyping
    /// constraints and which current tools compile to its autoresizing mask). A stack's
    /// arranged subviews never count: the stack turns the translation off.
    mutating func autoresizingConstraints() throws(InterfaceBuilderError) -> [ConstraintLine] {
        var lines: [ConstraintLine] = []
        var translated: [String] = []
        let reader = self.reader
        for view in views where !view.arranged {
            let element = tree[view.node]
            guard element["translatesAutoresizingMaskIntoConstraints"] != "NO" || element["fixedFrame"] == "YES" else {
                continue
            }
            translated.append(view.name)
            let superName = view.parent.map { views[$0].name } ?? "contentView"
            let superSize = view.parent.map { views[$0].frame.size } ?? geometry.content
            let mask = tree.child(of: view.node, named: "autoresizingMask", key: "autoresizingMask")
            let flag: (String) -> Bool = { attribute in mask.map { reader.flag($0, attribute) } ?? false }
            let horizontal = AxisFlexibility(
                minimum: flag("flexibleMinX"), size: flag("widthSizable"), maximum: flag("flexibleMaxX"))
            let vertical = AxisFlexibility(
                minimum: flag("flexibleMinY"), size: flag("heightSizable"), maximum: flag("flexibleMaxY"))
            // The mask keeps the view's frame; constraints act on its alignment rectangle,
            // which a slider or a segmented control draws inside the frame. UIKit's
            // translated constraints hold the rectangle the frame implies, so the frame
            // stays where the file puts it.
            let rect = reader.alignmentInsets(of: view.node).map { view.frame.inset(by: $0) } ?? view.frame
            for (which, equation) in axis(
                view: view.name, superview: superName, origin: rect.x, length: rect.width,
                superLength: superSize.width, flexibility: horizontal, names: .horizontal)
                + axis(
                    view: view.name, superview: superName, origin: rect.y, length: rect.height,
                    superLength: superSize.height, flexibility: vertical, names: .vertical)
            {
                lines.append(ConstraintLine(equation: equation + " @1000", identifier: "autoresizing:\(view.id):\(which)"))
            }
        }
        if !translated.isEmpty {
            note("Frames kept by autoresizing masks are written as constraints (identifiers autoresizing:ID:EDGE): \(translated.joined(separator: ", ")).")
        }
        return lines
    }

    /// Two constraints that reproduce UIKit's autoresizing along one axis. With one flexible
    /// part the others keep their design lengths. With several, UIKit shares a change of the
    /// superview among them in proportion to their design lengths (equally when those are
    /// all 0), so an edge moves by a fixed fraction `k` of the superview's change: it is
    /// `k * super.trail + c`, where positions with a multiplier are measured from the
    /// superview's origin and `c` puts the edge at its design place.
    private func axis(
        view: String, superview: String, origin: Double, length: Double, superLength: Double,
        flexibility: AxisFlexibility, names: AxisNames
    ) -> [(String, String)] {
        let parts = [(flexibility.minimum, origin), (flexibility.size, length), (flexibility.maximum, superLength - origin - length)]
        let flexibleCount = parts.filter(\.0).count
        let flexibleTotal = parts.filter(\.0).map(\.1).reduce(0, +)
        func share(_ index: Int) -> Double {
            guard parts[index].0 else { return 0 }
            return flexibleTotal != 0 ? parts[index].1 / flexibleTotal : 1 / Double(flexibleCount)
        }
        let lead = "\(view).\(names.lead)", trail = "\(view).\(names.trail)"
        let superLead = "\(superview).\(names.lead)", superTrail = "\(superview).\(names.trail)"
        /// The edge at `position` in the design, moving by `k` times the superview's change.
        func edge(_ anchor: String, at position: Double, moving k: Double) -> String {
            if k == 0 { return "\(anchor) == \(superLead)\(signedConstant(position))" }
            if k == 1 { return "\(superTrail) == \(anchor)\(signedConstant(superLength - position))" }
            return "\(anchor) == \(superTrail) * \(formatNumber(k))\(signedConstant(position - superLength * k))"
        }
        let leadShare = share(0)
        guard flexibility.size else {
            let size = "\(view).\(names.size) == \(formatNumber(length))"
            if leadShare == 1 {
                return [(names.size, size), (names.trail, edge(trail, at: origin + length, moving: 1))]
            }
            return [(names.lead, edge(lead, at: origin, moving: leadShare)), (names.size, size)]
        }
        return [
            (names.lead, edge(lead, at: origin, moving: leadShare)),
            (names.trail, edge(trail, at: origin + length, moving: leadShare + share(1))),
        ]
    }
}
