import Testing

/// `--sizing`: the programs size their rows through TableSizing, and their reports
/// state facts that can fail — checked here with the fixed-advance measurer.
@Suite("Examples: --sizing")
struct ExampleSizingTests {
    /// Runs `example` with `--measurer fixed` and `arguments`, expects success, returns its lines.
    func report(_ example: Example, _ arguments: [String]) throws -> [String] {
        let result = try example.run(["--measurer", "fixed"] + arguments)
        try #require(result.status == 0, "\(example.rawValue) \(arguments): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        return result.lines
    }

    /// The line starting with `prefix` (after indentation).
    func line(_ lines: [String], _ prefix: String) throws -> String {
        try #require(lines.first { $0.drop { $0 == " " }.hasPrefix(prefix) }, "no line \"\(prefix)…\" in \(lines)")
    }

    @Test("ChatFeed: rotating back costs no height call, scrolling never shifts the screen", arguments: ["constraints", "manual"])
    func chatFeed(engine: String) throws {
        let lines = try report(.chatFeed, ["--sizing", "parallel", "--workers", "3", "--rows", "150", "--engine", engine])
        #expect(try line(lines, "rotation back to 375:") == "  rotation back to 375: 150 of 150 rows cached, 0 height calls")
        #expect(try line(lines, "max on-screen shift:") == "  max on-screen shift: 0")
        // Three widths each way: 375, 667, 375.
        let widthLines = lines.filter { $0.hasPrefix("    width ") }
        try #require(widthLines.count == 6, "\(lines)")
        // Up front: every row at 375 and 667, none on the way back.
        #expect(widthLines[0].contains("150 height calls, 0 cache hits"))
        #expect(widthLines[1].contains("150 height calls, 0 cache hits"))
        #expect(widthLines[2].contains("0 height calls, 150 cache hits"))
        // Scrolling: every row measured once per new width, the estimate exact at the end.
        #expect(widthLines[3].contains(" 150 height calls"))
        #expect(widthLines[4].contains(" 150 height calls"))
        #expect(widthLines[5].contains(" 0 height calls"))
        for scroll in widthLines.suffix(3) {
            #expect(scroll.contains(", final 0; on-screen shift max 0"), "\(scroll)")
        }
        // The estimates were off while scrolling (the learned mean starts at 44).
        #expect(try line(lines, "max content-height error while scrolling:") != "  max content-height error while scrolling: 0")
    }

    @Test("ExpandableMovies: the tap re-fits one row; rows below move by exactly d, rows above by 0")
    func expandableMovies() throws {
        let lines = try report(.expandableMovies, ["--sizing", "parallel", "--rows", "40", "--expand", "20"])
        // d from the row-by-row run: the content height grows by as much as the row height.
        let rows = try Example.expandableMovies.rows(["--rows", "40", "--expand", "20"])
        let tapped = try #require(rows.last)
        let d = compact(tapped.height - (try tapped.extra("old_height")))
        #expect(try line(lines, "tap row 20:").hasPrefix("tap row 20: 1 height call (HeightCache.invalidate), row height "))
        #expect(try line(lines, "tap row 20:").hasSuffix(", d = \(d)"))
        #expect(try line(lines, "rows 0...20") == "  rows 0...20 (their tops): moved 0, 21 of 21")
        #expect(try line(lines, "rows 21..<40") == "  rows 21..<40: moved by exactly d = \(d), 19 of 19")
        #expect(try line(lines, "content height").hasSuffix("on-screen shift 0"))
    }

    @Test("ExpandableMovies: without --expand the middle row of 1000 is tapped, with either engine", arguments: ["constraints", "manual"])
    func expandableMoviesDefault(engine: String) throws {
        let lines = try report(.expandableMovies, ["--sizing", "serial", "--engine", engine])
        #expect(try line(lines, "ExpandableMovies:").contains("1000 rows at width 375 in a HeightCache, 1000 height calls by 1 worker"))
        #expect(try line(lines, "tap row 500:").hasPrefix("tap row 500: 1 height call "))
        #expect(try line(lines, "rows 0...500") == "  rows 0...500 (their tops): moved 0, 501 of 501")
        #expect(try line(lines, "rows 501..<1000").hasSuffix(", 499 of 499"))
    }

    @Test("EstimatedHeights: scrolled down and back up, the estimate's error ends at 0", arguments: ["constraints", "manual"])
    func estimatedHeights(engine: String) throws {
        let lines = try report(.estimatedHeights, ["--sizing", "serial", "--engine", engine])
        #expect(try line(lines, "final error") == "  final error 0")
        let converged = try line(lines, "converged:")
        #expect(converged.contains("; 100 of 100 rows measured; "), "\(converged)")
        #expect(converged.hasSuffix("max on-screen shift 0"), "\(converged)")
        #expect(!converged.contains("error at the start 0,"), "the estimates start off: \(converged)")
        // The first step line (before anything is shown) is off; the last one is not.
        let steps = lines.filter { $0.hasPrefix("      ") && ($0.contains(" down ") || $0.contains(" up ")) }
        try #require(!steps.isEmpty)
        #expect(steps.last?.hasSuffix(" 0") == true, "\(steps)")
    }

    @Test("MessageCells: serial and parallel give the same heights; rows per second and bytes a row")
    func messageCells() throws {
        let serial = try report(.messageCells, ["--sizing", "serial", "--rows", "300"])
        let parallel = try report(.messageCells, ["--sizing", "parallel", "--workers", "4", "--rows", "300"])
        #expect(try line(serial, "MessageCells:").contains("300 rows at width 375 sized up front by RowHeights.compute, 1 worker"))
        #expect(try line(parallel, "MessageCells:").contains(", 4 workers"))
        for lines in [serial, parallel] {
            #expect(try line(lines, "time").contains(" rows/s "))
            #expect(try line(lines, "held").hasPrefix("  held     8 bytes a row (RowHeights, 2400 bytes in all)"))
        }
        #expect(try line(serial, "heights") == line(parallel, "heights"))
        #expect(try line(serial, "first") == line(parallel, "first"))
        // The sized heights are the laid-out ones plus the separator (half a point at 2x).
        let laidOut = try Example.messageCells.rows(["--rows", "8"]).map { compact($0.height + 0.5) }
        #expect(try line(serial, "first") == "  first    " + laidOut.joined(separator: ", "))
    }

    @Test("--distinct k repeats the first k rows")
    func distinct() throws {
        let rows = try Example.dynamicHeights.rows(["--rows", "10", "--distinct", "3"])
        try #require(rows.count == 10)
        for row in rows {
            #expect(row.height == rows[row.row % 3].height && row.frames == rows[row.row % 3].frames, "row \(row.row)")
        }
    }

    @Test("bad --sizing, --workers and --distinct combinations", arguments: [
        (["--sizing", "parallel", "--json"], "--sizing"),
        (["--sizing", "sideways"], "--sizing"),
        (["--workers", "2"], "--workers"),
        (["--sizing", "serial", "--workers", "2"], "--workers"),
        (["--sizing", "parallel", "--workers", "0"], "--workers"),
        (["--distinct", "0"], "--distinct"),
    ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try Example.messageCells.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
}
