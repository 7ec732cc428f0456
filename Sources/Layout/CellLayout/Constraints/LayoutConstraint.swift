/// A linear relation between two anchors, or between a dimension and a constant:
/// `first (== | <= | >=) multiplier × second + constant`, at a priority, with a
/// constant to use instead while a view it touches is collapsed.
///
/// Make constraints with the anchor methods, which record the line they were
/// written on, and adjust them with the modifiers:
///
/// ```swift
/// title.leading.constraint(equalTo: image.trailing, constant: 8)
/// title.height.constraint(greaterThanOrEqualToConstant: 44).priority(750)
/// text.trailing.constraint(equalTo: icon.leading, constant: -10).collapsedConstant(0)
/// ```
///
/// A constraint is a plain value naming views; whether those views exist and
/// whether the attributes may be related is checked when the template is made.
public struct LayoutConstraint: Sendable, CustomStringConvertible {
    /// The left-hand side.
    public let first: AnchorReference
    /// How the two sides relate.
    public let relation: Relation
    /// The anchor on the right-hand side; `nil` for a dimension compared with a constant.
    public let second: AnchorReference?
    /// The factor applied to ``second``.
    public let multiplier: Double
    /// The constant added to the right-hand side.
    public let constant: Double
    /// How much the constraint matters: ``Priority/required`` (the default) or 1...999.999.
    public private(set) var priority: Priority
    /// The constant used instead of ``constant`` while either view the constraint
    /// touches is collapsed; 0 unless set.
    public private(set) var collapsedConstant: Double
    /// A name for messages, like UIKit's `identifier`; `nil` unless set.
    public private(set) var identifier: String?
    /// Where the constraint was written.
    public let location: SourceLocation

    /// Creates a constraint from its parts — the general form, for constraints
    /// built from data (the anchor methods are the everyday way).
    ///
    /// Nothing is checked here; the template reports unknown views, attributes
    /// that cannot be related (a position with a dimension, an x position with a
    /// y position, a position with a constant) and non-finite numbers when it is made.
    public init(
        _ first: AnchorReference, _ relation: Relation, _ second: AnchorReference?,
        multiplier: Double = 1, constant: Double = 0, priority: Priority = .required,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            first, relation, second, multiplier: multiplier, constant: constant, priority: priority,
            location: SourceLocation(fileID: fileID, line: line))
    }

    /// Creates a constraint from its parts with an explicit location.
    public init(
        _ first: AnchorReference, _ relation: Relation, _ second: AnchorReference?,
        multiplier: Double = 1, constant: Double = 0, priority: Priority = .required,
        location: SourceLocation
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.collapsedConstant = 0
        self.identifier = nil
        self.location = location
    }

    /// A copy at `priority`.
    public func priority(_ priority: Priority) -> LayoutConstraint {
        var copy = self
        copy.priority = priority
        return copy
    }

    /// A copy that uses `constant` instead of its own constant while a view it
    /// touches is collapsed.
    public func collapsedConstant(_ constant: Double) -> LayoutConstraint {
        var copy = self
        copy.collapsedConstant = constant
        return copy
    }

    /// A copy named `identifier` in messages.
    public func identifier(_ identifier: String) -> LayoutConstraint {
        var copy = self
        copy.identifier = identifier
        return copy
    }

    /// The constraint as an equation: `title.leading == image.trailing + 8 @750`.
    public var description: String {
        var text = "\(first) \(relation.rawValue) "
        if let second {
            text += multiplier == 1 ? "\(second)" : "\(multiplier.layoutText) * \(second)"
            if constant > 0 { text += " + \(constant.layoutText)" }
            if constant < 0 { text += " - \((-constant).layoutText)" }
        } else {
            text += constant.layoutText
        }
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text = "\(identifier): " + text }
        return text
    }
}

extension Double {
    /// `8` rather than `8.0`, in descriptions and messages.
    var layoutText: String {
        if isFinite, abs(self) < 1e15, self == Double(Int64(self)) { return String(Int64(self)) }
        return String(self)
    }
}
