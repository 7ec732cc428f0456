import Cassowary
import TestSupport
import CellFitWorkload
import GLPKBackends
import Testing

/// Mutated workload files, and workloads whose numbers are pushed to the edges
/// of double precision: every outcome is a workload error that names its place,
/// or values that are finite, from the Cassowary solver and from GLPK through
/// LPCheck alike — never a crash (GLPK aborts the process on what it cannot
/// take, so a number that reached it unchecked ends this test run), never a NaN.
/// Issue 19: `cellfit solve --backend glpk` aborted on a coefficient of 1e300.
@Suite("Fuzz: mutated workloads and hostile numbers give errors or finite values, on both backends")
struct FuzzTests {

    /// A cell-like workload: a vertical chain of views with heights from edits,
    /// spacing at several strengths, and an aspect ratio.
    static let cellDocument = """
        {
        "format": "cassowary-workload/1",
        "name": "cell",
        "variables": ["top", "a", "b", "c", "bottom", "w"],
        "constraints": [
        {"terms": [[1, "top"]], "op": "==", "strength": "required"},
        {"terms": [[1, "b"], [-1, "a"]], "constant": -8, "op": ">=", "strength": "required"},
        {"terms": [[1, "c"], [-1, "b"]], "constant": -12.5, "op": "==", "strength": 750},
        {"terms": [[1, "bottom"], [-1, "c"]], "constant": -11, "op": "==", "strength": "required"},
        {"terms": [[1, "w"], [-0.5, "bottom"]], "op": "==", "strength": "weak", "weight": 2},
        {"terms": [[1, "bottom"]], "op": "<=", "strength": 50}
        ],
        "edits": [{"variable": "a", "strength": "strong"}, {"variable": "c", "strength": 999}],
        "rounds": [{"a": 20, "c": 44}, {"a": 3.25}, {"c": 100}]
        }
        """

    static let interesting = Array(#"{}[]":,.-+eE0123456789 abcx"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]

    /// Numbers at the edges: huge, tiny, subnormal, negative zero, near the largest double.
    static let hostile = [
        "1e300", "-1e300", "1e-300", "5e-324", "1.7976931348623157e308", "-0.0", "1e16", "3e-8",
        "1e100", "1e-100", "123456789012345678", "0.1", "1e308", "-1e-200",
    ]

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        random.mutate(bytes, interesting: interesting)
    }

    /// `document` with one to three of its numbers replaced by hostile ones.
    static func withHostileNumbers(_ document: String, _ random: inout SplitMix64) -> String {
        var pieces: [String] = []
        var number = ""
        for character in document {
            if character.isNumber || (character == "." || character == "-") && !number.isEmpty || character == "-" {
                number.append(character)
                continue
            }
            if !number.isEmpty { pieces.append(number); number = "" }
            pieces.append(String(character))
        }
        let numbers = pieces.indices.filter { Double(pieces[$0]) != nil }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard let at = numbers.randomElement(using: &random) else { break }
            pieces[at] = hostile.randomElement(using: &random) ?? "1e300"
        }
        return pieces.joined()
    }

    enum Outcome { case rejected, solved, refused }

    /// Parses `bytes`, then plays the workload on the Cassowary solver and on GLPK
    /// (`GLPKWorkloadSolver`, `cellfit solve --backend glpk`'s backend).
    static func exercise(_ bytes: [UInt8]) -> Outcome {
        let workload: Workload
        do {
            workload = try Workload(parsing: bytes, file: "w.json")
        } catch {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            let (line, description) = (error.line ?? 1, error.description)
            #expect(line >= 1 && line <= lines, "\(description)")
            #expect(description.hasPrefix("w.json"), "\(description)")
            return .rejected
        }
        var refused = false
        do {
            let report = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
            #expect(report.finalValues.allSatisfy { $0.isFinite }, "Cassowary: \(report.finalValues) for \(String(decoding: bytes, as: UTF8.self))")
        } catch {
            let message = error.message
            #expect(!message.isEmpty)
            refused = true
        }
        do {
            let report = try WorkloadRunner().run(workload, on: GLPKWorkloadSolver.self)
            #expect(report.finalValues.allSatisfy { $0.isFinite }, "GLPK: \(report.finalValues)")
        } catch {
            let message = error.message
            #expect(!message.isEmpty)
            refused = true
        }
        return refused ? .refused : .solved
    }

    static func run(_ name: String, cases: Int, seed: UInt64, _ make: (inout SplitMix64) -> [UInt8]) {
        var random = SplitMix64(seed: seed)
        var counts: [Outcome: Int] = [:]
        for _ in 0..<cases { counts[exercise(make(&random)), default: 0] += 1 }
        let solved = counts[.solved] ?? 0, refused = counts[.refused] ?? 0, rejected = counts[.rejected] ?? 0
        #expect(solved > 0, "some cases still solve")
        print("fuzz: \(name): \(cases) cases, \(solved) solved, \(refused) refused by a solver with an error, "
            + "\(rejected) rejected by the parser, 0 crashes")
    }

    @Test("byte mutations of two workload files")
    func mutated() {
        let documents = [Array(Self.cellDocument.utf8), Array(baseDocument.utf8)]
        Self.run("workload mutations", cases: FuzzBudget.cases(1500), seed: 19) { random in
            Self.mutate(documents[Int.random(in: 0..<2, using: &random)], &random)
        }
    }

    @Test("hostile numbers in coefficients, constants, weights and suggestions")
    func hostileNumbers() {
        Self.run("workload hostile numbers", cases: FuzzBudget.cases(600), seed: 1919) { random in
            Array(Self.withHostileNumbers(Self.cellDocument, &random).utf8)
        }
    }
}

/// The GLPK backend in-process, against the Cassowary backend on a workload whose
/// optimum is unique: the same values after every round.
@Suite("GLPKWorkloadSolver: the Cassowary backend's values, round by round")
struct GLPKBackendTests {
    @Test("the cell workload and the base workload")
    func agrees() throws {
        for document in [FuzzTests.cellDocument, baseDocument] {
            let workload = try Workload(parsing: document, file: "w.json")
            let cassowary = try WorkloadRunner().run(workload, on: CassowaryWorkloadSolver.self)
            let glpk = try WorkloadRunner().run(workload, on: GLPKWorkloadSolver.self)
            #expect(glpk.backend == "glpk")
            #expect(glpk.mismatches.isEmpty, "\(glpk.mismatches)")
            for (a, b) in zip(cassowary.finalValues, glpk.finalValues) {
                #expect(abs(a - b) <= 1e-6, "\(cassowary.finalValues) vs \(glpk.finalValues)")
            }
        }
    }
}
