extension SolverCore {
    // MARK: - Checking the tableau against the original constraints
    //
    // The tableau is updated in place by every pivot and never rebuilt, so
    // its rows carry the round-off of every operation since they were made,
    // and coefficients that fell below `Tolerances.dust` are gone. On systems
    // whose values reach 1e9 and more (coefficients of 1e3 chained), that
    // drift becomes visible: a row constant off by 1e-5, a constraint that no
    // longer holds at the solver's point, a reduced cost of the wrong sign.
    //
    // The repair is the one LP codes use: the basis (which symbols are basic)
    // is right or nearly so, only the numbers are stale; so the rows are
    // recomputed for the same basis from the original constraints (Gaussian
    // elimination with partial pivoting: a refactorisation), the objective
    // is rebuilt from them, and the simplex goes on from there. It runs only
    // when a call's certificate fails (`endCall`).

    /// Recomputes every row for the current basis from the original
    /// constraints, then the objective from the rows. Returns false, and
    /// changes nothing, when the basis does not match the constraints (a row
    /// count that differs, a singular basis) or is too large to refactorise.
    ///
    /// Gaussian elimination with partial pivoting on the dense matrix
    /// `[B | N | constants]`, then back substitution, to `[I | B⁻¹N | B⁻¹b]`:
    /// O(m³/3 + m² × n) for m rows and n parametric symbols, which is why it
    /// runs only when a call's certificate fails.
    mutating func refactor() -> Bool {
        var basics: [Symbol] = []
        var basicSlots: [Int32] = []
        for k in slots.indices {
            let b = slots[k].basic
            if b != invalidSymbol && Int(b) < slotOf.count && slotOf[Int(b)] == Int32(k) {
                basics.append(b)
                basicSlots.append(Int32(k))
            }
        }
        // The original equations, in record order (the certificate's store).
        let store = audit.equations
        var liveIndices: [Int32] = []
        store.appendLive(to: &liveIndices)
        let live = liveIndices.map { Int($0) }
        let m = basics.count
        guard m > 0, live.count == m, m <= SolverLimits.refactorLimit else { return false }

        // Columns: the basic symbols first, then the parametric ones, then the constant.
        var column = [Int32](repeating: -1, count: kinds.count)
        for (j, b) in basics.enumerated() { column[Int(b)] = Int32(j) }
        var parametric: [Symbol] = []
        for i in live {
            store.forEachTerm(of: i) { s, _ in
                guard column[Int(s)] < 0 else { return }
                column[Int(s)] = Int32(m + parametric.count)
                parametric.append(s)
            }
        }
        let width = m + parametric.count + 1
        let constantColumn = width - 1
        var a = [Double](repeating: 0, count: m * width)
        for (row, i) in live.enumerated() {
            store.forEachTerm(of: i) { s, c in a[row * width + Int(column[Int(s)])] += c }
            a[row * width + constantColumn] = store.headers[i].constant
        }

        var columnScales = [Double](repeating: 0, count: m)
        for i in 0..<m {
            for j in 0..<m { columnScales[j] = max(columnScales[j], abs(a[i * width + j])) }
        }
        var nonzero = [Int](repeating: 0, count: width)
        var pivotRow = [Double](repeating: 0, count: width)
        // Gaussian elimination below each pivot, then back substitution
        // above it: half of Gauss-Jordan's updates, which eliminated above
        // and below at once and were most of a rebuild on a dense system of
        // 1,400 rows (perf).
        let solved: Bool = a.withUnsafeMutableBufferPointer { a in
            for j in 0..<m {
                var p = -1
                var largest: Double = 0
                for i in j..<m {
                    let v = abs(a[i * width + j])
                    if v > largest {
                        largest = v
                        p = i
                    }
                }
                // A singular basis means the tableau lost an equation to
                // round-off; refactorising cannot say which: leave it.
                guard p >= 0, largest > Tolerances.roundOff * columnScales[j] else { return false }
                if p != j {
                    for t in 0..<width { a.swapAt(j * width + t, p * width + t) }
                }
                let inverse = 1.0 / a[j * width + j]
                for t in j..<width { a[j * width + t] *= inverse }
                a[j * width + j] = 1
                Self.eliminate(a, column: j, from: j + 1, width: width, rows: (j + 1)..<m, nonzero: &nonzero, pivotRow: &pivotRow)
            }
            // Row j's basic columns past j are zero by the time it serves.
            for j in (1..<m).reversed() {
                Self.eliminate(a, column: j, from: m, width: width, rows: 0..<j, nonzero: &nonzero, pivotRow: &pivotRow)
            }
            return true
        }
        guard solved else { return false }

        // Row i now reads basics[i] + Σ a·parametric + constant = 0.
        // The rows are the constraints' again: what they lost before is back.
        logSaved(.lost(audit.lost))
        for i in audit.lost.indices { audit.lost[i] = 0 }
        for i in 0..<m {
            let k = basicSlots[i]
            var row = takeRow(k)
            unlinkAll(&row, slot: k)
            row.cells.removeAll(keepingCapacity: true)
            var scale: Double = 0
            for t in 0..<parametric.count { scale = max(scale, abs(a[i * width + m + t])) }
            for t in 0..<parametric.count {
                let v = -a[i * width + m + t]
                if abs(v) > Tolerances.roundOff * scale && !Tolerances.isNegligibleCoefficient(v) {
                    row.cells.append(Cell(parametric[t], v))
                } else if abs(v) > Tolerances.roundOff * scale {
                    noteLoss(parametric[t], abs(v))
                }
            }
            var constant = -a[i * width + constantColumn]
            let basic = basics[i]
            if kinds[Int(basic)].isRestricted && constant < 0 && constant > -Tolerances.epsilon { constant = 0 }
            row.constant = constant
            linkAll(&row, slot: k)
            swap(&row, &slots[Int(k)])
            if constant < 0 && kinds[Int(basic)].isRestricted { infeasible.push(basic) }
        }

        priceFromMultipliers(basics: basics, equations: live, column: column, eliminated: a, width: width)
        return true
    }

