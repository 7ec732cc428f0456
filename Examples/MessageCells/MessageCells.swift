import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport

/// Lays out generated Twitter-like messages (avatar, username, text, timestamp,
/// a media icon that collapses) with the constraint engine or by hand (`--engine manual`).
@main
struct MessageCellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "MessageCells",
        abstract: "Size generated message cells (avatar, username, text, timestamp, optional media icon).")

    @OptionGroup var options: ExampleOptions

    func run() throws {
        let run = ExampleRun(name: "MessageCells", options: options)
        var engine = try options.engine.make(
            constraints: { ConstraintEngine(try MessageCell.template(), measurer: run.measurer) },
            manual: { ManualEngine(MessageCell.Manual(), measurer: run.measurer) })
        try run.layOut(MessageCell.content(count: run.rowCount), with: &engine)
    }
}
