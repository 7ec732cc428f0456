/// The device Interface Builder laid a document out for (`<device id="retina4_7">`), as
/// far as layout margins care: its width in portrait and whether it is an iPad.
struct DesignDevice: Sendable, Equatable {
    /// Points, portrait; nil when the file names no device (Xcode 8 and earlier) or one
    /// this table does not list.
    let width: Double?
    let isPad: Bool

    /// Portrait widths of the iPhone canvases Xcode writes, by id.
    static let phoneWidths: [String: Double] = [
        "retina3_5": 320, "retina4_0": 320, "retina4_7": 375, "retina5_5": 414, "retina5_9": 375, "retina6_0": 390,
        "retina6_1": 414, "retina6_3": 402, "retina6_5": 414, "retina6_7": 428, "retina6_12": 393, "retina6_72": 430,
        "retina6_9": 440,
    ]

    init(id: String?) {
        isPad = id?.hasPrefix("ipad") ?? false
        width = id.flatMap { Self.phoneWidths[$0] }
    }

    /// Whether UIKit gives this screen its wider system margins: an iPhone wider than
    /// 375 pt in portrait (the Plus, Max and 390-pt-and-up phones), or an iPad.
    var hasWideSystemMargins: Bool { isPad || (width ?? 0) > 375 }

    /// A root view's side margins on this screen (`systemMinimumLayoutMargins`): 20 with
    /// wide system margins, else 16. `fallbackWidth` stands in for a file that names no
    /// device (its canvas width).
    func systemMinimumMargin(fallbackWidth: Double? = nil) -> Double {
        hasWideSystemMargins || (width == nil && (fallbackWidth ?? 0) > 375) ? 20 : 16
    }
}

import struct Geometry.EdgeInsets

/// The Xcode eras whose UIKit laid cells out differently, by `toolsVersion` (the build
/// of the Xcode that saved the file). Docs/InterfaceBuilder.md gives each rule's evidence.
enum XcodeEra {
    /// Xcode 9 (iOS 11): a table cell's content view margins follow the table (11 above
    /// and below, 16 or 20 at the sides); before, 8 on every edge.
    static let cellMarginsFollowTable = 13000
    /// Xcode 11 (iOS 13 SDK), its betas (builds 148xx) included: a cell outside any
    /// table has 15 pt side margins (the older base), where Xcode 10.3 (14490.70) and
    /// Xcode 12 on give 16.
    static let legacySideMargin = 14800..<17000
    /// Xcode 26 (iOS 26's design): cells get 15 pt above and below their content, and a
    /// switch is 63 × 28.
    static let liquidGlass = 24000
}

/// Which Xcode build laid a document out. `toolsVersion` is the build of the Xcode
/// that saved it (`17701` is Xcode 12.0), except for the placeholder
/// `toolsVersion="32700.99.1234"` that some Xcode builds write; the Cocoa Touch
/// plug-in's version, which every such file also records and which stays within a few
/// hundred of a real `toolsVersion`, names the build then (Docs/InterfaceBuilder.md).
struct XcodeBuild: Sendable, Equatable {
    /// The build whose UIKit laid the file out, without its fraction; nil when the file
    /// says nothing usable.
    let build: Int?
    /// Whether `toolsVersion` was the placeholder.
    let isPlaceholder: Bool

    /// The placeholder some Xcode builds write for `toolsVersion`.
    static let placeholderToolsVersion = "32700.99.1234"

    init(toolsVersion: String?, pluginVersion: String?) {
        isPlaceholder = toolsVersion?.trimmingSpaces == Self.placeholderToolsVersion
        let text = isPlaceholder ? pluginVersion : toolsVersion
        build = text.flatMap { Int($0.trimmingSpaces.prefix { $0.isASCII && $0.isNumber }) }
    }
}

extension XMLReader {
    /// The Xcode build that laid the document out (`XcodeBuild`).
    var xcodeBuild: XcodeBuild {
        let plugin = tree.child(of: 0, named: "dependencies").flatMap { dependencies in
            tree.children(of: dependencies, named: "plugIn").first {
                tree[$0]["identifier"] == "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"
            }
        }
        return XcodeBuild(toolsVersion: tree[0]["toolsVersion"], pluginVersion: plugin.flatMap { tree[$0]["version"] })
    }

    /// Whether the document is a .xib (its top-level objects stand alone) rather than a storyboard.
    var isXib: Bool { tree[0]["type"]?.hasSuffix(".XIB") ?? false }

    /// The `<device>` the document was designed on, or the screen it is imported for.
    var designDevice: DesignDevice {
        if let device { return DesignDevice(device) }
        return DesignDevice(id: designDeviceID)
    }

    /// The id of the `<device>` the document was designed on.
    var designDeviceID: String? {
        tree.nodes.firstIndex { $0.name == "device" && $0.parent == 0 }.flatMap { tree[$0]["id"] }
    }

    /// How much wider than on its design screen a table view cell is on `device`: the
    /// difference between the device's width and that of the cell's outermost framed
    /// ancestor (the scene's root view, or a .xib's cell itself, which a table gives the
    /// table's width). Zero without a device and for every other kind of cell.
    func widthShift(cell: Int, kind: CellKind) throws(InterfaceBuilderError) -> Double {
        guard let device, kind == .tableViewCell else { return 0 }
        var outermost: Double?
        var current: Int? = cell
        while let node = current {
            if let frame = try frame(of: node) { outermost = frame.width }
            current = tree[node].parent
        }
        return outermost.map { device.width - $0 } ?? 0
    }
}

