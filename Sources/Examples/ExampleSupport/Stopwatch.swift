#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock and CPU time since it was made.
///
/// The CPU time is the whole process's (`getrusage`), so it counts every worker
/// thread. On a machine shared with other jobs the wall time depends on what the
/// scheduler grants; the CPU time much less, so reports give both.
public struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let cpuStart: CPUTime

    /// Starts timing.
    public init() {
        cpuStart = CPUTime.now
        start = clock.now
    }

    /// The time since ``init()``.
    public func read() -> Timing {
        let wall = ExampleRun.seconds(clock.now - start)
        let cpu = CPUTime.now
        return Timing(wall: wall, user: cpu.user - cpuStart.user, system: cpu.system - cpuStart.system)
    }
}

/// The process's CPU time so far, in seconds.
struct CPUTime {
    var user: Double
    var system: Double

    static var now: CPUTime {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var usage = rusage()
        #if canImport(Glibc)
        // Glibc declares the "who" argument as an enum; its raw value is the C constant.
        let status = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        let status = getrusage(RUSAGE_SELF, &usage)
        #endif
        guard status == 0 else { return CPUTime(user: 0, system: 0) }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return CPUTime(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
        #else
        return CPUTime(user: 0, system: 0)
        #endif
    }
}

/// What a ``Stopwatch`` read: seconds of wall-clock, user and system time.
public struct Timing: Sendable {
    /// Wall-clock seconds.
    public var wall: Double
    /// User CPU seconds, all threads.
    public var user: Double
    /// System CPU seconds, all threads.
    public var system: Double

    /// "12.3 ms": the wall time.
    public var wallDescription: String { ExampleRun.decimal(wall * 1e3) + " ms" }

    /// "412.3 ms wall, 2 425 rows/s (412.3 µs a row)".
    public func rateDescription(rows: Int) -> String {
        guard wall > 0, rows > 0 else { return wallDescription + " wall" }
        let rate = Int((Double(rows) / wall).rounded())
        return "\(wallDescription) wall, \(rate) rows/s (\(ExampleRun.decimal(wall / Double(rows) * 1e6)) µs a row)"
    }

    /// "820.0 ms user, 4.1 ms system: 2.0 cores busy on average".
    public var cpuDescription: String {
        let busy = wall > 0 ? (user + system) / wall : 0
        return "\(ExampleRun.decimal(user * 1e3)) ms user, \(ExampleRun.decimal(system * 1e3)) ms system: "
            + "\(ExampleRun.decimal(busy)) cores busy on average"
    }
}
