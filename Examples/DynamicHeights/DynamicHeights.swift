import ArgumentParser
import CellLayout
import ExampleCells
import ExampleSupport

/// Lays out one multi-line label per row at width 320: height = max(text, 44) + 20.
@main
struct DynamicHeightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "DynamicHeights",
        abstract: "Size generated one-label cells: height = max(text height, 44) + 20, width 320 by default.")

    @OptionGroup var options: ExampleOptions

    func run() throws {
        let run = ExampleRun(name: "DynamicHeights", options: options, defaultWidths: [DynamicHeightsCell.width])
        let makeEngine = try options.engine.factory(
            template: DynamicHeightsCell.template, manual: DynamicHeightsCell.Manual(), measurer: run.measurer)
        let content = run.content { DynamicHeightsCell.content(count: $0, vocabulary: $1) }
        try run.layOutOrSizeUpFront(content, makeEngine: makeEngine)
    }
}
