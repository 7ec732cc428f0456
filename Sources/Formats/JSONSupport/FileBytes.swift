#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read, and the system's reason.
package struct FileReadError: Error, Sendable {
    /// The file as it was given.
    package let path: String
    /// `"cannot read the file: No such file or directory"` and the like.
    package let message: String
}

/// Reads a whole file with POSIX calls (no Foundation, so the modules that read stay light).
/// A file larger than `limit` bytes is refused before it is read (a regular file, by its
/// size) or as soon as the bytes read pass it (a pipe or a device), never read whole.
/// - Throws: ``FileReadError`` naming the system's reason (a directory is one) or the limit.
package func readFileBytes(_ path: String, limit: Int = .max) throws(FileReadError) -> [UInt8] {
    func tooLarge() -> FileReadError {
        FileReadError(path: path, message: "the file is larger than the limit of \(limit) bytes")
    }
    func failure(_ reason: String = String(cString: strerror(errno))) -> FileReadError {
        FileReadError(path: path, message: "cannot read the file: \(reason)")
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure() }
    // A directory opens on Linux; reading it would fail with a less plain reason.
    if (status.st_mode & S_IFMT) == S_IFDIR { throw failure(String(cString: strerror(EISDIR))) }
    if Int(status.st_size) > limit { throw tooLarge() }
    // The size is a hint (it is 0 for pipes); reading goes on to the end of the file.
    var bytes = [UInt8](repeating: 0, count: min(max(Int(status.st_size), 0), limit) + 1)
    var count = 0
    while true {
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65536))) }
        let got = bytes.withUnsafeMutableBytes { buffer in
            // `buffer` is never empty here: count < bytes.count.
            read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
        }
        if got < 0 {
            if errno == EINTR { continue }
            throw failure()
        }
        if got == 0 { break }
        count += got
        if count > limit { throw tooLarge() }
    }
    bytes.removeSubrange(count...)
    return bytes
}

/// The file name without directory and extension: `Templates/message.json` → `message`.
package func stem(ofPath path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
    return String(base[..<dot])
}
