import CellLayout
import ManualLayout

/// The manual cells measure text with the fonts and line settings of the views
/// their templates declare, so a font changed in one place changes both engines.
extension ManualLayoutPass {
    /// Measures `text` the way `label` shows it, within `width`.
    /// - Throws: ``ManualLayoutError`` naming the label.
    func text(_ text: String, as label: Label, width: Double) throws(ManualLayoutError) -> TextMeasurement {
        try self.text(
            text, font: label.font, lines: label.lines, lineBreakMode: label.lineBreakMode,
            lineSpacing: label.lineSpacing, view: label.name, width: width)
    }

    /// Measures `text` the way `textView` shows it (insets included, one line
    /// tall when empty), within `width`.
    /// - Throws: ``ManualLayoutError`` naming the text view.
    func text(_ text: String, as textView: TextView, width: Double) throws(ManualLayoutError) -> TextMeasurement {
        try self.text(
            text, font: textView.font, lines: textView.lines, lineBreakMode: textView.lineBreakMode,
            lineSpacing: textView.lineSpacing, insets: textView.insets, emptyAsLine: true, view: textView.name,
            width: width)
    }

    /// Places the content view at the origin, `height` tall (the constraint
    /// engine reports its frame too), and returns `height`: the last line of a
    /// manual cell's layout.
    mutating func contentView(height: Double) -> Double {
        place(ContentView.name, Rect(x: 0, y: 0, width: width, height: height))
        return height
    }

    /// Places `view` at `frame`.
    mutating func place(_ view: some CellView, _ frame: Rect) {
        place(view.name, frame)
    }
}
