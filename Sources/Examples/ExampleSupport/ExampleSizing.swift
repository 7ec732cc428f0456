import CellFitOutput
import ExampleCells
import ArgumentParser
import TableSizing

/// `--sizing`: how the rows are sized through TableSizing.
public enum SizingChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// One worker, on the calling thread: the reference.
    case serial
    /// One worker per processor online (or `--workers`), each with its own engine.
    case parallel
}

/// Makes one engine: called once by every sizing worker, on the worker's thread, so
/// that no fitter (with its compiled variants) is ever shared between threads.
public typealias EngineFactory<Engine: LayoutEngine> = @Sendable () throws -> Engine

extension ExampleRun {
    /// The workers `--sizing` asks for: 1 for `serial`, `--workers` or the processors
    /// online for `parallel`.
    public var sizingOptions: SizingOptions {
        options.sizing == .parallel ? SizingOptions(workerCount: options.workers ?? ProcessorCount.active) : .serial
    }

    /// "2 workers", "1 worker": for the reports.
    public var workersDescription: String {
        let count = sizingOptions.workerCount
        return "\(count) worker\(count == 1 ? "" : "s")"
    }

    /// `--rows` rows of content from `generate(count, vocabulary)` (the `--vocabulary`
    /// chosen): all of them distinct, or with `--distinct k` the first `k` repeated in
    /// order (`rows[i] = generated[i % k]`).
    ///
    /// `generate` must be deterministic, its first `k` rows the same whatever the count
    /// (as every ``ExampleCells`` generator is).
    public func content<Content>(_ generate: (Int, Vocabulary) -> [Content]) -> [Content] {
        let distinct = min(options.distinct ?? rowCount, rowCount)
        var rows: [Content] = []
        rows.reserveCapacity(rowCount)
        // Each repetition is generated afresh rather than copied: equal rows then share
        // no string storage, as a real table's rows would not, so parallel workers do not
        // contend for the reference counts of the same strings.
        while rows.count < rowCount { rows += generate(min(distinct, rowCount - rows.count), options.vocabulary.vocabulary) }
        return rows
    }

    /// The rows `--sizing` with `--cache warm` sizes before the timed pass: the distinct ones.
    public var warmRowCount: Int { min(options.distinct ?? rowCount, rowCount) }

    /// The height function of one worker over `content`: a new engine from
    /// `makeEngine`, asked for row heights at the job's width. Usable for
    /// ``RowHeights`` and, with row indices as identifiers, for ``HeightCache``.
    public static func heightWorkers<Engine: LayoutEngine>(
        _ content: [Engine.Content], makeEngine: @escaping EngineFactory<Engine>
    ) -> HeightWorkerFactory where Engine.Content: Sendable {
        { width in
            var engine = try makeEngine()
            return { row in try engine.rowHeight(content[row], width: width) }
        }
    }

    /// A ``HeightCache`` of `content`'s rows, identified by their indices, whose missing
    /// heights the `--sizing` workers size, each with an engine of its own.
    /// - Throws: nothing in practice (indices are distinct); `TableSizingError` by the signature.
    public func heightCache<Engine: LayoutEngine>(
        _ content: [Engine.Content], makeEngine: @escaping EngineFactory<Engine>
    ) throws -> HeightCache<Int> where Engine.Content: Sendable {
        try HeightCache(
            rowIDs: Array(content.indices), options: sizingOptions,
            makeWorker: Self.heightWorkers(content, makeEngine: makeEngine))
    }

    /// Sets `cache` to `width`, timed.
    /// - Returns: the time it took and the height calls it made.
    /// - Throws: ``ExampleError`` naming the row that could not be sized.
    public static func setWidth(_ width: Double, of cache: inout HeightCache<Int>) throws(ExampleError)
        -> (timing: Timing, calls: Int)
    {
        let callsBefore = cache.heightFunctionCalls
        let stopwatch = Stopwatch()
        do {
            try cache.setWidth(width)
        } catch {
            throw sizingError(error, width: width)
        }
        return (stopwatch.read(), cache.heightFunctionCalls - callsBefore)
    }

