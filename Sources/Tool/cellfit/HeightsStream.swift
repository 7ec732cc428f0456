import CellFitOutput
import ArgumentParser
import CellLayout
import Dispatch
import Synchronization
import JSONSupport
import Locking
import TableSizing
import TemplateFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `cellfit heights` over NDJSON rows: read a batch of lines, size it on workers that
/// keep their fitters from batch to batch, write its lines, repeat. Memory is one
/// batch (rows, their results, their output) and one read block, whatever the
/// input's length.
struct HeightsStream {
    /// Jobs (rows × columns) per batch: enough that the workers' pause between batches
    /// (while this thread reads and writes) costs little, few enough that a batch's
    /// rows and lines stay small.
    static let batchJobs = 2048
    /// Line bytes per batch, so that a batch of long rows stays bounded too.
    static let batchBytes = 8 << 20
    /// The longest line read: a row's texts above that are a runaway line, not a row.
    static let maximumLineBytes = 16 << 20

    let command: Heights
    let file: TemplateFile
    // Read once: the options' property wrappers cost microseconds a read, per row.
    let columns: HeightColumns
    let policy: RowErrorPolicy
    let workers: Int
    /// Ids are read (and checked) only where they are written: in ndjson lines.
    let readsIDs: Bool

    init(command: Heights, file: TemplateFile) {
        self.command = command
        self.file = file
        columns = command.columns
        policy = command.onError
        workers = command.workers ?? ProcessorCount.active
        readsIDs = command.format == .ndjson
    }

    /// What one line of input gave: a row to size, or why it is not one.
    enum Entry: Sendable {
        case row(RowRecord)
        /// A line that holds no row (malformed, blank, over the limit): the message,
        /// and the line's `"id"` when it is an object with a usable one.
        case refused(String, id: String?)
    }

    /// Lines as read, with their numbers, and the read error that ended the input.
    struct LineBatch: Sendable {
        var lines: [(number: Int, line: LineReader.Line)] = []
        var readError: String?
        /// The input ended with this batch (its end, or a read error).
        var isLast = false
    }

    /// One batch's output, in order: each entry's lines for standard error (warnings of
    /// constraints broken to recover it; under recover, the error of a line that holds
    /// no row) and for the output.
    struct WrittenBatch: Sendable {
        var rows: [(notes: [String], text: String)]
    }

    /// The standard output, handed to the writing thread alone while the stream runs.
    private final class OutputBox: @unchecked Sendable {
        let output: StandardOutput
        init(_ output: StandardOutput) { self.output = output }
    }

    /// The reader, handed to the reading thread alone.
    private final class ReaderBox: @unchecked Sendable {
        var reader: LineReader
        init(_ reader: LineReader) { self.reader = reader }
    }

    /// Reads, sizes and writes in three stages that overlap: a thread reads batches of
    /// lines ahead (two at most), this thread parses and sizes each batch on the workers
    /// and formats its lines there too, and a thread writes the batches behind, in
    /// order. Reading and writing, which one thread must do in order, then cost the
    /// workers nothing but the cores they take; the workers wait only where a batch
    /// ends. Memory stays bounded: two batches read ahead, one sized, two written behind.
    func run(to output: StandardOutput) throws {
        let path = command.input.data ?? "-"
        let name = path == "-" ? "<stdin>" : path
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw failure("\(path): cannot read the file: \(String(cString: strerror(errno)))", status: ExitStatus.badInput)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            if descriptor != 0 { close(descriptor) }
            throw failure("\(path): cannot read the file: \(String(cString: strerror(EISDIR)))", status: ExitStatus.badInput)
        }
        let broken = BrokenLog()
        let sizer = RowSizing.streamingSizer(
            templates: command.templates(file, columns), measurer: command.measurer, engine: command.engine,
            workers: workers, recovers: policy == .recover, widths: columns.widths, broken: broken)
        let lines = HeightLines(format: command.format, columns: columns, reportsErrors: policy == .report)
        try output.write(lines.header)
        let columns = self.columns, count = columns.count
        let rowsPerBatch = max(1, Self.batchJobs / count)

