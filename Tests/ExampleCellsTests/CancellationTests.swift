import Cancellation
import CellLayout
import CellFitSamples
import ExampleCells
import Testing

/// `CellFitter.cancellation`: a row that finds the token cancelled throws
/// `.cancelled`, and the fitter lays the next row out as if it had never been asked.
@Suite("A fitter's rows, cancelled")
struct FitterCancellationTests {
    @Test("a cancelled token stops the row with .cancelled; the same fitter then answers as a fresh one")
    func cancelledRow() throws {
        let template = try MessageCell.template()
        var fitter = template.makeFitter(measurer: FixedAdvanceMeasurer())
        var fresh = template.makeFitter(measurer: FixedAdvanceMeasurer())
        let message = Message(user: "ann", text: SampleText.words(30, seed: 3), timestamp: "now", hasMedia: true)
        _ = try fitter.fit(message, width: 375)
        let token = CancellationToken()
        fitter.cancellation = token
        token.cancel()
        do {
            _ = try fitter.fit(message, width: 320)
            Issue.record("a cancelled row was laid out")
        } catch {
            #expect(error.code == .cancelled)
        }
        fitter.cancellation = nil
        let after = try fitter.fit(message, width: 320)
        let alone = try fresh.fit(message, width: 320)
        #expect(after.rowHeight == alone.rowHeight)
        #expect(after.frame(of: MessageCell.text) == alone.frame(of: MessageCell.text))
    }
}
