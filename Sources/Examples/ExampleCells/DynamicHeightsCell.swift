import CellLayout

/// The DynamicHeights cell: one multi-line 14 px label, 10 from
/// every edge and at least 44 tall, so that at width 320 the height is
/// max(text height, 44) + 20 with the text wrapped at 300.
public enum DynamicHeightsCell {
    /// The label.
    public static let label = Label("label", font: Font(size: 14), lines: 0)
    /// The root view.
    public static let contentView = ContentView(subviews: [label])
    /// The width the example program and the tests lay the cell out at.
    public static let width = 320.0

    /// The template: binds the label's text.
    /// - Throws: ``CellLayoutError`` if the declarations were wrong (they are not; tested).
    public static func template() throws(CellLayoutError) -> CellTemplate<String> {
        try CellTemplate<String>(
            name: "dynamic", contentView: contentView,
            constraints: [
                label.leading.constraint(equalTo: contentView.leading, constant: 10),
                label.trailing.constraint(equalTo: contentView.trailing, constant: -10),
                label.top.constraint(equalTo: contentView.top, constant: 10),
                label.bottom.constraint(equalTo: contentView.bottom, constant: -10),
                label.height.constraint(greaterThanOrEqualToConstant: 44),
            ]
        ) { text, row in
            row.setText(text, for: label)
        }
    }

    /// `count` texts of every ``TextKind`` (by ``TextKind/schedule``).
    public static func content(count: Int, seed: UInt64 = 3, vocabulary: Vocabulary = .english) -> [String] {
        var generator = TextGenerator(seed: seed, vocabulary: vocabulary)
        return (0..<max(count, 0)).map { generator.text(forRow: $0) }
    }
}