/// Layout margins as UIKit gives them to an imported cell's content view, in one place
/// (Docs/InterfaceBuilder.md, "Apple's rules, with their evidence").
extension XMLReader {
    /// The content view's layout margins. The file's own where it sets them, else UIKit's:
    /// 8 on every edge before Xcode 9 and for every view that is not a table cell's
    /// content view or a root view of a .xib; then 11 above and below (15 from Xcode
    /// 26), the side margin of `tableCellSideMargin`, and 8 on the trailing side of a
    /// cell with an accessory. A table cell's content view that sets its own margins and
    /// preserves its superview's (`preservesSuperviewLayoutMargins`) takes, edge by edge,
    /// the larger of its own and the cell's: it lies at the cell's edges, so UIKit moves
    /// its margin in as far as the cell's (UIView's documentation).
    func contentViewMargins(cell: Int, kind: CellKind, content: Int, cellWidth: Double) throws(InterfaceBuilderError)
        -> EdgeInsets
    {
        let own = try layoutMargins(of: content)
        guard kind == .tableViewCell else {
            if let own { return own }
            guard (toolsVersion ?? 0) >= XcodeEra.cellMarginsFollowTable,
                tree[cell].parent.map({ tree[$0].name == "objects" }) ?? false, isXib
            else { return EdgeInsets(all: 8) }
            // Interface Builder lays a view at the top of a .xib out as a root view: the
            // system minimum margins of its device, none above and below.
            if let margins = try layoutMargins(of: cell) { return margins }
            let side = designDevice.systemMinimumMargin()
            return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
        }
        let cellMargins = try tableCellMargins(cell: cell, cellWidth: cellWidth)
        guard let own else { return cellMargins }
        guard flag(content, "preservesSuperviewLayoutMargins") else { return own }
        return EdgeInsets(
            top: max(own.top, cellMargins.top), left: max(own.left, cellMargins.left),
            bottom: max(own.bottom, cellMargins.bottom), right: max(own.right, cellMargins.right))
    }

    /// The margins UIKit gives a table cell's content view where the file sets none.
    private func tableCellMargins(cell: Int, cellWidth: Double) throws(InterfaceBuilderError) -> EdgeInsets {
        let tools = toolsVersion ?? 0
        guard tools >= XcodeEra.cellMarginsFollowTable else { return EdgeInsets(all: 8) }
        let vertical: Double = tools >= XcodeEra.liquidGlass ? 15 : 11
        let side = try tableCellSideMargin(cell: cell, cellWidth: cellWidth)
        // An accessory takes the cell's trailing edge: the content view ends before the
        // cell's margin and keeps UIView's default 8 there.
        let trailing = hasAccessory(cell) ? 8 : side
        return EdgeInsets(top: vertical, left: side, bottom: vertical, right: trailing)
    }

    /// Whether the table cell shows a standard accessory (`accessoryType`).
    func hasAccessory(_ cell: Int) -> Bool {
        guard let accessory = tree[cell]["accessoryType"] else { return false }
        return accessory != "none"
    }

    /// UIKit's side margin of a table cell's content view: a base of 16 (15 in Xcode 11's
    /// UIKit), 20 on a screen with wide system margins when the table is wider than 320 pt;
    /// in a table, at least the table's own margins (a root view's system minimum, 16 or 20).
    private func tableCellSideMargin(cell: Int, cellWidth: Double) throws(InterfaceBuilderError) -> Double {
        let device = designDevice
        let table = tree.ancestor(of: cell, named: "tableView")
        // An inset-grouped table's cells are narrower than the table: the table's width counts.
        var width = cellWidth
        if let table, let frame = try frame(of: table) { width = frame.width + (try widthShift(cell: cell, kind: .tableViewCell)) }
        let base: Double
        if device.hasWideSystemMargins && !device.isPad && width > 320 {
            base = 20
        } else {
            base = XcodeEra.legacySideMargin.contains(toolsVersion ?? 0) ? 15 : 16
        }
        guard let table else { return base }
        // A table has its screen's system minimum margins when it is its controller's root
        // view (or takes its superview's); otherwise UIView's default 8.
        let isRoot = tree[table]["key"] == "view" || flag(table, "preservesSuperviewLayoutMargins")
        return max(base, isRoot ? device.systemMinimumMargin(fallbackWidth: width) : 8)
    }
}

/// Stack views as Interface Builder configures them.
extension XMLReader {
    /// Whether the stack view arranges its views inside its layout margins
    /// (`isLayoutMarginsRelativeArrangement`): where the file says so, and wherever it
    /// sets the stack's margins (`<edgeInsets key="layoutMargins">` or directional ones).
    /// Interface Builder's size inspector sets a stack's margins and its margin-relative
    /// arrangement together and writes only the margins; UIKit's own default is false.
    func stackArrangesInMargins(_ stack: Int) throws(InterfaceBuilderError) -> Bool {
        if flag(stack, "layoutMarginsRelativeArrangement") { return true }
        return try layoutMargins(of: stack) != nil
    }
}

/// Controls whose alignment rectangle UIKit makes smaller than their frame.
extension XMLReader {
    /// How far the control's frame extends beyond its alignment rectangle, where
    /// constraints act: a segmented control's is 1 pt shorter at the bottom (its
    /// shadow); a slider's is 2 pt inside its frame on the left and the right (its
    /// thumb's overhang) before Xcode 26, whose slider has none. Nil for other views.
    func alignmentInsets(of node: Int) -> EdgeInsets? {
        switch tree[node].name {
        case "segmentedControl": return EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        case "slider" where (toolsVersion ?? 0) < XcodeEra.liquidGlass: return EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
        default: return nil
        }
    }
}
