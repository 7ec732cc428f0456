#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Workload {
    /// Reads a workload from UTF-8 JSON text.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - file: The file the text came from, named in errors; `nil` for none.
    ///   - defaultName: The name when the document has no `"name"`; defaults to the
    ///     file name without directory and extension, or `"workload"`.
    /// - Throws: ``WorkloadError`` with line, column and path: ``WorkloadError/Code/syntax`` for
    ///   text that is not JSON, ``WorkloadError/Code/schema`` for a value of the wrong type or a
    ///   missing, unknown or repeated key, ``WorkloadError/Code/unknownVariable``,
    ///   ``WorkloadError/Code/duplicateVariable``, ``WorkloadError/Code/invalidValue`` and
    ///   ``WorkloadError/Code/expectMismatch`` (see ``init(name:description:variables:constraints:edits:rounds:expect:)``).
    /// - Complexity: O(bytes): a single pass, plus hashing each name.
    public init(parsing bytes: [UInt8], file: String? = nil, defaultName: String? = nil) throws(WorkloadError) {
        let name = defaultName ?? file.map(Self.stem(ofPath:)) ?? "workload"
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(WorkloadError) -> Workload in
                try WorkloadParser.parse(buffer, defaultName: name, file: file)
            }
        }
        self = try result.get()
    }

    /// Reads a workload from JSON text.
    ///
    /// - Throws: ``WorkloadError`` as ``init(parsing:file:defaultName:)-([UInt8],_,_)`` does.
    public init(parsing text: String, file: String? = nil, defaultName: String? = nil) throws(WorkloadError) {
        try self.init(parsing: Array(text.utf8), file: file, defaultName: defaultName)
    }

    /// Reads a workload file.
    ///
    /// - Parameter path: The file; errors name it as given.
    /// - Throws: ``WorkloadError/Code/unreadable`` when the file cannot be opened or read, and
    ///   every error of ``init(parsing:file:defaultName:)-([UInt8],_,_)``, attributed to `path`.
    public init(contentsOfFile path: String) throws(WorkloadError) {
        let bytes = try Self.readFile(path)
        try self.init(parsing: bytes, file: path)
    }

    /// The file name without directory and extension: `a/b/chain-100.json` → `chain-100`.
    static func stem(ofPath path: String) -> String {
        let base = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        if let dot = base.lastIndex(of: "."), dot != base.startIndex {
            return String(base[..<dot])
        }
        return base
    }

    /// The whole file, read with POSIX calls (no Foundation, so the module stays light).
    static func readFile(_ path: String) throws(WorkloadError) -> [UInt8] {
        func failure(_ action: String) -> WorkloadError {
            let reason = String(cString: strerror(errno))
            return WorkloadError(.unreadable, file: path, message: "cannot \(action): \(reason)")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure("open") }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("read") }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw WorkloadError(.unreadable, file: path, message: "cannot read: is a directory")
        }
        // The size is a hint (it is 0 for pipes); reading continues until end of file.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65536)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                // `buffer` is never empty here: count < bytes.count.
                read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
