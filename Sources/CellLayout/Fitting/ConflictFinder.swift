import Cassowary

/// Finds a smallest set of required constraints that cannot hold together, so
/// that an unsatisfiable template names every constraint of the conflict, not
/// only the one the solver happened to meet last.
///
/// Deletion filtering: starting from a failing prefix, drop each constraint in
/// turn and keep it out when the rest still fails. The result is minimal (every
/// member is needed for the conflict), not necessarily the smallest there is.
/// Runs only on the error path. - Complexity: O(n²) constraint additions.
enum ConflictFinder {
    /// The index of the first constraint that cannot be added after those before
    /// it, or `nil` when all of them hold together.
    static func firstFailure(_ constraints: [Constraint]) -> Int? {
        var solver = Solver()
        for (i, constraint) in constraints.enumerated() {
            do {
                try solver.add(constraint)
            } catch {
                return i
            }
        }
        return nil
    }

    /// A minimal conflicting subset of `constraints`, in their order, or `nil`
    /// when they can all hold.
    static func minimalConflict(_ constraints: [Constraint]) -> [Constraint]? {
        guard let end = firstFailure(constraints) else { return nil }
        var core = Array(constraints[...end])
        var i = 0
        while i < core.count {
            var trial = core
            trial.remove(at: i)
            if let failing = firstFailure(trial) {
                core = Array(trial[...failing])
            } else {
                i += 1
            }
        }
        return core
    }
}
