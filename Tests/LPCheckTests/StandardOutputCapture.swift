#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Redirects file descriptor 1 to a temporary file while `body` runs and
/// returns what was written: proof that C code (GLPK) printed nothing.
enum StandardOutputCapture {
    struct Failure: Error { let step: String }

    static func run(_ body: () throws -> Void) throws -> String {
        var template = Array("/tmp/cellfit-stdout-XXXXXX".utf8CString)
        let file = mkstemp(&template)
        guard file >= 0 else { throw Failure(step: "mkstemp") }
        defer {
            close(file)
            unlink(template)
        }
        // nil flushes every stdio stream; Swift 6 rejects reading the global `stdout`.
        fflush(nil)
        let saved = dup(1)
        guard saved >= 0 else { throw Failure(step: "dup") }
        guard dup2(file, 1) >= 0 else { throw Failure(step: "dup2") }
        var bodyError: (any Error)?
        do { try body() } catch { bodyError = error }
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        if let bodyError { throw bodyError }

        lseek(file, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(file, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes a line through C's stdio, the path GLPK's own messages take.
    /// (`puts` rather than `fputs(_, stdout)`: Swift 6 rejects reading the global `stdout`.)
    static func writeLine(_ text: String) {
        puts(text)
    }
}
