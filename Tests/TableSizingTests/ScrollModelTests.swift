import PropertyBased
import Testing
@testable import TableSizing

@Suite struct ScrollModelTests {
    /// One step of a scrolling session.
    enum Operation: Sendable, CustomStringConvertible {
        case scroll(Double)
        case jump(Int)
        case setHeight(row: Int, Double)

        var description: String {
            switch self {
            case .scroll(let delta): "scroll(\(delta))"
            case .jump(let row): "jump(\(row))"
            case .setHeight(let row, let height): "set(\(row), \(height))"
            }
        }
    }

    /// A table (exact heights and estimates, in quarter points so that every sum is
    /// exact in `Double` too, and the test can check positions independently of the
    /// model's fixed point) and a session of operations.
    struct Session: Sendable {
        var exact: [Double]
        var estimates: [Double]
        var operations: [Operation]
    }

    static let sessionGenerator = zip(
        zip(Gen.int(in: 80...1200), Gen.int(in: 0...1600)).array(of: 1...400),
        zip(Gen.int(in: 0...9), Gen.int(in: -4000...4000), Gen.int(in: 0...1_000_000)).array(of: 1...80)
    ).map { rows, steps in
        let count = rows.count
        return Session(
            exact: rows.map { Double($0.0) / 4 },
            estimates: rows.map { $0.1 < 400 ? 44 : Double($0.1) / 4 },
            operations: steps.map { kind, delta, pick in
                switch kind {
                case 0: .jump(pick % count)
                case 1: .setHeight(row: pick % count, Double(delta.magnitude % 1600) / 4)
                case 2: .scroll(Double(delta) * 4)  // flings
                default: .scroll(Double(delta) / 4)
                }
            })
    }

    /// Positions of the visible rows on screen, from the model's own queries.
    static func screen(_ model: ScrollModel) -> [Int: Double] {
        Dictionary(uniqueKeysWithValues: model.visibleRows.map { ($0, model.screenPosition(ofRow: $0)) })
    }

    @Test func theFirstVisibleRowNeverJumps() throws {
        var correctedSomewhere = false
        for seed in propertySeeds {
            var rng = seededGenerator(seed)
            let session = Self.sessionGenerator.run(using: &rng)
            var exact = session.exact
            let estimates = session.estimates
            var model = try ScrollModel(
                rowCount: exact.count, viewportHeight: 640, estimate: .perRow { estimates[$0] })
            model.referenceContentHeight = exact.reduce(0, +)
            var measuredRows = Set<Int>()
            let context = "seed \(seed)"
            try model.layoutVisibleRows { row in
                measuredRows.insert(row)
                return exact[row]
            }
            for operation in session.operations {
                let before = Self.screen(model)
                let anchor = model.visibleRows.first
                let exactBefore = model.exactRowCount
                let step: ScrollStep
                switch operation {
                case .scroll(let delta):
                    step = try model.scroll(by: delta) { row in
                        #expect(!measuredRows.contains(row), "\(context): row \(row) measured twice")
                        measuredRows.insert(row)
                        return exact[row]
                    }
                    // Every row seen before and after moved by exactly the scrolled distance.
                    let after = Self.screen(model)
                    for (row, position) in before {
                        if let moved = after[row] {
                            #expect(moved == position - step.scrolledBy, "\(context): \(operation), row \(row)")
                        }
                    }
                    #expect(step.anchorRow == anchor, "\(context)")
                case .jump(let row):
                    step = try model.scrollToRow(row) { row in
                        measuredRows.insert(row)
                        return exact[row]
                    }
                    if model.offset(ofRow: row) <= model.maximumContentOffset {
                        #expect(model.screenPosition(ofRow: row) == 0, "\(context): \(operation)")
                    }
                case .setHeight(let row, let height):
                    exact[row] = height
                    model.referenceContentHeight = exact.reduce(0, +)
                    let anchorBefore = anchor.map(model.screenPosition(ofRow:))
                    step = try model.setHeight(height, ofRow: row)
                    measuredRows.insert(row)
                    #expect(anchor.map(model.screenPosition(ofRow:)) == anchorBefore, "\(context): \(operation)")
                    // Rows the change uncovered are measured by the next step.
                    try model.layoutVisibleRows { row in
                        measuredRows.insert(row)
                        return exact[row]
                    }
                }
                #expect(step.firstVisibleRowShift == 0, "\(context): \(operation): \(step)")
                #expect(step.rowsMeasured == model.exactRowCount - exactBefore || operation.isSetHeight)
                if step.offsetCorrection != 0 { correctedSomewhere = true }
                for row in model.visibleRows {
                    #expect(model.isExact(row: row), "\(context): row \(row) visible but estimated")
                    #expect(model.height(ofRow: row) == exact[row], "\(context): row \(row)")
                }
                #expect(model.contentOffset >= 0 && model.contentOffset <= model.maximumContentOffset)
                #expect(model.checkInvariants(), "\(context)")
            }
            // Scroll to the top and down to the end: every row is then exact, and the
            // content height is the exact total.
            let measureAll: ScrollModel.MeasureRow = { exact[$0] }
            try model.scroll(by: -model.contentHeight, measure: measureAll)
            #expect(model.contentOffset == 0 && model.screenPosition(ofRow: 0) == 0, "\(context)")
            var last = try model.scroll(by: 0, measure: measureAll)
            while model.contentOffset < model.maximumContentOffset {
                last = try model.scroll(by: 640, measure: measureAll)
                #expect(last.firstVisibleRowShift == 0)
            }
            #expect(model.exactRowCount == exact.count, "\(context)")
            #expect(model.contentHeightError == 0, "\(context)")
            #expect(last.contentHeightError == 0, "\(context)")
        }
        #expect(correctedSomewhere, "no session exercised the anchor correction")
    }

