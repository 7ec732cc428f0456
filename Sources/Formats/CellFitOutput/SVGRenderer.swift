import Cancellation
import Cassowary
import CellLayout
import TextMetrics

/// Draws rows of a template as a table would show them, as an SVG picture
/// (`cellfit render`, `cellfit demo`).
///
/// Rows are stacked top to bottom, each its row height tall, with its index and
/// height in the left margin. Inside a row every view's frame is outlined
/// (`<rect class="frame">`, in content-view coordinates, inside the row's
/// translated group), text is drawn in its font, broken into lines by
/// ``TextLines`` and clipped to its frame, hidden views are outlined dashed and
/// show nothing, and collapsed views are marked with a dashed cross where they
/// would be. Every view's group carries `data-view`, `data-kind` and
/// `data-visibility`, and every row's `data-row` and `data-height`, so a program
/// can read the picture back. Frames of another layout (`overlays`) are outlined
/// in red over their rows (`<rect class="overlay" data-view="…">`).
///
/// Output is deterministic: views in template order, attributes in a fixed
/// order, numbers with at most three decimals and no trailing zeros.
public struct SVGRenderer {
    /// The template the rows are laid out with.
    public let template: CellTemplate<CellContent>
    /// What measures and breaks the rows' text.
    public let measurer: any TextMeasurer
    /// The content width rows are laid out at.
    public let width: Double
    /// The content height rows are laid out at; `nil` for their compressed fitting height.
    public var height: Double?
    /// Where intrinsic sizes come from.
    public var intrinsicSizes = IntrinsicSizes.measured
    /// Frames to outline over rows, by row index (another layout's, to compare by eye).
    public var overlays: [Int: [String: Rect]] = [:]
    /// Whether a row whose required constraints conflict is drawn as UIKit recovers
    /// (``CellFitter/recoversFromConflicts``) rather than failing.
    public var recoversFromConflicts = false
    /// Stops the drawing's layouts (``CellFitter/cancellation``).
    public var cancellation: CancellationToken?
    /// The size the layouts' solver tableaus may reach (``CellFitter/maximumTableauCells``).
    public var maximumTableauCells = Solver.defaultMaximumTableauCells
    /// Told of each row whose views have a negative size (``LayoutNumbers/negativeSizeWarning(row:views:)``):
    /// the picture still draws it, as Auto Layout allows such sizes.
    public var warn: (String) -> Void = { _ in }

    /// A renderer of rows of `template` at `width`, their text measured by `measurer`.
    public init(template: CellTemplate<CellContent>, measurer: any TextMeasurer, width: Double) {
        self.template = template
        self.measurer = measurer
        self.width = width
    }

    /// The margin left of the rows, for the row numbers and heights.
    static let margin = 72.0
    /// Space around the table.
    static let padding = 8.0
    /// Half the size of the cross marking a collapsed view.
    static let crossSize = 4.0

    static let style = """
        .background{fill:#fafafa}
        .cell{fill:#fff;stroke:#c8c8c8;stroke-width:0.5}
        .separator{stroke:#c8c8c8;stroke-width:0.5}
        .frame{fill:none;stroke:#3d6fb6;stroke-width:0.5}
        .content-view>.frame{stroke:none}
        .image-view>.frame{fill:#e6edf7}
        .box>.frame,.stack>.frame{stroke:#8a8a8a;stroke-dasharray:4 2}
        .hidden>.frame{stroke:#b0b0b0;stroke-dasharray:2 2}
        .collapsed-mark{stroke:#d04040;stroke-width:1;stroke-dasharray:2 1}
        .overlay{fill:none;stroke:#e0301e;stroke-width:0.75;stroke-dasharray:3 2}
        .text{fill:#1d1d1d}
        .row-index,.row-height{font-family:'DejaVu Sans';font-size:10px;fill:#6a6a6a}
        """

    /// The picture of `rows` (each with its index in the data, for the margin).
    /// - Throws: ``RowFailure`` for a row that cannot be laid out, or whose text
    ///   cannot be measured for drawing.
    public func render(_ rows: [(index: Int, content: CellContent)]) throws -> String {
        var fitter = template.makeFitter(measurer: measurer)
        fitter.recoversFromConflicts = recoversFromConflicts
        fitter.cancellation = cancellation
        fitter.maximumTableauCells = maximumTableauCells
        var body = ""
        var y = Self.padding
        for (index, content) in rows {
            do {
                let layout = try fitter.layout(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes)
                if let problem = LayoutNumbers.problem(layout, height: height ?? layout.exactHeight) {
                    throw LimitError(message: problem)
                }
                let negative = LayoutNumbers.negativeSizes(layout)
                if !negative.isEmpty { warn(LayoutNumbers.negativeSizeWarning(row: index, views: negative)) }
                try appendRow(index: index, layout: layout, views: template.viewContents(for: content), top: y, to: &body)
                y += layout.rowHeight
            } catch {
                throw RowFailure(row: index, underlying: error)
            }
        }
        let totalWidth = Self.margin + width + Self.padding
        let totalHeight = y + Self.padding
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\""
        out += " viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" data-template=\"\(escaped(template.name))\""
        out += " data-width=\"\(n(width))\" data-scale=\"\(measurer.scale.rawValue)\">\n"
        out += "<style>\n\(Self.style)\n</style>\n"
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\"/>\n"
        return out + body + "</svg>\n"
    }

