/// One cell of a row: a symbol, its coefficient, and where the cell sits in
/// the symbol's column list.
///
/// The three live side by side so that a row is one buffer: one allocation
/// when it is built, one retain when it is read, one uniqueness check when it
/// is written (three parallel arrays cost three of each).
struct Cell: Sendable {
    var symbol: Symbol
    /// For a row in the tableau, the index of this cell's entry in the column
    /// list of `symbol` (that entry points back at the cell); 0 in a detached row.
    var link: Int32 = 0
    var coefficient: Double

    init(_ symbol: Symbol, _ coefficient: Double) {
        self.symbol = symbol
        self.coefficient = coefficient
    }
}

/// One row of the tableau: `basic = constant + Σ coefficientᵢ × symbolᵢ`.
///
/// Cells are kept in insertion order. Rows stay sparse; lookups by symbol go
/// through the solver's scratch position table rather than a per-row hash
/// map, so that adding a multiple of one row to another is linear in their
/// lengths and allocates nothing once capacity is reached.
///
/// The links between cells and column entries make removing a cell from its
/// column, or reading the coefficient of a symbol in a row found through its
/// column, cost O(1) however long rows and columns grow (chains fill rows in).
///
/// Invariant: no symbol appears twice, and no coefficient is near zero.
struct TableauRow: Sendable {
    var basic: Symbol = invalidSymbol
    var cells: [Cell] = []
    var constant: Double = 0

    init(constant: Double = 0) {
        self.constant = constant
    }

    var count: Int { cells.count }

    /// - Complexity: O(count).
    func index(of symbol: Symbol) -> Int? {
        cells.firstIndex { $0.symbol == symbol }
    }

    /// - Complexity: O(count).
    func coefficient(for symbol: Symbol) -> Double {
        if let i = index(of: symbol) { return cells[i].coefficient }
        return 0
    }

    /// Multiplies the row by -1.
    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + c×s + rest` as `s = -constant/c - rest/c` and
    /// drops `s`. The last cell takes the place of `s`. Detached rows only.
    /// Returns whether a cell came out negligible (a large `c`), for the
    /// caller to drop.
    mutating func solve(forSymbolAt index: Int) -> Bool {
        let factor = -1.0 / cells[index].coefficient
        cells[index] = cells[cells.count - 1]
        cells.removeLast()
        constant *= factor
        var smallest = Double.infinity
        for i in cells.indices {
            cells[i].coefficient *= factor
            smallest = min(smallest, abs(cells[i].coefficient))
        }
        return Tolerances.isNegligibleCoefficient(smallest)
    }
}
