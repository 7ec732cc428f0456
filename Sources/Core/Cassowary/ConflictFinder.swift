import Cancellation
/// Finds a minimal set of required constraints that cannot hold together, so
/// that an unsatisfiable constraint is reported with every constraint of the
/// conflict, not only the one the solver happened to meet last.
///
/// Deletion filtering: starting from a failing prefix, drop each constraint in
/// turn and keep it out when the rest still fails. The result is minimal (every
/// member is needed for the conflict), not necessarily the smallest there is.
/// Runs only on the error path, within a budget of constraint additions
/// (``ConflictFinder/budget``): past it, the conflicting set found so far is
/// returned, unminimised. - Complexity: O(n²) constraint additions, at most `budget`.
enum ConflictFinder {
    /// The most constraint additions one search may make: a conflict among a few
    /// hundred constraints is minimised fully, one among thousands partly.
    static let budget = 200_000

    /// The index of the first constraint that cannot be added after those before
    /// it, or `nil` when all of them hold together; `spent` counts the additions.
    static func firstFailure(_ constraints: [Constraint], spent: inout Int, cancellation: CancellationToken? = nil) -> Int? {
        var solver = Solver()
        solver.cancellation = cancellation
        for (i, constraint) in constraints.enumerated() {
            spent += 1
            do {
                try solver.addWithoutDiagnosis(constraint)
            } catch {
                return i
            }
        }
        return nil
    }

    /// A conflicting subset of `constraints`, in their order — minimal unless the
    /// budget ran out (`minimal` false) — or `nil` when they can all hold.
    /// A cancelled `cancellation` ends the search early with a set that means
    /// nothing: the caller checks the token and throws.
    static func conflict(
        _ constraints: [Constraint], cancellation: CancellationToken? = nil
    ) -> (constraints: [Constraint], minimal: Bool)? {
        var spent = 0
        guard let end = firstFailure(constraints, spent: &spent, cancellation: cancellation) else { return nil }
        var core = Array(constraints[...end])
        var i = 0
        while i < core.count {
            guard spent + core.count <= budget else { return (core, false) }
            if let cancellation, cancellation.isCancelled { return (core, false) }
            var trial = core
            trial.remove(at: i)
            if let failing = firstFailure(trial, spent: &spent, cancellation: cancellation) {
                core = Array(trial[...failing])
            } else {
                i += 1
            }
        }
        return (core, true)
    }
}

extension Solver {
    /// A minimal set of `constraints` (required ones; others are ignored) that cannot
    /// all hold together, in their order, or `nil` when they can. Past a budget of
    /// 200,000 constraint additions the set is conflicting but may not be minimal.
    public static func minimalConflict(among constraints: [Constraint]) -> [Constraint]? {
        ConflictFinder.conflict(constraints.filter(\.priority.isRequired))?.constraints
    }
}