    private func appendRow(
        index: Int, layout: CellLayoutResult, views: [RowViewContent], top: Double, to out: inout String
    ) throws {
        let rowHeight = layout.rowHeight
        out += "<g class=\"row\" id=\"row-\(index)\" data-row=\"\(index)\" data-height=\"\(n(rowHeight))\""
        out += " transform=\"translate(\(n(Self.margin)),\(n(top)))\">\n"
        out += "<rect class=\"cell\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(rowHeight))\"/>\n"
        out += "<line class=\"separator\" x1=\"0\" y1=\"\(n(layout.height))\" x2=\"\(n(width))\" y2=\"\(n(layout.height))\"/>\n"
        let middle = rowHeight / 2
        out += "<text class=\"row-index\" x=\"-8\" y=\"\(n(middle - 2))\" text-anchor=\"end\">row \(index)</text>\n"
        out += "<text class=\"row-height\" x=\"-8\" y=\"\(n(middle + 10))\" text-anchor=\"end\">\(n(rowHeight))</text>\n"
        for view in views {
            guard let frame = layout.frame(of: view.name) else { continue }
            let visibility = layout.visibility(of: view.name) ?? .visible
            try appendView(view, frame: frame, visibility: visibility, row: index, to: &out)
        }
        if let overlay = overlays[index] {
            for name in overlay.keys.sorted() where name != ContentView.name {
                guard let f = overlay[name] else { continue }
                out += "<rect class=\"overlay\" data-view=\"\(escaped(name))\" x=\"\(n(f.x))\" y=\"\(n(f.y))\""
                out += " width=\"\(n(f.width))\" height=\"\(n(f.height))\"/>\n"
            }
        }
        out += "</g>\n"
    }

    private func appendView(
        _ view: RowViewContent, frame: Rect, visibility: Visibility, row: Int, to out: inout String
    ) throws {
        let kind = view.kindName.replacingSpaces()
        let state = "\(visibility)"
        out += "<g class=\"view \(kind) \(state)\" data-view=\"\(escaped(view.name))\" data-kind=\"\(kind)\""
        out += " data-visibility=\"\(state)\">\n"
        out += "<rect class=\"frame\" x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/>\n"
        switch visibility {
        case .collapsed:
            // A collapsed view has no size; the cross shows where it would be.
            let s = Self.crossSize, x = frame.x, y = frame.y
            out += "<path class=\"collapsed-mark\" d=\"M\(n(x - s)) \(n(y - s))L\(n(x + s)) \(n(y + s))"
            out += "M\(n(x - s)) \(n(y + s))L\(n(x + s)) \(n(y - s))\"/>\n"
        case .visible:
            if let text = view.text { try appendText(text, of: view, frame: frame, row: row, to: &out) }
        case .hidden, .uikitHidden:
            break
        }
        out += "</g>\n"
    }

    private func appendText(_ text: String, of view: RowViewContent, frame: Rect, row: Int, to out: inout String) throws {
        let inner = frame.inset(by: view.insets)
        let lines = try TextLines(measurer: measurer, font: view.font, style: view.style).lines(of: text, width: inner.width)
        guard !lines.isEmpty else { return }
        let measured = try measurer.measure(text, font: view.font, style: view.style, maxWidth: max(inner.width, 0))
        // A label centres its text vertically in a taller frame, as UILabel does;
        // a text view starts at its top inset.
        var top = inner.y
        if view.kindName == "label" { top += max(0, (inner.height - measured.height) / 2) }
        let pitch =
            measured.lineCount > 1
            ? (measured.lastBaseline - measured.firstBaseline) / Double(measured.lineCount - 1)
            : measured.height
        let clip = "clip-\(row)-\(view.name)"
        out += "<clipPath id=\"\(escaped(clip))\"><rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\""
        out += " width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/></clipPath>\n"
        out += "<text class=\"text\" clip-path=\"url(#\(escaped(clip)))\" font-family=\"\(escaped(view.font.family))\""
        out += " font-size=\"\(n(view.font.size))\" font-weight=\"\(view.font.weight.value)\""
        if view.font.style != .normal { out += " font-style=\"\(view.font.style.rawValue)\"" }
        out += ">"
        for (k, line) in lines.enumerated() {
            let baseline = top + measured.firstBaseline + Double(k) * pitch
            out += "<tspan x=\"\(n(inner.x))\" y=\"\(n(baseline))\">\(escaped(line))</tspan>"
        }
        out += "</text>\n"
    }

    /// A number with at most three decimals and no trailing zeros (`131.5`,
    /// `46.667`, `-4`): the same text for the same value, on every machine.
    func n(_ value: Double) -> String { SVGNumber.format(value) }

    private func escaped(_ text: String) -> String { text.xmlEscaped }
}

/// A layout whose numbers are beyond what the output can carry (``LayoutNumbers/problem(_:height:)``).
struct LimitError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A row that could not be drawn, and why.
public struct RowFailure: Error, CustomStringConvertible {
    /// The row's index in the data.
    public let row: Int
    /// Why it could not be laid out or drawn.
    public let underlying: any Error
    /// `row 3: <why>`.
    public var description: String { "row \(row): \(underlying)" }
}

/// Number and text formatting for SVG output.
public enum SVGNumber {
    /// At most three decimals, no trailing zeros, no negative zero.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Past Int64's thousandths (9.2e15) the arithmetic below would trap; such a
        // number is written as Swift writes it (`1e+16`), which is as deterministic.
        guard abs(value) < 1e15 else { return String(value) }
        let thousandths = Int64((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000, fraction = magnitude % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }
}

extension String {
    /// `text view` → `text-view`: a view kind as a CSS class.
    fileprivate func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
