import CassowaryTestSupport
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a property over many generated scenarios.
///
/// Seeds: every run checks a fixed range of seeds (the same cases in CI
/// every time), plus cases derived from one seed drawn fresh per process
/// and printed (`freshCasesPerProperty`), so a failure seen once can be replayed with
/// `CELLFIT_PROPERTY_SEED=<seed> swift test --filter CassowaryPropertyTests`.
///
/// Why not `propertyCheck`: PropertyBased draws a new random seed per case,
/// and its `.fixedSeed` trait runs a single case and always records an issue
/// (it is meant for replaying, not for committing). The generators and the
/// shrinker are still PropertyBased `Generator`s, run with seeded `Xoshiro`s.
///
/// On failure, the scenario is shrunk with ``ScenarioShrinker`` (the first
/// smaller candidate that still fails, repeatedly) and recorded as an issue
/// as a scenario and as a fixture ready for `Fixtures/regressions.json`.
enum PropertyDriver {
    /// The seed drawn for this process (or taken from `CELLFIT_PROPERTY_SEED`), printed once.
    static let freshSeed: UInt64 = {
        let seed: UInt64
        if let text = getenv("CELLFIT_PROPERTY_SEED").map({ String(cString: $0) }),
            let parsed = UInt64(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16)
        {
            seed = parsed
        } else {
            seed = UInt64.random(in: .min ... .max)
        }
        print("CassowaryPropertyTests fresh seed: 0x\(String(seed, radix: 16)) (replay: CELLFIT_PROPERTY_SEED=0x\(String(seed, radix: 16)))")
        return seed
    }()

    /// Cases per property drawn from the fresh seed: `CELLFIT_PROPERTY_FRESH`
    /// (0 for none, to rerun exactly the fixed cases; 400 for a soak), else 4.
    ///
    /// Why only 4 by default: a CI run should fail for what its change
    /// brings, and fresh cases fail for what was there before. The last
    /// soaks found two failures in 8000 fresh cases, none in the last 6400
    /// (README.md here), so 16 cases a run fail well under one run in 200,
    /// with the seed printed; a soak is the tool for finding.
    static let freshCasesPerProperty: Int = getenv("CELLFIT_PROPERTY_FRESH")
        .flatMap { Int(String(cString: $0)) } ?? 4

    /// Whether to print every case's seed before running it (`CELLFIT_PROPERTY_TRACE=1`),
    /// to find the case when the solver traps and takes the process down.
    static let trace = getenv("CELLFIT_PROPERTY_TRACE") != nil

    /// One case to run instead of all (`CELLFIT_PROPERTY_CASE=<hex seed>`),
    /// in chunk 0 of every property: to debug a failing seed.
    static let onlyCase: UInt64? = getenv("CELLFIT_PROPERTY_CASE").flatMap { pointer in
        let text = String(cString: pointer)
        return UInt64(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16)
    }

    /// Operation indices to keep (`CELLFIT_SCENARIO_KEEP=0,3,4`), with
    /// `CELLFIT_PROPERTY_CASE`: lets a script shrink a case that hangs the
    /// solver (which cannot be shrunk in-process) by running it in child processes.
    static let keptOperations: Set<Int>? = getenv("CELLFIT_SCENARIO_KEEP").map { pointer in
        Set(String(cString: pointer).split(separator: ",").compactMap { Int($0) })
    }

    /// Seconds a failure may spend shrinking (`CELLFIT_SHRINK_SECONDS`, default 60; 0 turns shrinking off).
    static let shrinkSeconds: Double = getenv("CELLFIT_SHRINK_SECONDS").flatMap { Double(String(cString: $0)) } ?? 60

    /// The seeds of one chunk of a property: fixed seeds `base + i`, then
    /// its share of `freshCasesPerProperty` seeds mixed from the fresh seed.
    ///
    /// - Parameter fresh: Whether to add fresh seeds (property 6 takes them
    ///   only when `CELLFIT_PROPERTY_FRESH` is set: its domain has known
    ///   failures, and `make test` must not fail by the draw).
    static func seeds(property: UInt64, chunk: Int, chunks: Int, fixedCount: Int, fresh: Bool = true) -> [UInt64] {
        if let onlyCase { return chunk == 0 ? [onlyCase] : [] }
        let base = 0xCE11_F170_0000_0000 &+ property << 32
        var seeds = stride(from: chunk, to: fixedCount, by: chunks).map { base &+ UInt64($0) }
        guard fresh, freshCasesPerProperty > 0 else { return seeds }
        let fresh = freshSeed ^ (property &* 0x9E37_79B9_7F4A_7C15)
        seeds += stride(from: chunk, to: freshCasesPerProperty, by: chunks).map { fresh &+ UInt64($0) }
        return seeds
    }

    /// Seconds one case may run before it counts as a hang (the solver
    /// cycling); the stuck thread is abandoned so the suite still ends.
    /// Wall-clock time, so generous: the slowest fixed seed takes 7 s alone in
    /// a debug build and several times that on a loaded 2-core machine with
    /// the other suites running beside it; a real hang never ends at all.
    static let hangSeconds = 180.0

