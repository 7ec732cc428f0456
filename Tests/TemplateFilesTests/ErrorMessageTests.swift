import CellLayout
import TestSupport
import Testing
import TemplateFiles

/// One bad input and the error it must give: the code and the whole message.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The file: the case's text, with markers for what a Swift string cannot hold replaced.
    let bytes: [UInt8]
    let code: TemplateFileError.Code
    let message: String

    var testDescription: String { name }

    static let markers: [(String, [UInt8])] = [
        ("@DEEP", Array(repeating: UInt8(ascii: "["), count: 10_000)),
        ("@BADUTF8", [0xC3, 0x28]),
        ("@CTRL", [0x01]),
        ("@BIGNUMBER", Array(("1" + String(repeating: "0", count: 400)).utf8)),
        ("@HUGE", Array(("1" + String(repeating: "0", count: 200)).utf8)),
    ]

    init(_ name: String, _ text: String, _ code: TemplateFileError.Code, _ message: String) {
        self.name = name
        self.code = code
        self.message = message
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let (range, replacement) = Self.markers.lazy
            .compactMap({ marker in rest.firstRange(of: marker.0).map { ($0, marker.1) } }).first
        {
            bytes += Array(rest[..<range.lowerBound].utf8) + replacement
            rest = rest[range.upperBound...]
        }
        self.bytes = bytes + Array(rest.utf8)
    }
}

/// A template with `views` (JSON text of the array's elements) and no constraints, on one line.
func viewsFile(_ views: String) -> String { #"{"views": ["# + views + #"]}"# }

/// A one-line template with views a, b (labels), img (an image), box (a box holding
/// inner) and stack (a vertical stack), the metric pad = 8, and one constraint, whose
/// text starts at column 231.
func constraintFile(_ constraint: String) -> String {
    #"{"metrics": {"pad": 8}, "views": [{"name": "a", "kind": "label"}, {"name": "b", "kind": "label"}, {"name": "img", "kind": "image"}, {"name": "box", "kind": "box", "subviews": [{"name": "inner", "kind": "box"}]}], "constraints": [""#
        + constraint.replacingQuotes() + #""]}"#
}

@Suite("Error messages: every failure names the file, line and column, the culprit and what was expected")
struct ErrorMessageTests {
    func check(_ errorCase: ErrorCase) {
        guard let error = templateError({ () throws(TemplateFileError) in _ = try TemplateFile(parsing: errorCase.bytes, path: "t.json") }) else { return }
        #expect(error.code == errorCase.code)
        #expect(error.message == errorCase.message)
        #expect(error.file == "t.json")
        #expect(error.message.hasPrefix("t.json:\(error.line):\(error.column): "))
        #expect(error.description == error.message)
    }

    @Test("JSON syntax", arguments: ErrorCase.jsonCases)
    func json(_ errorCase: ErrorCase) { check(errorCase) }

    @Test("the top level: name, metrics, views, constraint entries", arguments: ErrorCase.topCases)
    func topLevel(_ errorCase: ErrorCase) { check(errorCase) }

    @Test("views", arguments: ErrorCase.viewCases)
    func views(_ errorCase: ErrorCase) { check(errorCase) }

    @Test("equations", arguments: ErrorCase.constraintCases)
    func equations(_ errorCase: ErrorCase) { check(errorCase) }

    @Test("visual formats", arguments: ErrorCase.vflCases)
    func visualFormats(_ errorCase: ErrorCase) { check(errorCase) }
}