        // Reading: batches of lines, ahead of the workers. The thread owns the descriptor
        // and closes it when the input ends or the stream stops taking batches (`read`
        // closed); if the stream stops while it waits on a read (a terminal), it is left
        // to end with the process.
        let read = Handover<LineBatch>(capacity: 2)
        let readerBox = ReaderBox(LineReader(descriptor: descriptor, path: name, maximumLineBytes: Self.maximumLineBytes))
        guard let reading = StageThread({
            while true {
                let batch = Self.readLines(&readerBox.reader, rows: rowsPerBatch)
                guard read.put(batch), !batch.isLast else { break }
            }
            if descriptor != 0 { close(descriptor) }
        }) else {
            if descriptor != 0 { close(descriptor) }
            throw failure("cannot start a thread to read \(name)", status: ExitStatus.badInput)
        }
        // Writing: each batch's lines, in order, behind the workers. A write error (the
        // reader of a pipe gone) is kept and closes the hand-over, so that the next
        // batch offered is refused and the stream stops.
        let written = Handover<WrittenBatch>(capacity: 2)
        let writeError = Locked<StandardOutput.WriteError?>(nil)
        let outputBox = OutputBox(output)
        guard let writing = StageThread({
            while let batch = written.take() {
                do throws(StandardOutput.WriteError) {
                    for row in batch.rows {
                        for note in row.notes { StandardError.emit(note) }
                        try outputBox.output.write(row.text)
                    }
                } catch {
                    writeError.withLock { $0 = error }
                    written.close()
                    return
                }
            }
        }) else {
            read.close()
            reading.detach()
            throw failure("cannot start a thread to write the heights", status: ExitStatus.badInput)
        }
        // Ends the stream: every batch handed over is written first, the reading stops,
        // and a write error is reported before any other.
        func finish(_ ending: () throws -> Void) throws {
            written.close()
            writing.join()
            read.close()
            reading.detach()
            if let error = writeError.withLock({ $0 }) { throw error }
            try ending()
        }

