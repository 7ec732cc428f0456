/// Where a ``ScrollModel`` gets the height of a row it has not measured yet.
///
/// Either a closure per row (UIKit's `tableView(_:estimatedHeightForRowAt:)`), or
/// *learned*: the running mean of the rows measured so far of the same template
/// variant, starting from a guess.
public struct HeightEstimate: Sendable {
    enum Kind: Sendable {
        case perRow(@Sendable (Int) -> Double)
        case learned(initial: Double, threshold: Double, variant: @Sendable (Int) -> Int)
    }

    let kind: Kind

    /// Estimates each row with `estimate(row)`, called once per row when the model is
    /// made. Estimates are fixed: they change only when the row is measured.
    public static func perRow(_ estimate: @escaping @Sendable (_ row: Int) -> Double) -> HeightEstimate {
        HeightEstimate(kind: .perRow(estimate))
    }

    /// Estimates every row as `height` (UIKit's `estimatedRowHeight`).
    public static func uniform(_ height: Double) -> HeightEstimate {
        .perRow { _ in height }
    }

    /// Estimates each row as the mean height of the rows of its variant measured so far
    /// (`initial` until one is).
    ///
    /// Re-estimating every unmeasured row costs O(rows), so the model does it only when
    /// a variant's mean has moved more than `threshold` points from the value the
    /// current estimates use, at the end of a step; as more rows are measured the mean
    /// settles and re-estimates become rare. The content offset is corrected so that
    /// the first visible row does not move (see ``ScrollModel``).
    ///
    /// - Parameters:
    ///   - initial: the estimate for a variant none of whose rows has been measured.
    ///   - threshold: how far, in points, a mean may drift before the estimates follow.
    ///   - variant: the template variant of a row: any integer that names it (which
    ///     views are collapsed, say). Called for every unmeasured row on each re-estimate.
    public static func learned(
        initial: Double, threshold: Double = 1, variant: @escaping @Sendable (_ row: Int) -> Int
    ) -> HeightEstimate {
        HeightEstimate(kind: .learned(initial: initial, threshold: threshold, variant: variant))
    }
}
