#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of processors the sizing jobs use by default.
///
/// Read from the C library (`sysconf(_SC_NPROCESSORS_ONLN)`) rather than Foundation's
/// `ProcessInfo`, so that TableSizing depends on nothing but the standard library,
/// Dispatch and Synchronization. This counts the processors online, not a cgroup's CPU
/// quota: in a container limited to fewer cores, pass ``SizingOptions/workerCount``.
public enum ProcessorCount {
    /// Processors online, at least 1.
    public static var active: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
