/// How much a constraint matters, on Auto Layout's scale: above 0, at most 1000
/// (`UILayoutPriority`'s range; Interface Builder offers 1...1000).
///
/// Priorities are strictly hierarchical: no amount of violation of constraints
/// at a lower priority outweighs the smallest violation at a higher one
/// (Auto Layout's documented rule; kiwi's numeric strengths break it). Within
/// one priority the solver minimises the weighted sum of absolute violations.
/// ``required`` constraints must hold exactly.
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority on Auto Layout's scale; valid values are above 0 and at most 1000.
    public var rawValue: Float

    /// Creates a priority. Values not above 0 or above 1000 are rejected by the
    /// solver with ``SolverError/Code/invalidPriority``.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority. Values not above 0 or above 1000 are rejected by the solver.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public init(floatLiteral value: Float) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// 1000: the constraint must hold.
    public static let required = Priority(1000)
    /// 750: Auto Layout's default compression resistance.
    public static let defaultHigh = Priority(750)
    /// 250: Auto Layout's default content hugging.
    public static let defaultLow = Priority(250)
    /// 50: the level at which a fitting size pulls a dimension towards zero.
    public static let fittingSizeLevel = Priority(50)

    /// Whether the solver accepts this priority: above 0, at most 1000, not NaN.
    /// Levels below 1 are what Interface Builder never offers, so a library
    /// built on the solver (CellLayout's tie-break) can keep one for itself.
    public var isValid: Bool { rawValue > 0 && rawValue <= 1000 }

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue == 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .required: "required"
        case .defaultHigh: "defaultHigh"
        case .defaultLow: "defaultLow"
        case .fittingSizeLevel: "fittingSizeLevel"
        default: rawValue.isFinite && rawValue == Float(Int(rawValue)) ? String(Int(rawValue)) : String(rawValue)
        }
    }
}
