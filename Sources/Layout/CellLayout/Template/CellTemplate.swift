/// A cell declared once — views, constraints, and how a row's model value
/// fills them — and fitted for every row.
///
/// ```swift
/// let title = Label("title", font: Font(size: 15))
/// let body = Label("body", font: Font(size: 13), lines: 0)
/// let contentView = ContentView(subviews: [title, body])
/// let template = try CellTemplate<Article>(
///     name: "article", contentView: contentView,
///     constraints: [
///         title.leading.constraint(equalTo: contentView.layoutMarginsGuide.leading),
///         title.trailing.constraint(equalTo: contentView.layoutMarginsGuide.trailing),
///         title.top.constraint(equalTo: contentView.layoutMarginsGuide.top),
///         body.leading.constraint(equalTo: title.leading),
///         body.trailing.constraint(equalTo: title.trailing),
///         body.top.constraint(equalTo: title.bottom, constant: 4),
///         body.bottom.constraint(equalTo: contentView.layoutMarginsGuide.bottom),
///     ]
/// ) { article, row in
///     row.setText(article.title, for: title)
///     row.setText(article.body, for: body)
/// }
/// let layout = try template.fit(article, width: 375, measurer: PangoTextMeasurer(scale: .x2))
/// layout.rowHeight; layout.frame(of: body)
/// ```
///
/// A template is an immutable `Sendable` value: share it between threads
/// freely. It checks its declarations when made; fitting happens in a
/// ``CellFitter``, one per thread.
public struct CellTemplate<Content>: Sendable {
    let model: TemplateModel
    let bind: @Sendable (Content, inout CellContent) -> Void

    /// Makes a template.
    /// - Parameters:
    ///   - name: a name for messages.
    ///   - contentView: the root view, holding every other view.
    ///   - constraints: the constraints between the views.
    ///   - bind: sets a row's texts, fonts, image sizes and visibility from its model value.
    /// - Throws: ``CellLayoutError`` for the first mistake in the declarations:
    ///   `invalidName` or `duplicateViewName` for names, `unknownView` for a constraint
    ///   naming a view the template does not have, `incompatibleAnchors` for attributes
    ///   that cannot be related, `invalidValue` for non-finite numbers and bad sizes,
    ///   `invalidPriority` for priorities outside 1...999.999 that are not 1000,
    ///   `invalidStack` for misdeclared stacks.
    public init(
        name: String = "cell", contentView: ContentView, constraints: [LayoutConstraint],
        bind: @escaping @Sendable (Content, inout CellContent) -> Void
    ) throws(CellLayoutError) {
        model = try TemplateModel.make(name: name, contentView: contentView.declaration, constraints: constraints)
        self.bind = bind
    }

    /// A template over `model`, for a recovering fitter's reduced templates.
    init(model: TemplateModel, bind: @escaping @Sendable (Content, inout CellContent) -> Void) {
        self.model = model
        self.bind = bind
    }

    /// The template's name.
    public var name: String { model.name }

    /// The content size category its text is measured at: ``ContentSizeCategory/large``
    /// unless made by ``adjusted(to:everyTextStyle:)``.
    public var contentSizeCategory: ContentSizeCategory { model.contentSize }

    /// This template with its text measured at `category` (Dynamic Type): the fonts with
    /// a ``Font/textStyle`` of the views that adjust (``Label/adjustsFontForContentSizeCategory``),
    /// the template's and those rows set, take the style's size at `category`
    /// (``Font/resolved(at:)``); other fonts keep their size, as a `UILabel` that does not
    /// adjust keeps the font it was given. Declarations and rows give fonts at Large, so
    /// adjusting an adjusted template starts from Large again.
    ///
    /// - Parameter everyTextStyle: true: every font with a text style takes `category`,
    ///   whether its view adjusts or not. UIKit resolves a text style when it decodes a nib,
    ///   at the category of that moment, and `adjustsFontForContentSizeCategory` makes it
    ///   follow later changes: this is the cell of an app launched under `category`. false:
    ///   the views that do not adjust stay at Large: an app launched at the default size,
    ///   whose user then chose `category`. nil (the default): the template's own rule,
    ///   ``resolvesTextStylesAtLoad`` (true for a cell imported from a nib, false for a
    ///   template declared in code).
    /// - Returns: a template that shares this one's declarations; cheap to make.
    public func adjusted(to category: ContentSizeCategory, everyTextStyle: Bool? = nil) -> CellTemplate {
        CellTemplate(model: model.adjusted(to: category, everyTextStyle: everyTextStyle), bind: bind)
    }

