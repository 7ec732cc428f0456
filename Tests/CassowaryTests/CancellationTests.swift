import Cancellation
import Cassowary
import Foundation
import Testing

/// `Solver.cancellation`: a call that finds its token cancelled stops within 64 pivots,
/// throws `.cancelled`, and leaves the solver as it was before the call, as every
/// error does.
@Suite("A solver's calls, cancelled")
struct CancellationTests {
    @Test("a cancelled token refuses the next add, changing nothing; without it the add goes on")
    func cancelledBeforeTheCall() throws {
        let (v, constraints) = TableauLimitTests.chain(50)
        var solver = Solver()
        try solver.add(constraints[..<40])
        let token = CancellationToken()
        solver.cancellation = token
        token.cancel()
        let before = solver.statistics
        #expect(throws: SolverError.self) { try solver.add(constraints[40]) }
        do {
            try solver.add(constraints[40])
        } catch {
            #expect(error.code == .cancelled)
            #expect(error.message.contains("the solver is as it was before the call"))
        }
        #expect(solver.statistics == before && !solver.contains(constraints[40]))
        solver.cancellation = nil
        try solver.add(constraints[40...])
        #expect(solver.value(of: v[49]) - solver.value(of: v[0]) == 49)
    }

    @Test("cancelled from another thread while a system builds: the build stops at the next call or pivot check, and what was in flight is undone, bit for bit")
    func cancelledInFlight() throws {
        // Every variable tied to every earlier one: each add pivots through the rows
        // built so far, and the build takes seconds, longer than the cancel's wait.
        let n = 400
        let v = (0..<n).map { Variable("x\($0)") }
        var constraints: [Constraint] = []
        for i in 1..<n {
            constraints.append(v[i] >= v[i - 1] + 1)
            constraints.append((v[i] == Double(i % 7) * 3) ~ .fittingSizeLevel)
            constraints.append((v[i] + v[i / 2] <= Double(3 * i)) ~ .defaultLow)
        }
        var solver = Solver()
        let token = CancellationToken()
        solver.cancellation = token
        let canceller = Thread { Thread.sleep(forTimeInterval: 0.05); token.cancel() }
        canceller.start()
        var added = 0
        var stopped: SolverError?
        for constraint in constraints {
            do {
                try solver.add(constraint)
                added += 1
            } catch {
                stopped = error
                break
            }
        }
        let error = try #require(stopped, "the build ended before the cancel: make the system larger")
        #expect(error.code == .cancelled)
        // A solver that saw only the adds that succeeded agrees bit for bit.
        var witness = Solver()
        try witness.add(constraints[..<added])
        #expect(solver.constraints.count == added)
        #expect(solver.statistics == witness.statistics)
        #expect(v.map { solver.value(of: $0).bitPattern } == v.map { witness.value(of: $0).bitPattern })
        // And it goes on as if nothing had happened.
        solver.cancellation = nil
        try solver.add(constraints[added..<min(added + 20, constraints.count)])
        try witness.add(constraints[added..<min(added + 20, constraints.count)])
        #expect(v.map { solver.value(of: $0).bitPattern } == v.map { witness.value(of: $0).bitPattern })
    }
}
