import CellLayout
import ManualLayout

extension ChatCell {
    /// The ChatFeed cell written by hand: the yardstick for ``template()``.
    ///
    /// The heading and the bubble start right of the avatar; the bubble hugs its
    /// text (plus insets) up to 40 px short of the trailing edge; the row ends 10
    /// below the lower of the bubble and the avatar.
    public struct Manual: ManualCell {
        /// The cell's name in error messages.
        public let name = "chat"

        /// The manual cell.
        public init() {}

        /// Places the avatar, heading and bubble, and returns the content height.
        /// - Throws: ``ManualLayoutError`` when text cannot be measured.
        public func layout(_ entry: ChatEntry, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
            let avatar = Rect(x: 10, y: 10, width: 36, height: 36)
            pass.place(ChatCell.avatar, avatar)
            let column = avatar.maxX + 8
            let heading = try pass.text(entry.heading, as: ChatCell.heading, width: pass.width - 10 - column)
            pass.place(ChatCell.heading, Rect(x: column, y: avatar.minY, width: heading.width, height: heading.height))
            let bubble = try pass.text(entry.text, as: ChatCell.bubble, width: pass.width - 40 - column)
            let frame = Rect(x: column, y: avatar.minY + heading.height + 4, width: bubble.width, height: bubble.height)
            pass.place(ChatCell.bubble, frame)
            return pass.contentView(height: max(frame.maxY, avatar.maxY) + 10)
        }
    }
}
