import ArgumentParser
import CellFitWorkload
import GLPKBackends


/// `cellfit solve`: plays workload files on a solver backend, times them and checks their expectations.
struct Solve: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Run constraint-system workload files and check their expectations.",
        discussion: """
            Each FILE is a cassowary-workload/1 JSON file (shared/workloads/FORMAT.md). Its \
            constraints and edit variables are added to a fresh solver (the build), its rounds \
            are played (suggest, then read every variable), and its "expect" values are checked \
            to within 1e-6 absolute or relative, whichever is larger. Times are the minimum over \
            --repeat runs.

            Backends: cassowary (the default) is this package's incremental solver; glpk \
            solves each round from scratch with GLPK, one linear program per priority level \
            (edit variables start at 0, as in Cassowary). When the required constraints \
            cannot all hold, cassowary names the constraint it rejected and glpk reports \
            "constraints" (GLPK cannot say which one is at fault).

            Exit status: 0 when every expectation holds (or none is stated), 1 when an expected \
            value does not match, 2 when a file cannot be read, is not a valid workload, or the \
            solver rejects it. Errors and mismatches are written to standard error; with --json, \
            a file that could not be played also gets a line {"name", "backend", "error"}.

            --compare plays every file on both backends and, after the build and after each \
            round, compares the violation sum of every priority level: GLPK's lexicographic \
            optimum against the sum at Cassowary's solution. A level agrees when the two differ \
            by at most TOLERANCE × (1 + |optimum| + magnitude / \(Int(BackendComparison.magnitudeDivisor))), \
            magnitude being the sum over the level's constraints of weight × (|constant| + \
            Σ|coefficient × value|) at Cassowary's solution. It \
            prints one row (with --json, one line) per file and round, naming the level whose \
            difference is largest relative to its allowance; expectations are not checked. Exit \
            status: 0 when the backends agree everywhere, 1 when a level differs by more than \
            allowed or they disagree about whether the required constraints can hold, 2 as above.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @Option(help: "The solver to run the workloads on (default: cassowary).")
    var backend: SolveBackend?

    @Flag(help: "Run both backends and compare the optimum of every priority level, round by round.")
    var compare = false

    @Option(help: """
        With --compare: how far apart a level's two sums may be, relative to the level's scale \
        (default: \(BackendComparison.defaultTolerance)).
        """)
    var tolerance: Double?

    @Option(name: .customLong("repeat"), help: "Build and play each workload this many times; report the fastest.")
    var repeats: Int = 1

    @Flag(help: "Print one JSON object per file (with --compare, per file and round) instead of a table.")
    var json = false

    @Flag(help: "Also print the value of every variable after the last round.")
    var values = false

    @Argument(help: "Workload files.")
    var files: [String]

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1 (got \(repeats)).") }
        guard !files.isEmpty else { throw ValidationError("Name at least one workload file.") }
        if compare {
            guard backend == nil else {
                throw ValidationError("--compare runs both backends; leave out --backend.")
            }
            guard repeats == 1 else {
                throw ValidationError("--compare does not time the backends; leave out --repeat.")
            }
            guard !values else {
                throw ValidationError("--compare compares level optima, not values; leave out --values.")
            }
        } else if tolerance != nil {
            throw ValidationError("--tolerance applies only to --compare.")
        }
        if let tolerance {
            guard tolerance.isFinite, tolerance >= 0 else {
                throw ValidationError("--tolerance must be a finite number, 0 or more (got \(tolerance)).")
            }
        }
    }

    func run() throws {
        if compare {
            try runComparison()
            return
        }
        let backend = self.backend ?? .cassowary
        let runner = WorkloadRunner(repeats: repeats)
        var reports: [WorkloadReport] = []
        var status: Int32 = 0

        for file in files {
            let report: WorkloadReport
            do {
                let workload = try Workload(contentsOfFile: file)
                report = try backend.run(workload, with: runner)
            } catch {
                let located = error.file == nil ? error.inFile(file) : error
                StandardError.emit("error: \(located)")
                if json {
                    print(Self.errorLine(file: file, backend: backend.rawValue, error: located))
                }
                status = max(status, 2)
                continue
            }
            reportMismatches(report, file: file)
            if report.expectation == .mismatch { status = max(status, 1) }
            if json {
                print(report.jsonLine(includingValues: values))
            } else {
                reports.append(report)
            }
        }

        if !json, !reports.isEmpty {
            print(HumanTable.render(reports))
            if values {
                for report in reports {
                    print("")
                    print("# \(report.name)")
                    for (name, value) in zip(report.variableNames, report.finalValues) {
                        // Negative zero prints as 0.0, as in the JSON form.
                        print("\(name) = \(value == 0 ? 0.0 : value)")
                    }
                }
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// At most this many mismatches are listed per file; the count says how many there were.
    private static let listedMismatches = 20

    private func reportMismatches(_ report: WorkloadReport, file: String) {
        for mismatch in report.mismatches.prefix(Self.listedMismatches) {
            StandardError.emit("mismatch: \(file): \(mismatch)")
        }
        if report.mismatches.count > Self.listedMismatches {
            StandardError.emit("mismatch: \(file): … and \(report.mismatches.count - Self.listedMismatches) more")
        }
    }

    /// The JSON line for a file that could not be played, named after the file.
    private static func errorLine(file: String, backend: String, error: WorkloadError) -> String {
        let stem = file.split(separator: "/").last.map(String.init) ?? file
        let name = stem.hasSuffix(".json") ? String(stem.dropLast(5)) : stem
        return error.jsonLine(name: name, backend: backend)
    }

    /// `--compare`: both backends on every file; one table row or JSON line per file and round.
    private func runComparison() throws {
        let comparison = BackendComparison(tolerance: tolerance ?? BackendComparison.defaultTolerance)
        var rows: [BackendComparison.Row] = []
        var status: Int32 = 0

        for file in files {
            let result: (rows: [BackendComparison.Row], disagreements: [String])
            do {
                let workload = try Workload(contentsOfFile: file)
                result = try comparison.compare(workload)
            } catch {
                let located = error.file == nil ? error.inFile(file) : error
                StandardError.emit("error: \(located)")
                if json {
                    print(Self.errorLine(file: file, backend: "compare", error: located))
                }
                status = max(status, 2)
                continue
            }
            for disagreement in result.disagreements.prefix(Self.listedMismatches) {
                StandardError.emit("difference: \(file): \(disagreement)")
            }
            if result.disagreements.count > Self.listedMismatches {
                StandardError.emit("difference: \(file): … and \(result.disagreements.count - Self.listedMismatches) more")
            }
            if !result.disagreements.isEmpty || result.rows.contains(where: { !$0.agree }) {
                status = max(status, 1)
            }
            if json {
                for row in result.rows { print(row.jsonLine()) }
            } else {
                rows += result.rows
            }
        }

        if !json, !rows.isEmpty {
            print(HumanTable.render(
                header: BackendComparison.Row.tableHeader, rightAligned: BackendComparison.Row.rightAlignedColumns,
                rows: rows.map(\.tableCells)))
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// The solver backends `cellfit solve` can run; each maps to a ``WorkloadSolver``.
/// Adding a backend is a case here and a conforming type.
enum SolveBackend: String, CaseIterable, ExpressibleByArgument {
    /// This package's incremental simplex (``CassowaryWorkloadSolver``).
    case cassowary
    /// GLPK through `LPCheck`, from scratch every round (``GLPKWorkloadSolver``).
    case glpk

    func run(_ workload: Workload, with runner: WorkloadRunner) throws(WorkloadError) -> WorkloadReport {
        switch self {
        case .cassowary: try runner.run(workload, on: CassowaryWorkloadSolver.self)
        case .glpk: try runner.run(workload, on: GLPKWorkloadSolver.self)
        }
    }
}

