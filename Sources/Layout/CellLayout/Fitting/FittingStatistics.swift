/// Counters of a ``CellFitter``'s work, for tests and tuning.
public struct FittingStatistics: Hashable, Sendable {
    /// Rows fitted (successfully or not).
    public var rows = 0
    /// Solves across all rows (rounds of suggestions; see ``CellLayoutResult/solves``).
    public var solves = 0
    /// Variants compiled into a solver.
    public var variantsCompiled = 0
    /// Calls to the text measurer.
    public var textMeasurements = 0
    /// Rows whose answer came from an optimal basis kept from earlier rows of
    /// the same variant and size, without a solve (see ``Solver/AffineSolution``).
    public var rowsFromKeptBases = 0

    /// Zero counts.
    public init() {}
}