    /// What a property says about one scenario: a failure message or nil, and what it checked.
    typealias Property = @Sendable (Scenario) -> (failure: String?, statistics: RunStatistics)

    /// Checks `property` on the scenario of every seed; records one issue for
    /// the first failing seed (shrunk) and the number of failing seeds.
    /// Returns the merged statistics.
    ///
    /// - Parameter knownFailures: Fixed seeds the solver is known to fail
    ///   (each listed in the code, with the count in the suite's README).
    ///   They still run: a failure there is recorded as a known issue
    ///   (`withKnownIssue`), which does not fail the run, and a listed seed
    ///   that passes is a failure, so the list can only shrink by being
    ///   edited. Any other failing seed fails the run.
    @discardableResult
    static func check(
        _ name: String, profile: ScenarioGenerator.Profile, seeds: [UInt64],
        knownFailures: Set<UInt64> = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        property: @escaping Property
    ) -> RunStatistics {
        var failing: [UInt64] = []
        var statistics = RunStatistics()
        for seed in seeds where knownFailures.contains(seed) && onlyCase == nil {
            let scenario = ScenarioGenerator.scenario(profile, seed: seed)
            let outcome = withWatchdog({ property(scenario) })
            let hex = "0x" + String(seed, radix: 16)
            if let outcome, outcome.failure == nil {
                Issue.record(
                    "\(name): seed \(hex) is listed as a known failure but passes now: take it off the list.",
                    sourceLocation: sourceLocation)
            } else {
                withKnownIssue("\(name) fails for seed \(hex) (a known failure, listed in KnownFailures)") {
                    Issue.record(
                        "\(outcome?.failure ?? "no answer within \(hangSeconds) s")", sourceLocation: sourceLocation)
                }
            }
            if let outcome { statistics.merge(outcome.statistics) }
        }
        for seed in seeds where !knownFailures.contains(seed) || onlyCase != nil {
            if trace { print("\(name): seed 0x\(String(seed, radix: 16))") }
            var scenario = ScenarioGenerator.scenario(profile, seed: seed)
            if let keep = keptOperations {
                scenario.operations = scenario.operations.enumerated().filter { keep.contains($0.offset) }.map(\.element)
                print("running \(scenario)")
            }
            let input = scenario
            guard let outcome = withWatchdog({ property(input) }) else {
                failing.append(seed)
                Issue.record(
                    """
                    \(name) hangs for seed 0x\(String(seed, radix: 16)): no answer within \(hangSeconds) s \
                    (the solver cycling?). Not shrunk in-process; reproduce with \
                    CELLFIT_PROPERTY_CASE=\(String(seed, radix: 16)).
                    """,
                    sourceLocation: sourceLocation)
                continue
            }
            statistics.merge(outcome.statistics)
            guard let message = outcome.failure else { continue }
            failing.append(seed)
            if failing.count > 1 { continue }
            let (shrunk, shrunkMessage, steps) = shrink(scenario, message: message) { candidate in
                withWatchdog({ property(candidate) })?.failure
            }
            Issue.record(
                """
                \(name) fails for seed 0x\(String(seed, radix: 16)): \(message)
                Shrunk in \(steps) steps to: \(shrunkMessage)
                \(shrunk)
                As a fixture for Fixtures/regressions.json (then record its answers, RegressionFixtures.swift):
                \((try? RegressionFixture(shrunk, name: "?", found: "\(name), seed 0x\(String(seed, radix: 16)), shrunk").encoded()) ?? "")
                """,
                sourceLocation: sourceLocation)
        }
        if failing.count > 1 {
            Issue.record(
                "\(name) fails for \(failing.count) of \(seeds.count) seeds: \(failing.map { "0x" + String($0, radix: 16) })",
                sourceLocation: sourceLocation)
        }
        return statistics
    }

    /// Greedy shrinking with a budget, so a failure cannot hang the suite.
    static func shrink(
        _ scenario: Scenario, message: String, failure: (Scenario) -> String?
    ) -> (Scenario, String, Int) {
        var current = scenario
        var currentMessage = message
        var steps = 0
        var evaluations = 0
        var improved = true
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(shrinkSeconds * 1000))
        while improved, evaluations < 20_000, clock.now < deadline {
            improved = false
            for candidate in ScenarioShrinker.candidates(current) {
                if clock.now >= deadline { break }
                evaluations += 1
                if let candidateMessage = failure(candidate) {
                    current = candidate
                    currentMessage = candidateMessage
                    steps += 1
                    improved = true
                    break
                }
                if evaluations >= 20_000 { break }
            }
        }
        return (current, currentMessage, steps)
    }
}

/// Holds a worker's result for the thread waiting on it.
// @unchecked Sendable: written once by the worker before it signals, read by the waiter only after.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// Runs `body` on another thread and waits up to ``PropertyDriver/hangSeconds``;
/// nil if it has not returned by then (the thread is left to spin: a synchronous
/// loop cannot be cancelled, and abandoning it lets the other cases run).
func withWatchdog<Value>(_ body: @escaping @Sendable () -> Value) -> Value? {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    // A dedicated thread rather than the cooperative pool, which a spinning case would starve.
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + PropertyDriver.hangSeconds) == .success else { return nil }
    return box.value
}
