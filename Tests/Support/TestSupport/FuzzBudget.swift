#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_exported import CellFitSamples
import PropertyBased

/// How many cases a fuzz test runs: its fixed-seed slice in `make test`, times
/// `CELLFIT_FUZZ_SCALE` (a whole number; `make fuzz` sets it) for a long run.
/// The seeds stay fixed, so any failure replays with the same scale.
public enum FuzzBudget {
    /// The scale from the environment, 1 when unset or not a positive whole number.
    public static let scale: Int = {
        guard let raw = getenv("CELLFIT_FUZZ_SCALE"), let value = Int(String(cString: raw)), value > 0 else { return 1 }
        return value
    }()

    /// `base` cases, times ``scale``.
    public static func cases(_ base: Int) -> Int { base * scale }

    /// Cases of one fuzz run whose outcomes are not counted, printed for `make fuzz`.
    public static func report(_ suite: String, cases: Int) {
        print("fuzz: \(suite): \(cases) cases, 0 crashes")
    }

    /// Counts of one fuzz run, printed for `make fuzz`'s summary.
    public static func report(_ suite: String, cases: Int, accepted: Int) {
        print("fuzz: \(suite): \(cases) cases, \(accepted) accepted, \(cases - accepted) rejected with an error, 0 crashes")
    }
}

/// A property test's generator for a seed: swift-property-based's `Xoshiro`, its
/// 256-bit state expanded from `seed` by the package's one seeded generator, so that
/// a failing case replays from the seed in its message.
public func seededXoshiro(_ seed: UInt64) -> Xoshiro {
    var seeds = SplitMix64(seed: seed)
    return Xoshiro(seed: (seeds.next(), seeds.next(), seeds.next(), seeds.next()))
}

extension SplitMix64 {
    /// `bytes` with one to three mutations: a byte replaced by one of `interesting`,
    /// a byte removed, one inserted, or a run of up to 12 bytes repeated.
    public mutating func mutate(_ bytes: [UInt8], interesting: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &self) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &self)
            switch Int.random(in: 0..<4, using: &self) {
            case 0: bytes[at] = interesting.randomElement(using: &self) ?? 0
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(interesting.randomElement(using: &self) ?? 0, at: at)
            default:
                let end = min(bytes.count, at + Int.random(in: 1...12, using: &self))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            }
        }
        return bytes
    }
}