    /// Subtracts from each row of `rows` its multiple (its entry at column
    /// `j`) of row `j` from column `from` on, and zeroes its column `j`. Row
    /// `j`'s nonzero entries there are gathered first, so that the update
    /// of every row runs over them without a test per entry (that test,
    /// taken for each row, was most of a rebuild on a dense system); each
    /// entry gets the same operations in the same order as a pass over
    /// every column would give it.
    static func eliminate(
        _ a: UnsafeMutableBufferPointer<Double>, column j: Int, from: Int, width: Int, rows: Range<Int>,
        nonzero: inout [Int], pivotRow: inout [Double]
    ) {
        var count = 0
        for t in from..<width where a[j * width + t] != 0 {
            nonzero[count] = t
            pivotRow[count] = a[j * width + t]
            count += 1
        }
        nonzero.withUnsafeBufferPointer { nonzero in
            pivotRow.withUnsafeBufferPointer { pivotRow in
                for i in rows {
                    let f = a[i * width + j]
                    guard f != 0 else { continue }
                    let base = i * width
                    for q in 0..<count { a[base + nonzero[q]] -= f * pivotRow[q] }
                    a[base + j] = 0
                }
            }
        }
    }

    /// The cost of `s` in the objective: its level and weight, when it is an error of a live soft constraint.
    func objectiveCost(of s: Symbol) -> (level: Int, weight: Double)? {
        guard kinds[Int(s)] == .error else { return nil }
        let r = registry.ownerOf[Int(s)]
        guard r >= 0 else { return nil }
        let header = audit.equations.headers[Int(r)]
        guard header.marker == s || header.other == s, let level = objective.level(of: header.priority) else { return nil }
        return (level, header.weight)
    }

