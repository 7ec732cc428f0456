import Geometry
import Testing

@Suite("Display scale: rounding down and to nearest")
struct DisplayScaleRoundingTests {
    @Test("round, roundDown and roundUp agree on grid values and bracket the others")
    func bracket() {
        for scale in DisplayScale.allCases {
            for step in 0..<400 {
                let value = Double(step) * 0.0371 - 5
                let down = scale.roundDown(value), up = scale.roundUp(value), near = scale.round(value)
                #expect(down <= value + DisplayScale.gridTolerance && value - down < scale.pixel)
                #expect(up >= value - DisplayScale.gridTolerance && up - value < scale.pixel)
                #expect(near == down || near == up)
                #expect(abs(near - value) <= scale.pixel / 2 + 1e-12)
            }
            for pixels in -50..<50 {
                let value = Double(pixels) / scale.factor
                #expect(scale.roundDown(value - 1e-12) == value)
                #expect(scale.round(value) == value)
            }
        }
        #expect(DisplayScale.x3.pixel == 1.0 / 3.0)
    }
}
