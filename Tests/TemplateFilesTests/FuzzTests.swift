import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellLayout
import Testing
import TemplateFiles

/// Truncated and mutated versions of valid files: every outcome is a template
/// (or rows) or a thrown ``TemplateFileError`` whose position lies in the file,
/// never a crash.
@Suite("Fuzz: truncated and mutated files load or throw, never crash")
struct FuzzTests {

    /// Bytes that matter to the grammars, so mutations reach past the JSON reader.
    static let interesting = Array(#"{}[]":,.-+*/@|()=<>!0123456789 HVabcxe\"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        random.mutate(bytes, interesting: interesting)
    }

    /// Loads `bytes` as a template; on success fits a row, on failure checks the error's position.
    static func exercise(_ bytes: [UInt8]) -> Bool {
        do {
            let file = try TemplateFile(parsing: bytes, path: "f.json")
            // Whatever loads must also fit or throw a CellLayoutError.
            _ = try? file.template.fit(CellContent(), width: 320, measurer: FixedAdvanceMeasurer())
            return true
        } catch {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(error.message)")
            #expect(error.message.hasPrefix("f.json:\(error.line):\(error.column): "))
            return false
        }
    }

    @Test("every prefix of the message template")
    func truncated() throws {
        let bytes = try readFixture("message.json")
        var loaded = 0
        for count in 0...bytes.count where Self.exercise(Array(bytes[..<count])) { loaded += 1 }
        // Only the whole file, and the whole file less its final line break, are templates.
        #expect(loaded == 2)
    }

    @Test("3000 mutations of the message template")
    func mutated() throws {
        let bytes = try readFixture("message.json")
        var random = SplitMix64(seed: 8)
        var loaded = 0
        let cases = FuzzBudget.cases(3000)
        for _ in 0..<cases where Self.exercise(Self.mutate(bytes, &random)) { loaded += 1 }
        #expect(loaded > 0, "some mutations (inside texts, numbers) still load")
        FuzzBudget.report("template mutations", cases: cases, accepted: loaded)
    }

    @Test("mutations of a rows file")
    func mutatedRows() throws {
        let file = try TemplateFile(contentsOfFile: fixture("message.json"))
        let bytes = try readFixture("messages.json")
        var random = SplitMix64(seed: 80)
        let cases = FuzzBudget.cases(2000)
        var accepted = 0
        for _ in 0..<cases {
            let mutated = Self.mutate(bytes, &random)
            do {
                _ = try file.rows(parsing: mutated, path: "r.json")
                accepted += 1
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(error.message)")
            }
        }
        FuzzBudget.report("rows mutations", cases: cases, accepted: accepted)
    }

    @Test("deep nesting in arrays, objects and views")
    func deepNesting() throws {
        let arrays = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(!Self.exercise(arrays))
        let objects = Array(String(repeating: #"{"a":"#, count: 50_000).utf8)
        #expect(!Self.exercise(objects))
        // Boxes nested 30 deep are fine: 2 JSON levels each.
        var views = #"{"name": "leaf", "kind": "label"}"#
        for depth in 0..<30 { views = #"{"name": "box\#(depth)", "kind": "box", "subviews": [\#(views)]}"# }
        #expect(Self.exercise(Array(#"{"views": [\#(views)]}"#.utf8)))
        for depth in 30..<40 { views = #"{"name": "box\#(depth)", "kind": "box", "subviews": [\#(views)]}"# }
        #expect(!Self.exercise(Array(#"{"views": [\#(views)]}"#.utf8)))
    }
}

/// The bytes of a fixture file, read with the C library (the tests use no Foundation).
func readFixture(_ name: String) throws -> [UInt8] {
    let file = try #require(fopen(fixture(name), "rb"))
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
    return bytes
}
