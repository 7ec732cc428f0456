// The certificate of a call (Docs/Solver.md, "Certificate").
//
// A tableau is the original constraints combined, pivot after pivot, in
// floating point; nothing in the simplex itself proves that what it reached
// is still a solution of those constraints, or an optimum. So at the end of
// every public call the answer is checked against the original data, the way
// an LP code checks its final basis:
//
// - primal: every constraint's equation `expression + σm·marker + σo·other = 0`
//   holds at the current values, within round-off of its own numbers, and
//   every restricted basic symbol (slack, error) is non-negative;
// - dual, per priority level l: the objective row says `f_l − Σᵢ yᵢ·Rᵢ =
//   K + Σ D_t·t`, where Rᵢ is constraint i's equation, D_t the reduced cost
//   the tableau keeps for t (0 for a basic t). Each constraint owns its slack,
//   dummy or errors and nothing else does, so yᵢ follows from its marker:
//   yᵢ = σm·(c_m − D_m). With those multipliers, every external column of
//   the original data must vanish, `Σᵢ yᵢ·aᵢⱼ = 0` (an external is free, so
//   its reduced cost is 0 at an optimum), a constraint's second error must
//   give back its own reduced cost, and no restricted parametric symbol may
//   have a lexicographically negative reduced cost. Multipliers that satisfy
//   this are dual feasible: by weak duality the point is the lexicographic
//   optimum, whatever round-off the tableau carries.
//
// Only what the call changed is checked: the rows it touched (values that
// moved, so the constraints that mention them), the reduced costs it
// touched (multipliers that moved, so the externals those constraints
// mention), the constraints it added or removed. A build of n adds thus pays
// for what each add did, not n full checks. A refactorisation or a rebuilt
// objective changes everything, and everything is checked.

/// What the current call changed beyond what its undo log says (the rows
/// and the reduced costs it touched), so that its certificate checks that
/// and no more.
struct CallTrace: Sendable {
    /// Stamps rather than sets: a stamp equal to `generation` means "already listed".
    var generation: UInt32 = 1
    var checkStamps: [UInt32] = []
    var recordStamps: [UInt32] = []
    /// The largest round-off of one shift of a row's constant by a suggestion.
    ///
    /// A shift changes no equation's residual but by its round-off, and a
    /// suggestion shifts every row that holds the edit's marker: checking
    /// all their equations would cost the certificate several times the
    /// call. So only the largest round-off is kept (`certify` adds it to
    /// `shiftDrift`).
    var shiftBound: Double = 0
    /// Records the call added.
    var records: [Int32] = []
    /// Externals of records the call removed: their columns lost a multiplier.
    var externals: [Symbol] = []
    /// The equations the certificate checked: refinement reads them.
    var primal: [Int32] = []

    /// A generation no stamp holds yet.
    mutating func nextGeneration() {
        generation &+= 1
        guard generation == 0 else { return }
        generation = 1
        for i in checkStamps.indices { checkStamps[i] = 0 }
        for i in recordStamps.indices { recordStamps[i] = 0 }
    }

    /// Appends external `s` to `list` unless the certificate that stamps
    /// with `stamp` listed it already.
    @inline(__always)
    mutating func note(_ s: Symbol, stamp: UInt32, into list: inout [Symbol]) {
        guard checkStamps[Int(s)] != stamp else { return }
        checkStamps[Int(s)] = stamp
        list.append(s)
    }

    /// Appends record `r` to `list` unless this generation stamped it already.
    @inline(__always)
    mutating func stamp(_ r: Int32, into list: inout [Int32]) {
        guard recordStamps[Int(r)] != generation else { return }
        recordStamps[Int(r)] = generation
        list.append(r)
    }
}

/// Where a certificate failed.
struct CertificateFailure: Sendable, Error {
    /// What does not hold, for the error message.
    var reason: String
    /// Whether the primal half failed (a residual, a sign): the reduced
    /// costs still passed, so the tableau is dual feasible and the dual
    /// simplex may repair it. A dual failure leaves no such guarantee.
    var isPrimal = false
}

/// The original equations `Σ aⱼ·vⱼ + constant + σm·marker + σo·other = 0`,
/// one per record, in flat arrays: checking one touches no class and
/// retains nothing. Terms are appended as records come; a removed record's
/// terms stay behind until they are half the store, then it is compacted.
struct EquationStore: Sendable {
    /// One equation's header: where its terms lie in the flat arrays and the
    /// rest of what checking it reads, side by side, so that storing one
    /// costs one append.
    struct Equation: Sendable {
        var start: Int32
        var count: Int32
        /// The expression's constant, less the current suggestion for an edit constraint.
        var constant: Double
        /// `invalidSymbol` for an index whose record was removed.
        var marker: Symbol
        var other: Symbol
        var markerSign: Double
        var otherSign: Double
        var weight: Double
        var priority: Priority

        static let removed = Equation(
            start: 0, count: 0, constant: 0, marker: invalidSymbol, other: invalidSymbol,
            markerSign: 0, otherSign: 0, weight: 0, priority: .required)
    }

