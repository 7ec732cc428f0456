import TestSupport
import PropertyBased
import Locking
import Synchronization
@testable import TableSizing

/// The same seeded `Xoshiro` as the solver's property tests (its state expanded
/// from `seed` with SplitMix64), so generated cases are the same in every run: CI
/// must not flake on cases nobody can replay; the seed is in the failure message.
func seededGenerator(_ seed: UInt64) -> Xoshiro {
    seededXoshiro(seed)
}

/// The seeds every property test runs: fixed, so CI sees the same cases every time.
let propertySeeds: [UInt64] = (0..<40).map { 0x7AB1_E517_0000_0000 &+ UInt64($0) }

/// A synthetic row height that does some real arithmetic: a few square roots and
/// divisions seeded by the row and the width, snapped up to the @2x pixel grid. Depends
/// only on its arguments, as the height-function contract requires.
func syntheticHeight(row: Int, width: Double, work: Int = 20) -> Double {
    var x = Double(row % 9973) * 0.7 + width * 0.01 + 1
    var acc = 0.0
    for i in 0..<work {
        x = (x * 1.000_1 + Double(i)).squareRoot() + 1 / (x + 1)
        acc += x
    }
    let lines = Double(Int(acc) % 7 + 1)
    let raw = 20 + lines * 17.6 + (acc - acc.rounded(.down)) * 3
    return (raw * 2).rounded(.up) / 2
}

/// Counts calls from several threads.
final class CallCounter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// An error a height function throws on purpose.
struct RowFailure: Error, Equatable {
    var row: Int
}
