import CellLayout
import ExampleCells

extension MessageCell {
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
