import Cassowary

/// A solver that can play a ``Workload``: the seam between ``WorkloadRunner`` and a backend.
///
/// The runner creates one instance per timed run, so everything a backend
/// needs to prepare — variable and constraint objects, names resolved to
/// handles — belongs in ``init(_:)``, which is not timed. ``build()`` and
/// ``play(_:reading:into:)`` are timed and should do nothing but the work
/// being measured. A round is one call, so the cost of calling through the
/// protocol is paid once per round, not once per variable.
///
/// ``CassowaryWorkloadSolver`` is the Cassowary backend; a GLPK backend can
/// conform in its own module.
public protocol WorkloadSolver {
    /// The backend's name in reports, such as `"cassowary"`.
    static var backendName: String { get }

    /// Prepares an empty solver for `workload`. Not timed.
    ///
    /// - Throws: ``WorkloadError`` when the backend cannot take the workload at all
    ///   (a backend that needs a system library, say); the Cassowary backend never throws.
    init(_ workload: Workload) throws(WorkloadError)

    /// Adds every constraint and then every edit variable, in file order. Timed as the build.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` with the path of the constraint or edit at fault
    ///   (such as `constraints[12]`) when the solver rejects it.
    mutating func build() throws(WorkloadError)

    /// Plays one round: suggests each value, then writes the value of the
    /// variable `reads[k]` (an index into ``Workload/variables``) to `values[k]`
    /// for every `k`. Timed as part of the rounds.
    ///
    /// - Parameters:
    ///   - suggestions: Values for edit variables; empty when the workload has no rounds.
    ///   - reads: The variables to read; `values` has at least as many elements.
    ///   - values: Receives the values.
    /// - Throws: ``WorkloadError/Code/solver`` when the solver rejects a suggestion.
    mutating func play(_ suggestions: [Workload.Assignment], reading reads: [Int], into values: inout [Double]) throws(WorkloadError)

    /// The current value of the variable at `index` in ``Workload/variables``. Not timed.
    func value(ofVariable index: Int) -> Double
}

/// The Cassowary backend: this package's incremental simplex ``Cassowary/Solver``.
public struct CassowaryWorkloadSolver: WorkloadSolver, Sendable {
    /// `"cassowary"`.
    public static let backendName = "cassowary"

    private let system: Workload.CassowarySystem
    private var solver = Solver()
    /// Reads every variable without a hash lookup each (made after the build).
    private var reader: Solver.ValueReader
    private var current: [Double]
    /// The round's suggestions, kept so that a round allocates nothing once it has room.
    private var batch: [(variable: Variable, value: Double)] = []
    /// The index in ``Workload/variables`` of each of `batch`'s variables.
    private var batchIndices: [Int] = []

    /// Creates the Cassowary variables and constraints of `workload` and an empty solver.
    public init(_ workload: Workload) {
        system = workload.makeCassowarySystem()
        reader = solver.makeReader(for: system.variables)
        current = [Double](repeating: 0, count: system.variables.count)
    }

    /// Adds every constraint and every edit variable in one call
    /// (``Cassowary/Solver/add(_:editing:)``): the solver optimises and
    /// certifies once, at the end.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` naming `constraints[i]` or `edits[i]`, with the
    ///   solver's message (for example, a required constraint that cannot hold).
    public mutating func build() throws(WorkloadError) {
        do {
            try solver.add(system.constraints, editing: system.edits)
        } catch {
            // A cancelled batch names neither.
            if let failed = error.constraint, let index = system.constraints.firstIndex(where: { $0 === failed }) {
                throw WorkloadError(.solver, path: "constraints[\(index)]", message: error.message)
            }
            if let failed = error.variable, let index = system.edits.firstIndex(where: { $0.variable === failed }) {
                throw WorkloadError(.solver, path: "edits[\(index)]", message: error.message)
            }
            throw WorkloadError(.solver, path: system.edits.isEmpty ? "constraints" : "edits", message: error.message)
        }
        reader = solver.makeReader(for: system.variables)
    }

    /// Suggests each value, then reads the requested variables.
    ///
    /// - Throws: ``WorkloadError/Code/solver`` with the solver's message; the runner adds the round's path.
    public mutating func play(
        _ suggestions: [Workload.Assignment], reading reads: [Int], into values: inout [Double]
    ) throws(WorkloadError) {
        // A round that names the variables of the last one only writes the values:
        // entering a variable in `batch` again would retain it.
        if batchIndices.elementsEqual(suggestions.lazy.map(\.variable)) {
            for k in suggestions.indices { batch[k].value = suggestions[k].value }
        } else {
            let variables = system.variables
            batch.removeAll(keepingCapacity: true)
            batchIndices.removeAll(keepingCapacity: true)
            for suggestion in suggestions {
                batch.append((variables[suggestion.variable], suggestion.value))
                batchIndices.append(suggestion.variable)
            }
        }
        // One call for the round: the solver certifies its answer once.
        do {
            try solver.suggest(batch)
        } catch {
            throw WorkloadError(.solver, message: error.message)
        }
        solver.read(reader, into: &current)
        for (position, variable) in reads.enumerated() {
            values[position] = current[variable]
        }
    }

    /// The solver's value for the variable at `index`.
    public func value(ofVariable index: Int) -> Double {
        solver.value(of: system.variables[index])
    }
}
