import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element read back from a `cellfit render` picture.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every descendant (depth-first, document order) named `name`.
    func descendants(named name: String) -> [XMLNode] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(named: name) }
    }

    func child(named name: String) -> XMLNode? { children.first { $0.name == name } }

    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    /// The whole text inside, children included.
    var allText: String { text + children.map(\.allText).joined() }

    /// Parses `text`; `nil` when it is not well-formed XML.
    static func parse(_ text: String) -> XMLNode? {
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let node = XMLNode(name: elementName, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
