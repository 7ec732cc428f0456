import Cassowary

extension Workload {
    /// A workload as Cassowary objects, ready to add to a ``Cassowary/Solver``.
    public struct CassowarySystem: Sendable {
        /// One variable per entry of ``Workload/variables``, in the same order and with the same names.
        public let variables: [Variable]
        /// One constraint per entry of ``Workload/constraints``, in the same order;
        /// each constraint's `location` is its path in the file, such as `constraints[12]`,
        /// so the solver's error messages point at it.
        public let constraints: [Cassowary.Constraint]
        /// The edit variables with their priorities, in file order.
        public let edits: [(variable: Variable, priority: Priority)]
    }

    /// Creates fresh Cassowary variables and constraints for this workload.
    ///
    /// Each call makes new objects (variables and constraints have identity),
    /// so every repetition of a timed run starts from scratch.
    /// - Complexity: O(variables + terms).
    public func makeCassowarySystem() -> CassowarySystem {
        let variables = self.variables.map { Variable($0) }
        var constraints: [Cassowary.Constraint] = []
        constraints.reserveCapacity(self.constraints.count)
        for (index, constraint) in self.constraints.enumerated() {
            let terms = constraint.terms.map { Cassowary.Term(variables[$0.variable], $0.coefficient) }
            constraints.append(
                Cassowary.Constraint(
                    Expression(terms: terms, constant: constraint.constant), constraint.relation,
                    priority: constraint.priority, weight: constraint.weight, location: "constraints[\(index)]"))
        }
        let edits = self.edits.map { (variable: variables[$0.variable], priority: $0.priority) }
        return CassowarySystem(variables: variables, constraints: constraints, edits: edits)
    }
}
