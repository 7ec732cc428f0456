import CellFitSamples
import CellLayout

/// One row of ChatFeed: a heading (who and when) and the message.
public struct ChatEntry: Sendable, Hashable {
    /// Who wrote it and when, bold, one line.
    public var heading: String
    /// The message, in a bubble that hugs it.
    public var text: String

    /// Makes an entry.
    public init(heading: String, text: String) {
        self.heading = heading
        self.text = text
    }
}

/// The ChatFeed cell: avatar, heading, and a text view (the bubble) sized to
/// its text with insets, up to 40 px short of the trailing edge.
///
/// The bubble's width depends on its text (it hugs it), so a row whose text
/// wraps takes the full iteration: two solves. Changing the width (rotating
/// from 375 to 667) changes every wrapped row's height.
public enum ChatCell {
    /// The author's picture, 36 × 36.
    public static let avatar = ImageView("avatar", size: Size(width: 36, height: 36))
    /// Who and when, 13 px bold.
    public static let heading = Label("heading", font: Font(size: 13, weight: .bold))
    /// The message bubble, 15 px, UIKit's text view insets.
    public static let bubble = TextView("bubble", font: Font(size: 15))
    /// The root view.
    public static let contentView = ContentView(subviews: [avatar, heading, bubble])

    /// The template: binds the heading and the bubble's text.
    /// - Throws: ``CellLayoutError`` if the declarations were wrong (they are not; tested).
    public static func template() throws(CellLayoutError) -> CellTemplate<ChatEntry> {
        try CellTemplate<ChatEntry>(
            name: "chat", contentView: contentView,
            constraints: [
                avatar.leading.constraint(equalTo: contentView.leading, constant: 10),
                avatar.top.constraint(equalTo: contentView.top, constant: 10),
                avatar.width.constraint(equalToConstant: 36),
                avatar.height.constraint(equalToConstant: 36),
                heading.leading.constraint(equalTo: avatar.trailing, constant: 8),
                heading.top.constraint(equalTo: avatar.top),
                heading.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -10),
                bubble.leading.constraint(equalTo: heading.leading),
                bubble.top.constraint(equalTo: heading.bottom, constant: 4),
                bubble.trailing.constraint(lessThanOrEqualTo: contentView.trailing, constant: -40),
                contentView.bottom.constraint(greaterThanOrEqualTo: bubble.bottom, constant: 10),
                contentView.bottom.constraint(greaterThanOrEqualTo: avatar.bottom, constant: 10),
            ]
        ) { entry, row in
            row.setText(entry.heading, for: heading)
            row.setText(entry.text, for: bubble)
        }
    }

    /// `count` chat entries: headings "name hh:mm", texts of every ``TextKind``
    /// (by ``TextKind/schedule``). The example program's feed has 1000.
    public static func content(count: Int, seed: UInt64 = 4, vocabulary: Vocabulary = .english) -> [ChatEntry] {
        var generator = TextGenerator(seed: seed, vocabulary: vocabulary)
        return (0..<max(count, 0)).map { row in
            let heading = generator.name() + " " + generator.clockTime()
            return ChatEntry(heading: heading, text: generator.text(forRow: row))
        }
    }

    /// Forty hand-countable entries of ``SampleText`` (1 to 55 words, one empty):
    /// the fixed sample the tests use; the example program uses ``content(count:seed:vocabulary:)``.
    public static let sampleRows: [ChatEntry] = (0..<40).map { i in
        ChatEntry(heading: "user \(i % 7)", text: SampleText.words([1, 4, 12, 30, 0, 55][i % 6], seed: i))
    }
}