    /// Whether, when ``adjusted(to:everyTextStyle:)`` names no rule, every text style takes
    /// the category, as a nib's do when it is decoded (false unless set).
    public var resolvesTextStylesAtLoad: Bool { model.textStylesResolveAtLoad }

    /// This template with its own rule for text styles: `resolves` true for a cell
    /// loaded from a nib (every text style is resolved at the category of the moment it
    /// is decoded), false for one whose views that do not adjust stay at Large.
    public func resolvingTextStylesAtLoad(_ resolves: Bool = true) -> CellTemplate {
        CellTemplate(model: model.resolvingTextStylesAtLoad(resolves), bind: bind)
    }

    /// The direction it lays out in: ``LayoutDirection/leftToRight`` unless made by
    /// ``laidOut(in:)``.
    public var layoutDirection: LayoutDirection { model.direction }

    /// This template laid out in `direction`, as an app whose language runs that way
    /// lays out the cell (UIKit's `userInterfaceLayoutDirection`).
    ///
    /// Each view lays out in the direction its ``ViewAttributes/semanticContentAttribute``
    /// gives it relative to `direction` (a view's own attribute only, not its
    /// superview's). Where a view lays out right to left, its `leading` and `trailing`
    /// anchors (and its margins guide's) are its right and left edges, its directional
    /// margins (``CellView/directionalLayoutMargins(_:)``) trade sides, a horizontal
    /// ``Stack`` places its first arranged view at its right, and a vertical stack's
    /// leading alignment is to its right. `left`, `right`, `centerX`, widths and
    /// margins given by side never change. A template whose constraints use neither
    /// `left` nor `right`, and whose views force no direction, lays out as the mirror
    /// image of its left-to-right layout. Docs/Semantics.md, "Right to left".
    /// - Returns: a template that shares this one's declarations; cheap to make.
    public func laidOut(in direction: LayoutDirection) -> CellTemplate {
        CellTemplate(model: model.laidOut(in: direction), bind: bind)
    }

    /// The names of its views: the content view first, then depth-first in declaration order.
    public var viewNames: [String] { model.views.map(\.name) }

    /// A fitter for this template: one per thread that fits rows.
    /// - Parameters:
    ///   - measurer: measures text; its scale is the pixel grid of the results.
    ///   - separatorHeight: added below each row; `nil` for one device pixel.
    public func makeFitter(measurer: any TextMeasurer, separatorHeight: Double? = nil) -> CellFitter<Content> {
        CellFitter(template: self, measurer: measurer, separatorHeight: separatorHeight)
    }

    /// Lays out one row with a fitter made for the purpose. Convenient for one-off
    /// rows; for many, keep a ``CellFitter``, which compiles each variant once.
    /// - Throws: see ``CellFitter/fit(_:width:)``.
    public func fit(
        _ content: Content, width: Double, measurer: any TextMeasurer, separatorHeight: Double? = nil
    ) throws(CellLayoutError) -> CellLayoutResult {
        var fitter = makeFitter(measurer: measurer, separatorHeight: separatorHeight)
        return try fitter.fit(content, width: width)
    }
}

extension CellTemplate where Content == CellContent {
    /// Makes a template whose rows are given as ``CellContent`` directly.
    /// - Throws: see ``init(name:contentView:constraints:bind:)``.
    public init(name: String = "cell", contentView: ContentView, constraints: [LayoutConstraint]) throws(CellLayoutError) {
        try self.init(name: name, contentView: contentView, constraints: constraints) { content, row in
            row = content
        }
    }
}
