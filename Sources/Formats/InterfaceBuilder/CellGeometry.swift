/// A cell's frame size and its content view's, with how they were found.
struct CellGeometry: Sendable {
    var cell: Size
    var content: Size
    var notes: [String] = []
}

extension XMLReader {
    /// The cell class of `node`, or nil when it is no cell.
    func cellKind(of node: Int) -> CellKind? {
        switch tree[node].name {
        case "tableViewCell": return .tableViewCell
        case "collectionViewCell": return .collectionViewCell
        case "collectionReusableView": return .collectionReusableView
        case "view":
            // Only a view at the top of a .xib is a cell; a view controller's view has
            // key="view" inside its controller, and subviews sit inside <subviews>.
            guard let parent = tree[node].parent, tree[parent].name == "objects",
                let grandparent = tree[parent].parent, tree[grandparent].name == "document"
            else { return nil }
            return .view
        default: return nil
        }
    }

    /// The view whose subviews are the cell's content. A collection cell without a
    /// `<view key="contentView">` (some old files) holds its subviews itself.
    func contentView(of cell: Int, kind: CellKind) throws(InterfaceBuilderError) -> Int {
        switch kind {
        case .tableViewCell:
            if let content = tree.child(of: cell, named: "tableViewCellContentView")
                ?? tree.child(of: cell, named: "view", key: "contentView")
            {
                return content
            }
            throw error(.missingAttribute, at: cell, "the table view cell has no <tableViewCellContentView key=\"contentView\">")
        case .collectionViewCell:
            // Xcode 11 and later write the content view as <collectionViewCellContentView>.
            return tree.child(of: cell, named: "collectionViewCellContentView")
                ?? tree.child(of: cell, named: "view", key: "contentView") ?? cell
        case .collectionReusableView, .view:
            return cell
        }
    }

    /// The sizes of the cell and of its content view. Files before Xcode 8 often store no
    /// frame for a prototype cell or its content view; then the table's width and the row
    /// height stand in, and the content view is a separator (0.5 pt) shorter in a table
    /// with separators, as UIKit laid such cells out (README: "Up to Xcode 8 …").
    func geometry(cell: Int, kind: CellKind, content: Int) throws(InterfaceBuilderError) -> CellGeometry {
        var geometry = try designGeometry(cell: cell, kind: kind, content: content)
        let shift = try widthShift(cell: cell, kind: kind)
        guard shift != 0 else { return geometry }
        geometry.cell.width = max(0, geometry.cell.width + shift)
        geometry.content.width = max(0, geometry.content.width + shift)
        return geometry
    }

    /// The sizes as the file stores (or implies) them, on its design device.
    private func designGeometry(cell: Int, kind: CellKind, content: Int) throws(InterfaceBuilderError) -> CellGeometry {
        var notes: [String] = []
        let cellSize: Size
        if let frame = try frame(of: cell) {
            cellSize = frame.size
        } else if kind == .tableViewCell, let derived = try derivedTableCellSize(cell) {
            cellSize = derived
            notes.append("The file stores no frame for the cell: \(derived) is the table's width and the row height.")
        } else if let custom = tree.child(of: cell, named: "size", key: "customSize") {
            guard let width = try number(custom, "width"), let height = try number(custom, "height"), width >= 0, height >= 0
            else { throw error(.invalidAttribute, at: custom, "customSize needs a width and a height") }
            cellSize = Size(width: width, height: height)
            notes.append("The file stores no frame for the cell: its customSize \(cellSize) stands in.")
        } else {
            throw error(.missingAttribute, at: cell, "the cell has no <rect key=\"frame\"> and its size cannot be derived")
        }
        if content == cell { return CellGeometry(cell: cellSize, content: cellSize, notes: notes) }
        if var size = try frame(of: content)?.size {
            if kind == .tableViewCell, let inset = try insetGroupedInset(cell: cell, width: cellSize.width) {
                size.width = max(0, size.width - 2 * inset)
                notes.append(
                    "The cell is stored at its inset-grouped table's full width; UIKit insets it by \(formatNumber(inset)) pt on each side, so its content view is \(formatNumber(size.width)) pt wide.")
            }
            return CellGeometry(cell: cellSize, content: size, notes: notes)
        }
        var contentSize = cellSize
        if kind == .tableViewCell, hasSeparator(cell) {
            contentSize.height = max(0, cellSize.height - 0.5)
        }
        if kind == .tableViewCell, let accessory = tree[cell]["accessoryType"], accessory != "none" {
            if let width = Self.accessoryWidths[accessory] {
                contentSize.width = max(0, contentSize.width - width)
                notes.append("The cell's accessory \(accessory) takes \(formatNumber(width)) pt of its width (UIKit's, iOS 7 to 12).")
            } else {
                notes.append("The cell has the accessory \(accessory), whose width is not known; the derived width ignores it.")
            }
        }
        notes.append("The file stores no frame for the content view: \(contentSize) is derived from the cell's.")
        return CellGeometry(cell: cellSize, content: contentSize, notes: notes)
    }

