import CellLayout
import ManualLayout

extension EstimatedHeightsCell {
    /// The EstimatedHeights cells written by hand: title rows and basic rows in
    /// one manual cell (the constraint engine needs a template for each).
    ///
    /// Both lay out between the content view's layout margins (8 on every side).
    /// A title row stacks the large title (one more margin down) and the body;
    /// a basic row centres its label and is at least 44 tall.
    public struct Manual: ManualCell {
        /// The cell's name in error messages.
        public let name = "estimated"

        /// The manual cell.
        public init() {}

        /// Places a title row's large title and body, or a basic row's label, and
        /// returns the content height.
        /// - Throws: ``ManualLayoutError`` when text cannot be measured.
        public func layout(_ row: EstimatedRow, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
            let m = EstimatedHeightsCell.margin
            let margins = pass.bounds.inset(by: EdgeInsets(vertical: m, horizontal: m))
            switch row {
            case .title(let content):
                let title = try pass.text(content.title, as: EstimatedHeightsCell.largeTitle, width: margins.width)
                let titleFrame = Rect(x: margins.x, y: margins.y + m, width: title.width, height: title.height)
                let body = try pass.text(content.body, as: EstimatedHeightsCell.body, width: margins.width)
                let bodyFrame = Rect(x: margins.x, y: titleFrame.maxY + m, width: margins.width, height: body.height)
                pass.place(EstimatedHeightsCell.largeTitle, titleFrame)
                pass.place(EstimatedHeightsCell.body, bodyFrame)
                return pass.contentView(height: bodyFrame.maxY + m)
            case .basic(let text):
                let label = try pass.text(text, as: EstimatedHeightsCell.label, width: margins.width)
                let height = max(EstimatedHeightsCell.estimatedBasicHeight, label.height + 2 * m)
                pass.place(
                    EstimatedHeightsCell.label,
                    Rect(x: margins.x, y: (height - label.height) / 2, width: label.width, height: label.height))
                return pass.contentView(height: height)
            }
        }
    }
}
