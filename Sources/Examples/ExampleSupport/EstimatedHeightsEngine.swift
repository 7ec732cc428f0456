import CellFitOutput
import CellLayout
import ExampleCells

/// The EstimatedHeights table's constraint engine: title rows and basic rows
/// are two templates, so two fitters behind one engine (the program and the
/// parity tests share it).
public struct EstimatedHeightsEngine: LayoutEngine {
    /// The title rows' fitter.
    public var title: ConstraintEngine<TitleRow>
    /// The basic rows' fitter.
    public var basic: ConstraintEngine<String>

    /// An engine of the two fitters.
    public init(title: ConstraintEngine<TitleRow>, basic: ConstraintEngine<String>) {
        self.title = title
        self.basic = basic
    }

    /// An engine of both templates, measuring with `measurer`.
    /// - Throws: ``CellLayoutError`` if a template's declarations were wrong.
    public init(measurer: any TextMeasurer) throws(CellLayoutError) {
        self.init(
            title: ConstraintEngine(try EstimatedHeightsCell.titleTemplate(), measurer: measurer),
            basic: ConstraintEngine(try EstimatedHeightsCell.basicTemplate(), measurer: measurer))
    }

    /// Fits the row with its template's fitter.
    /// - Throws: ``CellLayoutError`` from the fitter.
    public mutating func layout(_ content: EstimatedRow, row: Int, width: Double) throws(CellLayoutError) -> RowLayout {
        switch content {
        case .title(let titleRow): try title.layout(titleRow, row: row, width: width)
        case .basic(let text): try basic.layout(text, row: row, width: width)
        }
    }

    /// The row's height with its template's fitter.
    /// - Throws: ``CellLayoutError`` from the fitter.
    public mutating func rowHeight(_ content: EstimatedRow, width: Double) throws(CellLayoutError) -> Double {
        switch content {
        case .title(let titleRow): try title.rowHeight(titleRow, width: width)
        case .basic(let text): try basic.rowHeight(text, width: width)
        }
    }

    /// Rows fitted so far by both fitters.
    public var rowsLaidOut: Int { title.rowsLaidOut + basic.rowsLaidOut }
}
