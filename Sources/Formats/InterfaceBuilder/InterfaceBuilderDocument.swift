import Foundation
import JSONSupport

/// An Interface Builder document (`.xib` or `.storyboard`) read with Foundation's
/// `XMLParser`, and the cells in it.
///
/// ```swift
/// let document = try InterfaceBuilderDocument(contentsOfFile: "Main.storyboard")
/// let cell = try document.cell(matching: "FDFeedCell")      // id, reuse identifier or class
/// let imported = try document.importCell(cell)
/// try imported.templateJSON.write(toFile: "FDFeedCell.json", atomically: true, encoding: .utf8)
/// ```
///
/// Cells are `<tableViewCell>`, `<collectionViewCell>`, `<collectionReusableView>` and
/// `<view>`s directly under a .xib's `<objects>`. Reading never traps: malformed XML and
/// anything the importer cannot take are `InterfaceBuilderError`s naming file, line and element.
public struct InterfaceBuilderDocument: Sendable {
    /// The path given when reading; errors and the template's description name it.
    public let path: String
    /// The document's `toolsVersion` (the Xcode build that saved it), without its fraction.
    public let toolsVersion: Int?
    /// Every cell of the document, in document order.
    public let cells: [CellSummary]

    let reader: XMLReader
    /// The element of each cell, parallel to `cells`.
    let cellNodes: [Int]

    /// The largest document read by default: 64 MiB, ten times the largest storyboard
    /// of the shared cells' 45 repositories and more than any Xcode writes for one
    /// screen; ``init(contentsOfFile:maximumBytes:)`` takes another.
    public static let defaultMaximumBytes = 64 << 20

    /// Reads the file at `path` (a pipe or a device too). A file of more than
    /// `maximumBytes` is refused before it is read whole.
    public init(contentsOfFile path: String, maximumBytes: Int = defaultMaximumBytes) throws(InterfaceBuilderError) {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path, limit: maximumBytes)
        } catch {
            throw InterfaceBuilderError(code: .unreadableFile, file: path, line: 0, element: "", message: error.message)
        }
        try self.init(parsing: Data(bytes), path: path)
    }

    /// Reads a document's text; `path` is only the name errors and descriptions give it.
    public init(parsing text: String, path: String) throws(InterfaceBuilderError) {
        try self.init(parsing: Data(text.utf8), path: path)
    }

    /// Reads a document's bytes; `path` is only the name errors and descriptions give it.
    public init(parsing data: Data, path: String) throws(InterfaceBuilderError) {
        let tree = try XMLTree.parse(data, file: path)
        let reader = XMLReader(tree: tree, file: path)
        guard tree[0].name == "document" else {
            throw reader.error(.notInterfaceBuilder, at: 0, "the root element is not <document>")
        }
        self.path = path
        self.reader = reader
        self.toolsVersion = reader.toolsVersion
        var nodes: [Int] = []
        var summaries: [CellSummary] = []
        for node in tree.nodes.indices {
            guard let kind = reader.cellKind(of: node) else { continue }
            nodes.append(node)
            summaries.append(reader.summary(of: node, kind: kind))
        }
        self.cellNodes = nodes
        self.cells = summaries
    }

    /// The cell `id` names: the cell whose Interface Builder object id is `id`; failing that,
    /// the cells with that reuse identifier; failing that, those with that custom class.
    /// Without an id, the document's only cell.
    ///
    /// - Throws: `.ambiguousCell` when the first rule that matches any cell matches several
    ///   (or no id is given and there are several cells), listing them; `.noSuchCell` when
    ///   nothing matches.
    public func cell(matching id: String?) throws(InterfaceBuilderError) -> CellSummary {
        guard let id else {
            if cells.count == 1 { return cells[0] }
            if cells.isEmpty { throw documentError(.noSuchCell, "the document has no cells") }
            throw documentError(.ambiguousCell, "the document has \(cells.count) cells; name one: \(listing(cells))")
        }
        let rules: [(String, (CellSummary) -> Bool)] = [
            ("id", { $0.id == id }),
            ("reuse identifier", { $0.reuseIdentifier == id }),
            ("custom class", { $0.customClass == id }),
        ]
        for (rule, matches) in rules {
            let found = cells.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw documentError(.ambiguousCell, "\(found.count) cells have the \(rule) '\(id)': \(listing(found))")
            }
        }
        let known = cells.isEmpty ? "the document has no cells" : "cells: \(listing(cells))"
        throw documentError(.noSuchCell, "no cell has the id, reuse identifier or custom class '\(id)'; \(known)")
    }

    /// Imports `cell` (one of `cells`) as a CellFit template file.
    /// - Parameter device: the screen to lay a table view cell out for (its width and
    ///   side margins; ``Device``); nil, the default, for the design device's, as stored.
    ///   The frames of ``ImportedCell/frames`` stay the file's.
    public func importCell(_ cell: CellSummary, on device: Device? = nil) throws(InterfaceBuilderError) -> ImportedCell {
        guard let index = cells.firstIndex(of: cell) else {
            throw documentError(.noSuchCell, "the cell \(cell.id) at line \(cell.line) is not one of this document's")
        }
        var reader = reader
        reader.device = device
        var importer = try CellImporter(reader: reader, cell: cellNodes[index], summary: cell)
        return try importer.run()
    }

    private func documentError(_ code: InterfaceBuilderError.Code, _ message: String) -> InterfaceBuilderError {
        InterfaceBuilderError(code: code, file: path, line: 0, element: "", message: message)
    }

    private func listing(_ list: [CellSummary]) -> String {
        list.map { summary in
            let names = [summary.reuseIdentifier, summary.customClass].compactMap { $0 }
            let detail = names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
            return "\(summary.kind.rawValue) \(summary.id.isEmpty ? "without id" : summary.id)\(detail) at line \(summary.line)"
        }.joined(separator: "; ")
    }
}

extension XMLReader {
    /// What `cells` lists for one cell. Listing never throws: a cell whose size cannot be
    /// told is listed with zero sizes, and importing it reports why.
    func summary(of cell: Int, kind: CellKind) -> CellSummary {
        let node = tree[cell]
        let content = (try? contentView(of: cell, kind: kind)) ?? cell
        let geometry = try? geometry(cell: cell, kind: kind, content: content)
        let zero = Size(width: 0, height: 0)
        let views = subviewNodes(below: content)
        let style = kind == .tableViewCell ? node["style"].flatMap { $0.isEmpty ? nil : $0 } : nil
        return CellSummary(
            id: node["id"] ?? "", kind: kind,
            customClass: node["customClass"].flatMap { $0.isEmpty ? nil : $0 },
            reuseIdentifier: node["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
            size: geometry?.cell ?? zero, contentSize: geometry?.content ?? zero,
            viewCount: views.count, constraintCount: constraintNodes(ownedBy: [cell, content] + views).count,
            line: node.line, builtInStyle: style,
            builtInStyleViews: style == nil ? [] : ["textLabel", "detailTextLabel", "imageView"].compactMap { node[$0] })
    }
}
