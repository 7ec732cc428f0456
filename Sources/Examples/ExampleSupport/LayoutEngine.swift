import CellFitOutput
import CellLayout
import ManualLayout

/// Lays out rows of one example and reports each as a ``RowLayout``.
///
/// The constraint engine (``ConstraintEngine``) and the hand-written frame
/// engine (``ManualEngine``) produce the same values, and the example programs
/// print whatever engine they are given.
///
/// Engines are `Sendable` (a fitter, a manual cell, a measurer: all values or
/// thread-safe), which lets a `@Sendable` factory make one on each sizing worker.
public protocol LayoutEngine: Sendable {
    /// What a row shows.
    associatedtype Content

    /// Lays out `content` as row `row` at content width `width`.
    /// - Throws: the engine's error when the row cannot be laid out.
    mutating func layout(_ content: Content, row: Int, width: Double) throws -> RowLayout

    /// The row's height in a table at content width `width`: the content height on
    /// the pixel grid plus the separator, on the grid. No frames are built, so this
    /// is what the `--sizing` runs hand to TableSizing as the height function.
    /// - Throws: the engine's error when the row cannot be laid out.
    mutating func rowHeight(_ content: Content, width: Double) throws -> Double

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

    /// The fitted row height (content and separator).
    /// - Throws: ``CellLayoutError`` from ``CellFitter/fit(_:width:)``.
    public mutating func rowHeight(_ content: Content, width: Double) throws(CellLayoutError) -> Double {
        try fitter.fit(content, width: width).rowHeight
    }

    /// Rows fitted so far.
    public var rowsLaidOut: Int { fitter.statistics.rows }
}

/// The manual-frame engine: a ``ManualCell`` and the measurer it measures with.
public struct ManualEngine<Cell: ManualCell>: LayoutEngine {
    /// The hand-written cell.
    public let cell: Cell
    /// The measurer every row's text goes through.
    public let measurer: any TextMeasurer
    /// Rows laid out so far.
    public private(set) var rowsLaidOut = 0

    /// An engine laying out `cell`'s rows with text measured by `measurer`.
    public init(_ cell: Cell, measurer: any TextMeasurer) {
        self.cell = cell
        self.measurer = measurer
    }

    /// Lays out the row by hand.
    /// - Throws: ``ManualLayoutError`` from ``ManualCell/layout(for:width:measurer:separatorHeight:)``.
    public mutating func layout(_ content: Cell.Content, row: Int, width: Double) throws(ManualLayoutError) -> RowLayout {
        let layout = try cell.layout(for: content, width: width, measurer: measurer)
        rowsLaidOut += 1
        return RowLayout(row: row, width: width, height: layout.height, frames: layout.frames)
    }

    /// The row height (content and separator), laid out without recording frames.
    /// - Throws: ``ManualLayoutError`` from ``ManualCell/height(for:width:measurer:separatorHeight:)``.
    public mutating func rowHeight(_ content: Cell.Content, width: Double) throws(ManualLayoutError) -> Double {
        let height = try cell.height(for: content, width: width, measurer: measurer)
        rowsLaidOut += 1
        return height
    }
}

/// One of two engines for the same content, chosen at run time (`--engine`).
///
/// Holds the chosen engine as one of two optionals rather than an enum payload,
/// so laying out a row mutates it in place: taking an enum's payload out and
/// putting it back would copy the fitter's variant cache on every row.
public struct EitherEngine<First: LayoutEngine, Second: LayoutEngine>: LayoutEngine
where First.Content == Second.Content {
    private var first: First?
    private var second: Second?

    /// The first engine.
    public init(first: First) {
        self.first = first
    }

    /// The second engine.
    public init(second: Second) {
        self.second = second
    }

    /// Lays out the row with the chosen engine.
    /// - Throws: the chosen engine's error.
    public mutating func layout(_ content: First.Content, row: Int, width: Double) throws -> RowLayout {
        if let layout = try first?.layout(content, row: row, width: width) { return layout }
        if let layout = try second?.layout(content, row: row, width: width) { return layout }
        preconditionFailure("EitherEngine holds one engine by construction")
    }

    /// The row height from the chosen engine.
    /// - Throws: the chosen engine's error.
    public mutating func rowHeight(_ content: First.Content, width: Double) throws -> Double {
        if let height = try first?.rowHeight(content, width: width) { return height }
        if let height = try second?.rowHeight(content, width: width) { return height }
        preconditionFailure("EitherEngine holds one engine by construction")
    }

    /// Rows laid out so far by the chosen engine.
    public var rowsLaidOut: Int { first?.rowsLaidOut ?? second?.rowsLaidOut ?? 0 }
}
