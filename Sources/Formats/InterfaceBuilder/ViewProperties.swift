import struct Geometry.EdgeInsets

/// The template-file keys of each kind of view.
extension CellImporter {
    /// The view's JSON object, its subviews nested.
    mutating func viewJSON(_ index: Int) throws(InterfaceBuilderError) -> JSONValue {
        let view = views[index]
        let node = view.node
        let element = tree[node]
        var pairs: [(String, JSONValue)] = [
            ("name", .string(view.name)), ("kind", .string(view.kind.rawValue)), ("ib", .string(view.id)),
            ("design", .pair(view.frame.width, view.frame.height)),
            ("hugging", .object([
                ("h", .number(try reader.number(node, "horizontalHuggingPriority", default: 250))),
                ("v", .number(try reader.number(node, "verticalHuggingPriority", default: 250))),
            ])),
            ("compression", .object([
                ("h", .number(try reader.number(node, "horizontalCompressionResistancePriority", default: 750))),
                ("v", .number(try reader.number(node, "verticalCompressionResistancePriority", default: 750))),
            ])),
            ("margins", try marginsJSON(reader.layoutMargins(of: node) ?? EdgeInsets(all: 8), node)),
        ]
        if let attribute = try reader.semanticContentAttribute(of: node) {
            pairs.append(("semanticContentAttribute", .string(attribute)))
        }
        if reader.flag(node, "hidden") {
            pairs.append(("visibility", .string("uikitHidden")))
            hiddenViews.append(view.name)
        }
        noteUnmodelledAttributes(node)
        if let custom = element["customClass"], !custom.isEmpty {
            note("\(element.tag) has the custom class \(custom); it is laid out as a plain \(element.name).")
        }
        switch view.kind {
        case .label:
            pairs += try textPairs(view, defaultSize: 17, lines: true) + bindings(view, staticText: staticText(of: node))
        case .textView: pairs += try textViewPairs(view)
        case .button where tree.child(of: node, named: "buttonConfiguration") != nil:
            pairs[1] = ("kind", .string(ViewKind.control.rawValue))
            pairs.append(("size", try controlSize(view)))
        case .button:
            if let size = try imageOnlyButtonSize(view) {
                pairs[1] = ("kind", .string(ViewKind.control.rawValue))
                pairs.append(("size", size))
            } else {
                pairs += try buttonPairs(view)
            }
        case .image: pairs.append(("size", try imageSize(view)))
        case .control:
            pairs.append(("size", try controlSize(view)))
            if let insets = controlAlignmentInsets(view) { pairs.append(("alignmentInsets", .edges(insets))) }
        case .stack: pairs += try stackPairs(view)
        case .box, .switch: break
        }
        if view.kind == .box, element.name == "collectionView" {
            note("\(element.tag) is imported as a plain box: its items are not laid out and it has no intrinsic size.")
        }
        if view.kind.hasSubviews {
            var children: [JSONValue] = []
            for child in view.children { children.append(try viewJSON(child)) }
            pairs.append((view.kind == .stack ? "arrangedSubviews" : "subviews", .array(children)))
        }
        return .object(pairs)
    }

    /// A view's margins as the template file writes them: by direction where the file
    /// gives them so (`directionalLayoutMargins`), so that they trade sides right to left.
    func marginsJSON(_ insets: EdgeInsets, _ node: Int) -> JSONValue {
        reader.hasDirectionalMargins(node) ? .directionalEdges(insets) : .edges(insets)
    }

    /// Attributes that can change layout at run time but have no template key.
    private mutating func noteUnmodelledAttributes(_ node: Int) {
        let element = tree[node]
        let unmodelled: [(String, String, String)] = [
            ("layoutMarginsFollowReadableWidth", "YES", "its margins follow the readable width at run time"),
            ("preservesSuperviewLayoutMargins", "YES", "it takes its superview's margins where they are larger"),
            ("adjustsFontSizeToFit", "YES", "its font shrinks to fit at run time"),
        ]
        for (attribute, value, effect) in unmodelled where element[attribute] == value {
            note("\(element.tag): \(attribute)=\"\(value)\" is not modelled (\(effect)).")
        }
    }

