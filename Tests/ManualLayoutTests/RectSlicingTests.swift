import Testing
import ManualLayout

@Suite("Rect arithmetic")
struct RectSlicingTests {
    let rect = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("slicing from each edge leaves the rest", arguments: RectEdge.allCases)
    func slicing(edge: RectEdge) {
        let (slice, rest) = rect.divided(atDistance: 30, from: edge)
        switch edge {
        case .left:
            #expect(slice == Rect(x: 10, y: 20, width: 30, height: 50))
            #expect(rest == Rect(x: 40, y: 20, width: 70, height: 50))
        case .right:
            #expect(slice == Rect(x: 80, y: 20, width: 30, height: 50))
            #expect(rest == Rect(x: 10, y: 20, width: 70, height: 50))
        case .top:
            #expect(slice == Rect(x: 10, y: 20, width: 100, height: 30))
            #expect(rest == Rect(x: 10, y: 50, width: 100, height: 20))
        case .bottom:
            #expect(slice == Rect(x: 10, y: 40, width: 100, height: 30))
            #expect(rest == Rect(x: 10, y: 20, width: 100, height: 20))
        }
    }

    @Test("slicing more than there is clamps instead of going negative")
    func clamping() {
        #expect(rect.remainder(after: 500, from: .left).width == 0)
        #expect(rect.slice(500, from: .top) == rect)
        #expect(rect.slice(-5, from: .right).width == 0)
    }

    @Test("alignment on both axes, centring on the pixel grid")
    func alignment() {
        let size = Size(width: 33, height: 11)
        #expect(rect.aligned(size) == Rect(x: 10, y: 20, width: 33, height: 11))
        #expect(rect.aligned(size, horizontally: .end, vertically: .end) == Rect(x: 77, y: 59, width: 33, height: 11))
        #expect(rect.aligned(size, horizontally: .center, vertically: .center) == Rect(x: 43.5, y: 39.5, width: 33, height: 11))
        let snapped = rect.aligned(size, horizontally: .center, vertically: .center, scale: .x1)
        #expect(snapped == Rect(x: 43, y: 39, width: 33, height: 11))
    }

    @Test("width and height setters keep the origin")
    func setters() {
        #expect(rect.withHeight(7) == Rect(x: 10, y: 20, width: 100, height: 7))
        #expect(rect.withWidth(7) == Rect(x: 10, y: 20, width: 7, height: 50))
    }
}