    /// Per record index.
    var headers: [Equation] = []
    var symbols: [Symbol] = []
    var coefficients: [Double] = []
    var liveTerms = 0

    mutating func reserve(records: Int, terms: Int) {
        SolverCore.grow(&headers, to: records)
        SolverCore.grow(&symbols, to: symbols.count + terms)
        SolverCore.grow(&coefficients, to: coefficients.count + terms)
    }

    /// Stores record `index`'s equation, `variables` its terms' symbols (one
    /// per term); returns its `Σ|aⱼ| + 2` (`Audit.equationWeight`).
    mutating func store(
        _ index: Int32, _ record: ConstraintRecord, variables: [Symbol], markerSign σm: Double, otherSign σo: Double
    ) -> Double {
        let i = Int(index)
        while headers.count <= i { headers.append(.removed) }
        let expression = record.constraint.expression
        headers[i] = Equation(
            start: Int32(symbols.count), count: Int32(expression.terms.count), constant: expression.constant,
            marker: record.marker, other: record.other, markerSign: σm, otherSign: σo,
            weight: record.constraint.weight, priority: record.constraint.priority)
        // The terms read through their buffer: a term copied out retained
        // its variable. (`append(contentsOf:)` cost more than it saved.)
        let n = expression.terms.count
        var weight = 2.0
        expression.terms.withUnsafeBufferPointer { terms in
            for j in 0..<n {
                symbols.append(variables[j])
                coefficients.append(terms[j].coefficient)
                weight += abs(terms[j].coefficient)
            }
        }
        liveTerms += n
        return weight
    }

    /// The external symbols of record `index`'s terms, one per term.
    func symbols(of index: Int32) -> ArraySlice<Symbol> {
        let e = headers[Int(index)]
        return symbols[Int(e.start)..<Int(e.start) + Int(e.count)]
    }

    /// Visits equation `i`'s terms, then its marker and its other symbol
    /// with their signs.
    @inline(__always)
    func forEachTerm(of i: Int, _ body: (Symbol, Double) -> Void) {
        let e = headers[i]
        let from = Int(e.start)
        for t in from..<from + Int(e.count) { body(symbols[t], coefficients[t]) }
        body(e.marker, e.markerSign)
        if e.other != invalidSymbol { body(e.other, e.otherSign) }
    }

    /// Runs `body` on the terms' symbols and coefficients through their
    /// buffers: the loops that read them pay no bounds check a term.
    @inline(__always)
    func withTerms<R>(_ body: (UnsafeBufferPointer<Symbol>, UnsafeBufferPointer<Double>) -> R) -> R {
        symbols.withUnsafeBufferPointer { symbols in coefficients.withUnsafeBufferPointer { body(symbols, $0) } }
    }

    /// Appends the index of every equation whose record is live.
    func appendLive(to list: inout [Int32]) {
        for i in headers.indices where headers[i].marker != invalidSymbol { list.append(Int32(i)) }
    }

    /// Cuts the store back to its first `headers` equations and `terms`
    /// terms (an undone call's).
    mutating func truncate(headers: Int, terms: Int, liveTerms: Int) {
        if self.headers.count > headers { self.headers.removeLast(self.headers.count - headers) }
        if symbols.count > terms {
            symbols.removeLast(symbols.count - terms)
            coefficients.removeLast(coefficients.count - terms)
        }
        self.liveTerms = liveTerms
    }

    /// Whether removing equation `index` compacts the store.
    func compacts(removing index: Int32) -> Bool {
        let live = liveTerms - Int(headers[Int(index)].count)
        return symbols.count > SolverLimits.equationStoreFloor && 2 * live < symbols.count
    }

    mutating func remove(_ index: Int32, records: [ConstraintRecord?]) {
        liveTerms -= Int(headers[Int(index)].count)
        headers[Int(index)].count = 0
        headers[Int(index)].marker = invalidSymbol
        guard symbols.count > SolverLimits.equationStoreFloor && 2 * liveTerms < symbols.count else { return }
        var keptSymbols: [Symbol] = []
        var keptCoefficients: [Double] = []
        keptSymbols.reserveCapacity(liveTerms)
        keptCoefficients.reserveCapacity(liveTerms)
        for r in records.indices where records[r] != nil && r != Int(index) {
            let from = Int(headers[r].start)
            let to = from + Int(headers[r].count)
            headers[r].start = Int32(keptSymbols.count)
            keptSymbols.append(contentsOf: symbols[from..<to])
            keptCoefficients.append(contentsOf: coefficients[from..<to])
        }
        symbols = keptSymbols
        coefficients = keptCoefficients
    }
}

/// One variable's column of a Farkas combination `Σ zᵢ·Rᵢ`: its sum, and
/// what bounds that sum's round-off.
struct ColumnSum {
    var sum: Double = 0
    /// `Σ |zᵢ·aᵢ|`: the products' round-off is relative to it.
    var products: Double = 0
    /// `Σ |aᵢ|`: what the multipliers' own round-off is multiplied by.
    var coefficients: Double = 0

