#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CellFitOutput
import ExampleSupport

/// `--memory-limit` and `--time-limit`: every command's own bounds, so that no input,
/// however hostile or huge, makes it run or grow without end. A watchdog thread samples
/// the process's resident memory and the time since the command started; past either
/// bound the command stops with exit status 3 and a message naming the bound and the
/// option that raises it. The defaults are far beyond real use: 2 GiB, and no time limit.
struct BudgetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Stop (exit 3) when the process's memory passes this many MiB; 0 for no limit.", valueName: "MiB"))
    var memoryLimit: Int = 2048

    @Option(help: ArgumentHelp("Stop (exit 3) after this many seconds; 0 for no limit (the default).", valueName: "seconds"))
    var timeLimit: Double = 0

    func validate() throws {
        guard memoryLimit >= 0 else { throw ValidationError("--memory-limit must be 0 or a number of MiB (got \(memoryLimit)).") }
        guard timeLimit.isFinite, timeLimit >= 0 else {
            throw ValidationError("--time-limit must be 0 or a number of seconds (got \(timeLimit)).")
        }
    }

    /// Starts the watchdog; it ends with the process.
    func start() {
        guard memoryLimit > 0 || timeLimit > 0 else { return }
        let memoryBytes = memoryLimit > 0 ? memoryLimit << 20 : Int.max
        let seconds = timeLimit > 0 ? timeLimit : .infinity
        let (memoryLimit, timeLimit) = (self.memoryLimit, self.timeLimit)
        let started = Budget.now()
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Budget.Bounds(memoryBytes: memoryBytes, seconds: seconds, started: started,
            memoryText: "\(memoryLimit) MiB", timeText: "\(numberText(timeLimit)) s")).toOpaque()
        _ = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Budget.watch(Unmanaged<Budget.Bounds>.fromOpaque(raw).takeRetainedValue())
            return nil
        }, context)
        pthread_detach(thread)
    }
}

/// A command that has the budget options; `CellFitCommand.main` starts their watchdog.
protocol BudgetedCommand {
    var budget: BudgetOptions { get }
}

enum Budget {
    /// Exit status of a command stopped by its budget.
    static let exceeded: Int32 = 3

    /// What the watchdog holds to: immutable, handed to its thread.
    final class Bounds: Sendable {
        let memoryBytes: Int
        let seconds: Double
        let started: Double
        let memoryText: String
        let timeText: String

        init(memoryBytes: Int, seconds: Double, started: Double, memoryText: String, timeText: String) {
            self.memoryBytes = memoryBytes
            self.seconds = seconds
            self.started = started
            self.memoryText = memoryText
            self.timeText = timeText
        }
    }

    /// Samples every 20 ms; never returns once a bound is passed.
    static func watch(_ bounds: Bounds) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        while true {
            usleep(20_000)
            if let resident = residentPages(), resident * page > bounds.memoryBytes {
                stop("the command's memory passed its limit of \(bounds.memoryText) (--memory-limit)")
            }
            if now() - bounds.started > bounds.seconds {
                stop("the command ran past its time limit of \(bounds.timeText) (--time-limit)")
            }
        }
    }

    private static func stop(_ why: String) -> Never {
        StandardError.emit("error: \(why); stopped")
        _exit(exceeded)
    }

    /// Resident pages, from /proc/self/statm (Linux); nil where it cannot be read.
    private static func residentPages() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return Int(String(decoding: fields[1], as: UTF8.self))
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
