import Cassowary
import TextMetrics

/// A template's declarations flattened, checked and given solver variables:
/// what every compiled variant is built from. Immutable and shared by all
/// copies of a template and all fitters, on every thread (`Variable`s hold no
/// values, so one set serves every solver).
final class TemplateModel: Sendable {
    /// The template's name, for messages.
    let name: String
    /// Every view, parents before children (depth-first, declaration order);
    /// index 0 is the content view. Resolved for ``direction``: each view knows
    /// whether it lays out right to left, and its directional margins (and a
    /// control's alignment insets) are by side. Under left to right with no view
    /// forcing a direction these are ``declaredViews`` unchanged.
    let views: [ViewModel]
    /// The views as declared, whatever the direction: what another direction is resolved from.
    let declaredViews: [ViewModel]
    /// The template's (the app's) direction of layout.
    let direction: LayoutDirection
    /// View index by name.
    let index: [String: Int]
    /// Every view's name, and whether it shows text, in view order: what a row's
    /// settings are checked against, without copying a view.
    let names: [String]
    let showsText: [Bool]
    /// The declared constraints, resolved to view indices.
    let constraints: [ResolvedConstraint]
    /// Indices of image views.
    let imageViews: [Int]
    /// What a row starts from before its content is applied.
    let defaults: RowState
    /// Declared constraints left out (by index): those a recovering fitter broke.
    let disabled: Set<Int>
    /// The content size category text is measured at; declarations give fonts at Large.
    let contentSize: ContentSizeCategory
    /// Whether every text style takes ``contentSize``, as when a cell is loaded under it,
    /// not only the fonts of views that adjust (`adjustsFontForContentSizeCategory`).
    let everyTextStyle: Bool
    /// The template's own rule when the caller names none: whether its text styles are
    /// resolved as a nib resolves them when it is decoded (every one at the category of
    /// that moment). Set for cells imported from Interface Builder files.
    let textStylesResolveAtLoad: Bool
    /// Per view: whether its fonts, the template's and the rows', are measured at ``contentSize``.
    let followsContentSize: [Bool]

    init(
        name: String, views: [ViewModel], index: [String: Int], constraints: [ResolvedConstraint],
        disabled: Set<Int> = [], contentSize: ContentSizeCategory = .large, everyTextStyle: Bool = false,
        textStylesResolveAtLoad: Bool = false, direction: LayoutDirection = .leftToRight
    ) {
        let declaredViews = views
        let views = Self.resolve(views, direction: direction)
        self.declaredViews = declaredViews
        self.direction = direction
        self.disabled = disabled
        self.contentSize = contentSize
        self.everyTextStyle = everyTextStyle
        self.textStylesResolveAtLoad = textStylesResolveAtLoad
        let follows = views.map { everyTextStyle || $0.kind.text?.adjustsFont == true }
        self.followsContentSize = follows
        self.name = name
        self.views = views
        self.index = index
        self.names = views.map(\.name)
        self.showsText = views.map { $0.kind.text != nil }
        self.constraints = constraints
        imageViews = views.indices.filter {
            if case .image = views[$0].kind { return true }
            return false
        }
        var defaults = RowState(views: views)
        for i in views.indices where follows[i] { defaults.fonts[i] = defaults.fonts[i].resolved(at: contentSize) }
        self.defaults = defaults
    }
}

extension TemplateModel {
    /// This model with the declared constraints at `indices` left out as well.
    func disabling(_ indices: Set<Int>) -> TemplateModel {
        TemplateModel(
            name: name, views: declaredViews, index: index, constraints: constraints, disabled: disabled.union(indices),
            contentSize: contentSize, everyTextStyle: everyTextStyle, textStylesResolveAtLoad: textStylesResolveAtLoad, direction: direction)
    }

    /// This model with text measured at `category`; see ``CellTemplate/adjusted(to:everyTextStyle:)``.
    /// `everyTextStyle` nil: the template's own rule (``textStylesResolveAtLoad``).
    func adjusted(to category: ContentSizeCategory, everyTextStyle: Bool?) -> TemplateModel {
        TemplateModel(
            name: name, views: declaredViews, index: index, constraints: constraints, disabled: disabled,
            contentSize: category, everyTextStyle: everyTextStyle ?? textStylesResolveAtLoad,
            textStylesResolveAtLoad: textStylesResolveAtLoad, direction: direction)
    }

