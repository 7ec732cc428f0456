import CellLayout
import ManualLayout

extension DynamicHeightsCell {
    /// The DynamicHeights cell written by hand: max(text height, 44) + 20.
    public struct Manual: ManualCell {
        /// The cell's name in error messages.
        public let name = "dynamic"

        /// The manual cell.
        public init() {}

        /// Places the label 10 from every edge and returns the content height.
        /// - Throws: ``ManualLayoutError`` when text cannot be measured.
        public func layout(_ text: String, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
            let inner = pass.bounds.inset(by: EdgeInsets(all: 10))
            let measured = try pass.text(text, as: DynamicHeightsCell.label, width: inner.width)
            let label = inner.withHeight(max(measured.height, 44))
            pass.place(DynamicHeightsCell.label, label)
            return pass.contentView(height: label.maxY + 10)
        }
    }
}
