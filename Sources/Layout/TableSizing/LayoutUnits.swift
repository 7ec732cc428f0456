/// The fixed-point units the scroll model keeps heights and offsets in.
///
/// One point is ``perPoint`` = 3 × 2^14 = 49 152 units. Why fixed point: sums of
/// integers are exact, so an offset is the same whether it is read from the Fenwick
/// tree or added up row by row, updates never leave drift behind, and the anchor
/// correction of the content offset keeps the first visible row *exactly* where it was
/// (a shift of 0, not 1e-13). Why this unit: every height on the @1x, @2x and @3x pixel
/// grids is a whole number of units (a @3x pixel is 16 384 units), and converting back
/// gives the very `Double` the engine computed (`Double(n) / 3` and
/// `Double(16384 n) / 49152` round the same real number). Heights off those grids are
/// rounded to the nearest unit, 2e-5 pt — a thousandth of a device pixel.
///
/// Range: rows are at most ``TableSizingError/maximumRowHeight`` (1e6 pt, 4.9e10 units),
/// so 1.8e8 such rows still fit in `Int64`; real rows (tens to hundreds of points) leave
/// room for far more than any table holds.
enum LayoutUnits {
    /// Units per point.
    static let perPoint: Int64 = 3 << 14
    /// `perPoint` as a `Double`.
    static let scale = Double(perPoint)

    /// Points to units, rounded to the nearest unit. `value` must be finite and within
    /// ±1e12 pt, which the callers' validation guarantees.
    static func units(_ value: Double) -> Int64 {
        Int64((value * scale).rounded())
    }

    /// Units to points.
    static func points(_ units: Int64) -> Double {
        Double(units) / scale
    }
}
