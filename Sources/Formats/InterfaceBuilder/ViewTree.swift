/// The template kinds Interface Builder views map to.
enum ViewKind: String, Sendable {
    case label, textView, image, box, stack, button, `switch`, control

    /// The stem of generated names (`label1`, `view3`).
    var nameStem: String {
        switch self {
        case .box: "view"
        default: rawValue
        }
    }

    var hasSubviews: Bool { self == .box || self == .stack }
}

/// A view of the cell, found by walking `<subviews>` from the content view.
struct CellView: Sendable {
    let node: Int
    let id: String
    let kind: ViewKind
    /// The frame in its superview, as stored.
    let frame: Rect
    /// The frame in content-view coordinates.
    let contentFrame: Rect
    /// Index of the superview in the cell's view list; nil for the content view.
    let parent: Int?
    /// Whether the superview is a stack and the view one of its arranged subviews.
    let arranged: Bool
    /// Whether the file stores the view's frame. Xcode lets a view sized only by its
    /// constraints go without a `<rect key="frame">`; UIKit decodes it at a zero
    /// frame, and its constraints place it. It has no IB frame to compare with.
    var storesFrame = true
    var children: [Int] = []
    var name = ""
}

/// Children every view may have. Those not in `handled` cannot change layout: colours,
/// accessibility, runtime attributes, canvas positions, keyboard traits, gestures.
enum ChildElements {
    static let handled: Set<String> = [
        "rect", "autoresizingMask", "subviews", "constraints", "variation", "viewLayoutGuide", "edgeInsets",
        "directionalEdgeInsets", "connections", "fontDescription", "string", "mutableString", "attributedString",
        "state", "inset", "imageReference", "preferredSymbolConfiguration", "collectionViewFlowLayout", "cells",
        "buttonConfiguration", "segments", "items", "navigationItem", "date", "locale", "prototypes",
    ]
    static let decorative: Set<String> = [
        "color", "nil", "point", "size", "userDefinedRuntimeAttributes", "accessibility", "textInputTraits",
        "dataDetectorType", "integer", "real", "bool", "freeformSimulatedSizeMetrics", "backgroundConfiguration",
        "simulatedMetricsContainer", "animations", "gestureRecognizers", "attributedTitle", "imageView",
        "textAttributes", "titleTextAttributes", "blurEffect", "vibrancyEffect", "shadow", "offsetWrapper",
        "textAttributesWrapper", "wkWebViewConfiguration", "dataDetectorTypes", "audiovisualMediaTypes",
        "scrollEdgeAppearance", "standardAppearance", "compactAppearance", "barButtonItem", "tabBarItem",
        "searchBarAppearance", "navigationBarAppearance", "toolbarAppearance", "scopeButtonTitles", "keyCommands",
        "contentConfiguration", "attributedStringWrapper", "imageReferenceWrapper",
    ]
    /// Keys of `<view>` children of a cell that are backgrounds drawn behind the content.
    static let cellBackgroundViews: Set<String> = [
        "contentView", "backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView",
    ]
}

/// The UIKit classes Interface Builder writes as elements, by what they are for layout.
enum ViewClasses {
    /// Views without an intrinsic size (`noIntrinsicMetric` on both axes) that may hold
    /// subviews: plain views, and views whose content scrolls or is drawn (their own
    /// content — a table's cells, a map — is no part of the cell's layout).
    static let boxes: Set<String> = [
        "view", "collectionView", "tableView", "scrollView", "mapView", "webView", "wkWebView", "visualEffectView",
        "containerView", "glkView", "sceneKitView", "arscnView", "arskView", "skView", "mtkView", "arView",
        "pdfView", "avPlayerView", "customView",
    ]
    /// Controls that UIKit sizes from their content (segments, text, wheels): a size on
    /// both axes, which the importer takes from the design frame.
    static let sizedByContent: Set<String> = ["textField", "segmentedControl", "pageControl", "pickerView", "datePicker"]
    /// Views with a height of their own and no width: UIKit's `noIntrinsicMetric` across.
    static let heightOnly: Set<String> = ["progressView", "slider", "searchBar", "navigationBar", "toolbar", "tabBar"]
}

extension XMLReader {
    /// The template kind of a view element. A class the importer does not know is laid
    /// out as a plain view of its design size (a control of that size), or as a box when
    /// it holds subviews; `note` says so.
    func viewKind(of node: Int, note: inout String?) -> ViewKind {
        let name = tree[node].name
        switch name {
        case "label": return .label
        case "textView": return .textView
        case "imageView": return .image
        case "stackView": return .stack
        case "switch": return .switch
        case "stepper", "activityIndicatorView": return .control
        case "button":
            let fixedImage = ["infoLight", "infoDark", "detailDisclosure", "contactAdd", "close"]
            return fixedImage.contains(tree[node]["buttonType"] ?? "") ? .control : .button
        case _ where ViewClasses.boxes.contains(name):
            // IB's placeholder intrinsic size gives a plain view the size IB laid it out with.
            if hasPlaceholderIntrinsicSize(node), childViewNodes(of: node).isEmpty { return .control }
            return .box
        case _ where ViewClasses.sizedByContent.contains(name) || ViewClasses.heightOnly.contains(name): return .control
        default:
            if childViewNodes(of: node).isEmpty {
                note = "\(tree[node].tag): \(name) is not a UIKit class the importer knows; it is laid out as a view of its design size."
                return .control
            }
            note = "\(tree[node].tag): \(name) is not a UIKit class the importer knows; it is laid out as a plain view holding its subviews."
            return .box
        }
    }