    @Test func scrollingUpIntoEstimatedRowsCorrectsTheOffset() throws {
        // 1000 rows estimated at 44, exactly 100: jump to the middle, then scroll up.
        var model = try ScrollModel(rowCount: 1000, viewportHeight: 600, estimate: .uniform(44))
        model.referenceContentHeight = 100_000
        let measure: ScrollModel.MeasureRow = { _ in 100 }
        let jump = try model.scrollToRow(500, measure: measure)
        #expect(jump.contentOffset == 500 * 44)
        #expect(jump.rowsMeasured == 6)  // one screenful of exact rows, not the 14 the estimates showed
        #expect(jump.contentHeightError == -55_664)  // 994 × 44 + 6 × 100 − 100 000
        let up = try model.scroll(by: -30, measure: measure)
        // Row 499 (44 → 100) came into view: the offset moved by +56 to keep row 500 in place,
        // then by −30.
        #expect(up.rowsMeasured == 1)
        #expect(up.offsetCorrection == 56)
        #expect(up.scrolledBy == -30)
        #expect(up.firstVisibleRowShift == 0)
        #expect(model.screenPosition(ofRow: 500) == 30)
        #expect(model.contentOffset == 500 * 44 + 56 - 30)
    }

    /// Heights on the @3x grid are not exact in binary; the shift is still exactly 0.
    @Test func thirdPixelHeightsShiftByExactlyZero() throws {
        for seed in propertySeeds.prefix(10) {
            var rng = seededGenerator(seed)
            let pixels = Gen.int(in: 100...900).array(of: 200...600).run(using: &rng)
            let steps = Gen.int(in: -2000...2000).array(of: 50...100).run(using: &rng)
            var model = try ScrollModel(rowCount: pixels.count, viewportHeight: 812, estimate: .uniform(44))
            let measure: ScrollModel.MeasureRow = { Double(pixels[$0]) / 3 }
            try model.scrollToRow(pixels.count / 2, measure: measure)
            for delta in steps {
                let step = try model.scroll(by: Double(delta) / 3, measure: measure)
                #expect(step.firstVisibleRowShift == 0, "seed \(seed): \(step)")
            }
            for row in model.visibleRows { #expect(model.height(ofRow: row) == Double(pixels[row]) / 3) }
        }
    }

    @Test func learnedEstimatesFollowTheMeanOfEachVariant() throws {
        // Even rows are one-line (60), odd rows carry media (200); the first guess is 44.
        let exact: @Sendable (Int) -> Double = { $0.isMultiple(of: 2) ? 60 : 200 }
        var model = try ScrollModel(
            rowCount: 10_000, viewportHeight: 800,
            estimate: .learned(initial: 44) { row in row % 2 })
        model.referenceContentHeight = 5000 * 60 + 5000 * 200
        let first = try model.layoutVisibleRows(measure: exact)
        #expect(first.reestimated)
        // After the first screen every unmeasured row is estimated at its variant's mean:
        // the content height is already exact.
        #expect(model.contentHeightError == 0)
        #expect(model.height(ofRow: 9999) == 200)
        #expect(model.height(ofRow: 9998) == 60)
        let next = try model.scroll(by: 2000, measure: exact)
        #expect(!next.reestimated)
        #expect(next.firstVisibleRowShift == 0)
    }

    @Test func reestimatingAboveTheViewportKeepsTheAnchor() throws {
        // Rows of variant 1 only appear late; the model first meets them below a jump.
        let exact: @Sendable (Int) -> Double = { $0 >= 500 ? 150 : 50 }
        var model = try ScrollModel(
            rowCount: 1000, viewportHeight: 600,
            estimate: .learned(initial: 44) { row in row >= 500 && row.isMultiple(of: 3) ? 1 : 0 })
        try model.scrollToRow(700, measure: exact)
        let anchor = try #require(model.visibleRows.first)
        let position = model.screenPosition(ofRow: anchor)
        let step = try model.scroll(by: -10, measure: exact)
        #expect(step.firstVisibleRowShift == 0)
        #expect(model.screenPosition(ofRow: anchor) == position + 10)
    }

    @Test func changingARowAboveTheViewportMovesNothingOnScreen() throws {
        let heights = try RowHeights(width: 375, heights: Array(repeating: 131, count: 200))
        var model = try ScrollModel(heights: heights, viewportHeight: 667)
        try model.scrollToRow(100) { _ in 131 }
        let step = try model.setHeight(131 + 85, ofRow: 40)  // an expanded description
        #expect(step.offsetCorrection == 85)
        #expect(step.firstVisibleRowShift == 0)
        #expect(model.screenPosition(ofRow: 100) == 0)
        // Below the viewport: no correction.
        let below = try model.setHeight(50, ofRow: 150)
        #expect(below.offsetCorrection == 0)
        #expect(model.screenPosition(ofRow: 100) == 0)
    }

    @Test func aFailingMeasurementLeavesTheModelConsistent() throws {
        var model = try ScrollModel(rowCount: 100, viewportHeight: 500, estimate: .uniform(44))
        let error = #expect(throws: TableSizingError.self) {
            try model.layoutVisibleRows { row in
                if row == 3 { throw RowFailure(row: 3) }
                return 80
            }
        }
        #expect(error?.row == 3)
        #expect(error?.code == .heightFunctionFailed)
        #expect(model.contentOffset == 0)
        #expect(model.isExact(row: 2) && !model.isExact(row: 3))
        #expect(model.checkInvariants())
        let invalid = #expect(throws: TableSizingError.self) { try model.layoutVisibleRows { _ in -.infinity } }
        #expect(invalid?.code == .invalidHeight)
    }

    @Test func emptyTable() throws {
        var model = try ScrollModel(rowCount: 0, viewportHeight: 500, estimate: .uniform(44))
        let step = try model.scroll(by: 100) { _ in 44 }
        #expect(step.anchorRow == nil && step.visibleRows.isEmpty && model.contentHeight == 0)
        #expect(model.row(atOffset: 0) == nil)
    }
}

extension ScrollModelTests.Operation {
    var isSetHeight: Bool {
        if case .setHeight = self { return true }
        return false
    }
}

@Suite struct ScrollModelEdgeTests {
    @Test func infiniteDeltasScrollToTheEndsAndNaNIsRejected() throws {
        var model = try ScrollModel(rowCount: 100, viewportHeight: 300, estimate: .uniform(44))
        let toEnd = try model.scroll(by: .infinity) { _ in 50 }
        #expect(model.contentOffset == model.maximumContentOffset)
        #expect(toEnd.visibleRows.upperBound == 100)
        #expect(toEnd.firstVisibleRowShift == 0)
        try model.scroll(by: -.infinity) { _ in 50 }
        #expect(model.contentOffset == 0)
        #expect(throws: TableSizingError.self) { try model.scroll(by: .nan) { _ in 50 } }
    }
}