    mutating func add(_ a: Double, times z: Double) {
        sum += z * a
        products += abs(z * a)
        coefficients += abs(a)
    }

    /// Whether the sum is past the round-off of its products and of
    /// multipliers known to within `multiplierNoise`: a real direction.
    func isReal(multiplierNoise: Double) -> Bool {
        abs(sum) > Tolerances.roundOff * products + multiplierNoise * coefficients
    }
}

extension SolverCore {
    // MARK: Tracing

    /// Enters a stored record in the indexes the certificate reads, and in
    /// the trace; `variables` are its terms' symbols, which the equation
    /// store keeps from then on (`EquationStore.symbols(of:)`), and `signs`
    /// its marker's and other symbol's coefficients (`symbolSigns(of:)`).
    mutating func own(
        _ record: ConstraintRecord, _ index: Int32, variables: [Symbol], signs: (marker: Double, other: Double)
    ) {
        if Int(index) < log.start.headers {
            logSaved(.header(index, audit.equations.headers[Int(index)]))
        }
        let weight = audit.equations.store(
            index, record, variables: variables, markerSign: signs.marker,
            otherSign: record.other == invalidSymbol ? 0 : signs.other)
        registry.ownerOf[Int(record.marker)] = index
        if record.other != invalidSymbol { registry.ownerOf[Int(record.other)] = index }
        audit.equationWeight = max(audit.equationWeight, weight)
        let lists = registry.recordsOf.writer()
        for s in variables where registry.recordsOf[Int(s)].last != index {
            lists.append(index, to: Int(s))
            if Int(s) < log.start.symbols { log.operations.append(.appendedRecordOf(s)) }
        }
        trace.records.append(index)
    }

    /// Takes a record that is going out of those indexes.
    mutating func disown(_ index: Int32) {
        let lists = registry.recordsOf.writer()
        for s in audit.equations.symbols(of: index) {
            if let i = registry.recordsOf[Int(s)].firstIndex(of: index) {
                log.operations.append(.removedRecordOf(s, position: Int32(i), record: index))
                lists[Int(s), i] = lists[Int(s), lists.count(Int(s)) - 1]
                lists.removeLast(from: Int(s))
            }
            trace.externals.append(s)
        }
        if audit.equations.compacts(removing: index) {
            logSaved(.equations(audit.equations))
        } else {
            logSaved(.header(index, audit.equations.headers[Int(index)]))
        }
        audit.equations.remove(index, records: registry.records)
    }

    // MARK: Checking

