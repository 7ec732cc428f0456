import JSONSupport

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
        let name = defaultName ?? file.map(stem(ofPath:)) ?? "workload"
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
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            throw WorkloadError(.unreadable, file: path, message: error.message)
        }
        try self.init(parsing: bytes, file: path)
    }
}
