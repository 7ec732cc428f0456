import CellLayout

/// Lays out rows of one example and reports each as a ``RowLayout``.
///
/// The constraint engine (``ConstraintEngine``) is the only one so far; a
/// hand-written frame engine will produce the same values, and the example
/// programs print whatever engine they are given.
public protocol LayoutEngine {
    /// What a row shows.
    associatedtype Content

    /// Lays out `content` as row `row` at content width `width`.
    /// - Throws: the engine's error when the row cannot be laid out.
    mutating func layout(_ content: Content, row: Int, width: Double) throws -> RowLayout

    /// How many rows this engine has laid out so far: shows that a tap re-fits one row.
    var rowsLaidOut: Int { get }
}

/// The constraint engine: a ``CellFitter`` of one template.
public struct ConstraintEngine<Content>: LayoutEngine {
    /// The fitter, keeping the template's compiled variants between rows.
    public private(set) var fitter: CellFitter<Content>

    /// An engine fitting `template`'s rows with text measured by `measurer`.
    public init(_ template: CellTemplate<Content>, measurer: any TextMeasurer) {
        fitter = template.makeFitter(measurer: measurer)
    }

    /// Fits the row.
    /// - Throws: ``CellLayoutError`` from ``CellFitter/fit(_:width:)``.
    public mutating func layout(_ content: Content, row: Int, width: Double) throws(CellLayoutError) -> RowLayout {
        let layout = try fitter.fit(content, width: width)
        return RowLayout(row: row, width: width, height: layout.height, frames: layout.frames)
    }

    /// Rows fitted so far.
    public var rowsLaidOut: Int { fitter.statistics.rows }
}
