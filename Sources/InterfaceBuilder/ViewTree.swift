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
    var children: [Int] = []
    var name = ""
}

/// Children every view may have. Those not in `handled` cannot change layout: colours,
/// accessibility, runtime attributes, canvas positions, keyboard traits.
enum ChildElements {
    static let handled: Set<String> = [
        "rect", "autoresizingMask", "subviews", "constraints", "variation", "viewLayoutGuide", "edgeInsets",
        "directionalEdgeInsets", "connections", "fontDescription", "string", "mutableString", "attributedString",
        "state", "inset", "imageReference", "preferredSymbolConfiguration", "collectionViewFlowLayout", "cells",
    ]
    static let decorative: Set<String> = [
        "color", "nil", "point", "size", "userDefinedRuntimeAttributes", "accessibility", "textInputTraits",
        "dataDetectorType", "integer", "real", "bool", "freeformSimulatedSizeMetrics", "backgroundConfiguration",
        "simulatedMetricsContainer",
    ]
    /// Keys of `<view>` children of a cell that are backgrounds drawn behind the content.
    static let cellBackgroundViews: Set<String> = [
        "contentView", "backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView",
    ]
}

extension XMLReader {
    /// The template kind of a view element, or an error for a class the importer does not map.
    func viewKind(of node: Int) throws(InterfaceBuilderError) -> ViewKind {
        switch tree[node].name {
        case "label": return .label
        case "textView": return .textView
        case "imageView": return .image
        case "view", "collectionView": return .box
        case "stackView": return .stack
        case "switch": return .switch
        case "stepper", "activityIndicatorView": return .control
        case "button":
            let fixedImage = ["infoLight", "infoDark", "detailDisclosure", "contactAdd", "close"]
            return fixedImage.contains(tree[node]["buttonType"] ?? "") ? .control : .button
        default:
            throw error(.unsupportedElement, at: node, "\(tree[node].name) is not a view class the importer maps")
        }
    }

    /// Refuses children that could change the layout and that the importer does not read.
    func checkChildren(of node: Int, isCell: Bool = false) throws(InterfaceBuilderError) {
        for child in tree[node].children {
            let element = tree[child]
            switch element.name {
            case "tableViewCellContentView" where isCell:
                continue
            case "view" where isCell && ChildElements.cellBackgroundViews.contains(element["key"] ?? ""):
                continue
            case "viewLayoutGuide" where element["key"] != "safeArea":
                throw error(.unsupportedElement, at: child, "only the safe-area layout guide is supported")
            case "edgeInsets" where element["key"] != "layoutMargins",
                "directionalEdgeInsets" where element["key"] != "directionalLayoutMargins":
                throw error(.unsupportedElement, at: child, "insets that are not layout margins are not supported here")
            case "buttonConfiguration":
                throw error(.unsupportedElement, at: child, "buttons with a configuration (Xcode 13 styles) are not supported")
            default:
                if ChildElements.handled.contains(element.name) || ChildElements.decorative.contains(element.name) {
                    continue
                }
                throw error(
                    .unsupportedElement, at: child,
                    "unknown element inside \(tree[node].tag) that may affect layout")
            }
        }
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