    /// Checks the current answer against the original constraints: what the
    /// call changed, or everything when `everything` is set (a call that
    /// rebuilt the tableau or the objective is checked so: `endCall`).
    ///
    /// The allowances are the contract's, in doubles whatever the arithmetic
    /// (the answer is read in doubles): a residual within `residual` of the
    /// numbers its equation sums (never looser than at the domain's largest
    /// magnitude) or `residualFloor`; a restricted value above `-epsilon`; a
    /// dual identity within `residual` of the products it sums, plus the
    /// arithmetic's `epsilon` of the level's largest weight per unit of the
    /// column's coefficients (costs are the weights combined): the
    /// simplex takes a reduced cost below `epsilon` for zero (it never pivots
    /// on one), and the inputs' own round-off leaves such residues in exact
    /// arithmetic too (3 × 0.3333333333333333 − 1 = −1.1e-16).
    mutating func certify(_ found: Findings, everything: Bool = false) -> CertificateFailure? {
        // A call on a solver that had no record touched everything there is
        // (a build's): the whole check costs less than finding what changed.
        let everything = everything || log.start.records == 0
        if found.unfollowed != invalidSymbol {
            return CertificateFailure(
                reason: "an improving direction (\(symbolName(found.unfollowed))) has no pivot this arithmetic can take")
        }
        let unrepaired = found.unrepaired
        if unrepaired != invalidSymbol, slotOf[Int(unrepaired)] >= 0, slots[Int(slotOf[Int(unrepaired)])].constant < 0 {
            return CertificateFailure(
                reason: "\(symbolName(unrepaired)) is left at \(slots[Int(slotOf[Int(unrepaired)])].constant), below zero, "
                    + "and only a pivot this arithmetic cannot take repairs it")
        }
        // The scale of each level's reduced costs: its largest weight.
        var scales: [Double] = []
        swap(&scales, &scratch.levelScales)
        defer { swap(&scales, &scratch.levelScales) }
        scales.removeAll(keepingCapacity: true)
        // At once: grown by appends, a fresh solver's first call reallocated it per level.
        Self.grow(&scales, to: objective.stride)
        for l in 0..<objective.stride { scales.append(levelScale(l)) }
        let reorder = everything || bandsMoved()
        // Stamps for "already checked" within this certificate.
        trace.nextGeneration()
        let stamp = trace.generation
        Self.lengthen(&trace.checkStamps, to: kinds.count, with: 0)
        Self.lengthen(&trace.recordStamps, to: registry.records.count, with: 0)

        // Records whose equations to check (primal), records whose multipliers
        // moved (dual), and externals whose columns to check (dual).
        var primal: [Int32] = []
        var dual: [Int32] = []
        var externals: [Symbol] = []
        var moved: [Symbol] = []
        swap(&primal, &trace.primal)
        swap(&dual, &scratch.dualRecords)
        swap(&externals, &scratch.checkedColumns)
        swap(&moved, &scratch.movedSymbols)
        if !primal.isEmpty { primal.removeAll(keepingCapacity: true) }
        defer {
            // `removeAll(keepingCapacity:)` costs a call even on an empty array.
            // `primal` is kept: it lists the equations refinement reads.
            if !dual.isEmpty { dual.removeAll(keepingCapacity: true) }
            if !externals.isEmpty { externals.removeAll(keepingCapacity: true) }
            if !moved.isEmpty { moved.removeAll(keepingCapacity: true) }
            swap(&primal, &trace.primal)
            swap(&dual, &scratch.dualRecords)
            swap(&externals, &scratch.checkedColumns)
            swap(&moved, &scratch.movedSymbols)
        }
        var wholePrimal = false
        if everything {
            audit.equations.appendLive(to: &primal)
            dual.append(contentsOf: primal)
            for s in 0..<kinds.count where kinds[s] == .external { externals.append(Symbol(s)) }
            // By index: a row copied out retained its cells.
            for k in slots.indices {
                let basic = slots[k].basic
                guard basic != invalidSymbol && slotOf[Int(basic)] >= 0 else { continue }
                if let failure = checkSign(basic) { return failure }
            }
        }
        if reorder {
            for s in 0..<kinds.count where kinds[s].isPivotable && slotOf[s] < 0 {
                if let failure = checkOrder(Symbol(s), scales: scales) { return failure }
            }
        }
        if !everything {
            // A changed value moves the residual of every constraint that mentions it.
            for i in log.slots.indices {
                let entry = log.slots[i]
                if entry.live { moved.append(entry.basic) }
                let k = entry.slot
                let basic = slots.indices.contains(Int(k)) ? slots[Int(k)].basic : invalidSymbol
                if basic != invalidSymbol && Int(basic) < slotOf.count && slotOf[Int(basic)] == k {
                    moved.append(basic)
                    if let failure = checkSign(basic) { return failure }
                }
            }
            // Every row the call added (the log holds none of them).
            for k in log.start.slots..<slots.count {
                let basic = slots[k].basic
                guard basic != invalidSymbol, slotOf[Int(basic)] == Int32(k) else { continue }
                moved.append(basic)
                if let failure = checkSign(basic) { return failure }
            }
            // Shifted rows: their signs, and their equations unless every
            // equation they enter provably still holds within the floor
            // (`residualHigh` and the drift of the shifts not checked since).
            let shifted = log.shifts.count
            if shifted > 0 {
                let own = trace.shiftBound * audit.equationWeight
                let drift = audit.shiftDrift + own
                let vouched = audit.residualHigh + drift <= Tolerances.residualFloor
                // Every equation is checked, which resets both bounds, when most
                // rows shifted (in record order that costs less than finding each
                // shifted row's), or when this call's drift alone fits under the
                // floor: the drift of earlier calls crossed it, and after one whole
                // check calls like this one are vouched for again.
                // Otherwise the equations of every shifted row are checked,
                // and this call's drift is in none left unchecked.
                wholePrimal = !vouched
                    && (2 * shifted >= rowCount
                        || audit.residualHigh + own <= Tolerances.residualFloor)
                if vouched { audit.shiftDrift = drift }
                if let failure = checkShiftedSigns(listing: !vouched && !wholePrimal, in: &moved) { return failure }
            }
            for s in moved where kinds[Int(s)] != .free {
                if kinds[Int(s)] == .external {
                    for r in registry.recordsOf[Int(s)] { trace.stamp(r, into: &primal) }
                } else if registry.ownerOf[Int(s)] >= 0 {
                    trace.stamp(registry.ownerOf[Int(s)], into: &primal)
                }
            }
            for r in trace.records { trace.stamp(r, into: &primal) }
            if wholePrimal {
                primal.removeAll(keepingCapacity: true)
                audit.equations.appendLive(to: &primal)
            }
            // A changed reduced cost of a constraint's own symbol moves its multiplier.
            trace.nextGeneration()
            // The symbols whose costs the log holds (all older than the call), and every symbol the call added.
            for i in log.operations.indices {
                guard case .cost(let s, _) = log.operations[i],
                    let failure = costMoved(s, stamp: stamp, scales: scales, dual: &dual, externals: &externals)
                else { continue }
                return failure
            }
            for s in log.start.symbols..<kinds.count {
                if let failure = costMoved(Symbol(s), stamp: stamp, scales: scales, dual: &dual, externals: &externals) {
                    return failure
                }
            }
            for r in trace.records { trace.stamp(r, into: &dual) }
            for r in dual {
                let from = Int(audit.equations.headers[Int(r)].start)
                for t in from..<from + Int(audit.equations.headers[Int(r)].count) {
                    trace.note(audit.equations.symbols[t], stamp: stamp, into: &externals)
                }
            }
            for s in trace.externals where kinds[Int(s)] == .external { trace.note(s, stamp: stamp, into: &externals) }
        }

        if let failure = checkEquations(primal, resetting: everything || wholePrimal) { return failure }
        guard objective.stride > 0, !(dual.isEmpty && externals.isEmpty) else { return nil }
        let moving = dual.count
        if !everything {
            // Every record that mentions a listed external enters its column's
            // sums, whether or not its multipliers moved.
            for s in externals {
                for r in registry.recordsOf[Int(s)] { trace.stamp(r, into: &dual) }
            }
        }
        return checkDual(externals, of: dual, moving: moving, scales: scales)
    }

