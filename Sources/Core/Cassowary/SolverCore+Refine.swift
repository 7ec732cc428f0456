// Iterative refinement of the basic values (Docs/Solver.md, "Precision").
//
// The tableau's constants are the basic values `x_B = B⁻¹(−b − N·x_N)`
// computed pivot after pivot in doubles: a backward-stable answer, exact for
// data perturbed at round-off. When the basis is ill-conditioned (two
// required rows that are near copies) that perturbation moves the values far
// more than round-off, and the certificate cannot see it: every residual is
// within round-off of its own numbers. Refinement measures the residuals `r`
// of the original equations accurately (each product and sum compensated,
// so a cancellation to 1e-13 of numbers of 500 keeps its digits) and
// corrects the basic values by `Δ = −B⁻¹·r`, read off the tableau: a
// nonbasic marker's column is `−σ·B⁻¹·eⱼ` (σ the marker's coefficient), a
// basic marker's own value takes its equation's residual over σ. That is the
// exact basic solution to the order of κ(B)·u; a second pass takes it to
// round-off when κ(B)·u < 1.

extension SolverCore {
    /// `Σ aᵢ·vᵢ + constant` of equation `i` at the current point, each
    /// product and partial sum carried with its rounding error (Ogita, Rump
    /// and Oishi's Dot2), so the result is as if computed in twice the precision.
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func accurateResidual(of i: Int) -> Double {
        let e = audit.equations.headers[i]
        var sum = e.constant
        var compensation = 0.0
        audit.equations.withTerms { symbols, coefficients in
            for t in Int(e.start)..<Int(e.start) + Int(e.count) {
                Self.add(coefficients[t], times: symbolValue(symbols[t]), to: &sum, &compensation)
            }
        }
        Self.add(e.markerSign, times: symbolValue(e.marker), to: &sum, &compensation)
        Self.add(e.otherSign, times: symbolValue(e.other), to: &sum, &compensation)
        return sum + compensation
    }

    /// Adds `a·v` to `sum`, and the rounding errors of the product and of
    /// the sum to `compensation` (Dot2's step). Static: a nested function
    /// that captured `self` copied the solver at every call.
    @inline(__always)
    static func add(_ a: Double, times v: Double, to sum: inout Double, _ compensation: inout Double) {
        // A parametric symbol is at 0: its product, and both its errors, are
        // exactly 0 (the sign of a zero sum aside), and `fma` is a call.
        guard v != 0 else { return }
        let p = a * v
        let s = sum + p
        let z = s - sum
        compensation += (-p).addingProduct(a, v) + ((sum - (s - z)) + (p - z))
        sum = s
    }

    /// Corrects the basic values by `−B⁻¹·r`, `r` the accurate residuals
    /// of the equations in `list` (those whose residuals the call could have
    /// moved: the certificate's), where that moves some value by more than
    /// the contract's tolerance of it (`residual` × its size, at least 1);
    /// returns whether it did. An equation whose dummy is basic has no
    /// value to absorb its residual (a dummy stands for 0): it is left to
    /// the certificate.
    /// Adds `amount` to the correction of `s`, listing `s` in `touched` when
    /// its correction was 0. Static: locals a nested function captures pay
    /// a dynamic exclusivity check at every access.
    @inline(__always)
    static func note(_ s: Symbol, _ amount: Double, in delta: inout [Double], touched: inout [Symbol]) {
        if delta[Int(s)] == 0 { touched.append(s) }
        delta[Int(s)] += amount
    }

    mutating func refineBasicValues(_ list: [Int32]) -> Bool {
        var delta: [Double] = []
        swap(&delta, &scratch.refinement)
        defer { swap(&delta, &scratch.refinement) }
        if delta.count < kinds.count { delta.append(contentsOf: repeatElement(0, count: kinds.count - delta.count)) }
        var touched: [Symbol] = []
        // Noting writes only `delta`: every residual is measured at the same point.
        for r in list {
            let e = audit.equations.headers[Int(r)]
            let m = e.marker
            guard m != invalidSymbol, !(isBasic(m) && kinds[Int(m)] == .dummy) else { continue }
            let residual = accurateResidual(of: Int(r))
            guard residual != 0 else { continue }
            if isBasic(m) {
                Self.note(m, -residual / e.markerSign, in: &delta, touched: &touched)
            } else {
                for entry in columns[Int(m)] {
                    let k = Int(entry.slot)
                    let amount = residual / e.markerSign * slots[k].cells[Int(entry.cell)].coefficient
                    Self.note(slots[k].basic, amount, in: &delta, touched: &touched)
                }
            }
        }
        var moves = false
        for s in touched where kinds[Int(s)] != .dummy {
            if abs(delta[Int(s)]) > Tolerances.residual * max(1, abs(symbolValue(s))) { moves = true }
        }
        // Every entry goes back to 0 (a symbol whose sum passed through 0
        // is listed twice; the second visit finds it applied).
        for s in touched {
            let d = delta[Int(s)]
            delta[Int(s)] = 0
            guard moves, d != 0, kinds[Int(s)] != .dummy else { continue }
            let k = slotOf[Int(s)]
            logRow(k)
            let value = slots[Int(k)].constant + d
            slots[Int(k)].constant = value
            // Below 0 even within what the certificate accepts: that is where
            // the exact basic solution lies, and repairing it is what finds
            // the exact basis (Docs/Solver.md, "Known limits").
            if value < 0 && kinds[Int(s)].isRestricted { infeasible.push(s) }
        }
        return moves
    }
}
