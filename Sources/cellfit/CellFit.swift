import ArgumentParser

/// `cellfit`: sizes table cells declared with constraints, and runs the solver on workloads.
@main
struct CellFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellfit",
        abstract: "Auto Layout style cell sizing: constraint solving, text measurement and row heights.",
        subcommands: [Solve.self, Measure.self]
    )
}
