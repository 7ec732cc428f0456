/// How far a sizing job has got: passed to ``SizingOptions/progress`` after each chunk.
public struct SizingProgress: Hashable, Sendable, CustomStringConvertible {
    /// Rows whose height is known, in this job (rows already cached do not count).
    public var rowsDone: Int
    /// Rows this job sizes.
    public var rowCount: Int

    /// Creates a progress report.
    public init(rowsDone: Int, rowCount: Int) {
        self.rowsDone = rowsDone
        self.rowCount = rowCount
    }

    /// `rowsDone / rowCount`, 1 for an empty job.
    public var fraction: Double {
        rowCount == 0 ? 1 : Double(rowsDone) / Double(rowCount)
    }

    public var description: String { "\(rowsDone)/\(rowCount)" }
}
