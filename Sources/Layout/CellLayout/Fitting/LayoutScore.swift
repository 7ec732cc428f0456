import Cassowary

/// How well a set of frames satisfies a template's constraints: the violation of
/// every constraint, summed per priority level.
///
/// Two sets of frames that score the same at every level are equally good
/// answers to the template: where a layout leaves a choice (equal priorities, an
/// unpinned view), Auto Layout's frames and CellFit's can differ and still both
/// be optimal. A required level with a violation means the frames break the
/// template (Interface Builder's "misplaced views").
public struct LayoutScore: Sendable, CustomStringConvertible {
    /// One priority level's total.
    public struct Level: Hashable, Sendable {
        /// The priority.
        public let priority: Priority
        /// The sum of the weighted violations, in points.
        public let violation: Double
        /// How many constraints the level has.
        public let constraints: Int
    }

    /// One constraint the frames do not satisfy.
    public struct Violation: Sendable, CustomStringConvertible {
        /// The constraint, as written (or as the template made it).
        public let equation: String
        /// Why the template made it, for implicit constraints (`content hugging`,
        /// `stack 's' arrangement`); `nil` for declared ones.
        public let reason: String?
        /// The constraint's priority.
        public let priority: Priority
        /// By how many points it is violated (weighted).
        public let amount: Double
        /// The views it relates.
        public let views: [String]
        /// Where it was declared, when it was.
        public let location: SourceLocation?

        /// `title.height <= intrinsic height @250 (content hugging): off by 16`.
        public var description: String {
            "\(equation)\(reason.map { " (\($0))" } ?? ""): off by \(LayoutScore.shown(amount))"
        }
    }

    /// Every level of the template's constraints, highest first, including the
    /// content view's held size.
    public let levels: [Level]
    /// The constraints violated by more than 1e-6 pt, highest priority and largest first.
    public let violations: [Violation]
    /// Views the given frames did not include: their frames were taken from
    /// CellFit's own layout of the row.
    public let assumedViews: [String]

    /// A sum as printed: to a millionth of a point, so that round-off (`3.6e-15`) reads as 0.
    static func shown(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return (rounded == 0 ? 0 : rounded).layoutText
    }

    /// The total violation at `priority` (0 when the template has no such level).
    public func violation(at priority: Priority) -> Double {
        levels.first { $0.priority == priority }?.violation ?? 0
    }

    /// The violations of required constraints.
    public var requiredViolations: [Violation] { violations.filter { $0.priority.isRequired } }

    /// One line per level, `@1000: 0 (24 constraints)`, then the violations.
    public var description: String {
        let lines = levels.map { "@\($0.priority): \(Self.shown($0.violation)) (\($0.constraints) constraints)" }
        return (lines + violations.map { "  \($0)" }).joined(separator: "\n")
    }
}

extension CellFitter {
    /// Scores `frames` against the template for one row: lays the row out as
    /// ``layout(row:width:height:intrinsicSizes:)`` does, to fix the intrinsic sizes
    /// and baselines by the same rule, then evaluates every constraint of the row's
    /// variant at the given frames instead of its own.
    ///
    /// - Parameters:
    ///   - frames: frames by view name, in content-view coordinates (a control's frame,
    ///     not its alignment rectangle). Views left out take CellFit's own frame and are
    ///     listed in ``LayoutScore/assumedViews``.
    ///   - height: the content view's height; `nil` for the given frames' content view height
    ///     when they include one, else the compressed fitting height.
    /// - Throws: as ``layout(row:width:height:intrinsicSizes:)``; `unknownView` for a frame of a
    ///   view the template does not have.
    public mutating func score(
        frames: [String: Rect], row content: CellContent, width: Double, height: Double? = nil,
        intrinsicSizes: IntrinsicSizes = .measured
    ) throws(CellLayoutError) -> LayoutScore {
        let model = template.model
        for name in frames.keys.sorted() where model.index[name] == nil {
            throw CellLayoutError(
                .unknownView, "template '\(model.name)': the frames name '\(name)', which is not one of its views", views: [name])
        }
        let height = height ?? frames[ContentView.name]?.height
        let (own, index) = try fitVariant(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes)
        let variant = compiledVariant(at: index)

        var values: [ObjectIdentifier: Double] = [:]
        var assumed: [String] = []
        for (i, view) in model.views.enumerated() {
            var frame: Rect
            if let given = frames[view.name] {
                frame = given
            } else {
                assumed.append(view.name)
                frame = own.frame(of: view.name) ?? .zero
            }
            if case .control(let spec) = view.kind, !variant.collapsed[i] {
                let a = spec.alignmentInsets
                frame = Rect(
                    x: frame.x + a.left, y: frame.y + a.top,
                    width: frame.width - a.horizontal, height: frame.height - a.vertical)
            }
            let v = view.variables
            values[ObjectIdentifier(v.x)] = frame.x
            values[ObjectIdentifier(v.y)] = frame.y
            values[ObjectIdentifier(v.width)] = frame.width
            values[ObjectIdentifier(v.height)] = frame.height
        }
        for (k, edit) in variant.edits.enumerated() {
            values[ObjectIdentifier(edit.variable)] = variant.suggestions[k]
        }

        var sums: [Priority: (violation: Double, count: Int)] = [:]
        var violations: [LayoutScore.Violation] = []
        for constraint in variant.solver.simplex.constraints {
            var value = constraint.expression.constant
            for term in constraint.expression.terms {
                value += term.coefficient * (values[ObjectIdentifier(term.variable)] ?? 0)
            }
            let amount: Double
            switch constraint.relation {
            case .equal: amount = abs(value)
            case .greaterThanOrEqual: amount = max(0, -value)
            case .lessThanOrEqual: amount = max(0, value)
            }
            let weighted = amount * constraint.weight
            sums[constraint.priority, default: (0, 0)].violation += weighted
            sums[constraint.priority, default: (0, 0)].count += 1
            guard !LayoutTolerance.same(weighted, 0) else { continue }
            let origin = variant.origins[constraint.id]
            violations.append(LayoutScore.Violation(
                equation: origin?.equation ?? constraint.description, reason: origin?.reason,
                priority: constraint.priority, amount: weighted,
                views: origin?.views.map { model.views[$0].name } ?? [], location: origin?.location))
        }
        let levels = sums.keys.sorted(by: >).map { p in
            LayoutScore.Level(priority: p, violation: sums[p]?.violation ?? 0, constraints: sums[p]?.count ?? 0)
        }
        violations.sort { ($0.priority, $0.amount) > ($1.priority, $1.amount) }
        return LayoutScore(levels: levels, violations: violations, assumedViews: assumed)
    }
}
