// MessageCellsSizing: 1,000,000 rows of the MessageCells example cell at width 375,
// through RowHeights.compute, serially and with one worker per processor, with the
// constraint engine (a CellFitter per worker) and the manual engine.
//
// Text is pre-measured: the rows repeat 4000 distinct generated messages, whose texts
// all fit in Pango's shared cache (8 MiB), and the warm-up iteration fills it. So the
// figures are the layout work of a million rows, not Pango shaping a million texts
// (about 130 µs a row uncached: over two minutes for one serial pass). `MessageCells
// --rows 1000000 --distinct 4000 --cache warm --sizing serial|parallel` reproduces them.

import Benchmark
import CellLayout
import ExampleCells
import ManualLayout
import PangoText
import TableSizing
import TextMetrics

let distinctMessages = 4000

/// The rows: the distinct messages repeated in order, each repetition generated afresh
/// (same seed, same texts) so that no two rows share string storage: the workers then
/// touch disjoint reference counts, as with a real table's distinct rows.
let messages: [Message] = (0..<rowCount / distinctMessages).flatMap { _ in
    MessageCell.content(count: distinctMessages)
}

/// Shared by every worker: Pango's cache is thread-safe, and sharing it is what makes
/// the text pre-measured after the warm-up.
let pango = PangoTextMeasurer(scale: .x2)

enum MessageEngine: String {
    case constraints, manual

    /// Makes each worker's height function: its own fitter (or manual cell), the shared measurer.
    func makeWorker() throws -> HeightWorkerFactory {
        switch self {
        case .constraints:
            _ = try MessageCell.template()  // fails here, before the run, if it cannot be built
            return { width in
                // A template per worker: the shared model's reference count, touched by
                // every fit, would otherwise bounce between the cores.
                var fitter = try MessageCell.template().makeFitter(measurer: pango)
                return { row in try fitter.fit(messages[row], width: width).rowHeight }
            }
        case .manual:
            return { width in
                let cell = MessageCell.Manual()
                return { row in try cell.height(for: messages[row], width: width, measurer: pango) }
            }
        }
    }
}
