import struct Geometry.EdgeInsets

/// Turns one cell of a document into a template file: finds its views, names them, writes
/// their keys, then the constraints, then the autoresizing constraints.
struct CellImporter {
    let reader: XMLReader
    let tree: XMLTree
    let cell: Int
    let content: Int
    let summary: CellSummary
    let geometry: CellGeometry
    /// The content view's id; the cell's own id when the content view has none.
    let contentID: String

    var views: [CellView] = []
    /// The content view's direct subviews, as indices into `views`.
    var roots: [Int] = []
    var viewIndexByID: [String: Int] = [:]
    /// Safe-area guide id → the template name of the view it belongs to.
    var safeAreaOwners: [String: String] = [:]
    /// Constraints the default size-class variation uninstalls.
    var excludedConstraints: Set<String> = []
    /// Subviews the default size-class variation uninstalls.
    var excludedSubviews: Set<String> = []
    /// Ids of uninstalled views and of everything inside them.
    var uninstalledIDs: Set<String> = []
    /// The elements of uninstalled views, whose own constraints are left out with them.
    var uninstalledNodes: [Int] = []
    var resourceImages: [String: JSONValue] = [:]
    /// Images of the system's symbol catalogue named in `<resources>`.
    var systemSymbols: Set<String> = []
    var hiddenViews: [String] = []
    /// Views whose size stands in from a frame IB marks misplaced (``ImportedCell/misplacedSizes``).
    var misplacedSizes: [String] = []
    var skipped: [String] = []
    var notes: [String] = []

    init(reader: XMLReader, cell: Int, summary: CellSummary) throws(InterfaceBuilderError) {
        self.reader = reader
        self.tree = reader.tree
        self.cell = cell
        self.summary = summary
        let cellID = try reader.id(of: cell)
        content = try reader.contentView(of: cell, kind: summary.kind)
        geometry = try reader.geometry(cell: cell, kind: summary.kind, content: content)
        contentID = tree[content]["id"] ?? cellID
        notes = geometry.notes
    }

    mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    mutating func run() throws(InterfaceBuilderError) -> ImportedCell {
        for text in try reader.checkChildren(of: cell, isCell: true) { note(text) }
        if content != cell { for text in try reader.checkChildren(of: content) { note(text) } }
        try collectVariations()
        collectResourceImages()
        noteCustomFonts()
        try collectViews(under: content, parent: nil, originX: 0, originY: 0, arranged: false)
        ViewNaming.assign(&views, tree: tree)
        collectSafeAreas()
        var viewValues: [JSONValue] = []
        for root in roots { viewValues.append(try viewJSON(root)) }
        let constraints = try importConstraints() + autoresizingConstraints()
        let name = [summary.customClass, summary.reuseIdentifier, summary.id]
            .compactMap { $0.flatMap { ViewNaming.identifier(from: $0, lowerFirst: false) } }.first ?? "cell"
        let file = reader.file.split(separator: "/").last.map(String.init) ?? reader.file
        let tools = reader.toolsVersion.map(String.init) ?? "unknown"
        var top: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("description", .string("Imported from \(file), cell \(summary.id) (Xcode toolsVersion \(tools))")),
        ]
        let families = Self.fontFamilies(in: .array(viewValues))
        let aliases = FontMapping.systemAliases.filter { families.contains($0.key) }
        if !aliases.isEmpty {
            // The free families standing in for UIKit's system fonts, written once.
            top.append(("fonts", .object(aliases.map { ($0.key, .string($0.value)) })))
        }
        if Self.usesTextStyles(.array(viewValues)) {
            // UIKit resolves a text style when it decodes the nib, at the category of that
            // moment, in every label whose font has one: `heights --content-size` lays the
            // cell out as loaded under each category (Docs/TextMetrics.md).
            top.append(("textStyles", .string("nib")))
        }
        var contentSettings: [(String, JSONValue)] = [
            ("margins", try contentMarginsJSON()), ("ib", .string(contentID)),
            ("design", .pair(geometry.content.width, geometry.content.height)),
        ]
        if content != cell, let attribute = try reader.semanticContentAttribute(of: content) {
            contentSettings.append(("semanticContentAttribute", .string(attribute)))
        }
        let template: JSONValue = .object(top + [
            ("contentView", .object(contentSettings)),
            ("views", .array(viewValues)),
            ("constraints", .array(constraints.map { line in
                var pairs: [(String, JSONValue)] = [("constraint", .string(line.equation))]
                if let identifier = line.identifier { pairs.append(("identifier", .string(identifier))) }
                return .object(pairs)
            })),
        ])
        var ids = ["contentView": contentID]
        var frames: [String: Rect] = [:]
        for view in views {
            ids[view.name] = view.id
            if view.storesFrame { frames[view.name] = view.contentFrame }
        }
        return ImportedCell(
            summary: summary, name: name, templateJSON: JSONWriter.write(template), contentSize: geometry.content,
            automaticHeight: reader.isAutomaticHeight(cell: cell, kind: summary.kind),
            runtimeContentHeight: reader.runtimeContentHeight(cell: cell, kind: summary.kind, content: geometry.content.height),
            runtimeHeightIsAssumed: reader.isRuntimeHeightAssumed(cell: cell, kind: summary.kind),
            frames: frames, ibIDs: ids,
            hiddenViews: hiddenViews, misplacedSizes: misplacedSizes, viewNames: views.map(\.name), constraintCount: constraints.count,
            skippedConstraints: skipped, notes: notes)
    }

    /// Every font family the views name.
    /// Whether a view's font has a text style.
    private static func usesTextStyles(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): return items.contains(where: usesTextStyles)
        case .object(let pairs):
            return pairs.contains { key, item in
                if key == "font", case .object(let font) = item { return font.contains { $0.0 == "textStyle" } }
                return usesTextStyles(item)
            }
        default: return false
        }
    }

    private static func fontFamilies(in value: JSONValue) -> Set<String> {
        switch value {
        case .array(let items): return items.reduce(into: []) { $0.formUnion(fontFamilies(in: $1)) }
        case .object(let pairs):
            var found: Set<String> = []
            for (key, item) in pairs {
                if key == "font", case .object(let font) = item, case .string(let family)? = font.first(where: { $0.0 == "family" })?.1 {
                    for name in family.split(separator: ",") { found.insert(name.trimmingCharacters(in: .whitespaces)) }
                } else {
                    found.formUnion(fontFamilies(in: item))
                }
            }
            return found
        default: return []
        }
    }

    /// The content view's layout margins: the file's, else UIKit's (`XMLReader.contentViewMargins`).
    private func contentMargins() throws(InterfaceBuilderError) -> EdgeInsets {
        try reader.contentViewMargins(cell: cell, kind: summary.kind, content: content, cellWidth: geometry.cell.width)
    }

    /// The content view's margins as the file writes them: by direction where the file
    /// gives the content view directional margins, or none (UIKit's own margins for a
    /// cell are directional: a table cell's accessory, and the 8 beside it, are on its
    /// trailing side); by side where the file gives them by side.
    private func contentMarginsJSON() throws(InterfaceBuilderError) -> JSONValue {
        let margins = try contentMargins()
        let own = try reader.layoutMargins(of: content)
        return own == nil || reader.hasDirectionalMargins(content) ? .directionalEdges(margins) : .edges(margins)
    }

    /// Reads the `<variation key="default">` masks: what the design configuration leaves
    /// out. Other variations belong to other size classes or idioms and change nothing here.
    private mutating func collectVariations() throws(InterfaceBuilderError) {
        for node in tree.descendants(of: cell) where tree[node].name == "variation" {
            let key = tree[node]["key"] ?? ""
            guard key == "default" else {
                note("<variation key=\"\(key)\"> at line \(tree[node].line) is ignored: it is not the design configuration.")
                continue
            }
            for mask in tree[node].children {
                guard tree[mask].name == "mask", let target = tree[mask]["key"], target == "constraints" || target == "subviews"
                else { throw reader.error(.unsupportedElement, at: mask, "only constraint and subview masks are supported in a variation") }
                for item in tree[mask].children {
                    guard tree[item].name == "exclude" || tree[item].name == "include" else {
                        throw reader.error(.unsupportedElement, at: item, "a mask holds <exclude> and <include> elements")
                    }
                    guard let reference = tree[item]["reference"] else {
                        throw reader.error(.missingAttribute, at: item, "the mask entry has no reference")
                    }
                    // An <include> in the default variation installs what is installed anyway.
                    guard tree[item].name == "exclude" else { continue }
                    if target == "constraints" { excludedConstraints.insert(reference) } else { excludedSubviews.insert(reference) }
                }
            }
        }
    }

    /// `<customFonts>`: the font files the app bundles and the faces each holds, which
    /// `--font-dir` can give to measure the text as the app does.
    private mutating func noteCustomFonts() {
        var files: [String] = []
        for list in tree.children(of: 0, named: "customFonts") {
            for entry in tree[list].children {
                guard let file = tree[entry]["key"] else { continue }
                var faces: [String] = []
                for face in tree.children(of: entry, named: "string") where !faces.contains(tree[face].text) {
                    faces.append(tree[face].text)
                }
                files.append(faces.isEmpty ? file : "\(file) (\(faces.joined(separator: ", ")))")
            }
        }
        guard !files.isEmpty else { return }
        note("The file expects the app's own fonts \(files.joined(separator: ", ")); give their folder with --font-dir to measure with them.")
    }

    private mutating func collectResourceImages() {
        for resources in tree.children(of: 0, named: "resources") {
            for image in tree.children(of: resources, named: "image") {
                guard let name = tree[image]["name"], resourceImages[name] == nil,
                    let width = (try? reader.number(image, "width")) ?? nil,
                    let height = (try? reader.number(image, "height")) ?? nil
                else { continue }
                if tree[image]["catalog"] == "system" {
                    // An SF Symbol's size here is its drawing's canvas (128 on the long side),
                    // not its size on screen, which its symbol configuration sets.
                    systemSymbols.insert(name)
                    continue
                }
                resourceImages[name] = .pair(width, height)
            }
        }
    }

    private mutating func collectViews(
        under node: Int, parent: Int?, originX: Double, originY: Double, arranged: Bool
    ) throws(InterfaceBuilderError) {
        for child in reader.childViewNodes(of: node) {
            if let id = tree[child]["id"], excludedSubviews.contains(id) {
                for inner in [child] + Array(tree.descendants(of: child)) {
                    if let innerID = tree[inner]["id"] { uninstalledIDs.insert(innerID) }
                }
                uninstalledNodes += [child] + reader.subviewNodes(below: child)
                note("\(tree[child].tag) is left out: the default size-class variation does not install it.")
                continue
            }
            var kindNote: String?
            let kind = reader.viewKind(of: child, note: &kindNote)
            if let kindNote { note(kindNote) }
            let id = try reader.id(of: child)
            for text in try reader.checkChildren(of: child) { note(text) }
            let stored = try reader.frame(of: child)
            let frame = stored ?? Rect(x: 0, y: 0, width: 0, height: 0)
            guard viewIndexByID[id] == nil, id != contentID, id != summary.id else {
                throw reader.error(.invalidAttribute, at: child, "the id \(id) is used by another view")
            }
            let contentFrame = Rect(x: originX + frame.x, y: originY + frame.y, width: frame.width, height: frame.height)
            let index = views.count
            var view = CellView(node: child, id: id, kind: kind, frame: frame, contentFrame: contentFrame, parent: parent, arranged: arranged)
            if stored == nil {
                view.storesFrame = false
                note("\(tree[child].tag) \(id) stores no frame: UIKit decodes it at a zero frame and its constraints place it "
                    + "(its design size is 0 × 0, and it has no IB frame to compare with).")
            }
            views.append(view)
            viewIndexByID[id] = index
            if let parent { views[parent].children.append(index) } else { roots.append(index) }
            if kind.hasSubviews {
                try collectViews(
                    under: child, parent: index, originX: contentFrame.x, originY: contentFrame.y, arranged: kind == .stack)
            } else if let inner = reader.childViewNodes(of: child).first {
                throw reader.error(.unsupportedElement, at: inner, "a \(tree[child].name) with subviews is not supported")
            }
        }
    }

    private mutating func collectSafeAreas() {
        let owners: [(Int, String)] = [(cell, "contentView"), (content, "contentView")] + views.map { ($0.node, $0.name) }
        for (node, name) in owners {
            if let guide = tree.child(of: node, named: "viewLayoutGuide", key: "safeArea"), let id = tree[guide]["id"] {
                safeAreaOwners[id] = name
            }
        }
    }
}