    /// Whether a band of `checkOrder` grew in this call (a larger
    /// `equationWeight`, a level's weight past 1) or a level went, as the
    /// undo log says: a symbol whose order passed under a narrower band is
    /// checked again under the wider one (`orderIsCheckedAgainWhenItsBandGrows`),
    /// and so is every one when a level goes.
    @inline(__always)
    func bandsMoved() -> Bool {
        if audit.equationWeight > log.start.equationWeight { return true }
        // Both other changes save what they replace: a call that saved
        // nothing (a round of suggestions) has neither.
        return !log.saved.isEmpty && savedBandsMoved()
    }

    @inline(never)
    func savedBandsMoved() -> Bool {
        for saved in log.saved.indices {
            switch log.saved[saved] {
            case .levelWeight(let priority, _): if (audit.levelWeights[priority] ?? 0) > 1 { return true }
            case .objective(_, let released): if released { return true }
            default: continue
            }
        }
        return false
    }

    /// For a symbol whose reduced costs moved: an external's column is
    /// listed, a parametric slack's or error's order checked, and its
    /// record's multipliers listed as moved. (A method, not a nested
    /// function: locals a closure captures pay a dynamic exclusivity check
    /// at every access.)
    @inline(never)
    mutating func costMoved(
        _ s: Symbol, stamp: UInt32, scales: [Double], dual: inout [Int32], externals: inout [Symbol]
    ) -> CertificateFailure? {
        guard kinds[Int(s)] != .free else { return nil }
        if kinds[Int(s)] == .external {
            trace.note(s, stamp: stamp, into: &externals)
            return nil
        }
        if kinds[Int(s)].isPivotable && slotOf[Int(s)] < 0, let failure = checkOrder(s, scales: scales) {
            return failure
        }
        if registry.ownerOf[Int(s)] >= 0 { trace.stamp(registry.ownerOf[Int(s)], into: &dual) }
        return nil
    }

    /// Whether each record's equation holds at the current point.
    ///
    /// A required equality's dummy stands for 0: it is the constraint's
    /// name in the tableau, not a value of the answer, so the equation is
    /// measured without it. A basic dummy's row still says what the
    /// expression misses by; counted in, it would make any miss look held
    /// (`basicDummyIsNotPartOfTheAnswer`: after a near copy's removal a
    /// dummy stood at 1.4e6 and its constraint was off by as much).
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func checkEquations(_ list: [Int32], resetting: Bool) -> CertificateFailure? {
        var largest = 0.0
        for r in list {
            let i = Int(r)
            let h = audit.equations.headers[i]
            var sum = h.constant
            var magnitude = abs(sum)
            // `symbolValue` inlined over raw buffers (equations hold externals
            // only, never `invalidSymbol`): its bounds checks were a fifth of
            // this check's instructions on enaml-like-1's rounds.
            audit.equations.withTerms { symbols, coefficients in
                slotOf.withUnsafeBufferPointer { slotOf in
                    for t in Int(h.start)..<Int(h.start) + Int(h.count) {
                        let k = slotOf[Int(symbols[t])]
                        guard k >= 0 else { continue }
                        let product = coefficients[t] * slots[Int(k)].constant
                        sum += product
                        magnitude += abs(product)
                    }
                }
            }
            let m = kinds[Int(h.marker)] == .dummy ? 0 : h.markerSign * symbolValue(h.marker)
            let o = h.otherSign * symbolValue(h.other)
            sum += m + o
            magnitude += abs(m) + abs(o)
            // The floor in the row's own unit (its marker's coefficient, a
            // power of two: ``symbolSigns(of:)``), as the slack's sign is held.
            let allowance = max(
                Tolerances.residualFloor * abs(h.markerSign),
                Tolerances.residual * min(magnitude, Tolerances.domainMagnitude))
            if abs(sum) > allowance {
                let name = registry.records[i].map { "\($0.constraint)" } ?? "a constraint"
                return CertificateFailure(
                    reason: "constraint \(name) misses by \(sum) at the solver's point, beyond round-off of \(magnitude)",
                    isPrimal: true)
            }
            largest = max(largest, abs(sum))
        }
        if resetting {
            audit.residualHigh = largest
            audit.shiftDrift = 0
        } else {
            audit.residualHigh = max(audit.residualHigh, largest)
        }
        return nil
    }

