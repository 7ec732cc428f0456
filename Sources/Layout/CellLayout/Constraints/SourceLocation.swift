/// Where a constraint or a view was declared: `#fileID` and `#line` of the call
/// that made it, so that an error can point at the line to change.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it (`Module/File.swift`).
    public let fileID: String
    /// The line in that file.
    public let line: Int

    /// Creates a location; the defaults capture the caller's.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
    }

    /// Creates a location from a file name and a line, for declarations read from data.
    public init(file: String, line: Int) {
        self.fileID = file
        self.line = line
    }

    /// `Module/File.swift:42`.
    public var description: String { "\(fileID):\(line)" }
}
