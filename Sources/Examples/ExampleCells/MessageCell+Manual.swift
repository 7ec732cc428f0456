import CellLayout
import ManualLayout

extension MessageCell {
    /// The MessageCells cell written by hand: the yardstick for ``template()``.
    ///
    /// The text column starts right of the avatar; the text runs to the icon
    /// (less the padding) or, without media, to the padding. The timestamp sits
    /// at the lowest of: the avatar's bottom less its own height, the text's
    /// bottom, the icon's bottom plus the padding.
    public struct Manual: ManualCell {
        /// The cell's name in error messages.
        public let name = "message"

        /// The manual cell.
        public init() {}

        /// Places the avatar, username, text, icon (zero-sized when collapsed) and
        /// timestamp, and returns the content height.
        /// - Throws: ``ManualLayoutError`` when text cannot be measured.
        public func layout(_ message: Message, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
            let p = MessageCell.padding
            let avatar = Rect(x: p, y: p, width: 40, height: 40)
            pass.place(MessageCell.avatar, avatar)

            let column = avatar.maxX + p
            let user = try pass.text(message.user, as: MessageCell.username, width: pass.width - p - column)
            pass.place(MessageCell.username, Rect(x: column, y: p, width: user.width, height: user.height))

            let textTop = p + user.height + 4
            // A collapsed icon keeps its trailing edge at the padding with no width,
            // and the text's gap to it collapses to 0.
            let icon = message.hasMedia
                ? Rect(x: pass.width - p - 40, y: textTop, width: 40, height: 40)
                : Rect(x: pass.width - p, y: textTop, width: 0, height: 0)
            pass.place(MessageCell.icon, icon)
            let textRight = message.hasMedia ? icon.minX - p : icon.minX
            let body = try pass.text(message.text, as: MessageCell.text, width: textRight - column)
            pass.place(MessageCell.text, Rect(x: column, y: textTop, width: textRight - column, height: body.height))

            let stamp = try pass.text(message.timestamp, as: MessageCell.timestamp, width: .infinity)
            var top = max(avatar.maxY - stamp.height, textTop + body.height)
            if message.hasMedia { top = max(top, icon.maxY + p) }
            pass.place(MessageCell.timestamp, Rect(x: column, y: top, width: stamp.width, height: stamp.height))
            return pass.contentView(height: top + stamp.height + p)
        }
    }
}
