#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