    /// Rebuilds the objective from the multipliers of the original equations
    /// rather than through the rows: yᵀB = c_B, refined against the equations
    /// themselves, then each nonbasic symbol's reduced cost c_s − Σᵢ yᵢaᵢₛ,
    /// zero where it is within `roundOff` of the products it sums. Priced
    /// through the rows, the reduced costs carry the rows' round-off, which
    /// grows with B's condition: on dense systems of layout numbers it passed
    /// the certificate's allowance, and a cost that is exactly zero came out
    /// as 8e-12 and hid a real one below it.
    ///
    /// B⁻¹ is not formed: its column for equation i is read from `eliminated`
    /// ([I | B⁻¹N | B⁻¹b], `width` wide, row j the basic symbol `basics[j]`)
    /// at the column of the equation's own slack or error, σ·B⁻¹eᵢ, when that
    /// symbol is parametric (σ its coefficient, a signed power of two); when
    /// it is basic, B⁻¹eᵢ is the unit vector of its row over σ.
    mutating func priceFromMultipliers(basics: [Symbol], equations live: [Int], column: [Int32], eliminated a: [Double], width: Int) {
        let m = basics.count
        let stride = objective.stride
        let store = audit.equations
        // c_B, level by level.
        var costB = [Double](repeating: 0, count: stride * m)
        for (j, b) in basics.enumerated() {
            if let (level, weight) = objectiveCost(of: b) { costB[level * m + j] = weight }
        }
        // y = B⁻ᵀ c_B, then rounds of refinement: r = c_B − Bᵀy, y += B⁻ᵀ r.
        // Each equation's column of B⁻¹: its slack or error's column k in
        // `eliminated` and sign σ (k < m: that symbol is basic in row k).
        let columnOfInverse = live.map { Int(column[Int(store.headers[$0].marker)]) }
        let signOfInverse = live.map { store.headers[$0].markerSign }
        var y = [Double](repeating: 0, count: stride * m)
        var delta = [Double](repeating: 0, count: m)
        var residual = costB
        for _ in 0...SolverLimits.refinementRounds {
            var moved = false
            for l in 0..<stride {
                for i in 0..<m { delta[i] = columnOfInverse[i] < m ? residual[l * m + columnOfInverse[i]] : 0 }
                // Row by row through `eliminated`, for its memory order.
                for j in 0..<m where residual[l * m + j] != 0 {
                    let r = residual[l * m + j]
                    let base = j * width
                    for i in 0..<m where columnOfInverse[i] >= m { delta[i] += r * a[base + columnOfInverse[i]] }
                }
                for i in 0..<m where delta[i] != 0 {
                    y[l * m + i] += delta[i] / signOfInverse[i]
                    moved = true
                }
            }
            guard moved else { break }
            residual = costB
            for (i, e) in live.enumerated() {
                store.forEachTerm(of: e) { s, c in
                    let j = Int(column[Int(s)])
                    guard j < m else { return }
                    for l in 0..<stride { residual[l * m + j] -= y[l * m + i] * c }
                }
            }
        }
        // d_s = c_s − Σᵢ yᵢaᵢₛ for every symbol the equations mention, with the magnitude of its products.
        var reduced = [Double](repeating: 0, count: stride * kinds.count)
        var magnitude = [Double](repeating: 0, count: stride * kinds.count)
        for (i, e) in live.enumerated() {
            store.forEachTerm(of: e) { s, c in
                guard column[Int(s)] >= m else { return }
                for l in 0..<stride {
                    let product = y[l * m + i] * c
                    reduced[Int(s) * stride + l] -= product
                    magnitude[Int(s) * stride + l] += abs(product)
                }
            }
        }
        for s in 0..<objective.symbolCapacity where objective.isNonZero(Symbol(s)) {
            logCost(Symbol(s))
            objective.clear(Symbol(s))
        }
        logConstants()
        for l in 0..<stride { objective.setConstant(0, level: l) }
        for s in 0..<kinds.count where kinds[s] != .free && slotOf[s] < 0 {
            let own = objectiveCost(of: Symbol(s))
            for l in 0..<stride {
                let c = own?.level == l ? own?.weight ?? 0 : 0
                let d = c + reduced[s * stride + l]
                guard abs(d) > Tolerances.roundOff * (abs(c) + magnitude[s * stride + l]), abs(d) >= Tolerances.dust else { continue }
                logCost(Symbol(s))
                objective.setCoefficient(d, Symbol(s), level: l)
            }
        }
        for b in basics {
            guard let (level, weight) = objectiveCost(of: b) else { continue }
            objective.addConstant(weight * slots[Int(slotOf[Int(b)])].constant, level: level)
        }
        refreshCandidates()
    }
}
