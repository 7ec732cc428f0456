/// One row of the tableau: `basic = constant + Σ coefficientᵢ × symbolᵢ`.
///
/// Cells are kept as two parallel arrays in insertion order. Rows stay sparse;
/// lookups by symbol go through the solver's scratch position table rather
/// than a per-row hash map, so that adding a multiple of one row to another is
/// linear in their lengths and allocates nothing once capacity is reached.
///
/// For a row in the tableau, `links[i]` is the index of cell `i`'s entry in
/// the column list of `symbols[i]`, and that entry points back at the cell, so
/// removing a cell from its column, or reading the coefficient of a symbol in
/// a row found through its column, costs O(1) however long rows and columns
/// grow (chains fill rows in). Detached rows leave `links` empty.
///
/// Invariant: no symbol appears twice, and no coefficient is near zero.
struct TableauRow: Sendable {
    var basic: Symbol = invalidSymbol
    var symbols: [Symbol] = []
    var coefficients: [Double] = []
    var links: [Int32] = []
    var constant: Double = 0

    init(constant: Double = 0) {
        self.constant = constant
    }

    var count: Int { symbols.count }

    /// - Complexity: O(count).
    func index(of symbol: Symbol) -> Int? {
        symbols.firstIndex(of: symbol)
    }

    /// - Complexity: O(count).
    func coefficient(for symbol: Symbol) -> Double {
        if let i = index(of: symbol) { return coefficients[i] }
        return 0
    }

    /// Multiplies the row by -1.
    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Rewrites `0 = constant + c×s + rest` as `s = -constant/c - rest/c` and
    /// drops `s`. The last cell takes the place of `s`. Detached rows only.
    mutating func solve(forSymbolAt index: Int) {
        let factor = -1.0 / coefficients[index]
        symbols[index] = symbols[symbols.count - 1]
        coefficients[index] = coefficients[coefficients.count - 1]
        symbols.removeLast()
        coefficients.removeLast()
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }
}
