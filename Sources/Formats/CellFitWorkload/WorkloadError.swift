import JSONSupport

/// Why a workload could not be read, checked or played, and where.
///
/// The ``description`` reads `FILE: line L, column C: PATH: MESSAGE`, for
/// example `chain.json: line 14, column 22: constraints[12].terms[0]: unknown variable "h7"`.
/// Parts that are unknown are left out: a workload built in code has no file
/// or line, an unreadable file has no path.
public struct WorkloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of fault it is. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// The file could not be opened or read.
        public static let unreadable = Code("unreadable")
        /// The text is not JSON (with the place the reader stopped).
        public static let syntax = Code("syntax")
        /// A value has the wrong JSON type, or a required key is missing, or a key is unknown or repeated.
        public static let schema = Code("schema")
        /// A variable is named (or indexed) that is not listed in `"variables"`.
        public static let unknownVariable = Code("unknownVariable")
        /// A name is listed twice in `"variables"`.
        public static let duplicateVariable = Code("duplicateVariable")
        /// A value breaks a rule of the format: a number that is not finite, an unknown op or
        /// strength, a priority out of range, a weight that is not positive, a required or
        /// duplicate edit variable, a round naming a variable that is not an edit variable.
        public static let invalidValue = Code("invalidValue")
        /// The number of `"expect"` entries does not fit the rounds.
        public static let expectMismatch = Code("expectMismatch")
        /// The solver rejected the workload while it was being played (for example, its
        /// required constraints cannot all hold).
        public static let solver = Code("solver")

        public var description: String { name }
    }

    /// What kind of fault it is.
    public var code: Code
    /// The file, as the caller named it; `nil` for text or workloads that did not come from a file.
    public var file: String?
    /// The 1-based line of the fault in the file, when known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) of the fault, when known.
    public var column: Int?
    /// The place in the document, such as `constraints[12].terms[0]`; empty for the document as a whole.
    public var path: String
    /// A sentence a person can act on.
    public var message: String

    /// Creates an error.
    public init(
        _ code: Code, file: String? = nil, line: Int? = nil, column: Int? = nil,
        path: String = "", message: String
    ) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `FILE: line L, column C: PATH: MESSAGE`, leaving out the parts that are unknown.
    public var description: String {
        var text = ""
        if let file { text += file + ": " }
        if let line {
            text += "line \(line)"
            if let column { text += ", column \(column)" }
            text += ": "
        }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }

    /// The same error, attributed to `file`.
    public func inFile(_ file: String) -> WorkloadError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// One step of a path into the document: a key of an object or an index into an array.
enum PathComponent: Sendable, Equatable {
    case key(String)
    case index(Int)

    /// Renders `constraints[12].terms[0]`; keys that are not identifiers render as `["a b"]`.
    static func render(_ components: some Sequence<PathComponent>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if isIdentifier(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[" + Rules.quoted(key) + "]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }
}

extension WorkloadError {
    /// The `--json` line for a workload that could not be played, so that a
    /// consumer still gets one line per file:
    /// `{"name": …, "backend": …, "error": …}`, with this error's description.
    public func jsonLine(name: String, backend: String) -> String {
        var out = "{\"name\": "
        JSONText.appendString(name, to: &out)
        out += ", \"backend\": "
        JSONText.appendString(backend, to: &out)
        out += ", \"error\": "
        JSONText.appendString(description, to: &out)
        return out + "}"
    }
}
