/// A stack of arranged views along an axis (UIKit's `UIStackView`).
///
/// The stack makes the constraints that place its arranged views: along the
/// axis, the first view at the stack's start, each next one `spacing` after the
/// previous (or the custom spacing after that view), the last at the stack's
/// end; across the axis, by ``alignment``. A collapsed arranged view is left
/// out, and so is the spacing next to it. A hidden one keeps its place (use
/// `.collapsed` where UIKit code hides an arranged view).
public struct Stack: CellView {
    /// The stack's name, unique within its template.
    public let name: String
    /// The axis views are arranged along.
    public var axis: Axis
    /// The distance between adjacent arranged views (may be negative, as in UIKit).
    public var spacing: Double
    /// Across-axis placement.
    public var alignment: StackAlignment
    /// Along-axis sizing and spacing.
    public var distribution: StackDistribution
    /// The arranged views, in order.
    public var arrangedSubviews: [any CellView]
    /// Whether the arranged views are laid out inside the stack's layout margins
    /// rather than its bounds (UIKit's `isLayoutMarginsRelativeArrangement`; false by default).
    public var isLayoutMarginsRelativeArrangement = false
    /// Whether a vertical stack measures the spacing between neighbours from the last
    /// baseline of the view above to the first baseline of the view below (UIKit's
    /// `isBaselineRelativeArrangement`; false by default). A view without text has
    /// its baselines at its bottom, as UIKit's. Horizontal stacks ignore it (their
    /// alignment aligns baselines), as UIKit's do.
    public var isBaselineRelativeArrangement = false
    /// Spacing after particular arranged views, by name, overriding ``spacing``.
    public private(set) var customSpacing: [(view: String, spacing: Double)]
    /// Hugging (250), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the stack was declared: the caller of the initialiser, or the file and
    /// line a reader of declarations from data sets (see ``CellView/location``).
    public var location: SourceLocation

    /// Creates a stack.
    /// - Parameters:
    ///   - name: unique within the template.
    ///   - axis: the direction views are arranged in.
    ///   - spacing: the distance between adjacent views, 0 by default.
    ///   - alignment: across-axis placement, ``StackAlignment/fill`` by default.
    ///   - distribution: along-axis sizing, ``StackDistribution/fill`` by default.
    ///   - arrangedSubviews: the views, in order.
    public init(
        _ name: String, axis: Axis, spacing: Double = 0, alignment: StackAlignment = .fill,
        distribution: StackDistribution = .fill, arrangedSubviews: [any CellView],
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.name = name
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.arrangedSubviews = arrangedSubviews
        self.customSpacing = []
        self.attributes = .view
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// A copy with `spacing` after `view` instead of the stack's spacing
    /// (UIStackView's `setCustomSpacing(_:after:)`). Ignored while `view` is collapsed.
    public func customSpacing(_ spacing: Double, after view: some CellView) -> Stack {
        customSpacing(spacing, afterViewNamed: view.name)
    }

    /// A copy with `spacing` after the arranged view called `name`; a name that is
    /// not an arranged view of this stack makes the template throw.
    public func customSpacing(_ spacing: Double, afterViewNamed name: String) -> Stack {
        var copy = self
        copy.customSpacing.removeAll { $0.view == name }
        copy.customSpacing.append((view: name, spacing: spacing))
        return copy
    }

    /// The template's view of this stack.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name,
            kind: .stack(StackSpec(
                axis: axis, spacing: spacing, customSpacing: customSpacing,
                alignment: alignment, distribution: distribution,
                marginsRelative: isLayoutMarginsRelativeArrangement,
                baselineRelative: isBaselineRelativeArrangement)),
            attributes: attributes,
            children: arrangedSubviews.map(\.declaration), location: location)
    }
}
