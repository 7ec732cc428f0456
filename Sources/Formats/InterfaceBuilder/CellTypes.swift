@_exported import struct Geometry.Size
@_exported import struct Geometry.Rect
import struct Geometry.EdgeInsets

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
    public let size: Size
    /// The content view's frame size (derived likewise).
    public let contentSize: Size
    /// The number of views below the content view, at any depth, whatever their class.
    public let viewCount: Int
    /// The number of `<constraint>` elements in the cell, including those that size-class
    /// variations exclude and design-time placeholders (`importCell` leaves those out).
    public let constraintCount: Int
    /// The line of the cell's start tag.
    public let line: Int
    /// A table view cell's built-in style (`IBUITableViewCellStyleSubtitle`), whose labels
    /// UIKit lays out and sizes itself; nil for a custom cell.
    public var builtInStyle: String? = nil
    /// The IB ids of the views a built-in style lays out itself (its `textLabel`,
    /// `detailTextLabel` and `imageView`); empty for a custom cell.
    public var builtInStyleViews: [String] = []
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
    public let contentSize: Size
    /// Whether Interface Builder sized the cell by its constraints: a table cell with
    /// `rowHeight="-1"` (on the cell, or on its table when the cell sets none). Other table
    /// cells have the file's fixed row height; collection cells their layout's item size,
    /// reusable and top-level views the size they were given.
    public let automaticHeight: Bool
    /// The content view's height at run time, or nil where the row sizes itself there.
    /// Not IB's canvas (``automaticHeight``): a static cell keeps its row height (its own,
    /// else its table's); a prototype without a height of its own takes its table's, fixed
    /// or automatic. A prototype with a height of its own (UIKit ignores it: the code sizes
    /// that row) and a cell in a file of its own (sized by the table that registers it in
    /// code) are taken as self-sizing, UIKit's default since iOS 11.
    public let runtimeContentHeight: Double?
    /// Whether ``runtimeContentHeight`` is an assumption rather than the file's word: a
    /// prototype with a row height of its own, or a cell in a file of its own.
    public let runtimeHeightIsAssumed: Bool
    /// Each imported view's Interface Builder frame by template name, in content-view
    /// coordinates (the origins of its ancestors below the content view added up).
    public let frames: [String: Rect]
    /// Each template name's Interface Builder object id; `contentView` included.
    public let ibIDs: [String: String]
    /// Template names of the views the file marks `hidden="YES"`, in document order.
    public let hiddenViews: [String]
    /// Template names of the views whose size the importer took from a frame the file
    /// marks `misplaced="YES"` — controls UIKit sizes from their content, or views of a
    /// class the importer does not know: that frame is not what IB's layout gave, so
    /// what the size decides at run time is unknown.
    public let misplacedSizes: [String]
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
