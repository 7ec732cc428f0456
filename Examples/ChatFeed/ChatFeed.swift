import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport

/// Lays out a generated chat feed of 1000 entries in portrait (375) and then
/// landscape (667): the rotation re-sizes every row.
@main
struct ChatFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ChatFeed",
        abstract: "Size a generated chat feed (avatar, heading, text view sized to its text) at 375 and 667.",
        discussion: "Without --width every row is laid out at 375 and then again at 667, as after a rotation.")

    /// Portrait and landscape widths of a 375-point-wide phone.
    static let widths = [375.0, 667.0]

    @OptionGroup var options: ExampleOptions

    func run() throws {
        let run = ExampleRun(name: "ChatFeed", options: options, defaultWidths: Self.widths)
        var engine = try options.engine.make(
            constraints: { ConstraintEngine(try ChatCell.template(), measurer: run.measurer) },
            manual: { ManualEngine(ChatCell.Manual(), measurer: run.measurer) })
        try run.layOut(ChatCell.content(count: run.rowCount), with: &engine)
    }
}
