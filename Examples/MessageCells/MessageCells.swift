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
        let makeEngine = try options.engine.factory(
            template: MessageCell.template, manual: MessageCell.Manual(), measurer: run.measurer)
        let content = run.content { MessageCell.content(count: $0, vocabulary: $1) }
        try run.layOutOrSizeUpFront(content, makeEngine: makeEngine)
    }
}
