#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// Standard output for commands whose output may be long or read by a pipe that
/// stops early: text gathered in a buffer and written in blocks with `write(2)`.
///
/// A reader that closes the pipe (`cellfit heights … | head`) ends the command
/// quietly: ``closeQuietlyOnBrokenPipe()`` turns SIGPIPE off, so the write fails with
/// EPIPE instead of killing the process, and ``WriteError/closed`` tells the command to
/// stop reading and exit 0 without a message. Any other write error is a real one.
final class StandardOutput {
    enum WriteError: Error {
        /// The reader closed the pipe.
        case closed
        /// The system's reason, for a failure that is not a closed pipe (a full disk).
        case failed(String)
    }

    private var buffer: [UInt8] = []
    private let blockBytes: Int

    init(blockBytes: Int = 1 << 16) {
        self.blockBytes = blockBytes
        buffer.reserveCapacity(blockBytes + 4096)
    }

    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
    static func closeQuietlyOnBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Adds `text`; writes a block once the buffer holds one.
    func write(_ text: String) throws(WriteError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= blockBytes { try flush() }
    }

    /// Writes everything buffered.
    func flush() throws(WriteError) {
        var offset = 0
        defer { buffer.removeFirst(offset) }
        while offset < buffer.count {
            let (written, error) = buffer.withUnsafeBytes {
                (writeToStandardOutput($0.baseAddress.map { $0 + offset }, $0.count - offset), errno)
            }
            if written > 0 {
                offset += written
                continue
            }
            // A write of nothing would loop for ever; it is a failure like any other.
            if written < 0, error == EINTR { continue }
            if written < 0, error == EPIPE { throw .closed }
            throw .failed(written < 0 ? String(cString: strerror(error)) : "nothing written")
        }
    }

    /// Runs `body`, which writes to a new output, and writes what is left at the end.
    /// - Throws: an exit code with status 2 after printing why the output cannot be
    ///   written; nothing, and no message, when the reader closed the pipe.
    static func writing(_ body: (StandardOutput) throws -> Void) throws {
        let output = StandardOutput()
        do {
            do {
                try body(output)
            } catch let writeError as WriteError {
                throw writeError
            } catch {
                // What the body wrote before its error is output too: the rows before
                // a failing one, in a stream. The error, already printed, keeps its
                // status even when the reader has gone.
                do { try output.flush() } catch .closed {}
                throw error
            }
            try output.flush()
        } catch let writeError as WriteError {
            switch writeError {
            case .closed: return
            case .failed(let reason): throw failure("cannot write standard output: \(reason)", status: ExitStatus.badInput)
            }
        }
    }
}

/// `write(2)` to descriptor 1 (a function of its own: inside ``StandardOutput`` the
/// name `write` is the method's).
private func writeToStandardOutput(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(1, bytes, count)
}
