import TextMetrics

/// A cell sized and laid out by hand: plain frame arithmetic, the way
/// `heightForObject:constrainedToWidth:` and `layoutSubviews` do it.
///
/// The classic technique writes the height function and the frames function
/// separately and shares per-element helpers between them, so that a padding
/// changed in one and not the other makes the row clip its text. Here the two
/// share everything: a cell writes **one** ``layout(_:in:)`` that places each
/// view and returns the content height, and ``height(for:width:measurer:separatorHeight:)``
/// runs it with placement switched off. Height and frames cannot drift apart
/// inside one cell because there is only one piece of arithmetic.
///
/// ```swift
/// struct Greeting: ManualCell {
///     let name = "greeting"
///     let font = Font(size: 14)
///     func layout(_ text: String, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double {
///         let bounds = pass.bounds.inset(by: EdgeInsets(all: 10))
///         let label = try pass.text(text, font: font, lines: 0, view: "label", width: bounds.width)
///         pass.place("label", Rect(origin: bounds.origin, size: Size(width: bounds.width, height: label.height)))
///         return label.height + 20
///     }
/// }
/// ```
///
/// Conforming types are immutable values, so one cell can serve every thread;
/// each thread brings its own measurer (or one that is safe to share).
public protocol ManualCell: Sendable {
    /// What a row shows: the model value the cell is laid out for.
    associatedtype Content

    /// The cell's name, used in error messages.
    var name: String { get }

    /// Places every view of `content` in `pass` (``ManualLayoutPass/place(_:_:)``,
    /// in content-view coordinates) and returns the content height, unrounded.
    ///
    /// Must depend only on `content`, `pass.width`, `pass.scale` and what
    /// `pass` measures, never on whether frames are being recorded.
    /// - Throws: ``ManualLayoutError`` when text cannot be measured.
    func layout(_ content: Content, in pass: inout ManualLayoutPass) throws(ManualLayoutError) -> Double
}

extension ManualCell {
    /// The row height of `content` at `width`: the content height rounded up to
    /// the pixel grid, plus the separator, on the grid.
    ///
    /// Runs ``layout(_:in:)`` without recording frames.
    /// - Parameters:
    ///   - separatorHeight: the separator below the row; `nil` for one device pixel.
    /// - Throws: ``ManualLayoutError`` for a negative or non-finite width or
    ///   separator, or when text cannot be measured.
    public func height(
        for content: Content, width: Double, measurer: any TextMeasurer, separatorHeight: Double? = nil
    ) throws(ManualLayoutError) -> Double {
        try run(content, width: width, measurer: measurer, separatorHeight: separatorHeight, recording: false).rowHeight
    }

    /// The full layout of `content` at `width`: heights and the frame of every
    /// view, edges rounded to the nearest device pixel.
    /// - Parameters:
    ///   - separatorHeight: the separator below the row; `nil` for one device pixel.
    /// - Throws: ``ManualLayoutError`` for a negative or non-finite width or
    ///   separator, or when text cannot be measured.
    public func layout(
        for content: Content, width: Double, measurer: any TextMeasurer, separatorHeight: Double? = nil
    ) throws(ManualLayoutError) -> ManualLayoutResult {
        try run(content, width: width, measurer: measurer, separatorHeight: separatorHeight, recording: true)
    }

    private func run(
        _ content: Content, width: Double, measurer: any TextMeasurer, separatorHeight: Double?, recording: Bool
    ) throws(ManualLayoutError) -> ManualLayoutResult {
        guard width.isFinite, width >= 0 else {
            throw ManualLayoutError(.invalidValue, "cell '\(name)': width \(width) is not a finite, non-negative number")
        }
        let scale = measurer.scale
        let separator = separatorHeight ?? scale.pixel
        guard separator.isFinite, separator >= 0 else {
            throw ManualLayoutError(.invalidValue, "cell '\(name)': separator height \(separator)")
        }
        var pass = ManualLayoutPass(cell: name, width: width, measurer: measurer, recording: recording)
        let exact = try layout(content, in: &pass)
        guard exact.isFinite, exact >= 0 else {
            throw ManualLayoutError(.invalidValue, "cell '\(name)': layout returned the height \(exact)")
        }
        let height = scale.roundUp(exact)
        return ManualLayoutResult(
            width: width, height: height, exactHeight: exact, separatorHeight: separator,
            rowHeight: scale.roundUp(height + separator), placed: pass.placed.map { ($0.name, $0.frame.rounded(to: scale)) })
    }
}
