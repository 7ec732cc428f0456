import CellFitOutput
import CellLayout

/// One run of an example program: the options resolved against the example's
/// defaults, the measurer they ask for, and the pass that lays out every row,
/// times it and prints the rows (`--json`) or a summary.
public struct ExampleRun {
    /// The program's name, for the summary.
    public let name: String
    /// The options as given.
    public let options: ExampleOptions
    /// The widths to lay every row out at: `--width`, or the example's.
    public let widths: [Double]
    /// How many rows: `--rows`, or the example's.
    public let rowCount: Int
    /// The measurer the options ask for; share it between the example's engines.
    public let measurer: any TextMeasurer

    /// The rows an example lays out without `--rows`, unless it says otherwise.
    public static let defaultRowCount = 1000

    /// Resolves `options` against the example's defaults.
    /// - Parameters:
    ///   - defaultWidths: the widths without `--width` (ChatFeed lays out at two).
    ///   - defaultRows: the rows without `--rows`.
    public init(name: String, options: ExampleOptions, defaultWidths: [Double] = [375], defaultRows: Int = defaultRowCount) {
        self.name = name
        self.options = options
        widths = options.width.map { [$0] } ?? defaultWidths
        rowCount = options.rows ?? defaultRows
        measurer = options.makeMeasurer()
    }

    /// Lays out every row of `content` at every width with `engine`, and prints
    /// each row as JSON (`--json`) or, after each width, a summary: time, rows per
    /// second, heights. With `--cache warm` every row is laid out once first, untimed.
    /// - Parameters:
    ///   - extras: further numbers to report with a row (printed after its height).
    /// - Returns: the rows, width by width.
    /// - Throws: ``ExampleError`` naming the row and width that could not be laid out.
    @discardableResult
    public func layOut<Engine: LayoutEngine>(
        _ content: [Engine.Content], with engine: inout Engine,
        extras: (Engine.Content) -> [RowLayout.Extra] = { _ in [] }
    ) throws(ExampleError) -> [[RowLayout]] {
        if options.cache == .warm {
            for width in widths { _ = try pass(content, width: width, engine: &engine, extras: extras) }
        }
        var all: [[RowLayout]] = []
        for width in widths {
            let clock = ContinuousClock()
            let start = clock.now
            let rows = try pass(content, width: width, engine: &engine, extras: extras)
            let elapsed = clock.now - start
            if options.json {
                for row in rows { print(row.jsonLine) }
            } else {
                printSummary(rows, width: width, elapsed: elapsed)
            }
            all.append(rows)
        }
        return all
    }

    private func pass<Engine: LayoutEngine>(
        _ content: [Engine.Content], width: Double, engine: inout Engine,
        extras: (Engine.Content) -> [RowLayout.Extra]
    ) throws(ExampleError) -> [RowLayout] {
        var rows: [RowLayout] = []
        rows.reserveCapacity(content.count)
        for (index, item) in content.enumerated() {
            rows.append(try Self.layout(item, row: index, width: width, engine: &engine, extras: extras(item)))
        }
        return rows
    }

    /// Lays out one row with `engine`, adding `extras`.
    /// - Throws: ``ExampleError`` naming the row and the width.
    public static func layout<Engine: LayoutEngine>(
        _ content: Engine.Content, row: Int, width: Double, engine: inout Engine, extras: [RowLayout.Extra] = []
    ) throws(ExampleError) -> RowLayout {
        do {
            var layout = try engine.layout(content, row: row, width: width)
            layout.extras += extras
            return layout
        } catch {
            throw ExampleError("row \(row) at width \(numberText(width)): \(error)")
        }
    }

    private func printSummary(_ rows: [RowLayout], width: Double, elapsed: Duration) {
        let seconds = Self.seconds(elapsed)
        let heights = rows.map(\.height).sorted()
        print("\(name): \(rows.count) rows at width \(numberText(width)) (\(options.measurerDescription))")
        if seconds > 0, !rows.isEmpty {
            let perRow = seconds / Double(rows.count) * 1e6
            print("  time     \(Self.decimal(seconds * 1e3)) ms, \(Int((Double(rows.count) / seconds).rounded())) rows/s (\(Self.decimal(perRow)) µs a row)")
        }
        if let first = heights.first, let last = heights.last {
            let median = heights[heights.count / 2]
            print("  heights  min \(numberText(first)), median \(numberText(median)), max \(numberText(last))")
            print("  first    " + rows.prefix(8).map { numberText($0.height) }.joined(separator: ", "))
        }
    }

    /// `elapsed` in seconds.
    public static func seconds(_ elapsed: Duration) -> Double {
        let (whole, fraction) = elapsed.components
        return Double(whole) + Double(fraction) * 1e-18
    }

    /// A non-negative `value` with one decimal (`112.3`): enough for times in a summary.
    public static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int64(tenths / 10), rest = Int64(abs(tenths).truncatingRemainder(dividingBy: 10))
        return "\(whole).\(rest)"
    }
}

/// A row an example could not lay out, with the engine's reason.
public struct ExampleError: Error, CustomStringConvertible {
    /// What went wrong, naming the row.
    public let description: String

    /// Makes an error.
    public init(_ description: String) {
        self.description = description
    }
}
