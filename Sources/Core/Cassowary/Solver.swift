import Cancellation
/// An incremental Cassowary constraint solver with strict priorities.
///
/// Add and remove ``Constraint``s, declare edit variables and ``suggest(_:value:)``
/// values for them; after every call the solver holds the optimal solution:
/// every required constraint holds, and the violations of the other
/// constraints are minimised level by level, highest priority first — no
/// amount of violation at a lower priority outweighs any violation at a higher
/// one. Within one priority level the weighted sum of absolute violations is
/// minimised.
///
/// `Solver` is a value type: copying it copies the system (lazily, on the
/// first change), and it is `Sendable`, so a solver can be built on one thread
/// and moved to another. Calls on one value are not synchronised.
///
/// Every throwing call either succeeds or leaves the solver exactly as it was.
/// The same sequence of calls gives bit-identical values in every process.
///
/// ## Precision
///
/// Every call either ends with an answer that holds to the solver's
/// tolerances or throws ``SolverError/Code/illConditioned``, and the solver
/// is then as it was before the call; no call runs unbounded or returns NaN.
/// Layouts (small rational coefficients, values below 1e6) are inside the
/// domain where answers are exact to the tolerances. The solver works in
/// `Double`, and every call checks its answer against the original
/// constraints (a certificate: the constraints hold, and no priority level
/// can do better) and every rejection its proof; a call whose check fails
/// is redone once on rows recomputed from the constraints, and throws if it
/// fails again. Docs/Solver.md, "Precision", states the contract with its
/// numbers.
///
/// ```swift
/// var solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.add(left == 10)
/// try solver.add(width >= 50)
/// try solver.add((width == 20) ~ .defaultLow)
/// solver.value(of: width)   // 50
/// ```
public struct Solver: Sendable {
    /// Every call runs as one transaction of the core (`SolverCore.transact`):
    /// one that throws is undone by its undo log, whatever the error.
    var core = SolverCore()

    /// Creates an empty solver.
    public init() {}