    /// An ``ExampleError`` for a sizing job that failed at `width`: the row and the
    /// engine's error when TableSizing names them.
    public static func sizingError(_ error: any Error, width: Double) -> ExampleError {
        guard let error = error as? TableSizingError else {
            return ExampleError("sizing at width \(numberText(width)): \(error)")
        }
        let row = error.row.map { "row \($0)" } ?? "sizing"
        return ExampleError("\(row) at width \(numberText(width)): \(error.underlying.map { "\($0)" } ?? "\(error)")")
    }

    /// Without `--sizing`, ``layOut(_:with:extras:)`` with one engine; with it,
    /// ``sizeUpFront(_:makeEngine:)``.
    /// - Throws: ``ExampleError`` naming the row that could not be laid out or sized;
    ///   what `makeEngine` throws.
    public func layOutOrSizeUpFront<Engine: LayoutEngine>(
        _ content: [Engine.Content], makeEngine: @escaping EngineFactory<Engine>
    ) throws where Engine.Content: Sendable {
        guard options.sizing == nil else { return try sizeUpFront(content, makeEngine: makeEngine) }
        var engine = try makeEngine()
        try layOut(content, with: &engine)
    }

    /// `--sizing` for a program with one width and nothing else to show (MessageCells,
    /// DynamicHeights): every row up front with ``RowHeights/compute(rowCount:width:options:makeWorker:)``,
    /// then a report of the time, the rows per second, the CPU time and the bytes a
    /// row held. With `--cache warm` the distinct rows are sized once first, untimed.
    /// - Throws: ``ExampleError`` naming the row that could not be sized.
    public func sizeUpFront<Engine: LayoutEngine>(
        _ content: [Engine.Content], makeEngine: @escaping EngineFactory<Engine>
    ) throws(ExampleError) where Engine.Content: Sendable {
        let makeWorker = Self.heightWorkers(content, makeEngine: makeEngine)
        for width in widths {
            let heights: RowHeights
            let timing: Timing
            do {
                if options.cache == .warm {
                    _ = try RowHeights.compute(
                        rowCount: warmRowCount, width: width, options: sizingOptions, makeWorker: makeWorker)
                }
                let stopwatch = Stopwatch()
                heights = try RowHeights.compute(
                    rowCount: content.count, width: width, options: sizingOptions, makeWorker: makeWorker)
                timing = stopwatch.read()
            } catch {
                throw Self.sizingError(error, width: width)
            }
            print("\(name): \(heights.count) rows at width \(numberText(width)) sized up front by RowHeights.compute, "
                + "\(workersDescription) (\(options.measurerDescription))")
            print("  time     " + timing.rateDescription(rows: heights.count))
            print("  cpu      " + timing.cpuDescription)
            let bytes = RowHeights.bytesPerRow * heights.count
            // The scroll model a table would keep for these rows, for the comparison.
            let scrollBytes = (try? ScrollModel(heights: heights, viewportHeight: 0))?.bytesPerRow ?? 0
            print("  held     \(RowHeights.bytesPerRow) bytes a row (RowHeights, \(bytes) bytes in all); "
                + "a ScrollModel over them \(numberText(scrollBytes)) bytes a row")
            printHeights(heights.heights)
        }
    }

    /// The "heights" and "first" lines of a report (row heights: content and separator).
    public func printHeights(_ heights: [Double]) {
        let sorted = heights.sorted()
        guard let first = sorted.first, let last = sorted.last else { return }
        print("  heights  min \(numberText(first)), median \(numberText(sorted[sorted.count / 2])), "
            + "max \(numberText(last)) (row heights: content and separator)")
        print("  first    " + heights.prefix(8).map(numberText).joined(separator: ", "))
    }
}
