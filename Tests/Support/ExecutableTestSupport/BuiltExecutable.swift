import Foundation

/// An executable of this package, found in the build's products directory next
/// to the running test bundle, run as a separate process: how the tests check
/// the command-line programs (`cellfit`, the examples) as users run them.
///
/// A test-support target, not a product: nothing outside the tests uses it.
public struct BuiltExecutable: Sendable {
    /// The executable's name (`cellfit`, `MessageCells`).
    public let name: String
    /// Where it was found, or `nil` when it was not built.
    public let path: String?

    /// Looks for `name` next to the running test executable (the products
    /// directory, whatever `--scratch-path` was), then in
    /// `repositoryRoot/.build/debug`.
    public init(_ name: String, repositoryRoot: String) {
        self.name = name
        path = Self.locate(name, repositoryRoot: repositoryRoot)
    }

    private static func locate(_ name: String, repositoryRoot: String) -> String? {
        var starts: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(executable)
        }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path)
        starts.append(Bundle.main.bundlePath)
        for start in starts {
            // Linux: <products>/CellFitPackageTests.xctest; macOS: <products>/X.xctest/Contents/MacOS/X.
            var directory = URL(fileURLWithPath: start).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name).path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        let fallback = repositoryRoot + "/.build/debug/" + name
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }

    /// Runs the executable with `arguments` and waits for it to exit.
    /// - Parameter input: what standard input holds (nothing when nil: `/dev/null`).
    /// - Throws: ``ExecutableNotFound`` when it was not built; Foundation's errors
    ///   when the process cannot start or its output cannot be read.
    public func run(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        try run(arguments, inputBytes: Data((input ?? "").utf8))
    }

    /// Runs the executable with `arguments`, standard input holding `inputBytes` (which
    /// need not be UTF-8), and waits for it to exit.
    public func run(_ arguments: [String], inputBytes: Data) throws -> ProcessResult {
        guard let path else { throw ExecutableNotFound(name: name) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // Files rather than pipes: no risk of a full pipe blocking the child.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cellfit-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        guard FileManager.default.createFile(atPath: out.path, contents: nil),
              FileManager.default.createFile(atPath: err.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let inputFile = directory.appendingPathComponent("in")
        guard FileManager.default.createFile(atPath: inputFile.path, contents: inputBytes) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let inHandle = try FileHandle(forReadingFrom: inputFile)
        defer { try? inHandle.close() }
        process.standardInput = inHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
    }
}

/// What a process printed, and how it exited.
public struct ProcessResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything printed on standard output.
    public var stdout: String
    /// Everything printed on standard error.
    public var stderr: String
    /// Standard output's non-empty lines.
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// The executable was not found among the build's products.
public struct ExecutableNotFound: Error, CustomStringConvertible {
    /// Its name.
    public let name: String
    public var description: String { "the \(name) binary was not found next to the tests (build it first)" }
}
