// Moving a system from double to double-double arithmetic.
//
// A tableau in doubles is exact enough for layouts, whose pivots stay at 1
// or 2 and whose values stay below 1e8. Systems whose pivots grow, or whose
// values run to 1e9 and beyond, lose in doubles what no tolerance can tell
// from round-off: the GLPK property tests found reduced costs of 4.9e-9 that
// were real, and sums of 1e17 where the optimum is 1e6. The operations that
// can lose precision already raise `numericHazard`; when one does, `Solver`
// rebuilds the system in `DoubleDouble` from its constraints and goes on in
// that arithmetic (Solver.swift, "Precision"; Docs/Solver.md).

extension SolverCore where Scalar == DoubleDouble {
    /// The system of `source` (its constraints, edit variables and
    /// suggestions, in the order they were added), rebuilt in double-double;
    /// nil when double-double rejects a required constraint that `source`
    /// holds.
    ///
    /// Replaying in the original order gives the same lexicographic optimum
    /// (it is unique in its level sums) and, the replay being deterministic,
    /// the same values every time.
    init?(replaying source: SolverCore<Double>) {
        self.init()
        let records = source.records.compactMap { $0 }.sorted { $0.sequence < $1.sequence }
        var suggestions: [(variable: Variable, value: Double, sequence: UInt64)] = []
        do {
            for record in records {
                guard record.isEdit else {
                    try add(record.constraint)
                    continue
                }
                guard let variable = record.constraint.expression.terms.first?.variable,
                    let e = source.editIndex[variable.id], let edit = source.edits[Int(e)]
                else { continue }
                try addEditVariable(variable, priority: edit.priority)
                if edit.constant != 0 { suggestions.append((variable, edit.constant, edit.sequence)) }
            }
            for suggestion in suggestions.sorted(by: { $0.sequence < $1.sequence }) {
                try suggest(suggestion.variable, value: suggestion.value)
            }
        } catch {
            return nil
        }
    }
}
