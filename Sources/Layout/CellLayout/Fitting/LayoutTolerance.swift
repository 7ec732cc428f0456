/// The one tolerance of the cell engine: how far two solver values may differ
/// and still be the same length (solver round-off is around 1e-12; text is
/// measured on a grid of 1/1024 px at the finest).
enum LayoutTolerance {
    static let length = 1e-6

    /// Whether `a` and `b` are the same length.
    @inline(__always)
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= length }

    /// `value` with solver noise removed: snapped to the nearest 1/1024 px when
    /// within ``length`` of it, so that 338.99999999997 measures as 339 and text
    /// does not wrap one word earlier for round-off.
    @inline(__always)
    static func snapped(_ value: Double) -> Double {
        let grid = (value * 1024).rounded() / 1024
        return abs(value - grid) <= length ? grid : value
    }
}
