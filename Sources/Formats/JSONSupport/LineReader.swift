#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor line by line, in blocks, holding at most one block and
/// one line: the reader under `cellfit heights --data -`, whose input may be longer
/// than memory.
///
/// A line ends at `\n`; a `\r` before it is dropped (files written on Windows); the
/// last line needs no `\n`, and a final `\n` does not start an empty line. A line
/// longer than ``maximumLineBytes`` (its `\r` aside) is not kept: the reader skips to its end and
/// reports its length, so that one runaway line costs no more memory than a block.
package struct LineReader {
    /// One line of input.
    package enum Line: Equatable, Sendable {
        /// The line's bytes, without its line ending.
        case text([UInt8])
        /// A line longer than the limit, skipped; its length in bytes.
        case tooLong(bytes: Int)
    }

    /// The longest line kept, in bytes.
    package let maximumLineBytes: Int
    private let keptBytes: Int
    private let descriptor: Int32
    private let path: String
    private var block: [UInt8]
    /// The unread bytes of `block` are `start..<end`.
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// Lines returned so far: the next line's number is this plus one.
    package private(set) var lineCount = 0

    /// A reader of `descriptor`, which it does not close.
    /// - Parameters:
    ///   - path: the name read errors give.
    ///   - blockBytes: bytes per `read` call.
    ///   - maximumLineBytes: the longest line kept.
    package init(descriptor: Int32, path: String, blockBytes: Int = 1 << 16, maximumLineBytes: Int) {
        self.descriptor = descriptor
        self.path = path
        self.maximumLineBytes = max(1, maximumLineBytes)
        // One byte more is kept while reading: the `\r` of a line at the limit.
        self.keptBytes = self.maximumLineBytes + 1
        self.block = [UInt8](repeating: 0, count: max(16, blockBytes))
    }

    /// The next line, or nil at the end of input.
    /// - Throws: ``FileReadError`` when `read` fails.
    package mutating func next() throws(FileReadError) -> Line? {
        var line: [UInt8] = []
        var length = 0
        // The line's last byte, kept even when the line is not: a `\r` is no part of its length.
        var last: UInt8?
        while true {
            if let newline = firstNewline() {
                length += newline - start
                if newline > start { last = block[newline - 1] }
                if length <= keptBytes { line += block[start..<newline] }
                start = newline + 1
                return finish(line, length: length, last: last)
            }
            // No line end among the unread bytes: keep them (unless the line is
            // already too long) and read more.
            length += end - start
            if end > start { last = block[end - 1] }
            if length <= keptBytes { line += block[start..<end] } else { line = [] }
            start = 0
            end = 0
            let got = atEnd ? 0 : try fill()
            if got == 0 {
                atEnd = true
                return length > 0 ? finish(line, length: length, last: last) : nil
            }
        }
    }

    private mutating func finish(_ line: [UInt8], length: Int, last: UInt8?) -> Line {
        lineCount += 1
        var line = line, length = length
        if last == 0x0D {
            length -= 1
            if !line.isEmpty { line.removeLast() }
        }
        guard length <= maximumLineBytes else { return .tooLong(bytes: length) }
        return .text(line)
    }

    private func firstNewline() -> Int? {
        guard start < end else { return nil }
        return block.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress,
                let found = memchr(base + start, 0x0A, end - start)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads the next block into `block`; the count read, 0 at the end of input.
    private mutating func fill() throws(FileReadError) -> Int {
        while true {
            let (got, error) = block.withUnsafeMutableBytes { (read(descriptor, $0.baseAddress, $0.count), errno) }
            if got >= 0 {
                end = got
                return got
            }
            if error == EINTR { continue }
            throw FileReadError(path: path, message: "cannot read: \(String(cString: strerror(error)))")
        }
    }
}
