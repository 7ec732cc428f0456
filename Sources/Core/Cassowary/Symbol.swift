/// A column of the tableau: a dense index, so per-symbol data lives in arrays
/// rather than hash tables and no hash order can ever decide a pivot.
typealias Symbol = Int32

let invalidSymbol: Symbol = -1

/// What a symbol stands for. Every kind but `external` is restricted to be >= 0.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality.
    case slack
    /// The error of a non-required constraint: the amount of its violation.
    case error
    /// The marker of a required equality: always zero, never enters the basis.
    case dummy
    /// Phase-one helper of an add; lives only inside that add.
    case artificial
    /// A recycled id, free for reuse.
    case free

    var isRestricted: Bool { self != .external }
    var isPivotable: Bool { self == .slack || self == .error }
}
