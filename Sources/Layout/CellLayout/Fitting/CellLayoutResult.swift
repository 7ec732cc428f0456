/// The layout of one row: the compressed-fitting size, the row height and the
/// frame of every view (an output only; the template is the input).
public struct CellLayoutResult: Sendable, CustomStringConvertible {
    /// The width the row was fitted at (the content view's width).
    public let width: Double
    /// The compressed-fitting height of the content view, rounded up to the pixel grid.
    public let height: Double
    /// The content view's height as the solver found it, before rounding.
    public let exactHeight: Double
    /// The height of the separator below the row.
    public let separatorHeight: Double
    /// The row's height in the table: ``height`` plus ``separatorHeight``, on the pixel grid.
    public let rowHeight: Double
    /// How many solves (rounds of suggestions) the row took: 1 when no text
    /// wraps or every wrapping text's width is pinned, 2 usually otherwise, at most 3.
    public let solves: Int

    private let model: TemplateModel
    private let rects: [Rect]
    private let visibilities: [Visibility]
    /// The declared constraints a recovering fitter broke to lay this row out, as
    /// written (with where they were written), in the order it broke them; empty
    /// otherwise (see ``CellFitter/recoversFromConflicts``).
    public internal(set) var brokenConstraints: [String] = []

    init(
        model: TemplateModel, width: Double, height: Double, exactHeight: Double, separatorHeight: Double,
        rowHeight: Double, solves: Int, frames: [Rect], visibility: [Visibility]
    ) {
        self.model = model
        self.width = width
        self.height = height
        self.exactHeight = exactHeight
        self.separatorHeight = separatorHeight
        self.rowHeight = rowHeight
        self.solves = solves
        self.rects = frames
        self.visibilities = visibility
    }

    /// The compressed-fitting size: the fitting width and ``height``.
    public var size: Size { Size(width: width, height: height) }

    /// The names of the template's views: the content view first, then depth-first
    /// in declaration order.
    public var viewNames: [String] { model.views.map(\.name) }

    /// Every view's frame by name, in content-view coordinates, edges rounded to
    /// the nearest device pixel. Collapsed views are included, with zero size.
    public var frames: [String: Rect] {
        Dictionary(uniqueKeysWithValues: zip(model.names, rects))
    }

    /// The frame of the view called `name` in content-view coordinates, or `nil`
    /// when the template has no such view.
    public func frame(of name: String) -> Rect? {
        model.index[name].map { rects[$0] }
    }

    /// The frame of `view` in content-view coordinates.
    public func frame(of view: some CellView) -> Rect? {
        frame(of: view.name)
    }

    /// The frame of the view called `name` in the coordinates of the view called
    /// `container` (its frame relative to that view's top-left corner).
    public func frame(of name: String, in container: String) -> Rect? {
        guard let inner = model.index[name], let outer = model.index[container] else { return nil }
        return rects[inner].relative(to: rects[outer].origin)
    }

    /// The frame of `view` in the coordinates of `container`.
    public func frame(of view: some CellView, in container: some CellView) -> Rect? {
        frame(of: view.name, in: container.name)
    }

    /// The view's visibility in this row, after its superviews' (a subview of a
    /// collapsed view is collapsed), or `nil` when the template has no such view.
    public func visibility(of name: String) -> Visibility? {
        model.index[name].map { visibilities[$0] }
    }

    /// `375x131 (row 131.5): title (99, 54, 248, 20), ...`.
    public var description: String {
        let parts = model.views.indices.map { "\(model.views[$0].name) \(rects[$0])" }
        return "\(size) (row \(rowHeight.layoutText)): " + parts.joined(separator: ", ")
    }
}