    /// The scale of level `l`'s reduced costs: the largest weight a
    /// constraint at its priority has had, at least 1.
    @inline(__always)
    func levelScale(_ l: Int) -> Double {
        max(1, audit.levelWeights[objective.priorities[l]] ?? 1)
    }

    /// A nonbasic slack's or error's reduced costs, level by level: the
    /// first one that is not zero must be positive, and past the round-off
    /// the multipliers carry at that level (`roundOff` × its scale × the
    /// largest `Σ|a| + 2`) if a later level's cost is negative past its own.
    /// Otherwise round-off, not the caller's priorities, decides the order of
    /// the two levels at this symbol (`levelOrderWithinRoundOffIsNotDecided`).
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func checkOrder(_ s: Symbol, scales: [Double]) -> CertificateFailure? {
        let stride = objective.stride
        var k = 0
        while k < stride && objective.coefficient(s, level: k) == 0 { k += 1 }
        guard k < stride else { return nil }
        guard objective.coefficient(s, level: k) > 0 else {
            return CertificateFailure(reason: "a slack or error keeps a negative reduced cost: the point is not optimal")
        }
        func band(_ l: Int) -> Double { Tolerances.roundOff * scales[l] * audit.equationWeight }
        guard objective.coefficient(s, level: k) <= band(k) else { return nil }
        for l in k + 1..<stride {
            let c = objective.coefficient(s, level: l)
            guard abs(c) > band(l) else { continue }
            guard c < 0 else { return nil }
            return CertificateFailure(
                reason: "\(symbolName(s)) costs \(objective.coefficient(s, level: k)) at priority \(objective.priorities[k]), "
                    + "within round-off, and \(c) at priority \(objective.priorities[l]): their order there is round-off's")
        }
        return nil
    }

    /// The signs of the rows the call shifted, each basic symbol listed in
    /// `moved` when `listing`. Out of `certify`, whose many live values made
    /// this loop reload the solver's address from the stack at every row.
    @inline(never)
    mutating func checkShiftedSigns(listing: Bool, in moved: inout [Symbol]) -> CertificateFailure? {
        // By index: iterating the array would retain its buffer.
        for i in log.shifts.indices {
            let k = log.shifts[i].slot
            let basic = slots[Int(k)].basic
            guard basic != invalidSymbol, slotOf[Int(basic)] == k else { continue }
            if let failure = checkSign(basic) { return failure }
            if listing { moved.append(basic) }
        }
        return nil
    }

    @inline(__always)
    func checkSign(_ basic: Symbol) -> CertificateFailure? {
        guard kinds[Int(basic)].isRestricted else { return nil }
        let value = slots[Int(slotOf[Int(basic)])].constant
        guard value < -Tolerances.epsilon else { return nil }
        return Self.signFailure(value)
    }

    /// Static: an instance method called from the certificate's loops made
    /// them load and keep the solver's fields for the call, every iteration.
    @inline(never)
    static func signFailure(_ value: Double) -> CertificateFailure? {
        return CertificateFailure(reason: "a slack, dummy or error is left at \(value), below zero", isPrimal: true)
    }

