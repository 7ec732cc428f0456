/// The solver's one tolerance.
///
/// A coefficient or constant whose magnitude is below `epsilon` is zero: such
/// cells are dropped from rows, such reduced costs do not make a symbol enter
/// the basis, and row constants that small are snapped to exactly zero so that
/// round-off never makes a restricted row look infeasible (kiwi #15). Layout
/// values live in points, between about 1e-3 and 1e6, far from this threshold.
enum Tolerance {
    static let epsilon = 1.0e-8
}

@inline(__always)
func nearZero(_ value: Double) -> Bool {
    abs(value) < Tolerance.epsilon
}
