#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with the C library (no Foundation, as elsewhere in CellFit).
/// - Throws: ``TemplateFileError/Code/unreadableFile`` naming the file and the system's reason.
func readFileBytes(_ path: String) throws(TemplateFileError) -> [UInt8] {
    func failure(_ reason: String) -> TemplateFileError {
        TemplateFileError(.unreadableFile, file: path, line: 0, column: 0, context: .none, "cannot read the file: \(reason)")
    }
    guard let file = fopen(path, "rb") else { throw failure(String(cString: strerror(errno))) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        bytes += chunk[..<count]
        if count < chunk.count {
            // A directory opens on Linux and fails here, with EISDIR.
            if ferror(file) != 0 { throw failure(String(cString: strerror(errno))) }
            return bytes
        }
    }
}

/// The file name without directory and extension: `Templates/message.json` → `message`.
func stem(ofPath path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
    return String(base[..<dot])
}
