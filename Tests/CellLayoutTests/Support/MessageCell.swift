import CellLayout

/// The MessageCells cell of the issue: avatar, username, multi-line text,
/// timestamp, and a media icon at the right that collapses without media.
/// The timestamp sits below the lowest of avatar (bottom-aligned), text and icon.
struct Message: Sendable {
    var user: String
    var text: String
    var timestamp: String
    var hasMedia: Bool
}

enum MessageCell {
    static let padding = 10.0
    static let avatar = ImageView("avatar", size: Size(width: 40, height: 40))
    static let username = Label("username", font: Font(size: 15, weight: .bold))
    static let text = Label("text", font: Font(size: 14), lines: 0)
    static let icon = ImageView("icon", size: Size(width: 40, height: 40))
    static let timestamp = Label("timestamp", font: Font(size: 12))
    static let contentView = ContentView(subviews: [avatar, username, text, icon, timestamp])

    static let constraints: [LayoutConstraint] = [
        avatar.leading.constraint(equalTo: contentView.leading, constant: padding),
        avatar.top.constraint(equalTo: contentView.top, constant: padding),
        avatar.width.constraint(equalToConstant: 40),
        avatar.height.constraint(equalToConstant: 40),
        username.leading.constraint(equalTo: avatar.trailing, constant: padding),
        username.top.constraint(equalTo: contentView.top, constant: padding),
        username.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -padding),
        text.leading.constraint(equalTo: username.leading),
        text.top.constraint(equalTo: username.bottom, constant: 4),
        // Without the icon, the text runs to the icon's (collapsed) place at the padding.
        text.trailing.constraint(equalTo: icon.leading, constant: -padding).collapsedConstant(0),
        icon.trailing.constraint(equalTo: contentView.trailing, constant: -padding).collapsedConstant(-padding),
        icon.top.constraint(equalTo: text.top),
        // Fixed sizes: otherwise the text's compression resistance (750, for its
        // unwrapped width) would squeeze the icon and the avatar, whose own
        // resistance is also 750 — as it would in UIKit.
        icon.width.constraint(equalToConstant: 40),
        icon.height.constraint(equalToConstant: 40),
        timestamp.leading.constraint(equalTo: username.leading),
        // The timestamp's bottom never above the avatar's, its top never above the
        // text's bottom or (when it shows) the icon's bottom plus padding.
        timestamp.bottom.constraint(greaterThanOrEqualTo: avatar.bottom),
        timestamp.top.constraint(greaterThanOrEqualTo: text.bottom),
        timestamp.top.constraint(greaterThanOrEqualTo: icon.bottom, constant: padding),
        contentView.bottom.constraint(equalTo: timestamp.bottom, constant: padding),
    ]

    static func template() throws -> CellTemplate<Message> {
        try CellTemplate<Message>(name: "message", contentView: contentView, constraints: constraints) { message, row in
            row.setText(message.user, for: username)
            row.setText(message.text, for: text)
            row.setText(message.timestamp, for: timestamp)
            row.setCollapsed(!message.hasMedia, for: icon)
        }
    }

    /// The rule, computed from measurements alone: timestamp top =
    /// max(avatar bottom − timestamp height, text bottom, icon bottom + padding
    /// when the icon shows); height = timestamp bottom + padding; the text is
    /// as wide as the space left of the icon (or of the padding).
    static func expected(_ m: Message, width: Double, measurer: some TextMeasurer) throws
        -> (timestampTop: Double, height: Double, textWidth: Double, textHeight: Double)
    {
        let usernameHeight = try measurer.measure(m.user, font: username.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).height
        let timestampHeight = try measurer.measure(m.timestamp, font: timestamp.font, style: TextStyle(lines: 1, lineBreakMode: .truncateTail)).height
        let textLeft = padding + 40 + padding
        let textRight = m.hasMedia ? width - padding - 40 - padding : width - padding
        let textWidth = textRight - textLeft
        let textHeight = try measurer.measure(m.text, font: text.font, style: TextStyle(lines: 0), maxWidth: textWidth).height
        let textTop = padding + usernameHeight + 4
        var top = max(padding + 40 - timestampHeight, textTop + textHeight)
        if m.hasMedia { top = max(top, textTop + 40 + padding) }
        return (top, top + timestampHeight + padding, textWidth, textHeight)
    }
}