    /// Whether Interface Builder gives the view a placeholder intrinsic size on some axis
    /// ("Intrinsic Size: Placeholder"; `infinite` is none on that axis).
    func hasPlaceholderIntrinsicSize(_ node: Int) -> Bool {
        ["placeholderIntrinsicWidth", "placeholderIntrinsicHeight"].contains { tree[node][$0].map { $0 != "infinite" } ?? false }
    }

    /// The views directly inside `node`: its `<subviews>`, and a visual-effect view's
    /// `<view key="contentView">` (whose own subviews are the effect view's content).
    func childViewNodes(of node: Int) -> [Int] {
        var result: [Int] = []
        if tree[node].name == "visualEffectView", let content = tree.child(of: node, named: "view", key: "contentView") {
            result.append(content)
        }
        for list in tree.children(of: node, named: "subviews") { result += tree[list].children }
        return result
    }

    /// Refuses children that hold subviews or constraints the importer does not read;
    /// returns a note for each other child it does not know (no layout meaning).
    func checkChildren(of node: Int, isCell: Bool = false) throws(InterfaceBuilderError) -> [String] {
        var notes: [String] = []
        let owner = tree[node].name
        for child in tree[node].children {
            let element = tree[child]
            switch element.name {
            case "tableViewCellContentView" where isCell, "collectionViewCellContentView" where isCell:
                continue
            case "view" where isCell && ChildElements.cellBackgroundViews.contains(element["key"] ?? ""):
                continue
            case "view" where owner == "visualEffectView" && element["key"] == "contentView":
                continue
            case "viewLayoutGuide" where element["key"] != "safeArea":
                notes.append("\(element.tag) in \(tree[node].tag) is not imported; a constraint on it would be refused.")
            case "edgeInsets" where element["key"] != "layoutMargins",
                "directionalEdgeInsets" where element["key"] != "directionalLayoutMargins":
                continue // a separator's or a button configuration's insets, read where they matter
            default:
                if ChildElements.handled.contains(element.name) || ChildElements.decorative.contains(element.name) {
                    continue
                }
                if let inner = tree.descendants(of: child).first(where: { ["subviews", "constraints"].contains(tree[$0].name) }) {
                    throw error(
                        .unsupportedElement, at: child,
                        "unknown element inside \(tree[node].tag) holding <\(tree[inner].name)> at line \(tree[inner].line)")
                }
                notes.append("<\(element.name)> inside \(tree[node].tag) at line \(element.line) is ignored: it has no layout meaning the importer knows.")
            }
        }
        return notes
    }
}

/// Template names: the outlet's property name, else the user label made an identifier,
/// else the kind and a counter.
enum ViewNaming {
    static let reserved: Set<String> = ["contentView", "superview"]

    /// Names the views in place. Outlets are given first so that a generated name never
    /// takes an outlet's; a name that is not an identifier, reserved or taken falls through.
    static func assign(_ views: inout [CellView], tree: XMLTree) {
        var outlets: [String: String] = [:]
        for node in tree.nodes where node.name == "outlet" {
            if let destination = node["destination"], let property = node["property"], outlets[destination] == nil {
                outlets[destination] = property
            }
        }
        var used = reserved
        for index in views.indices {
            if let outlet = outlets[views[index].id], isIdentifier(outlet), !used.contains(outlet) {
                views[index].name = outlet
                used.insert(outlet)
            }
        }
        for index in views.indices where views[index].name.isEmpty {
            if let label = tree[views[index].node]["userLabel"], let name = identifier(from: label, lowerFirst: true),
                !used.contains(name)
            {
                views[index].name = name
                used.insert(name)
            }
        }
        var counters: [String: Int] = [:]
        for index in views.indices where views[index].name.isEmpty {
            let stem = views[index].kind.nameStem
            var name: String
            repeat {
                counters[stem, default: 0] += 1
                name = stem + String(counters[stem, default: 0])
            } while used.contains(name)
            views[index].name = name
            used.insert(name)
        }
    }

    /// Letters, digits and `_`, not starting with a digit (ASCII only, so every reader agrees).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !isDigit(first) else { return false }
        return text.unicodeScalars.allSatisfy { isWordScalar($0) }
    }

    /// `"W 85th St, New York"` → `w85thStNewYork`: words joined in camel case, other
    /// characters dropped; `_` first when the result would start with a digit.
    static func identifier(from text: String, lowerFirst: Bool) -> String? {
        let words = text.unicodeScalars.split { !isWordScalar($0) }.map { String(String.UnicodeScalarView($0)) }
        guard !words.isEmpty else { return nil }
        var result = ""
        for (position, word) in words.enumerated() {
            if position == 0 {
                result += lowerFirst ? word.prefix(1).lowercased() + word.dropFirst() : word
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.unicodeScalars.first, isDigit(first) { result = "_" + result }
        return reserved.contains(result) ? result + "_" : result
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_"
    }
}
