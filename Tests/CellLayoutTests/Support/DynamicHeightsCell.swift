import CellLayout

/// The DynamicHeights cell of the issue: one multi-line label 10 from every
/// edge, 14 px font, at least 44 tall.
enum DynamicHeightsCell {
    static let label = Label("label", font: Font(size: 14), lines: 0)
    static let contentView = ContentView(subviews: [label])

    static func template() throws -> CellTemplate<String> {
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
}
