import Dispatch
import Synchronization
import JSONSupport

extension TemplateFile {
    /// `transform` of every element of a rows file's top-level array, parsed and
    /// transformed on up to `workers` threads; `nil` when that path does not answer,
    /// and the caller reads the file serially, which gives the error (the same
    /// message, and the first error of the file, whatever a worker met first).
    ///
    /// A serial scan finds where each element starts — strings and nesting followed
    /// byte by byte, a small part of the parse's work — and each element is then parsed
    /// where it stands (its values keep their offsets in the file, so its places are
    /// the file's) and transformed. Nothing is shared but the bytes, read only.
    static func parallelElements<Element: Sendable>(
        of source: SourceText, workers: Int,
        _ transform: @escaping @Sendable (_ element: JSONValue, _ row: Int) throws(TemplateFileError) -> Element
    ) -> [Element]? {
        guard workers > 1 else { return nil }
        return source.bytes.withUnsafeBufferPointer { bytes -> [Element]? in
            guard let starts = elementStarts(bytes), starts.count >= 2 * chunk else { return nil }
            let output = UnsafeMutableBufferPointer<Element?>.allocate(capacity: starts.count)
            output.initialize(repeating: nil)
            defer { output.deinitialize().deallocate() }
            let failed = Atomic(false), next = Atomic(0)
            let threads = min(workers, (starts.count + chunk - 1) / chunk)
            let (shared, results) = (SharedBytes(bytes), SharedOutput(output))
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while !failed.load(ordering: .relaxed) {
                    let first = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard first < starts.count else { return }
                    for row in first..<min(starts.count, first + chunk) {
                        var reader = JSONReader(shared.bytes)
                        reader.index = starts[row]
                        do {
                            let value = try reader.readValue(depth: 1)
                            // The value must end where the scan said the element does.
                            let after = reader.peek()
                            let last = row == starts.count - 1
                            guard after == UInt8(ascii: last ? "]" : ",") else { throw JSONError(.syntax, at: reader.index, "") }
                            results.slots[row] = try transform(value, row)
                        } catch {
                            failed.store(true, ordering: .relaxed)
                            return
                        }
                    }
                }
            }
            guard !failed.load(ordering: .relaxed) else { return nil }
            let elements = output.compactMap { $0 }
            return elements.count == starts.count ? elements : nil
        }
    }

    /// Elements a worker takes at a time.
    private static var chunk: Int { 64 }

    /// Where each element of the top-level array in `bytes` starts; `nil` when the
    /// text is not one array of values as far as strings and brackets go (the parse
    /// then finds what is wrong).
    static func elementStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        let count = bytes.count
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipWhitespace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        skipWhitespace()
        guard index < count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipWhitespace()
        var starts: [Int] = []
        if index < count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            skipWhitespace()
            return index == count ? starts : nil
        }
        while index < count {
            starts.append(index)
            var depth = 0
            var inString = false
            scan: while index < count {
                let byte = bytes[index]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "]") else { return nil }
                        index += 1
                        skipWhitespace()
                        return index == count ? starts : nil
                    }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { break scan }
                default: break
                }
                index += 1
            }
            guard index < count else { return nil }
            index += 1  // the comma
            skipWhitespace()
        }
        return nil
    }
}

/// The file's bytes, read by every worker. `@unchecked Sendable`: read only, and
/// alive for the whole `concurrentPerform` (the caller's buffer).
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
}

/// One slot per element. `@unchecked Sendable`: each slot is written by the one worker
/// that took its chunk, and read after `concurrentPerform` has joined.
private struct SharedOutput<Element>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Element?>
    init(_ slots: UnsafeMutableBufferPointer<Element?>) { self.slots = slots }
}
