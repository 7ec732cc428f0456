import CellLayout

/// One row of MessageCells: who wrote what, when, and whether it carries media.
public struct Message: Sendable, Hashable {
    /// The author, shown bold.
    public var user: String
    /// The message, as many lines as it takes.
    public var text: String
    /// When it was sent, shown below everything else.
    public var timestamp: String
    /// Whether the media icon shows; without media it collapses.
    public var hasMedia: Bool

    /// Makes a message.
    public init(user: String, text: String, timestamp: String, hasMedia: Bool) {
        self.user = user
        self.text = text
        self.timestamp = timestamp
        self.hasMedia = hasMedia
    }
}

/// The MessageCells cell (a Twitter-like message): avatar,
/// username, multi-line text, timestamp, and a media icon at the right that
/// collapses without media.
///
/// The text narrows by the icon's width plus padding when the icon shows. The
/// timestamp's top is max(avatar bottom − timestamp height, text bottom, icon
/// bottom + padding when the icon shows); the height is the timestamp's bottom
/// plus padding. Two variants: with and without the icon.
public enum MessageCell {
    /// Space around the avatar, the icon and the cell's content.
    public static let padding = 10.0
    /// The author's picture, 40 × 40.
    public static let avatar = ImageView("avatar", size: Size(width: 40, height: 40))
    /// The author, 15 px bold, one line.
    public static let username = Label("username", font: Font(size: 15, weight: .bold))
    /// The message, 14 px, as many lines as it takes.
    public static let text = Label("text", font: Font(size: 14), lines: 0)
    /// The media icon, 40 × 40, collapsed without media.
    public static let icon = ImageView("icon", size: Size(width: 40, height: 40))
    /// When it was sent, 12 px, one line.
    public static let timestamp = Label("timestamp", font: Font(size: 12))
    /// The root view.
    public static let contentView = ContentView(subviews: [avatar, username, text, icon, timestamp])

    /// The cell's constraints, as described above.
    public static let constraints: [LayoutConstraint] = [
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

    /// The template: binds the three texts and collapses the icon without media.
    /// - Throws: ``CellLayoutError`` if the declarations above were wrong (they are not; tested).
    public static func template() throws(CellLayoutError) -> CellTemplate<Message> {
        try CellTemplate<Message>(name: "message", contentView: contentView, constraints: constraints) { message, row in
            row.setText(message.user, for: username)
            row.setText(message.text, for: text)
            row.setText(message.timestamp, for: timestamp)
            row.setCollapsed(!message.hasMedia, for: icon)
        }
    }

    /// `count` messages: texts of every ``TextKind`` (by ``TextKind/schedule``),
    /// media on about one in three.
    public static func content(count: Int, seed: UInt64 = 2, vocabulary: Vocabulary = .english) -> [Message] {
        var generator = TextGenerator(seed: seed, vocabulary: vocabulary)
        return (0..<max(count, 0)).map { row in
            let user = generator.name()
            let text = generator.text(forRow: row)
            let time = generator.clockTime()
            return Message(user: user, text: text, timestamp: time, hasMedia: generator.random.chance(1, in: 3))
        }
    }
}
