import TextMetrics

/// One run of a ``ManualCell``'s layout: the width it lays out at, the text
/// measurer, and the frames placed so far.
///
/// A pass made for a height only does not record frames, so placing views
/// costs nothing there; the arithmetic that computes them is the same.
public struct ManualLayoutPass {
    /// The content view's width.
    public let width: Double
    /// The measurer text goes through; its scale is the pass's pixel grid.
    public let measurer: any TextMeasurer
    /// Whether ``place(_:_:)`` keeps what it is given.
    public let isRecording: Bool

    let cell: String
    private(set) var placed: [(name: String, frame: Rect)] = []

    init(cell: String, width: Double, measurer: any TextMeasurer, recording: Bool) {
        self.cell = cell
        self.width = width
        self.measurer = measurer
        self.isRecording = recording
    }

    /// The pixel grid the measurer rounds to, and the frames are rounded to.
    public var scale: DisplayScale { measurer.scale }

    /// The content view's bounds: origin zero, ``width`` wide, with no height
    /// (the height is what the layout finds).
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: 0) }

    /// Records `frame` (in content-view coordinates) as the frame of the view
    /// called `name`. A view placed twice keeps its last frame.
    public mutating func place(_ name: String, _ frame: Rect) {
        guard isRecording else { return }
        placed.append((name, frame))
    }

    /// Measures `text` the way a label of the constraint engine sizes it.
    ///
    /// - A label of one line (`lines == 1`) is measured unwrapped: it takes its
    ///   natural width and truncates if it gets less; its width is the smaller
    ///   of its measured width and `width`.
    /// - Any other label wraps at `width` (less its `insets`).
    /// - Empty text measures zero, unless `emptyAsLine` (a text view, which is
    ///   one line tall even when empty).
    ///
    /// `insets` are added around the text, as a text view's text-container insets.
    /// - Returns: the size the view needs: width at most `width`, height of the lines shown.
    /// - Throws: ``ManualLayoutError`` naming the cell and `view` when the text cannot be measured.
    public func text(
        _ text: String, font: Font, lines: Int = 1, lineBreakMode: LineBreakMode = .truncateTail,
        lineSpacing: Double = 0, insets: EdgeInsets = .zero, emptyAsLine: Bool = false,
        view: String, width: Double
    ) throws(ManualLayoutError) -> TextMeasurement {
        var shown = text
        if shown.isEmpty {
            guard emptyAsLine else {
                return TextMeasurement(
                    width: insets.horizontal, height: insets.vertical, lineCount: 0,
                    firstBaseline: insets.top, lastBaseline: insets.top)
            }
            shown = " "
        }
        let style = TextStyle(lines: lines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing)
        let available = max(0, width - insets.horizontal)
        let maxWidth = lines == 1 ? Double.infinity : available
        do {
            var m = try measurer.measure(shown, font: font, style: style, maxWidth: maxWidth)
            m.width = min(m.width, available) + insets.horizontal
            m.height += insets.vertical
            m.firstBaseline += insets.top
            m.lastBaseline += insets.top
            return m
        } catch {
            throw ManualLayoutError(
                .textMeasurement, "cell '\(cell)': cannot measure the text of '\(view)': \(error.message)", view: view)
        }
    }
}
