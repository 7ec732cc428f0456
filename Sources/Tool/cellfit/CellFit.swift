#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CStandardStreams

/// `cellfit`: sizes table cells declared with constraints, and runs the solver on workloads.
@main
struct CellFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellfit",
        abstract: "Auto Layout style cell sizing: row heights, pictures, constraint solving and text measurement.",
        usage: """
            cellfit <subcommand> [options]
            """,
        discussion: """
            Examples:

              # The main job: size ChatFeed's 1000 rows with every engine,
              # check that they agree, and draw the first rows to demo.svg
              cellfit demo

              # One height per row of a rows file (CSV; or --format json)
              cellfit heights --template Examples/Templates/MessageCells.json \\
                --data Examples/Data/MessageCells.json --width 375
              cellfit heights --template Examples/Templates/ChatFeed.json \\
                --data Examples/Data/ChatFeed.json --width 375 --scale 3 \\
                --engine glpk --format json

              # Draw rows 0 to 5 as SVG: frames, text, collapsed views, heights
              cellfit render --template Examples/Templates/MessageCells.json \\
                --data Examples/Data/MessageCells.json --width 375 \\
                --rows 0..5 --out cells.svg

              # Solve constraint workloads, check them, compare with GLPK
              cellfit solve Examples/Workloads/cells-1000.json
              cellfit solve --compare Examples/Workloads/chain-100.json

              # Measure text with Pango
              cellfit measure --size 15 --width 120 --scale 2 "Hello, world"

            Template files: Docs/TemplateFiles.md. Each subcommand's --help \
            lists its options and exit statuses. Every subcommand takes --memory-limit \
            (MiB, 2048 by default) and --time-limit (seconds, none by default), and stops \
            with exit status 3 past either.
            """,
        subcommands: [Heights.self, Layout.self, Import.self, Check.self, Render.self, Demo.self, Solve.self, Measure.self, ExampleDataCommand.self, CorpusCommand.self]
    )

    /// Runs the command, then makes sure what it printed reached standard output: a
    /// full disk or a closed descriptor is exit 2 with the system's reason, never a
    /// silent exit 0 with the output lost.
    static func main() {
        do {
            var command = try parseAsRoot()
            (command as? any BudgetedCommand)?.budget.start()
            try command.run()
        } catch {
            exit(withError: error)
        }
        let error = cellfit_standard_output_error()
        // A reader that closed the pipe early is not an error (see StandardOutput).
        guard error != 0, error != EPIPE else { return }
        StandardError.emit("error: cannot write standard output: \(String(cString: strerror(error)))")
        Self.exit(withError: ExitCode(ExitStatus.badInput))
    }
}