    private mutating func textPairs(_ view: CellView, defaultSize: Double, lines: Bool) throws(InterfaceBuilderError)
        -> [(String, JSONValue)]
    {
        let node = view.node
        var pairs: [(String, JSONValue)] = [("font", try reader.font(of: node, defaultSize: defaultSize, notes: &notes).json)]
        if tree[node]["adjustsFontForContentSizeCategory"] == "YES" { pairs.append(("adjustsFontForContentSizeCategory", .bool(true))) }
        if lines {
            let count = try reader.number(node, "numberOfLines", default: 1)
            guard count >= 0, count == count.rounded() else {
                throw reader.error(.invalidAttribute, at: node, "numberOfLines must be a whole number, 0 or more")
            }
            pairs.append(("lines", .number(count)))
            pairs.append(("lineBreak", .string(try lineBreak(node))))
        } else {
            pairs.append(("lineBreak", .string("wordWrap")))
        }
        return pairs
    }

    private mutating func lineBreak(_ node: Int) throws(InterfaceBuilderError) -> String {
        switch tree[node]["lineBreakMode"] ?? "tailTruncation" {
        case "wordWrap": return "wordWrap"
        case "characterWrap": return "characterWrap"
        case "tailTruncation": return "truncateTail"
        case let mode where ["headTruncation", "middleTruncation", "clip", "clipping"].contains(mode):
            note("\(tree[node].tag): lineBreakMode \(mode) is modelled as truncateTail (the same lines and height).")
            return "truncateTail"
        case let mode: throw reader.error(.invalidAttribute, at: node, "unknown lineBreakMode '\(mode)'")
        }
    }

    private func bindings(_ view: CellView, staticText: String) -> [(String, JSONValue)] {
        [("text", .string(view.name + "Text")), ("staticText", .string(staticText))]
    }