    /// This model laid out in `direction`; see ``CellTemplate/laidOut(in:)``.
    func laidOut(in direction: LayoutDirection) -> TemplateModel {
        TemplateModel(
            name: name, views: declaredViews, index: index, constraints: constraints, disabled: disabled,
            contentSize: contentSize, everyTextStyle: everyTextStyle, textStylesResolveAtLoad: textStylesResolveAtLoad,
            direction: direction)
    }

    /// The views as they lay out in `direction`. A view that lays out right to left is
    /// marked so (its `leading` and `trailing` resolve to its right and left edges,
    /// and a horizontal stack starts at its right), its directional margins trade
    /// sides, and a control's alignment insets do too: UIKit draws a switch
    /// mirrored in right-to-left layout, so the part of its frame outside its
    /// alignment rectangle moves to the other side. Views that lay out left to
    /// right are returned as they are, so a left-to-right template compiles
    /// exactly what it did before directions existed.
    private static func resolve(_ views: [ViewModel], direction: LayoutDirection) -> [ViewModel] {
        views.map { view in
            let attributes = view.attributes
            guard attributes.semanticContentAttribute.layoutDirection(relativeTo: direction) == .rightToLeft else { return view }
            var resolved = view
            resolved.rightToLeft = true
            if attributes.layoutMarginsAreDirectional {
                resolved.attributes.layoutMargins = attributes.layoutMargins.swappingSides
            }
            if case .control(var spec) = view.kind {
                spec.alignmentInsets = spec.alignmentInsets.swappingSides
                resolved.kind = .control(spec)
            }
            return resolved
        }
    }

    /// This model with its own rule for text styles set.
    func resolvingTextStylesAtLoad(_ resolves: Bool) -> TemplateModel {
        TemplateModel(
            name: name, views: declaredViews, index: index, constraints: constraints, disabled: disabled,
            contentSize: contentSize, everyTextStyle: everyTextStyle, textStylesResolveAtLoad: resolves, direction: direction)
    }
}

/// One view of a template, flattened.
struct ViewModel: Sendable {
    let name: String
    /// Variable for the template's direction only (a right-to-left control's insets).
    var kind: ViewKind
    /// Variable for the template's direction only (right-to-left directional margins).
    var attributes: ViewAttributes
    /// The superview's index; -1 for the content view.
    let parent: Int
    /// Subviews (a stack's arranged views), in order.
    let children: [Int]
    /// 0 for the content view.
    let depth: Int
    let location: SourceLocation
    let variables: ViewVariables
    /// For stacks: the spacing after each arranged view, aligned with `children`.
    let spacingAfter: [Double]
    /// Whether the view lays out right to left: its own semantic content attribute
    /// and the template's direction decide (`TemplateModel.resolve`).
    var rightToLeft = false
}

extension EdgeInsets {
    /// The same insets with left and right exchanged.
    var swappingSides: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }
}

/// The solver variables of one view. Positions are in content-view coordinates.
struct ViewVariables: Sendable {
    let x: Variable
    let y: Variable
    let width: Variable
    let height: Variable
    /// Edit variables carrying the intrinsic size (labels, text views, image views).
    let intrinsicWidth: Variable?
    let intrinsicHeight: Variable?
    /// Edit variables carrying the first baseline's distance below the top and the
    /// last baseline's above the bottom (labels, text views, buttons).
    let firstBaseline: Variable?
    let lastBaseline: Variable?

    init(name: String, kind: ViewKind) {
        x = Variable("\(name).x")
        y = Variable("\(name).y")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
        let hasText = kind.text != nil
        var hasIntrinsic = hasText
        switch kind {
        case .image, .control: hasIntrinsic = true
        default: break
        }
        intrinsicWidth = hasIntrinsic ? Variable("\(name).intrinsicWidth") : nil
        intrinsicHeight = hasIntrinsic ? Variable("\(name).intrinsicHeight") : nil
        firstBaseline = hasText ? Variable("\(name).firstBaselineOffset") : nil
        lastBaseline = hasText ? Variable("\(name).lastBaselineOffset") : nil
    }
}

/// A declared constraint with its views resolved.
struct ResolvedConstraint: Sendable {
    let declaration: LayoutConstraint
    let first: ResolvedAnchor
    let second: ResolvedAnchor?
    /// For positions related with a multiplier other than 1: the view whose
    /// coordinate space both sides are measured in (UIKit's rule).
    let space: Int?

    var views: [Int] {
        guard let second, second.view != first.view else { return [first.view] }
        return [first.view, second.view]
    }
}

/// An attribute of a view, by index.
struct ResolvedAnchor: Sendable {
    let view: Int
    let attribute: LayoutAttribute
    let guide: Bool
}
