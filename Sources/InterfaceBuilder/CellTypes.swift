/// A width and a height in points, as Interface Builder stores them.
public struct IBSize: Sendable, Equatable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`, numbers written as in the template file (`320x169.5`), as `INDEX.tsv` writes them.
    public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}

/// A rectangle in points: origin and size.
public struct IBFrame: Sendable, Equatable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle's size.
    public var size: IBSize { IBSize(width: width, height: height) }

    /// `(x, y, width, height)`.
    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// The Interface Builder classes the importer treats as cells.
public enum CellKind: String, Sendable, Equatable, CaseIterable {
    /// `<tableViewCell>`: the content view is its `<tableViewCellContentView key="contentView">`.
    case tableViewCell
    /// `<collectionViewCell>`: the content view is its `<view key="contentView">`.
    case collectionViewCell
    /// `<collectionReusableView>` (a header or footer): the view is its own content view.
    case collectionReusableView
    /// A `<view>` directly under a .xib's `<objects>`: the view is its own content view.
    case view
}

/// What `InterfaceBuilderDocument.cells` says about one cell, without importing it.
public struct CellSummary: Sendable, Equatable {
    /// The cell's Interface Builder object id (`V3A-UH-8aT`); empty if the file gives none.
    public let id: String
    /// The cell's class.
    public let kind: CellKind
    /// The `customClass` attribute (`FDFeedCell`), if any.
    public let customClass: String?
    /// The `reuseIdentifier` attribute, if any and not empty.
    public let reuseIdentifier: String?
    /// The cell's frame size; derived from the table when the file stores no frame
    /// (old storyboards), zero when it cannot be told (then `importCell` throws).
    public let size: IBSize
    /// The content view's frame size (derived likewise).
    public let contentSize: IBSize
    /// The number of views below the content view, at any depth, whatever their class.
    public let viewCount: Int
    /// The number of `<constraint>` elements in the cell, including those that size-class
    /// variations exclude and design-time placeholders (`importCell` leaves those out).
    public let constraintCount: Int
    /// The line of the cell's start tag.
    public let line: Int
}

/// One cell turned into the text of a CellFit template file, with what the file knew that
/// the template does not say (the design frames, the Interface Builder ids) and notes on
/// everything modelled approximately.
public struct ImportedCell: Sendable {
    /// The cell that was imported.
    public let summary: CellSummary
    /// The template's `name`.
    public let name: String
    /// The template file's text: JSON with a fixed key order, one view and one constraint
    /// per line. The same input always gives the same text.
    public let templateJSON: String
    /// The content view's size in the file.
    public let contentSize: IBSize
    /// Whether Interface Builder sized the cell by its constraints: a table cell with
    /// `rowHeight="-1"` (on the cell, or on its table when the cell sets none). Other table
    /// cells have the file's fixed row height; collection cells their layout's item size,
    /// reusable and top-level views the size they were given.
    public let automaticHeight: Bool
    /// Each imported view's Interface Builder frame by template name, in content-view
    /// coordinates (the origins of its ancestors below the content view added up).
    public let frames: [String: IBFrame]
    /// Each template name's Interface Builder object id; `contentView` included.
    public let ibIDs: [String: String]
    /// Template names of the views the file marks `hidden="YES"`, in document order.
    public let hiddenViews: [String]
    /// Template names of every imported view, in document order (depth first).
    public let viewNames: [String]
    /// The number of constraints written, autoresizing constraints included.
    public let constraintCount: Int
    /// Interface Builder ids of the constraints left out (excluded by a size-class variation,
    /// design-time placeholders, or touching a view the design configuration does not install).
    public let skippedConstraints: [String]
    /// Things modelled approximately or left out knowingly, one sentence each, in document order.
    public let notes: [String]
}
