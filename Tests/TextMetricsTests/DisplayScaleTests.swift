import Testing
@testable import TextMetrics

@Suite("Display scale rounding")
struct DisplayScaleTests {
    @Test("rounds up to the pixel grid of 1x, 2x and 3x")
    func roundsUp() {
        #expect(DisplayScale.x1.roundUp(9.46875) == 10)
        #expect(DisplayScale.x2.roundUp(9.46875) == 9.5)
        #expect(DisplayScale.x3.roundUp(9.46875) == 29.0 / 3.0)
        #expect(DisplayScale.x1.roundUp(0.01) == 1)
        #expect(DisplayScale.x2.roundUp(0.01) == 0.5)
    }

    @Test("values already on the grid stay put, despite floating-point noise")
    func onGridIsStable() {
        for scale in DisplayScale.allCases {
            for pixels in 0..<300 {
                let value = Double(pixels) / scale.factor
                #expect(scale.roundUp(value) == value)
                // 0.1 + 0.2 style noise must not cost a whole device pixel.
                #expect(scale.roundUp(value + 1e-12) == value)
            }
        }
        #expect(DisplayScale.x3.roundUp(0.1 * 3 * 10 / 3) == 1)
    }

    @Test("rounding never goes down and moves less than one device pixel")
    func boundedMove() {
        for scale in DisplayScale.allCases {
            for step in 0..<500 {
                let value = Double(step) * 0.0371
                let rounded = scale.roundUp(value)
                #expect(rounded >= value - DisplayScale.gridTolerance)
                #expect(rounded - value < 1 / scale.factor)
            }
        }
    }
}
