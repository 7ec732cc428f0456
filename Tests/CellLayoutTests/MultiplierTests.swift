import CellLayout
import Testing

@Suite("Multipliers: positions measured in the common ancestor, dimensions scaled")
struct MultiplierTests {
    @Test("leading == 0.5 × container.trailing puts the child halfway across its container")
    func positionInAncestor() throws {
        let child = Box("child")
        let other = Box("other")
        let container = Box("container", subviews: [child])
        let contentView = ContentView(subviews: [container, other])
        let template = try CellTemplate(
            contentView: contentView,
            constraints: [
                container.leading.constraint(equalTo: contentView.leading, constant: 100),
                container.width.constraint(equalToConstant: 200),
                container.top.constraint(equalTo: contentView.top, constant: 10),
                container.height.constraint(equalToConstant: 40),
                child.leading.constraint(equalTo: container.trailing, multiplier: 0.5),
                child.width.constraint(equalTo: container.width, multiplier: 0.25),
                child.top.constraint(equalTo: container.top),
                child.height.constraint(equalTo: child.width, multiplier: 0.5, constant: 5),
                // Siblings' common ancestor is the content view: plain content coordinates.
                other.leading.constraint(equalTo: container.centerX, multiplier: 2),
                other.top.constraint(equalTo: container.centerY, multiplier: 0.5),
                other.width.constraint(equalToConstant: 1),
                other.height.constraint(equalToConstant: 1),
            ])
        let layout = try template.fit(CellContent(), width: 400, measurer: FixedAdvanceMeasurer())
        // In the container's coordinates its trailing edge is 200, so the child is
        // at 100 there: 200 in the content view (not 0.5 × 300 = 150).
        #expect(layout.frame(of: child) == Rect(x: 200, y: 10, width: 50, height: 30))
        #expect(layout.frame(of: other) == Rect(x: 400, y: 15, width: 1, height: 1))
    }
}