    /// Adds a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/Code/duplicateConstraint`` if the constraint is already in the solver;
    ///   ``SolverError/Code/nonFiniteValue`` for a NaN or infinite coefficient, constant or weight;
    ///   ``SolverError/Code/invalidPriority`` for a priority not in (0, 1000] or a weight that is not positive;
    ///   ``SolverError/Code/unsatisfiableConstraint`` if a required constraint cannot hold together
    ///   with the required constraints already added;
    ///   ``SolverError/Code/illConditioned`` when the verdict or the optimum is beyond
    ///   double precision and its certificate fails (see "Precision" above).
    /// - Complexity: proportional to the rows the new constraint touches and the pivots it causes.
    ///   The unsatisfiable error carries ``SolverError/conflicts``: a minimal set of the
    ///   required constraints, the new one included, that cannot hold together.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        try diagnosing(CollectionOfOne(constraint)) { core throws(SolverError) in try core.addRecord(constraint, isEdit: false) }
    }

    /// A cancelled token stops a call before it starts and a conflict search after it.
    private func throwIfCancelled() throws(SolverError) {
        if let cancellation = core.budget.cancellation, cancellation.isCancelled { throw SolverCore.cancelled() }
    }

    /// ``add(_:)`` without the search for the conflict set, for that search itself.
    mutating func addWithoutDiagnosis(_ constraint: Constraint) throws(SolverError) {
        _ = try core.transact { core throws(SolverError) in try core.addRecord(constraint, isEdit: false) }
    }

    /// Adds constraints in order as one call, all or none: the solver optimises
    /// and checks its answer once, at the end, instead of once per constraint. If
    /// one cannot be added, the solver is left as it was before the call, bit for
    /// bit, and that constraint's error is thrown. The result is the optimum of
    /// the system with every constraint added; where the optimum is tied, the
    /// point chosen may differ from that of adding them one by one.
    ///
    /// - Throws: The error of the first constraint that could not be added (see
    ///   ``add(_:)``); an unsatisfiable one's conflict set may include constraints
    ///   of this call before it.
    public mutating func add(_ constraints: some Sequence<Constraint>) throws(SolverError) {
        let batch = Array(constraints)
        guard batch.count > 1 else {
            if let only = batch.first { try add(only) }
            return
        }
        try diagnosing(batch) { core throws(SolverError) in try core.add(batch, edits: []) }
    }

    /// Adds constraints, then makes variables edit variables, as one call: a
    /// system known in full before it is solved (a workload's build) is
    /// optimised and its answer checked once, where ``add(_:)`` of a sequence and
    /// ``addEditVariables(_:)`` each do so for their part. All or none, as
    /// either is: an edit variable it refuses is thrown before anything
    /// enters, and any other error leaves the solver as it was. Where the
    /// optimum is tied, the point chosen may differ from that of the two calls.
    ///
    /// - Throws: the errors of ``add(_:)`` for a constraint and of
    ///   ``addEditVariables(_:)`` for an edit variable.
    public mutating func add(
        _ constraints: some Sequence<Constraint>, editing edits: some Sequence<(variable: Variable, priority: Priority)>
    ) throws(SolverError) {
        let (batch, edits) = (Array(constraints), Array(edits))
        try diagnosing(batch) { core throws(SolverError) in try core.add(batch, edits: edits) }
    }

    /// Runs `call`, which adds `batch`, as one call of the core; an
    /// unsatisfiable constraint's error carries its conflict set.
    private mutating func diagnosing(
        _ batch: some Collection<Constraint>, _ call: (inout SolverCore) throws(SolverError) -> Void
    ) throws(SolverError) {
        try throwIfCancelled()
        do {
            try core.transact(call)
        } catch {
            guard error.code == .unsatisfiableConstraint, let failed = error.constraint,
                let end = batch.firstIndex(where: { $0 === failed })
            else { throw error }
            // The failed call changed nothing: the solver's required constraints,
            // this call's up to the one that failed, and that one are what conflicts.
            let candidates = (self.constraints + batch[..<end]).filter(\.priority.isRequired) + [failed]
            let found = ConflictFinder.conflict(candidates, cancellation: core.budget.cancellation)
            try throwIfCancelled()
            guard let found else { throw error }
            throw error.withConflicts(found.constraints, minimal: found.minimal)
        }
    }

    /// Removes a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/Code/unknownConstraint`` if the constraint is not in the solver;
    ///   ``SolverError/Code/illConditioned`` as for ``add(_:)``.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try core.transact { core throws(SolverError) in try core.remove(constraint) }
    }

    /// Whether the constraint object is in the solver.
    public func contains(_ constraint: Constraint) -> Bool {
        core.contains(constraint)
    }

    /// Makes `variable` an edit variable: a variable whose value is suggested
    /// with ``suggest(_:value:)`` and held at `priority` (an equality
    /// `variable == suggestion`). The initial suggestion is 0.
    ///
    /// - Throws: ``SolverError/Code/duplicateEditVariable`` if it already is one;
    ///   ``SolverError/Code/requiredEditVariable`` for ``Priority/required``;
    ///   ``SolverError/Code/invalidPriority`` for a priority not in (0, 1000];
    ///   ``SolverError/Code/illConditioned`` as for ``add(_:)``.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        try core.transact { core throws(SolverError) in try core.addEditVariable(variable, priority: priority) }
    }

    /// Makes several variables edit variables in one call, as ``addEditVariable(_:priority:)``
    /// does each: the solver re-optimises and checks its answer once, at the end. All or
    /// none: a variable it refuses (already an edit variable, named twice, a priority
    /// not allowed) is thrown before any enters, and any other error leaves the solver
    /// as it was. Where the optimum is tied, the point chosen may differ from that of
    /// adding them one by one.
    ///
    /// - Throws: the errors of ``addEditVariable(_:priority:)``, for the first edit that
    ///   has one; ``SolverError/Code/duplicateEditVariable`` also for a variable named twice.
    public mutating func addEditVariables(_ edits: some Sequence<(variable: Variable, priority: Priority)>) throws(SolverError) {
        let batch = Array(edits)
        guard batch.count > 1 else {
            if let only = batch.first { try addEditVariable(only.variable, priority: only.priority) }
            return
        }
        try diagnosing([Constraint]()) { core throws(SolverError) in try core.add([], edits: batch) }
    }

    /// Stops editing `variable` and drops its suggestion.
    ///
    /// - Throws: ``SolverError/Code/unknownEditVariable`` if it is not an edit variable;
    ///   ``SolverError/Code/illConditioned`` as for ``add(_:)``.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try core.transact { core throws(SolverError) in try core.removeEditVariable(variable) }
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        core.hasEditVariable(variable)
    }

    /// Suggests a value for an edit variable and re-optimises with the dual simplex,
    /// touching only the rows that depend on the variable's suggestion.
    ///
    /// - Throws: ``SolverError/Code/unknownEditVariable`` if `variable` is not an edit variable;
    ///   ``SolverError/Code/nonFiniteValue`` if `value` is NaN or infinite;
    ///   ``SolverError/Code/outOfRange`` outside ``numberRange``;
    ///   ``SolverError/Code/illConditioned`` as for ``add(_:)``.
    public mutating func suggest(_ variable: Variable, value: Double) throws(SolverError) {
        try core.transact { core throws(SolverError) in try core.suggest(variable, value: value) }
    }

    /// Suggests values for several edit variables in one call: the solver re-optimises
    /// and checks its answer once, at the end, instead of once per value. All or none:
    /// a value it refuses (an unknown variable, a value not finite or out of range)
    /// is thrown before any moves, and any other error leaves the solver as it was. A
    /// variable named twice takes its last value. The result is the optimum of the
    /// system with every suggestion made; where the optimum is tied, the point chosen
    /// may differ from that of suggesting the values one by one.
    ///
    /// - Throws: the errors of ``suggest(_:value:)``, for the first value that has one.
    public mutating func suggest(_ suggestions: [(variable: Variable, value: Double)]) throws(SolverError) {
        guard !suggestions.isEmpty else { return }
        try core.transact { core throws(SolverError) in try core.suggest(suggestions) }
    }

    /// The value of `variable` in the current solution; 0 for a variable the
    /// solver does not know (like a variable that no constraint mentions).
    ///
    /// - Complexity: O(1).
    public func value(of variable: Variable) -> Double {
        core.value(of: variable)
    }

    /// Removes every constraint and edit variable.
    public mutating func reset() {
        let limit = maximumTableauCells
        core = SolverCore()
        core.budget.cellLimit = limit
    }

    /// The constraints in the solver, in the order they were added
    /// (edit variables' internal constraints are not listed).
    public var constraints: [Constraint] { core.userConstraints }

    /// The edit variables, in the order they were added, with their priorities.
    public var editVariables: [(variable: Variable, priority: Priority)] {
        core.editVariableList
    }

    /// The number of variables the solver knows: those mentioned by its constraints and edit variables.
    public var variableCount: Int { core.variableCount }

    /// A readable dump of the solver's state — objective levels, tableau rows,
    /// infeasible rows, edit variables — for debugging.
    public func dump() -> String { core.dump() }

    /// Asked at the start of every add and at every pivot of every call whether to
    /// stop: a call that finds it cancelled throws ``SolverError/Code/cancelled`` and
    /// leaves the solver as it was before the call, as any error does (the call's undo
    /// log puts back what it did, in the time it took). Between pivots a call runs its
    /// certificate, and at most three rebuilds of its rows, to their end. `nil` (the
    /// default): calls run to their end. A check is one relaxed atomic load.
    public var cancellation: CancellationToken? {
        get { core.budget.cancellation }
        set { core.budget.cancellation = newValue }
    }

    /// The default of ``maximumTableauCells``: 2²⁴, about 16.8 million cells, which a
    /// chain's tableau holds in 0.5 to 0.8 GB. The largest shared layout workload,
    /// grid-100x100 (20,000 variables), ends its build at 6.2 million; a template of
    /// 2,000 stacked views lays out under it (Docs/Solver.md, "Known limits").
    public static let defaultMaximumTableauCells = 1 << 24

    /// The most cells (nonzero coefficients) the tableau may hold: an add that finds it
    /// past this throws ``SolverError/Code/limitExceeded`` and changes nothing. Counted
    /// every rows/32 adds (every 16 in small systems), so the tableau may pass it by a
    /// few percent. Removing
    /// constraints or ``reset()`` makes room again; the limit itself survives `reset()`.
    public var maximumTableauCells: Int {
        get { core.budget.cellLimit }
        set {
            core.budget.cellLimit = newValue
        }
    }

    /// Sizes of the internal structures, so tests can check that removing
    /// everything leaves nothing behind.
    public var statistics: Statistics { core.statistics }

    /// Sizes of the solver's internal structures.
    public struct Statistics: Sendable, Equatable {
        /// Rows in the tableau.
        public var rows: Int
        /// Non-zero cells in all rows.
        public var cells: Int
        /// Non-zero cells in all objective levels.
        public var objectiveCells: Int
        /// Priority levels in the objective.
        public var objectiveLevels: Int
        /// Symbols (variables, slacks, errors, markers) in use.
        public var liveSymbols: Int
        /// Variables known to the solver.
        public var variables: Int
        /// Constraints, including edit variables' internal ones.
        public var constraints: Int
    }

    /// Whether the current optimum may not be unique: some variable, slack or error
    /// the constraints mention could move at no cost at every level. When this is
    /// false, the optimum is unique, and re-solving the same system from any state
    /// reaches the same point. Conservative (true may still mean a unique point).
    /// - Complexity: O(symbols × priority levels).
    public var mayHaveAlternativeOptima: Bool {
        core.mayHaveAlternativeOptima()
    }

    /// The variables a tie leaves free: those that some direction of
    /// ``mayHaveAlternativeOptima`` moves at no cost (Auto Layout's ambiguous layout).
    /// Empty when the optimum is unique. Conservative in the same way.
    public var variablesFreeAtOptimum: [Variable] {
        core.variablesFreeAtOptimum()
    }
}

