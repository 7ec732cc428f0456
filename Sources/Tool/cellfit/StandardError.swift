#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines to standard error, unbuffered, so they are not held back behind standard output.
enum StandardError {
    static func emit(_ line: String) {
        put(line + "\n")
    }

    /// Writes `text` as it is (a progress bar redraws its line with `\r`).
    static func put(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
