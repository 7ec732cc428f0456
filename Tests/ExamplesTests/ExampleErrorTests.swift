import Testing

/// Bad arguments: a message naming the problem, a non-zero exit status, no rows.
@Suite("Examples: bad arguments")
struct ExampleErrorTests {
    static let cases: [(arguments: [String], message: String)] = [
        (["--scale", "4"], "--scale"),
        (["--measurer", "nope"], "--measurer"),
        (["--width", "-5"], "--width"),
        (["--width", "wide"], "--width"),
        (["--width", "nan"], "--width"),
        (["--rows", "0"], "--rows"),
        (["--cache", "hot"], "--cache"),
        (["--engine", "autolayout"], "--engine"),
        (["--bogus"], "--bogus"),
    ]

    @Test("every program rejects bad common options", arguments: Example.allCases)
    func badOptions(example: Example) throws {
        for (arguments, message) in Self.cases {
            let result = try example.run(arguments)
            #expect(result.status != 0, "\(example.rawValue) \(arguments)")
            #expect(result.stdout.isEmpty, "\(example.rawValue) \(arguments)")
            #expect(result.stderr.contains(message), "\(example.rawValue) \(arguments): \(result.stderr)")
        }
    }

    @Test("--expand must name a row")
    func badExpand() throws {
        for arguments in [["--rows", "10", "--expand", "10"], ["--expand=-1"], ["--expand", "1000"]] {
            let result = try Example.expandableMovies.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("--expand must name a row in 0..<"), "\(arguments): \(result.stderr)")
        }
    }
}
