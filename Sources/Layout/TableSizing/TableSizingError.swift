/// A failure while sizing rows, carrying the row at fault.
///
/// A struct with a ``Code`` rather than a frozen enum, so that new failures can be
/// added without breaking `switch` statements. Cancellation is not one of them:
/// it is reported with the standard library's `CancellationError`.
public struct TableSizingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The height function threw for ``TableSizingError/row``; the error it threw
        /// is ``TableSizingError/underlying``.
        public static let heightFunctionFailed = Code(name: "heightFunctionFailed")
        /// The height function returned a height that is negative, not finite, or above
        /// ``TableSizingError/maximumRowHeight``; the value is ``TableSizingError/value``.
        public static let invalidHeight = Code(name: "invalidHeight")
        /// A worker's factory threw before sizing any row (``TableSizingError/row`` is nil).
        public static let workerCreationFailed = Code(name: "workerCreationFailed")
        /// The same row identifier appears twice (``TableSizingError/row`` is the second).
        public static let duplicateRowID = Code(name: "duplicateRowID")
        /// A row identifier the cache does not hold.
        public static let unknownRowID = Code(name: "unknownRowID")
        /// A width that is negative or not finite (``TableSizingError/value``).
        public static let invalidWidth = Code(name: "invalidWidth")

        public var description: String { name }
    }

    /// The tallest row TableSizing accepts, in points: a million points, about a
    /// thousand phone screens. The bound keeps the scroll model's fixed-point sums
    /// (see ``ScrollModel``) far from overflow.
    public static let maximumRowHeight: Double = 1_000_000

    /// What went wrong.
    public var code: Code
    /// The row at fault (its index in the table), when there is one.
    public var row: Int?
    /// The offending height or width, for ``Code/invalidHeight`` and ``Code/invalidWidth``.
    public var value: Double?
    /// The error the height function or the worker factory threw, if any.
    public var underlying: (any Error)?

    init(_ code: Code, row: Int? = nil, value: Double? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.row = row
        self.value = value
        self.underlying = underlying
    }

    public var description: String {
        var text = "TableSizingError.\(code)"
        if let row { text += " at row \(row)" }
        if let reason = limitReason { return text + ": " + reason }
        if let value { text += ": \(value)" }
        if let underlying { text += ": \(underlying)" }
        return text
    }

    /// For ``Code/invalidHeight`` and ``Code/invalidWidth``: what is wrong with the
    /// value and which limit it breaks, e.g. "height 1200000 is above the limit of
    /// 1000000 points (maximumRowHeight)". TableSizing knows no template; a caller
    /// that does puts this after its own context.
    public var limitReason: String? {
        guard let value else { return nil }
        let what = code == .invalidWidth ? "width" : "height"
        let shown = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        if value.isNaN { return "\(what) is not a number" }
        if !value.isFinite { return "\(what) \(shown) is not finite" }
        if value < 0 { return "\(what) \(shown) is negative" }
        if code == .invalidHeight, value > Self.maximumRowHeight {
            return "height \(shown) is above the limit of \(Int(Self.maximumRowHeight)) points (maximumRowHeight)"
        }
        return nil
    }

    /// The one rule for a row height: a height that is negative, not finite or above
    /// ``maximumRowHeight`` is no answer. The sizers hold every height the height
    /// function returns to it, and `cellfit layout`, `render` and the playground the
    /// row height of a layout (CellFitOutput's `LayoutNumbers.problem`), so that a row
    /// one command refuses is refused by all.
    ///
    /// - Returns: the ``Code/invalidHeight`` error for such a height (its
    ///   ``limitReason`` says what is wrong), or nil for a height TableSizing takes.
    public static func invalidRowHeight(_ height: Double, row: Int? = nil) -> TableSizingError? {
        // NaN fails both comparisons and is refused too.
        guard height >= 0, height <= maximumRowHeight else { return TableSizingError(.invalidHeight, row: row, value: height) }
        return nil
    }

    /// Checks one height the height function returned (``invalidRowHeight(_:row:)``).
    ///
    /// - Throws: ``Code/invalidHeight`` when `height` is negative, not finite, or
    ///   above ``maximumRowHeight``.
    static func validate(_ height: Double, row: Int?) throws(TableSizingError) {
        if let error = invalidRowHeight(height, row: row) { throw error }
    }

    /// Checks a width.
    static func validate(width: Double) throws(TableSizingError) {
        guard width >= 0, width.isFinite else { throw TableSizingError(.invalidWidth, value: width) }
    }
}
