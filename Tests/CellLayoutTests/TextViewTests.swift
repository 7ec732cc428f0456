import CellLayout
import Testing

@Suite("Text views: insets, empty text, wrapping at the width less the insets")
struct TextViewTests {
    static func template(insets: EdgeInsets = TextView.defaultInsets) throws -> CellTemplate<String> {
        let bubble = TextView("bubble", font: Font(size: 16), insets: insets)
        let contentView = ContentView(subviews: [bubble])
        return try CellTemplate<String>(
            contentView: contentView,
            constraints: [
                bubble.leading.constraint(equalTo: contentView.leading),
                bubble.top.constraint(equalTo: contentView.top),
                bubble.trailing.constraint(lessThanOrEqualTo: contentView.trailing),
                bubble.bottom.constraint(equalTo: contentView.bottom),
            ]
        ) { text, row in row.setText(text, for: bubble) }
    }

    @Test("a short text: its size plus UIKit's insets (8 above and below, 5 at the sides)")
    func shortText() throws {
        let layout = try Self.template().fit("hello", width: 200, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: "bubble") == Rect(x: 0, y: 0, width: 50, height: 36))
    }

    @Test("an empty text view is one line tall")
    func empty() throws {
        let layout = try Self.template().fit("", width: 200, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: "bubble") == Rect(x: 0, y: 0, width: 10, height: 36))
    }

    @Test("long text wraps at the view's width less the side insets")
    func wraps() throws {
        // 200 − 2 × 20 = 160 px of text: 20 characters a line.
        let insets = EdgeInsets(top: 4, left: 20, bottom: 6, right: 20)
        let text = "aaaa bbbb cccc dddd eeee ffff gggg"   // "aaaa bbbb cccc dddd" | "eeee ffff gggg"
        let layout = try Self.template(insets: insets).fit(text, width: 200, measurer: FixedAdvanceMeasurer())
        #expect(layout.frame(of: "bubble") == Rect(x: 0, y: 0, width: 192, height: 50))
        // The one free text, measured at the widest its required constraints allow: one solve.
        #expect(layout.solves == 1)
    }
}
