import Testing

@Suite("cellfit --direction", .serialized)
struct DirectionCLITests {
    @Test("layout --direction rtl mirrors every frame; heights --direction rtl gives the same heights")
    func direction() throws {
        let (template, data) = example("MessageCells")
        let common = ["--template", template, "--data", data, "--width", "375", "--measurer", "fixed"]
        let ltr = try CellFit.run(["layout"] + common)
        let rtl = try CellFit.run(["layout"] + common + ["--direction", "rtl"])
        #expect(ltr.status == 0 && rtl.status == 0)
        #expect(ltr.lines.count == rtl.lines.count)
        #expect(ltr.stdout != rtl.stdout)
        // "  name: [x, y, width, height]": the right-to-left x is 375 - x - width.
        for (a, b) in zip(ltr.lines, rtl.lines) where a.hasPrefix("  ") {
            let numbers = { (line: String) -> [Double] in
                line.split(separator: "[").last?.dropLast().split(separator: ",").compactMap {
                    Double($0.trimmingCharacters(in: .whitespaces))
                } ?? []
            }
            let (l, r) = (numbers(a), numbers(b))
            #expect(l.count == 4 && r.count == 4)
            if l.count == 4, r.count == 4 {
                #expect(abs(r[0] - (375 - l[0] - l[2])) < 1e-6, "\(a) / \(b)")
                #expect(Array(r[1...]) == Array(l[1...]))
            }
        }
        let heights = try CellFit.run(["heights"] + common)
        let mirrored = try CellFit.run(["heights"] + common + ["--direction", "rtl"])
        #expect(mirrored.status == 0)
        #expect(mirrored.stdout == heights.stdout)
        let bad = try CellFit.run(["heights"] + common + ["--direction", "up"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("'ltr' and 'rtl'"))
    }
}
