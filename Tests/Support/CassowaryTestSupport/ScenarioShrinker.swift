import Cassowary

/// Smaller variants of a failing scenario, most shrunk first.
///
/// A property runner keeps the first candidate that still fails and asks
/// again, until no candidate fails: the result is a small counterexample to
/// paste into a regression test. Every candidate is strictly smaller in some
/// measure (fewer operations, fewer terms, fewer variables, or numbers closer
/// to 0 and 1), so the process ends.
public enum ScenarioShrinker {
    /// Smaller variants of `scenario`.
    public static func candidates(_ scenario: Scenario) -> [Scenario] {
        var result: [Scenario] = []
        let operations = scenario.operations

        // Fewer operations: halves, quarters, ... down to single ones.
        var chunk = operations.count / 2
        while chunk >= 1 {
            var start = 0
            while start < operations.count {
                var fewer = scenario
                fewer.operations.removeSubrange(start..<min(operations.count, start + chunk))
                result.append(fewer)
                start += chunk
            }
            chunk /= 2
        }

        // Fewer variables: renumber the ones in use.
        if let compacted = compacted(scenario) { result.append(compacted) }

        // Simpler operations, one at a time.
        for (index, operation) in operations.enumerated() {
            for simpler in simplified(operation) {
                var variant = scenario
                variant.operations[index] = simpler
                result.append(variant)
            }
        }
        return result
    }

    static func simplified(_ operation: Operation) -> [Operation] {
        switch operation {
        case .add(let id, let spec):
            return simplified(spec).map { .add(id: id, $0) }
        case .suggest(let variable, let value):
            return simplerNumbers(value).map { .suggest(variable: variable, value: $0) }
        case .addEdit(let variable, let priority) where priority != .defaultHigh:
            return [.addEdit(variable: variable, priority: .defaultHigh)]
        default:
            return []
        }
    }

    static func simplified(_ spec: ConstraintSpec) -> [ConstraintSpec] {
        var result: [ConstraintSpec] = []
        if spec.terms.count > 1 {
            for index in spec.terms.indices {
                var fewer = spec
                fewer.terms.remove(at: index)
                result.append(fewer)
            }
        }
        for simpler in simplerNumbers(spec.constant) {
            var variant = spec
            variant.constant = simpler
            result.append(variant)
        }
        for index in spec.terms.indices {
            for simpler in simplerCoefficients(spec.terms[index].coefficient) {
                var variant = spec
                variant.terms[index].coefficient = simpler
                result.append(variant)
            }
        }
        if spec.weight != 1 {
            var variant = spec
            variant.weight = 1
            result.append(variant)
        }
        // Merge priority levels towards 750, the most common one.
        if !spec.priority.isRequired, spec.priority != .defaultHigh {
            var variant = spec
            variant.priority = .defaultHigh
            result.append(variant)
        }
        return result
    }

    /// 0, then the value rounded, then halved and rounded: each closer to 0 or shorter to write.
    static func simplerNumbers(_ value: Double) -> [Double] {
        var result: [Double] = []
        func offer(_ candidate: Double) {
            if candidate != value, abs(candidate) <= abs(value), !result.contains(candidate) {
                result.append(candidate)
            }
        }
        offer(0)
        offer((value / 2).rounded(.towardZero))
        offer(value.rounded(.towardZero))
        return result
    }

    /// ±1, then the value rounded: coefficients shrink towards 1, not 0 (a
    /// zero coefficient is a dropped term, which is offered separately).
    static func simplerCoefficients(_ value: Double) -> [Double] {
        let unit: Double = value < 0 ? -1 : 1
        var result: [Double] = []
        if value != unit { result.append(unit) }
        let rounded = value.rounded()
        if rounded != value, rounded != 0, rounded != unit, abs(rounded) <= abs(value) { result.append(rounded) }
        return result
    }

    /// The scenario over only the variables it uses, renumbered in order; nil if it uses all.
    static func compacted(_ scenario: Scenario) -> Scenario? {
        var used: Set<Int> = []
        for operation in scenario.operations {
            switch operation {
            case .add(_, let spec): for term in spec.terms { used.insert(term.variable) }
            case .addEdit(let variable, _), .removeEdit(let variable), .suggest(let variable, _):
                used.insert(variable)
            case .remove, .check: break
            }
        }
        guard used.count < scenario.variableCount else { return nil }
        var renumber: [Int: Int] = [:]
        for (new, old) in used.sorted().enumerated() { renumber[old] = new }
        func map(_ variable: Int) -> Int { renumber[variable] ?? 0 }
        let operations = scenario.operations.map { operation -> Operation in
            switch operation {
            case .add(let id, var spec):
                spec.terms = spec.terms.map { TermSpec(map($0.variable), $0.coefficient) }
                return .add(id: id, spec)
            case .addEdit(let variable, let priority): return .addEdit(variable: map(variable), priority: priority)
            case .removeEdit(let variable): return .removeEdit(variable: map(variable))
            case .suggest(let variable, let value): return .suggest(variable: map(variable), value: value)
            case .remove, .check: return operation
            }
        }
        return Scenario(variableCount: max(1, used.count), operations: operations)
    }
}
