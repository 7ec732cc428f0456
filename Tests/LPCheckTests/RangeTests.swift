import Cassowary
import LPCheck
import Testing

/// Numbers GLPK cannot take are refused with a typed error before GLPK sees them:
/// its scaling aborted the process on a coefficient of 1e200 or 1e-200 (issue 19).
@Suite("LPCheck refuses numbers beyond GLPK's range, and takes everything inside it")
struct RangeTests {
    @Test("a coefficient, constant, weight or suggestion beyond the range: outOfRange, naming the number",
          arguments: [1e300, 1e200, 1e101, -1e200, 1e-101, 1e-200, -1e-300])
    func outside(_ value: Double) throws {
        let a = Variable("a"), b = Variable("b")
        let cases: [() throws -> LPCheckResult] = [
            { try LPCheck.solve(constraints: [Constraint(value * a + b, .equal, priority: .required)]) },
            { try LPCheck.solve(constraints: [(a == 1) ~ .defaultLow, Constraint(Expression(terms: [Term(a)], constant: value), .greaterThanOrEqual, priority: .required)]) },
            { try LPCheck.solve(constraints: [Constraint(a - 1, .equal, priority: .defaultLow).withWeight(abs(value))]) },
            { try LPCheck.solve(constraints: [a >= 0], edits: [LPCheck.Edit(a, priority: .defaultHigh, value: value)]) },
        ]
        for (k, run) in cases.enumerated() {
            // Small constants and suggestions are in range (only their size is bounded).
            if (k == 1 || k == 3), abs(value) < 1 { continue }
            #expect(performing: { _ = try run() }, throws: { error in
                let error = error as? LPCheckError
                return error?.code == .outOfRange && error?.message.contains(String(describing: abs(value))) == true
            })
        }
    }

    @Test("the ends of the range, alone and together in one row: solved")
    func inside() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let result = try LPCheck.solve(constraints: [
            Constraint(1e100 * a + 1e-100 * b - 1e100, .equal, priority: .required),
            Constraint(1e-100 * b + c - 1e-100, .greaterThanOrEqual, priority: .defaultHigh).withWeight(1e100),
            Constraint(Expression(c), .lessThanOrEqual, priority: .defaultLow).withWeight(1e-100),
        ])
        #expect(result.feasible)
    }
}
