import struct Geometry.EdgeInsets

/// Typed reading of attributes and of the small value elements Interface Builder writes
/// (`<rect key="frame">`, `<edgeInsets key="layoutMargins">`), with errors that name the
/// file, line and element.
struct XMLReader: Sendable {
    let tree: XMLTree
    let file: String
    /// The screen to lay a table view cell out for instead of the design device's
    /// (`InterfaceBuilderDocument.importCell(_:on:)`); nil for the file as designed.
    var device: Device? = nil

    func error(_ code: InterfaceBuilderError.Code, at node: Int, _ message: String) -> InterfaceBuilderError {
        InterfaceBuilderError(code: code, file: file, line: tree[node].line, element: tree[node].tag, message: message)
    }

    /// The attribute as a finite number; nil when absent.
    func number(_ node: Int, _ attribute: String) throws(InterfaceBuilderError) -> Double? {
        guard let text = tree[node][attribute] else { return nil }
        guard let value = Double(text.trimmingSpaces), value.isFinite else {
            throw error(.invalidAttribute, at: node, "\(attribute)=\"\(text)\" is not a finite number")
        }
        return value == 0 ? 0 : value
    }

    /// The attribute as a finite number; `fallback` when absent.
    func number(_ node: Int, _ attribute: String, default fallback: Double) throws(InterfaceBuilderError) -> Double {
        try number(node, attribute) ?? fallback
    }

    /// Whether a `YES`/`NO` attribute is `YES` (absent is `NO`).
    func flag(_ node: Int, _ attribute: String) -> Bool { tree[node][attribute] == "YES" }

    /// The `<rect key="frame">` child, if any.
    func frame(of node: Int) throws(InterfaceBuilderError) -> Rect? {
        guard let rect = tree.child(of: node, named: "rect", key: "frame") else { return nil }
        let x = try number(rect, "x", default: 0), y = try number(rect, "y", default: 0)
        guard let width = try number(rect, "width"), let height = try number(rect, "height") else {
            throw error(.missingAttribute, at: rect, "a frame needs a width and a height")
        }
        guard width >= 0, height >= 0 else {
            throw error(.invalidAttribute, at: rect, "a frame's width and height cannot be negative")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The view's layout margins when the file sets them: `<edgeInsets key="layoutMargins">`,
    /// or `<directionalEdgeInsets key="directionalLayoutMargins">` read left to right
    /// (leading as left, trailing as right; ``hasDirectionalMargins(_:)`` tells them apart).
    func layoutMargins(of node: Int) throws(InterfaceBuilderError) -> EdgeInsets? {
        if let insets = tree.child(of: node, named: "edgeInsets", key: "layoutMargins") {
            return EdgeInsets(
                top: try number(insets, "top", default: 0), left: try number(insets, "left", default: 0),
                bottom: try number(insets, "bottom", default: 0), right: try number(insets, "right", default: 0))
        }
        if let insets = tree.child(of: node, named: "directionalEdgeInsets", key: "directionalLayoutMargins") {
            return EdgeInsets(
                top: try number(insets, "top", default: 0), left: try number(insets, "leading", default: 0),
                bottom: try number(insets, "bottom", default: 0), right: try number(insets, "trailing", default: 0))
        }
        return nil
    }

    /// Whether the margins ``layoutMargins(of:)`` reads are directional (UIKit's
    /// `directionalLayoutMargins`): leading and trailing, which trade sides right to left.
    func hasDirectionalMargins(_ node: Int) -> Bool {
        tree.child(of: node, named: "edgeInsets", key: "layoutMargins") == nil
            && tree.child(of: node, named: "directionalEdgeInsets", key: "directionalLayoutMargins") != nil
    }

    /// The view's `semanticContentAttribute`, as the template file writes it; nil for the
    /// default (`unspecified`, or no attribute).
    /// - Throws: `invalidAttribute` for a value UIKit does not have.
    func semanticContentAttribute(of node: Int) throws(InterfaceBuilderError) -> String? {
        guard let value = tree[node]["semanticContentAttribute"], value != "unspecified" else { return nil }
        guard ["playback", "spatial", "forceLeftToRight", "forceRightToLeft"].contains(value) else {
            throw error(.invalidAttribute, at: node, "unknown semanticContentAttribute '\(value)'")
        }
        return value
    }

    /// `<inset key=KEY minX= minY= maxX= maxY=>` as top (minY), left (minX), bottom (maxY), right (maxX).
    func inset(of node: Int, key: String) throws(InterfaceBuilderError) -> EdgeInsets? {
        guard let inset = tree.child(of: node, named: "inset", key: key) else { return nil }
        return EdgeInsets(
            top: try number(inset, "minY", default: 0), left: try number(inset, "minX", default: 0),
            bottom: try number(inset, "maxY", default: 0), right: try number(inset, "maxX", default: 0))
    }

    /// The `id` attribute, required.
    func id(of node: Int) throws(InterfaceBuilderError) -> String {
        guard let id = tree[node]["id"], !id.isEmpty else {
            throw error(.missingAttribute, at: node, "the element has no id")
        }
        return id
    }

    /// The build of the Xcode that laid the document out (`7528.3` → 7528): its
    /// `toolsVersion`, or its plug-in's version where that is a placeholder (`XcodeBuild`).
    var toolsVersion: Int? { xcodeBuild.build }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