    /// The dual half of the certificate, over `records`, which hold every
    /// record that mentions an external in `list`, those whose multipliers
    /// moved first (`moving` of them):
    /// - the second error of each of the first `moving` soft records gives
    ///   back its own reduced cost from the record's multiplier,
    ///   `c_o − yᵢ·σo = D_o`;
    /// - the column of each external in `list` vanishes at every level,
    ///   `Σᵢ yᵢ·aᵢₛ = 0`.
    ///
    /// One pass over the records: each record's multipliers are computed
    /// once and its terms scattered into the sums of the listed columns (per
    /// column and level, the sum and the magnitude of its products; then the
    /// magnitude of the column's coefficients, the same at every level).
    /// Column by column, a record was read once per listed term it has, and
    /// its multipliers computed as often: most of a small build's certificate.
    /// Mutating though it only reads: called from a mutating method, a
    /// non-mutating call copied the whole solver (848 bytes) to pass it.
    mutating func checkDual(_ list: [Symbol], of records: [Int32], moving: Int, scales: [Double]) -> CertificateFailure? {
        let stride = objective.stride
        let width = 2 * stride + 1
        // The sums, then the multipliers of the record in hand.
        let y = list.count * width
        var sums: [Double] = []
        var column: [Int32] = []
        swap(&sums, &scratch.prices)
        swap(&column, &scratch.position)
        defer {
            for s in list { column[Int(s)] = -1 }
            swap(&sums, &scratch.prices)
            swap(&column, &scratch.position)
        }
        Self.lengthen(&sums, to: y + stride, with: 0)
        for i in 0..<y { sums[i] = 0 }
        for (c, s) in list.enumerated() { column[Int(s)] = Int32(c) }
        let residual = Double(Tolerances.residual)
        var failure: CertificateFailure?
        // Through the buffers: each write to the arrays themselves paid a
        // uniqueness check, each read a bounds check.
        sums.withUnsafeMutableBufferPointer { sums in
            column.withUnsafeBufferPointer { column in
                audit.equations.withTerms { symbols, coefficients in
                    scales.withUnsafeBufferPointer { scales in
                        for (n, r) in records.enumerated() {
                            let h = audit.equations.headers[Int(r)]
                            // yᵢ at each level, from the reduced cost of the record's
                            // marker: (c_m − D_m)/σm, c_m its weight at its own level
                            // if the marker is an error.
                            let level = h.priority.isRequired ? -1 : objective.level(of: h.priority) ?? -1
                            let ownCost = kinds[Int(h.marker)] == .error ? h.weight : 0
                            let basic = isBasic(h.marker)
                            // Most records' multipliers are all zero: their terms
                            // add only to the columns' magnitudes.
                            var priced = false
                            for l in 0..<stride {
                                let d = basic ? 0 : objective.coefficient(h.marker, level: l)
                                sums[y + l] = ((l == level ? ownCost : 0) - d) / h.markerSign
                                priced = priced || sums[y + l] != 0
                            }
                            if n < moving && h.other != invalidSymbol {
                                // An error's cost at its own level is the record's weight.
                                let otherBasic = isBasic(h.other)
                                for l in 0..<stride {
                                    let c = l == level && kinds[Int(h.other)] == .error ? h.weight : 0
                                    let d = otherBasic ? 0 : objective.coefficient(h.other, level: l)
                                    let gap = c - sums[y + l] * h.otherSign - d
                                    let roundOff = residual * (abs(c) + abs(sums[y + l]) + abs(d))
                                    if abs(gap) > roundOff + Tolerances.roundOff * scales[l] {
                                        let name = registry.records[Int(r)].map { "\($0.constraint)" } ?? "a constraint"
                                        failure = CertificateFailure(reason: "the reduced costs of constraint \(name)'s errors disagree by \(gap)")
                                        return
                                    }
                                }
                            }
                            for t in Int(h.start)..<Int(h.start) + Int(h.count) {
                                let c = Int(column[Int(symbols[t])])
                                guard c >= 0 else { continue }
                                // A record's terms name distinct variables (`Expression.reduced()`).
                                let a = coefficients[t]
                                let base = c * width
                                sums[base + 2 * stride] += abs(a)
                                guard priced else { continue }
                                // A zero multiplier adds nothing to a level's sums.
                                for l in 0..<stride where sums[y + l] != 0 {
                                    sums[base + 2 * l] += sums[y + l] * a
                                    sums[base + 2 * l + 1] += abs(sums[y + l] * a)
                                }
                            }
                        }
                        guard failure == nil else { return }
                        for (c, s) in list.enumerated() {
                            let base = c * width
                            let basic = isBasic(s)
                            let magnitude = sums[base + 2 * stride]
                            for l in 0..<stride {
                                // A parametric external's own reduced cost is the negative of the
                                // sum, and 0 at an optimum (it is free in both directions).
                                let d = basic ? 0 : objective.coefficient(s, level: l)
                                let allowance = residual * sums[base + 2 * l + 1] + Tolerances.roundOff * scales[l] * magnitude
                                guard abs(sums[base + 2 * l]) > allowance || abs(d) > allowance else { continue }
                                let name = registry.variableOf[Int(s)].map { "\($0)" } ?? "a variable"
                                failure = CertificateFailure(
                                    reason: "the reduced cost of \(name) at priority \(objective.priorities[l]) is \(sums[base + 2 * l]), not 0: the point is not optimal")
                                return
                            }
                        }
                    }
                }
            }
        }
        return failure
    }

    // MARK: The certificate of a rejection

