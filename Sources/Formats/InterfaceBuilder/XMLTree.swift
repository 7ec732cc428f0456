import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element: its name, attributes, children (indices into the tree) and the line
/// its start tag was reported on.
struct XMLNode: Sendable {
    let name: String
    let attributes: [String: String]
    var children: [Int] = []
    let parent: Int?
    let line: Int
    /// Character data directly inside the element (`<string key="text">…</string>`).
    var text: String = ""

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The element as a start tag with the attribute that identifies it, for messages.
    var tag: String {
        if let id = attributes["id"] { return "<\(name) id=\"\(id)\">" }
        if let key = attributes["key"] { return "<\(name) key=\"\(key)\">" }
        return "<\(name)>"
    }
}

/// An XML document as a flat array of elements in document order (a parent always comes
/// before its children), so that both walking down and looking up are cheap.
struct XMLTree: Sendable {
    /// The elements; index 0 is the root.
    var nodes: [XMLNode]

    subscript(index: Int) -> XMLNode { nodes[index] }

    /// The children of `index` called `name`, in order.
    func children(of index: Int, named name: String) -> [Int] {
        nodes[index].children.filter { nodes[$0].name == name }
    }

    /// The first child of `index` called `name` whose `key` attribute is `key` (any key when nil).
    func child(of index: Int, named name: String, key: String? = nil) -> Int? {
        nodes[index].children.first { child in
            nodes[child].name == name && (key == nil || nodes[child]["key"] == key)
        }
    }

    /// The nearest proper ancestor of `index` called `name`.
    func ancestor(of index: Int, named name: String) -> Int? {
        var current = nodes[index].parent
        while let node = current {
            if nodes[node].name == name { return node }
            current = nodes[node].parent
        }
        return nil
    }

    /// Every element below `index` (not `index` itself), in document order. Because the
    /// array is in document order, the subtree is a contiguous run after `index`.
    func descendants(of index: Int) -> Range<Int> {
        var end = index + 1
        while end < nodes.count, isInside(end, index) { end += 1 }
        return (index + 1)..<end
    }

    private func isInside(_ node: Int, _ ancestor: Int) -> Bool {
        var current = nodes[node].parent
        while let parent = current {
            if parent == ancestor { return true }
            if parent < ancestor { return false }
            current = nodes[parent].parent
        }
        return false
    }
}

extension XMLTree {
    /// Elements nested deeper than this are refused: Interface Builder files stay far below,
    /// and the importer's recursive walks must not exhaust the stack on hostile input.
    static let maximumDepth = 200

    /// Parses `data` with Foundation's `XMLParser`.
    ///
    /// The bytes reach the parser as a stream, in pieces: `XMLParser(data:)` hands libxml2
    /// the whole document as one chunk, and libxml2's push parser refuses a buffer of more
    /// than 10,000,000 bytes (`XML_MAX_LOOKUP_LIMIT`, "Huge input lookup", error 1)
    /// unless `XML_PARSE_HUGE` is set, which `XMLParser` cannot set. Fed in pieces, the
    /// parser discards what it has parsed, so only one token (a tag, a text, an attribute
    /// value) is held to that limit, and documents up to ``InterfaceBuilderDocument/defaultMaximumBytes`` parse.
    static func parse(_ data: Data, file: String) throws(InterfaceBuilderError) -> XMLTree {
        // FoundationXML traps on element and attribute names that are not valid UTF-8, so
        // such input never reaches it (Interface Builder writes UTF-8 only).
        if let offset = firstInvalidUTF8(data) {
            let line = 1 + data.prefix(offset).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            throw InterfaceBuilderError(
                code: .malformedXML, file: file, line: line, element: "", message: "the file is not valid UTF-8")
        }
        let parser = XMLParser(stream: InputStream(data: Data(try InternalEntities.expand([UInt8](data), file: file))))
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let failure = builder.failure {
            throw InterfaceBuilderError(
                code: .malformedXML, file: file, line: failure.line, element: "", message: failure.message)
        }
        guard parsed, !builder.nodes.isEmpty, builder.stack.isEmpty else {
            let code = (parser.parserError as NSError?)?.code
            throw InterfaceBuilderError(
                code: .malformedXML, file: file, line: max(builder.errorLine ?? parser.lineNumber, 1), element: "",
                message: "not well-formed XML: " + (code.map(describeParserError) ?? "the parser stopped"))
        }
        return XMLTree(nodes: builder.nodes)
    }
}

/// libxml2's error numbers, which `XMLParser` passes on as its error codes (Linux's
/// `XMLParser.ErrorCode` names are one off, so the numbers are read here).
private func describeParserError(_ code: Int) -> String {
    switch code {
    // XML_ERR_INTERNAL_ERROR: what libxml2 reports when one tag, comment or attribute value
    // passes the push parser's lookup limit (the document is fed in pieces, so only that).
    case 1: "a tag, comment or attribute value longer than the XML parser's limit of 10,000,000 bytes"
    case 4: "the document is empty"
    case 5: "the document ends early, or has content after its root element"
    case 9: "a character that XML does not allow"
    case 32: "an encoding the parser does not support"
    case 39, 40, 41: "an attribute value that is not quoted or not closed"
    case 42: "an attribute given twice"
    case 73: "'>' expected"
    case 76: "an end tag that does not match its start tag"
    case 77: "an element that is not closed"
    default: "parser error \(code)"
    }
}

/// The offset of the first byte that does not belong to a well-formed UTF-8 sequence
/// (no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
func firstInvalidUTF8(_ data: Data) -> Int? {
    let bytes = [UInt8](data)
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: index += 1; continue
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return index
        }
        guard index + length <= bytes.count else { return index }
        for position in 1..<length {
            let byte = bytes[index + position]
            let range = position == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return index }
        }
        index += length
    }
    return nil
}

/// The parser's delegate: appends each element as it starts and keeps the open ones on a stack.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var nodes: [XMLNode] = []
    var stack: [Int] = []
    var failure: (line: Int, message: String)?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        if stack.count >= XMLTree.maximumDepth {
            failure = (max(parser.lineNumber, 1), "elements nested more than \(XMLTree.maximumDepth) deep")
            parser.abortParsing()
            return
        }
        let index = nodes.count
        nodes.append(XMLNode(name: elementName, attributes: attributeDict, parent: stack.last, line: parser.lineNumber))
        if let parent = stack.last { nodes[parent].children.append(index) }
        stack.append(index)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard failure == nil else { return }
        _ = stack.popLast()
    }

    /// The line where the parser first stumbled: by the time `parse()` returns, its line
    /// number may have moved on.
    var errorLine: Int?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorLine == nil { errorLine = parser.lineNumber }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, let open = stack.last else { return }
        nodes[open].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, let open = stack.last else { return }
        nodes[open].text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