    private mutating func textViewPairs(_ view: CellView) throws(InterfaceBuilderError) -> [(String, JSONValue)] {
        var pairs = try textPairs(view, defaultSize: 17, lines: false)
        let insets = try reader.inset(of: view.node, key: "textContainerInset")
            ?? EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)
        pairs.append(("insets", .edges(insets)))
        if tree[view.node]["scrollEnabled"] != "NO" {
            note("\(tree[view.node].tag): the text view scrolls in Interface Builder (UIKit gives it no intrinsic height); the template's text view does not scroll.")
        }
        return pairs + bindings(view, staticText: staticText(of: view.node))
    }

    /// A button with an image and no title is as big as its image (the size the file's
    /// `<resources>` give) and its content insets, as `UIButton.intrinsicContentSize`
    /// makes it; `nil` for any other button, or when the image's size is not in the file.
    private mutating func imageOnlyButtonSize(_ view: CellView) throws(InterfaceBuilderError) -> JSONValue? {
        let node = view.node
        guard let state = tree.child(of: node, named: "state", key: "normal"), let image = tree[state]["image"],
            (tree[state]["title"] ?? staticText(of: state, textKeys: ["title"], attributedKey: "attributedTitle")).isEmpty,
            case .array(let parts)? = resourceImages[image], parts.count == 2,
            case .number(let width) = parts[0], case .number(let height) = parts[1]
        else { return nil }
        let insets = try reader.inset(of: node, key: "contentEdgeInsets") ?? EdgeInsets(all: 0)
        note("\(tree[node].tag): a button with the image '\(image)' and no title is as big as its image (\(formatNumber(width))×\(formatNumber(height)) in <resources>) and its content insets.")
        return .pair(width + insets.horizontal, height + insets.vertical)
    }

    private mutating func buttonPairs(_ view: CellView) throws(InterfaceBuilderError) -> [(String, JSONValue)] {
        let node = view.node
        let state = tree.child(of: node, named: "state", key: "normal")
        var title = ""
        if let state {
            title = tree[state]["title"] ?? staticText(of: state, textKeys: ["title"], attributedKey: "attributedTitle")
        }
        let image = state.flatMap { tree[$0]["image"] } ?? state.flatMap { tree.child(of: $0, named: "imageReference") }.map { _ in "symbol" }
        if let image {
            note(title.isEmpty
                ? "\(tree[node].tag): a button with the image '\(image)' and no title; its image is not modelled (staticText \"\")."
                : "\(tree[node].tag): the button's image '\(image)' is not modelled, only its title.")
        }
        for key in ["titleEdgeInsets", "imageEdgeInsets"] where tree.child(of: node, named: "inset", key: key) != nil {
            note("\(tree[node].tag): \(key) is ignored (UIKit leaves it out of the intrinsic size).")
        }
        let system = ["roundedRect", "system"].contains(tree[node]["buttonType"] ?? "")
        let insets = try reader.inset(of: node, key: "contentEdgeInsets")
            ?? (system && !title.isEmpty ? EdgeInsets(top: 6, left: 0, bottom: 6, right: 0) : EdgeInsets(all: 0))
        var pairs: [(String, JSONValue)] = [("font", try reader.font(of: node, defaultSize: 15, notes: &notes).json)]
        if tree[node]["adjustsFontForContentSizeCategory"] == "YES" { pairs.append(("adjustsFontForContentSizeCategory", .bool(true))) }
        pairs.append(("insets", .edges(insets)))
        return pairs + bindings(view, staticText: title)
    }

    /// The text IB shows: the `text` attribute, a `<string key="text">`, or the runs of the
    /// attributed text joined.
    func staticText(of node: Int, textKeys: [String] = ["text"], attributedKey: String = "attributedText") -> String {
        for key in textKeys {
            if let text = tree[node][key] { return text }
            if let child = tree.child(of: node, named: "string", key: key) ?? tree.child(of: node, named: "mutableString", key: key) {
                return tree[child].text
            }
        }
        guard let attributed = tree.child(of: node, named: "attributedString", key: attributedKey)
            ?? tree.child(of: node, named: "attributedString")
        else { return "" }
        return tree.children(of: attributed, named: "fragment").map { fragment in
            tree[fragment]["content"] ?? tree.child(of: fragment, named: "string", key: "content").map { tree[$0].text } ?? ""
        }.joined()
    }

    private mutating func imageSize(_ view: CellView) throws(InterfaceBuilderError) -> JSONValue {
        let node = view.node
        let reference = tree.child(of: node, named: "imageReference", key: "image")
        if let name = tree[node]["image"] ?? reference.flatMap({ tree[$0]["image"] }) {
            if let resource = resourceImages[name] { return resource }
            if systemSymbols.contains(name) || tree[node]["catalog"] == "system" {
                // IB drew the symbol at its configuration: the frame it stored is that size.
                note("\(tree[node].tag): the system symbol '\(name)' is as big as IB drew it (\(formatNumber(view.frame.width))×\(formatNumber(view.frame.height))), its configuration's size.")
                return .pair(view.frame.width, view.frame.height)
            }
            note("\(tree[node].tag): the image '\(name)' has no size in the file's <resources>; the view has no intrinsic size.")
            return .null
        }
        let width = tree[node]["placeholderIntrinsicWidth"], height = tree[node]["placeholderIntrinsicHeight"]
        guard width != nil || height != nil else { return .null }
        if width == "infinite" || height == "infinite" || width == nil || height == nil {
            note("\(tree[node].tag): a placeholder intrinsic size with no width or height is modelled as none.")
            return .null
        }
        return .pair(try reader.number(node, "placeholderIntrinsicWidth", default: 0),
                     try reader.number(node, "placeholderIntrinsicHeight", default: 0))
    }

    /// UIKit's intrinsic size of a control: fixed where UIKit fixes it (a stepper, an
    /// activity indicator), the design frame's where UIKit measures the control's content
    /// (segments, text, wheels), and only a height where UIKit has no width of its own
    /// (`noIntrinsicMetric`: progress views, sliders, bars).
    private mutating func controlSize(_ view: CellView) throws(InterfaceBuilderError) -> JSONValue {
        let element = tree[view.node]
        switch element.name {
        case "stepper":
            // iOS 13 made UIStepper 94 × 32; Xcode 11 (toolsVersion 15xxx) is the first to draw it so.
            return (reader.toolsVersion ?? 0) >= 15000 ? .pair(94, 32) : .pair(94, 29)
        case "activityIndicatorView":
            switch element["style"] ?? "medium" {
            case "whiteLarge", "large": return .pair(37, 37)
            case "white", "gray", "medium": return .pair(20, 20)
            case let style:
                note("\(element.tag): unknown activity indicator style '\(style)'; its frame size stands in.")
            }
        case "button":
            if tree.child(of: view.node, named: "buttonConfiguration") != nil {
                note("\(element.tag): a button with a configuration (Xcode 13 styles) is modelled by its frame size.")
            } else {
                note("\(element.tag): a \(element["buttonType"] ?? "fixed-image") button is modelled by its frame size.")
            }
        case _ where ViewClasses.boxes.contains(element.name):
            return try placeholderSize(view.node)
        case _ where ViewClasses.heightOnly.contains(element.name):
            if element["misplaced"] == "YES" { misplacedSizes.append(view.name) }
            return .array([.null, .number(view.frame.height)])
        case _ where ViewClasses.sizedByContent.contains(element.name):
            note("\(element.tag): UIKit sizes a \(element.name) from its content; its design size stands in.")
        default:
            break
        }
        // A frame IB marks misplaced is not the one its layout gives: as a stand-in for
        // the size UIKit computes, it may be anything the designer dragged.
        if element["misplaced"] == "YES" { misplacedSizes.append(view.name) }
        return .pair(view.frame.width, view.frame.height)
    }

    /// A view's placeholder intrinsic size: `[width, height]`, null on an axis IB leaves
    /// without one (`infinite` or absent).
    private func placeholderSize(_ node: Int) throws(InterfaceBuilderError) -> JSONValue {
        var parts: [JSONValue] = []
        for attribute in ["placeholderIntrinsicWidth", "placeholderIntrinsicHeight"] {
            if tree[node][attribute] == nil || tree[node][attribute] == "infinite" {
                parts.append(.null)
            } else {
                parts.append(.number(try reader.number(node, attribute, default: 0)))
            }
        }
        return .array(parts)
    }

    /// Where UIKit's alignment rectangle of a control is smaller than its frame
    /// (`XMLReader.alignmentInsets`).
    private func controlAlignmentInsets(_ view: CellView) -> EdgeInsets? {
        reader.alignmentInsets(of: view.node)
    }

    private func stackPairs(_ view: CellView) throws(InterfaceBuilderError) -> [(String, JSONValue)] {
        let node = view.node
        let element = tree[node]
        let spacing = element["spacingType"] == "standard" ? 8 : try reader.number(node, "spacing", default: 0)
        let alignments = ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"]
        let distributions = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]
        let axis = element["axis"] ?? "horizontal"
        guard axis == "horizontal" || axis == "vertical" else {
            throw reader.error(.invalidAttribute, at: node, "unknown stack axis '\(axis)'")
        }
        let alignment = element["alignment"] ?? "fill"
        guard alignments.contains(alignment) else {
            throw reader.error(.invalidAttribute, at: node, "unknown stack alignment '\(alignment)'")
        }
        let distribution = element["distribution"] ?? "fill"
        guard distributions.contains(distribution) else {
            throw reader.error(.invalidAttribute, at: node, "unknown stack distribution '\(distribution)'")
        }
        var pairs: [(String, JSONValue)] = [
            ("axis", .string(axis)), ("spacing", .number(spacing)),
            ("alignment", .string(alignment)), ("distribution", .string(distribution)),
        ]
        if try reader.stackArrangesInMargins(node) { pairs.append(("marginsRelative", .bool(true))) }
        if reader.flag(node, "baselineRelativeArrangement") { pairs.append(("baselineRelative", .bool(true))) }
        return pairs
    }
}
