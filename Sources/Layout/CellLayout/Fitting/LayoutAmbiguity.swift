import Cassowary

/// What a row's constraints leave undetermined (Auto Layout's `hasAmbiguousLayout`):
/// the views whose frames could move at no cost at any priority, the sizes that come
/// out negative, and whether the row's height comes out as zero.
public struct LayoutAmbiguity: Sendable, CustomStringConvertible {
    /// The views with a frame attribute left free, in template order.
    public let views: [String]
    /// The free attributes, `view.x`, `view.y`, `view.width`, `view.height`
    /// (content-view coordinates), in template order.
    public let attributes: [String]
    /// Whether the compressed-fitting height is zero: nothing pins the content view's
    /// bottom (UIKit warns and falls back to 44).
    public let collapsesToZero: Bool
    /// The collapsed views of the row's variant, which names the variant.
    public let collapsedViews: [String]
    /// Frame sizes below zero, as `view.width` or `view.height`, in template order: a
    /// view nothing gives a size (an image with no image, a box with no height
    /// constraint) squeezed by the fitting size (UIKit lays such frames out too).
    public let negativeSizes: [String]

    /// Whether there is anything to warn about.
    public var isAmbiguous: Bool { !attributes.isEmpty || collapsesToZero || !negativeSizes.isEmpty }

    /// `title.y left free; photo.height is negative: nothing gives it a size; the height is 0`.
    public var description: String {
        var parts: [String] = []
        if !attributes.isEmpty { parts.append(attributes.joined(separator: ", ") + " left free") }
        if !negativeSizes.isEmpty {
            parts.append(
                negativeSizes.joined(separator: ", ") + (negativeSizes.count == 1 ? " is" : " are")
                    + " negative: nothing gives the view a size")
        }
        if collapsesToZero {
            parts.append(
                negativeSizes.isEmpty
                    ? "the height is 0: nothing pins the content view's bottom"
                    : "the height is 0: what pins the content view's bottom has no size")
        }
        return parts.isEmpty ? "determined" : parts.joined(separator: "; ")
    }
}

extension CellFitter {
    /// Lays out the row as ``layout(row:width:height:intrinsicSizes:)`` does and
    /// reports what its constraints leave free: frame attributes that a tie lets move
    /// at no cost at any level (``Solver/variablesFreeAtOptimum``, which looks one
    /// pivot deep and errs towards reporting), and a zero height.
    /// - Throws: as ``layout(row:width:height:intrinsicSizes:)``.
    public mutating func ambiguity(
        row content: CellContent, width: Double, height: Double? = nil, intrinsicSizes: IntrinsicSizes = .measured
    ) throws(CellLayoutError) -> LayoutAmbiguity {
        let model = template.model
        let (result, index) = try fitVariant(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes)
        let solver = try synchronizedSolver(ofVariant: index)
        var free = Set(solver.variablesFreeAtOptimum.map(ObjectIdentifier.init))
        // A frame variable no constraint mentions is free too (the solver never saw it).
        var mentioned = Set<ObjectIdentifier>()
        for constraint in solver.constraints {
            for term in constraint.expression.terms { mentioned.insert(ObjectIdentifier(term.variable)) }
        }
        for view in model.views {
            let v = view.variables
            for variable in [v.x, v.y, v.width, v.height] where !mentioned.contains(ObjectIdentifier(variable)) {
                free.insert(ObjectIdentifier(variable))
            }
        }
        var views: [String] = [], attributes: [String] = []
        for view in model.views {
            let v = view.variables
            let named = [("x", v.x), ("y", v.y), ("width", v.width), ("height", v.height)]
            let loose = named.filter { free.contains(ObjectIdentifier($0.1)) }.map { "\(view.name).\($0.0)" }
            if !loose.isEmpty {
                views.append(view.name)
                attributes += loose
            }
        }
        var negative: [String] = []
        for view in model.views {
            let v = view.variables
            for (name, variable) in [("width", v.width), ("height", v.height)]
            where solver.value(of: variable) < -LayoutTolerance.length {
                negative.append("\(view.name).\(name)")
            }
        }
        return LayoutAmbiguity(
            views: views, attributes: attributes,
            collapsesToZero: height == nil && abs(result.exactHeight) <= LayoutTolerance.length,
            collapsedViews: result.viewNames.filter { result.visibility(of: $0) == .collapsed },
            negativeSizes: negative)
    }
}