    /// Whether `combination` proves that the constraints in the solver and a
    /// new required one cannot all hold: a Farkas certificate.
    ///
    /// `combination` is the new constraint's row as phase one left it (or, when
    /// it holds only dummies, as it was built): `K + Σ D·t` over parametric
    /// symbols, equal as a function to `Σᵢ zᵢ·Rᵢ` over the original equations,
    /// the new one's included. Each equation owns its marker, so
    /// `zᵢ = σm·D_m`. Recomputed from the original data, the variables'
    /// columns of `Σ zᵢ·Rᵢ` should vanish and its slacks' and errors'
    /// coefficients be non-negative; what they miss by (`leak`) is how much
    /// of the constant `Σ zᵢ·kᵢ` a unit of value could take off. The proof
    /// holds when the constant exceeds the leak at values up to the domain's
    /// magnitude (plus its own round-off): then `Σ zᵢ·Rᵢ > 0` at every point
    /// inside the domain, so the equations cannot all be 0 there. A
    /// rejection whose proof does not hold is not this arithmetic's to make.
    mutating func provesConflict(
        _ combination: Row, constraint: Constraint, variables: [Symbol], marker: Symbol, other: Symbol
    ) -> Bool {
        let epsilon = Tolerances.epsilon
        func coefficient(_ s: Symbol) -> Double { combination.coefficient(for: s) }
        let signs = symbolSigns(of: constraint)
        // The multipliers: the new equation's, then every stored one's whose
        // marker the combination holds.
        let zNew = coefficient(marker) / signs.marker
        var constant = zNew * Double(constraint.expression.constant)
        var constantMagnitude = abs(constant)
        var columns: [Symbol: ColumnSum] = [:]
        // What a slack or error with a negative coefficient could take off the
        // constant, per unit of its value.
        var leak: Double = 0
        // The multipliers' scale: the combination's round-off is relative to
        // its largest entry, and so is each multiplier's.
        var zScale = abs(zNew)
        for cell in combination.cells { zScale = max(zScale, abs(cell.coefficient)) }
        let noise = Tolerances.roundOff * zScale
        // Whether a negative coefficient of a slack or error is a real
        // direction (the multiplier beyond its own round-off) rather than noise.
        var realLeak = false
        // A slack or error stands for its expression over its coefficient: with
        // every variable within the domain's magnitude it reaches that magnitude
        // times the expression's coefficients (`span`), not the magnitude alone
        // (an error of 95·x at x = -1.4e6, 1.3e8, let a row whose other
        // coefficients are 1e-8 hold).
        func leakOf(_ z: Double, _ sign: Double, span: Double) {
            let term = -z * sign
            guard term > 0 else { return }
            leak += term * max(1, span / abs(sign))
            if abs(z) > noise { realLeak = true }
        }
        var newSpan = 0.0
        for (term, s) in zip(constraint.expression.terms, variables) {
            columns[s, default: ColumnSum()].add(Double(term.coefficient), times: zNew)
            newSpan += abs(Double(term.coefficient))
        }
        // The new constraint's second symbol.
        if other != invalidSymbol {
            let d = coefficient(other)
            if abs(zNew * signs.other - d) > Double(Tolerances.residual) * (abs(zNew) + abs(d)) + epsilon { return false }
            if kinds[Int(other)] != .dummy { leakOf(zNew, signs.other, span: newSpan) }
        }
        for cell in combination.cells where cell.coefficient != 0 {
            let (t, d) = (cell.symbol, cell.coefficient)
            switch kinds[Int(t)] {
            case .external, .artificial, .free:
                continue
            case .slack, .error, .dummy:
                if t == marker || t == other { continue }
                let r = registry.ownerOf[Int(t)]
                guard r >= 0 else { return false }
                let i = Int(r)
                let z = coefficient(audit.equations.headers[i].marker) / audit.equations.headers[i].markerSign
                // The other symbol must carry the same multiplier, and no
                // slack or error a negative coefficient.
                let own = t == audit.equations.headers[i].marker ? audit.equations.headers[i].markerSign : audit.equations.headers[i].otherSign
                if abs(z * own - d) > Double(Tolerances.residual) * (abs(z) + abs(d)) + epsilon { return false }
                guard t == audit.equations.headers[i].marker else { continue }
                var span = 0.0
                let from = Int(audit.equations.headers[i].start)
                for n in from..<from + Int(audit.equations.headers[i].count) {
                    columns[audit.equations.symbols[n], default: ColumnSum()].add(audit.equations.coefficients[n], times: z)
                    span += abs(audit.equations.coefficients[n])
                }
                if kinds[Int(t)] != .dummy { leakOf(z, own, span: span) }
                let o = audit.equations.headers[i].other
                if o != invalidSymbol && kinds[Int(o)] != .dummy { leakOf(z, audit.equations.headers[i].otherSign, span: span) }
                let k = z * audit.equations.headers[i].constant
                constant += k
                constantMagnitude += abs(k)
            }
        }
        // The artificial symbol, if parametric, is restricted: its cost may not be negative.
        for cell in combination.cells where kinds[Int(cell.symbol)] == .artificial {
            leakOf(cell.coefficient, 1, span: 1)
        }
        // What the columns fail to cancel (round-off, or a near copy's real
        // difference) lets the variables absorb that much of the constant
        // per unit of their values, as negative coefficients let slacks and
        // errors: the proof holds for values up to the domain's magnitude,
        // past which the contract promises no verdict. A column's sum is
        // round-off while it stays within the round-off of its own products
        // and of its multipliers' (as `checkDual` judges a reduced cost),
        // never of another column's: large numbers cancelled in one column
        // say nothing of a small real difference in the next
        // (`nearCopyLeakIsJudgedPerColumn`).
        // In the symbols' order: a dictionary's order changes from process
        // to process, and with it the sum's last bits and the verdict.
        for (_, column) in columns.sorted(by: { $0.key < $1.key }) {
            leak += abs(column.sum)
            if column.isReal(multiplierNoise: noise) { realLeak = true }
        }
        let reach = Double(Tolerances.domainMagnitude)
        guard constant > leak * reach + Double(Tolerances.residual) * constantMagnitude + Double(Tolerances.residualFloor)
        else { return false }
        // A real direction: the proof covers the domain, and exact arithmetic
        // may find a point past it (`conflictOnlyWithinTheDomainIsNotProven`).
        return !realLeak
    }
}
