/// The objective, one row per priority level, compared lexicographically.
///
/// This is how priorities stay strict: instead of weighing levels against one
/// another with large numbers (kiwi's 1e6/1e3/1 strengths, which let a thousand
/// weak violations outweigh a medium one and lose precision), the reduced cost
/// of a symbol is a vector with one entry per level, highest priority first, and
/// a symbol improves the objective when the first non-zero entry is negative.
///
/// Coefficients are stored densely, `stride` (= level count) per symbol, so the
/// vector of one symbol is contiguous and a lookup costs no search. Levels are
/// few (one per distinct non-required priority in use).
///
/// Invariant: the coefficients of basic symbols are zero.
struct LexObjective: Sendable {
    /// Priorities of the levels, strictly descending.
    private(set) var priorities: [Priority] = []
    /// Non-required constraints (and edit variables) using each level.
    private(set) var users: [Int] = []
    /// `coefficients[symbol * stride + level]`.
    private(set) var coefficients: [Double] = []
    /// The value of each level's row: the weighted violation sum at the current solution.
    private(set) var constants: [Double] = []
    private(set) var symbolCapacity = 0

    var stride: Int { priorities.count }

    mutating func reserve(symbols: Int) {
        guard symbols > symbolCapacity else { return }
        // Without levels there is nothing to append, and appending nothing
        // to the shared empty array (never uniquely referenced) still takes
        // the array's reallocation path for every symbol made before the
        // first soft constraint.
        let zeros = (symbols - symbolCapacity) * stride
        if zeros > 16 {
            // A batch's room at once (`SolverCore.reserve(records:terms:)`).
            coefficients.append(contentsOf: repeatElement(0, count: zeros))
        } else {
            // One by one: symbols come one at a time, a level's few zeros
            // each, and `append(contentsOf:)` takes a generic path that
            // cost ten times as much for so few.
            for _ in 0..<zeros { coefficients.append(0) }
        }
        symbolCapacity = symbols
    }

    func level(of priority: Priority) -> Int? {
        priorities.firstIndex(of: priority)
    }

    /// The level of `priority`, which `insertLevels` made, with one more user.
    /// - Complexity: O(levels).
    mutating func retainLevel(_ priority: Priority) -> Int {
        guard let l = level(of: priority) else { preconditionFailure("retainLevel: no level for \(priority)") }
        users[l] += 1
        return l
    }

    /// Makes a level, with no user yet, for each of `new` that has none, in
    /// one pass over the coefficients: a level at a time, a small build's
    /// three levels cost three passes and a dozen allocations.
    /// - Complexity: O(symbols × levels).
    mutating func insertLevels(_ new: [Priority]) {
        var merged = priorities
        for priority in new where !merged.contains(priority) { merged.append(priority) }
        guard merged.count > stride else { return }
        merged.sort(by: >)
        let old = stride
        let width = merged.count
        // Where each old level goes.
        var to: [Int] = []
        var k = 0
        for l in 0..<width where k < old && merged[l] == priorities[k] {
            to.append(l)
            k += 1
        }
        var fresh = [Double](repeating: 0, count: symbolCapacity * width)
        for s in 0..<symbolCapacity {
            for k in 0..<old { fresh[s * width + to[k]] = coefficients[s * old + k] }
        }
        var freshUsers = [Int](repeating: 0, count: width)
        var freshConstants = [Double](repeating: 0, count: width)
        for k in 0..<old {
            freshUsers[to[k]] = users[k]
            freshConstants[to[k]] = constants[k]
        }
        coefficients = fresh
        priorities = merged
        users = freshUsers
        constants = freshConstants
    }

    /// Drops a user of `priority`'s level; the level goes when its last user does.
    /// - Returns: whether a level was removed (its leftover round-off with it).
    mutating func releaseLevel(_ priority: Priority) -> Bool {
        guard let l = level(of: priority) else { return false }
        users[l] -= 1
        guard users[l] == 0 else { return false }
        let old = stride
        var fresh = [Double](repeating: 0, count: symbolCapacity * (old - 1))
        for s in 0..<symbolCapacity {
            for k in 0..<old where k != l {
                fresh[s * (old - 1) + (k < l ? k : k - 1)] = coefficients[s * old + k]
            }
        }
        coefficients = fresh
        priorities.remove(at: l)
        users.remove(at: l)
        constants.remove(at: l)
        return true
    }

    @inline(__always)
    func coefficient(_ symbol: Symbol, level: Int) -> Double {
        coefficients[Int(symbol) * stride + level]
    }

    /// Adds `amount` to one coefficient; a sum that cancels to round-off is 0.
    @inline(__always)
    mutating func add(_ amount: Double, to symbol: Symbol, level: Int) {
        let i = Int(symbol) * stride + level
        coefficients[i] = Tolerances.sum(coefficients[i], amount)
    }

    mutating func addConstant(_ amount: Double, level: Int) {
        constants[level] += amount
    }

    mutating func setCoefficient(_ value: Double, _ symbol: Symbol, level: Int) {
        coefficients[Int(symbol) * stride + level] = value
    }

    mutating func setConstant(_ value: Double, level: Int) {
        constants[level] = value
    }

    /// Zeroes every level's coefficient of `symbol`.
    mutating func clear(_ symbol: Symbol) {
        let base = Int(symbol) * stride
        for k in 0..<stride { coefficients[base + k] = 0 }
    }

    /// Whether `symbol` has any non-zero coefficient.
    func isNonZero(_ symbol: Symbol) -> Bool {
        let base = Int(symbol) * stride
        for k in 0..<stride where coefficients[base + k] != 0 { return true }
        return false
    }

    /// Whether entering `symbol` would improve the objective: its first
    /// non-zero coefficient, highest level first, is negative.
    @inline(__always)
    func isLexNegative(_ symbol: Symbol) -> Bool { leadingNegative(symbol) != nil }

    /// The first non-zero level of `symbol` and its coefficient there, when
    /// that coefficient is negative (entering the symbol would improve the objective).
    @inline(__always)
    func leadingNegative(_ symbol: Symbol) -> (level: Int, value: Double)? {
        let base = Int(symbol) * stride
        for k in 0..<stride {
            let c = coefficients[base + k]
            if c != 0 { return c < 0 ? (k, c) : nil }
        }
        return nil
    }

    /// Compares the reduced-cost ratios `cost(a)/ca` and `cost(b)/cb` lexicographically.
    /// Entries that differ by less than the tolerance count as equal.
    func ratioIsLess(_ a: Symbol, _ ca: Double, than b: Symbol, _ cb: Double) -> Bool? {
        let baseA = Int(a) * stride
        let baseB = Int(b) * stride
        for k in 0..<stride {
            let ra = coefficients[baseA + k] / ca
            let rb = coefficients[baseB + k] / cb
            if !(abs(ra - rb) < Tolerances.epsilon) { return ra < rb }
        }
        return nil
    }

    /// Adds `delta` to the uses of `priority`'s level, which stays: the undo
    /// of a retain or release that neither made nor dropped a level.
    mutating func adjustUsers(of priority: Priority, by delta: Int) {
        guard let l = level(of: priority) else { return }
        users[l] += delta
    }

    /// Forgets symbols from `symbols` on (a rolled-back call had allocated them).
    mutating func truncate(symbols: Int) {
        guard symbols < symbolCapacity else { return }
        coefficients.removeLast((symbolCapacity - symbols) * stride)
        symbolCapacity = symbols
    }
}
