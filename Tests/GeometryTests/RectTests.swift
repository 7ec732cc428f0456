import Geometry
import Testing

@Suite("Rect, EdgeInsets")
struct RectTests {
    @Test("edges, centres, insets, offsets")
    func arithmetic() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.maxX == 110 && r.maxY == 70 && r.midX == 60 && r.midY == 45)
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(r.relative(to: Point(x: 10, y: 20)) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(EdgeInsets(vertical: 3, horizontal: 5).horizontal == 10)
        #expect(EdgeInsets(all: 8).vertical == 16)
    }

    @Test("rounding snaps edges, so neighbours that share an edge still share it")
    func roundingSnapsEdges() {
        let left = Rect(x: 0.2, y: 0, width: 10.4, height: 1)    // right edge 10.6
        let right = Rect(x: 10.6, y: 0, width: 10.3, height: 1)  // left edge 10.6
        for scale in DisplayScale.allCases {
            // Compared in device pixels: at 3x, 1/3 + 31/3 and 32/3 differ in the last bit.
            let sharedEdge = (left.rounded(to: scale).maxX * scale.factor, right.rounded(to: scale).minX * scale.factor)
            #expect(abs(sharedEdge.0 - sharedEdge.1) < 1e-9)
            #expect(sharedEdge.1 == sharedEdge.1.rounded())
        }
        // Sizes are whole device pixels over the scale: 53/3 exactly, as roundUp gives it.
        #expect(Rect(x: 0.1, y: 0, width: 17.6, height: 0).rounded(to: .x3).width == 53.0 / 3.0)
        #expect(left.rounded(to: .x1) == Rect(x: 0, y: 0, width: 11, height: 1))
        #expect(left.rounded(to: .x2) == Rect(x: 0, y: 0, width: 10.5, height: 1))
    }

    @Test("descriptions print whole numbers without .0")
    func descriptions() {
        #expect(Rect(x: 99, y: 54, width: 248, height: 20.5).description == "(99, 54, 248, 20.5)")
        #expect(Size(width: 375, height: 131).description == "375x131")
    }
}