        var first = 0
        // Lines that held no row, under recover: each is reported where it stands; the
        // command exits 2 once every good row is written.
        var refused = 0
        while true {
            // `read` is closed by this thread alone, in `finish`: nil cannot come first.
            guard let batch = read.take() else { return try finish {} }
            if batch.isLast { reading.join() }
            let (entries, stop) = parse(batch, name: name, first: first)
            let (rows, failed) = try size(entries, first: first, sizer: sizer, broken: broken, lines: lines)
            if policy == .recover {
                refused += entries.count { if case .refused = $0 { true } else { false } }
            }
            // Refused: the writer met a write error, which `finish` throws.
            guard written.put(WrittenBatch(rows: rows)) else { return try finish {} }
            if let failed { return try finish { throw failure(failed, status: ExitStatus.layoutFailed) } }
            if let stop { return try finish { throw failure(stop, status: ExitStatus.badInput) } }
            first += entries.count
            guard batch.isLast else { continue }
            return try finish {
                guard refused > 0 else { return }
                throw failure(
                    "\(refused) \(refused == 1 ? "line" : "lines") of \(name) held no row (each reported above, by line); "
                        + "every other row was written", status: ExitStatus.badInput)
            }
        }
    }

    /// Sizes a batch's rows on the workers and formats their lines there too. Returns
    /// the lines of the rows to write (under recover, a line that holds no row has its
    /// error for standard error and no output), and under throw and recover the message
    /// of the first row that failed in any column: no line of it, nor of any row after
    /// it, is written.
    private func size(
        _ entries: [Entry], first: Int, sizer: StreamingSizer<StreamRow>, broken: BrokenLog, lines: HeightLines
    ) throws -> (rows: [(notes: [String], text: String)], failed: String?) {
        let columns = self.columns, count = columns.count
        let rows = entries.enumerated().compactMap { offset, entry -> StreamRow? in
            guard case .row(let record) = entry else { return nil }
            return StreamRow(index: first + offset, content: record.content)
        }
        let results = try RowSizing.batch(sizer, rows, columns: columns)
        let brokenJobs = broken.entries.withLock { log in
            defer { log.removeAll(keepingCapacity: true) }
            return log
        }
        // Where each entry's results start (lines that hold no row have none), and
        // under throw and recover the first row that failed in any column.
        var starts: [Int] = []
        starts.reserveCapacity(entries.count)
        var taken = 0
        var failed: (offset: Int, message: String)?
        for (offset, entry) in entries.enumerated() {
            starts.append(taken)
            guard case .row = entry else { continue }
            if policy != .report, failed == nil,
                let c = (0..<count).first(where: { if case .failure = results[taken + $0] { true } else { false } }),
                case .error(let message) = RowOutcome(results[taken + c], template: file.name, width: columns.width(c)) {
                failed = (offset, "row \(first + offset): " + message)
            }
            taken += count
        }
        let kept = failed?.offset ?? entries.count
        // Lines are formatted on the workers too (numbers to text cost more than
        // writing them); the writing thread writes them in order.
        let (template, batchStart, resultStarts, policy) = (file.name, first, starts, policy)
        let texts = ParallelMap.map(Array(entries[..<kept]), workers: workers) { offset, entry -> (notes: [String], text: String) in
            let row = batchStart + offset
            switch entry {
            case .row(let record):
                var text = ""
                var warnings: [String] = []
                for column in 0..<count {
                    let outcome = RowOutcome(results[resultStarts[offset] + column], template: template, width: columns.width(column))
                    let constraints = brokenJobs[row * count + column] ?? []
                    warnings += constraints.map { RowErrorPolicy.warning(row: row, breaking: $0) }
                    text += lines.line(row: row, id: record.idJSON, column: column, outcome: outcome, broken: constraints)
                }
                return (warnings, text)
            case .refused(let message, _) where policy == .recover:
                return (["error: " + message], "")
            case .refused(let message, let id):
                return ([], (0..<count).map { lines.line(row: row, id: id, column: $0, outcome: .error(message), broken: []) }.joined())
            }
        }
        return (texts, failed?.message)
    }

    /// Reads up to `rows` lines (and ``batchBytes`` bytes, passed by the line that
    /// crosses it at most). A read error ends the input: the rows read before it are
    /// still sized and written.
    private static func readLines(_ reader: inout LineReader, rows: Int) -> LineBatch {
        var batch = LineBatch()
        batch.lines.reserveCapacity(rows)
        var bytes = 0
        while batch.lines.count < rows, bytes < batchBytes {
            let line: LineReader.Line?
            do {
                line = try reader.next()
            } catch {
                batch.readError = "\(error.path): \(error.message)"
                batch.isLast = true
                return batch
            }
            guard let line else {
                batch.isLast = true
                return batch
            }
            if case .text(let text) = line { bytes += text.count } else { bytes += maximumLineBytes }
            batch.lines.append((reader.lineCount, line))
        }
        return batch
    }

    /// Parses a batch's lines on the workers (a row's parse is a sizeable share of
    /// its work, Docs/Scale.md: done serially, it would cap the speed-up of many
    /// cores). Under `throw` the batch ends before the first line that holds no row,
    /// and `stop` is its message: the rows before it are still sized and written.
    /// Under `recover` and `report` such a line stays in the batch, to be reported
    /// where it stands. A read error is a `stop` under every policy.
    private func parse(_ batch: LineBatch, name: String, first: Int) -> (entries: [Entry], stop: String?) {
        let (file, readsIDs) = (self.file, self.readsIDs)
        let entries = ParallelMap.map(batch.lines, workers: workers) { offset, numbered -> Entry in
            let row = first + offset
            switch numbered.line {
            case .text(let text):
                do throws(TemplateFileError) {
                    return .row(try file.record(parsingLine: text, lineNumber: numbered.number, row: row, path: name, readsID: readsIDs))
                } catch {
                    return .refused(error.message, id: readsIDs ? TemplateFile.idJSON(inLine: text) : nil)
                }
            case .tooLong(let length):
                return .refused(
                    "\(name):\(numbered.number): row \(row): the line is \(length) bytes long, over the limit of "
                        + "\(Self.maximumLineBytes) bytes (\(Self.maximumLineBytes >> 20) MiB) for one row",
                    id: nil)
            }
        }
        guard policy == .throw else { return (entries, batch.readError) }
        for (offset, entry) in entries.enumerated() {
            if case .refused(let message, _) = entry { return (Array(entries[..<offset]), message) }
        }
        return (entries, batch.readError)
    }
}

/// `map` on several threads, for work that is the same whoever does it.
enum ParallelMap {
    /// Elements per task: enough to make taking one cheap, few enough to balance.
    static let chunk = 16

    /// `transform` of every element with its offset, in order, on up to `workers` threads.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], workers: Int, _ transform: @escaping @Sendable (Int, Element) -> Result
    ) -> [Result] {
        let threads = min(max(1, workers), (elements.count + chunk - 1) / chunk)
        guard threads > 1 else { return elements.enumerated().map(transform) }
        let output = Output<Result>(count: elements.count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard start < elements.count else { return }
                for offset in start..<min(elements.count, start + chunk) {
                    output.slots[offset] = transform(offset, elements[offset])
                }
            }
        }
        return output.results()
    }

    /// The results, one slot per element.
    ///
    /// `@unchecked Sendable`: each slot is written by the one thread that took its
    /// chunk from the counter, and read after `concurrentPerform` has joined.
    final class Output<Result>: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Result?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit { slots.deinitialize().deallocate() }

        func results() -> [Result] { slots.compactMap { $0 } }
    }
}