    /// The inset of a cell of an inset-grouped table that the file stores at the table's
    /// full width (Xcode 13 to 16 do; Xcode 26 stores the inset frame): the table's side
    /// margins, 20 on a screen with wide system margins, else 16. Nil for other cells.
    private func insetGroupedInset(cell: Int, width: Double) throws(InterfaceBuilderError) -> Double? {
        guard let table = tree.ancestor(of: cell, named: "tableView"), tree[table]["style"] == "insetGrouped",
            let tableWidth = try frame(of: table)?.width, tableWidth == width, (try frame(of: cell)?.x ?? 0) == 0
        else { return nil }
        return designDevice.systemMinimumMargin()
    }

    /// How much of a table cell's width its accessory takes from the content view, as
    /// UIKit lays standard accessories out (iOS 7 to 12; a 320 pt cell's content view is
    /// 287, 281, 273 and 253 pt wide). MoZhouqi's detailButton cell confirms its 47.
    static let accessoryWidths: [String: Double] = [
        "disclosureIndicator": 33, "checkmark": 39, "detailButton": 47, "detailDisclosureButton": 67,
    ]

    /// Width from the nearest enclosing element with a frame (the table view); height from
    /// the cell's `rowHeight`, else the table's, else UIKit's default 44.
    private func derivedTableCellSize(_ cell: Int) throws(InterfaceBuilderError) -> Size? {
        var current = tree[cell].parent
        var width: Double?
        while let node = current, width == nil {
            width = try frame(of: node)?.width
            current = tree[node].parent
        }
        guard let width else { return nil }
        let table = tree.ancestor(of: cell, named: "tableView")
        var height = 44.0
        if let own = try number(cell, "rowHeight"), own > 0 {
            height = own
        } else if let table, let shared = try number(table, "rowHeight"), shared > 0 {
            height = shared
        }
        return Size(width: width, height: height)
    }

    /// Whether the cell is a prototype of a table that draws separators, in a file from
    /// before Xcode 10.2 (which gives the content view the full row height).
    private func hasSeparator(_ cell: Int) -> Bool {
        guard let table = tree.ancestor(of: cell, named: "tableView") else { return false }
        return tree[table]["separatorStyle"] != "none" && (toolsVersion ?? 0) < 14490
    }

    /// Whether the cell's height comes from its constraints (see `ImportedCell.automaticHeight`).
    ///
    /// Interface Builder self-sizes only table cells whose row height is automatic (-1, the
    /// cell's own or the table's). A collection cell's stored size is its layout's item size,
    /// which IB does not fit (a flow layout with an `estimatedItemSize` self-sizes at run time
    /// only), and a reusable or top-level view has the size it was given.
    func isAutomaticHeight(cell: Int, kind: CellKind) -> Bool {
        guard kind == .tableViewCell else { return false }
        if let own = tree[cell]["rowHeight"] { return Double(own) == -1 }
        guard let table = tree.ancestor(of: cell, named: "tableView"), let shared = tree[table]["rowHeight"] else {
            return false
        }
        return Double(shared) == -1
    }

    /// The content view's height UIKit gives the cell at run time, nil where the row sizes
    /// itself (see `ImportedCell.runtimeContentHeight`). `content` is the height IB's canvas
    /// gives it; the row's height less that is what the cell keeps for itself (the separator).
    func runtimeContentHeight(cell: Int, kind: CellKind, content: Double) -> Double? {
        guard kind == .tableViewCell else { return content }
        guard let table = tree.ancestor(of: cell, named: "tableView") else { return nil }
        let tableHeight = tree[table]["rowHeight"].flatMap(Double.init)
        if tree[table]["dataMode"] == "static" {
            // A static table's data source answers each row's height from the file.
            if let own = tree[cell]["rowHeight"].flatMap(Double.init) { return own == -1 ? nil : content }
            return tableHeight.map { $0 == -1 ? nil : content } ?? nil
        }
        // A prototype's own row height is the canvas's: UIKit uses the table's. A designer
        // who gave one a height of its own counts on code to size the row (self-sizing, by
        // default since iOS 11, or a delegate the file cannot show): it is taken as self-sizing,
        // the one answer that does not read a canvas height as a constraint.
        guard tree[cell]["rowHeight"] == nil, let tableHeight, tableHeight != -1 else { return nil }
        let canvasRow = tree.child(of: cell, named: "rect", key: "frame").flatMap { try? number($0, "height") } ?? nil
        guard let canvasRow else { return content }
        return max(0, content + tableHeight - canvasRow)
    }

    /// Whether `runtimeContentHeight` had to assume how the app sizes the row.
    func isRuntimeHeightAssumed(cell: Int, kind: CellKind) -> Bool {
        guard kind == .tableViewCell else { return false }
        guard let table = tree.ancestor(of: cell, named: "tableView") else { return true }
        // In an automatic table a prototype's own height is the canvas's alone.
        return tree[table]["dataMode"] != "static" && tree[cell]["rowHeight"] != nil
            && tree[table]["rowHeight"].flatMap(Double.init) != -1
    }

    /// The views below `node` reached through `<subviews>`, depth first, whatever their class.
    func subviewNodes(below node: Int) -> [Int] {
        var result: [Int] = []
        for child in childViewNodes(of: node) {
            result.append(child)
            result += subviewNodes(below: child)
        }
        return result
    }

    /// The `<constraint>` elements owned by `owners`, in document order.
    func constraintNodes(ownedBy owners: [Int]) -> [Int] {
        Set(owners).flatMap { owner in
            tree.children(of: owner, named: "constraints").flatMap { tree.children(of: $0, named: "constraint") }
        }.sorted()
    }
}
