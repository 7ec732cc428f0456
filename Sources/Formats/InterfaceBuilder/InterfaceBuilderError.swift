/// Why an Interface Builder file, or one of its cells, could not be read or imported.
///
/// Every error names the file, the line of the XML element at fault and that element
/// (`<segmentedControl id="keJ-kn-yV4">`), so that it reads like a compiler's message:
///
/// ```
/// Main.storyboard:120: <segmentedControl id="keJ-kn-yV4">: segmentedControl is not a view kind the importer maps
/// ```
public struct InterfaceBuilderError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The kind of problem.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// The file could not be opened or read (line 0).
        case unreadableFile
        /// Not well-formed XML; the line is the parser's.
        case malformedXML
        /// Well-formed XML that is not an Interface Builder document (its root is not `<document>`).
        case notInterfaceBuilder
        /// `cell(matching:)` found no cell for the identifier, or the document has no cells.
        case noSuchCell
        /// `cell(matching:)` found several cells; the message lists them.
        case ambiguousCell
        /// An element that affects layout and that the importer does not map
        /// (a view class such as `segmentedControl`, an unknown child element, a button configuration).
        case unsupportedElement
        /// A required attribute or child is missing (an `id`, a frame, a content view).
        case missingAttribute
        /// An attribute whose value cannot be used (not a finite number, an unknown enumeration value).
        case invalidAttribute
        /// A constraint names an object that is not an imported view of the cell (or no object at all).
        case unknownReference
        /// A constraint the template grammar cannot express (a position equal to a constant,
        /// a margin of a layout guide, a multiplier without a second item).
        case unsupportedConstraint
    }

    /// The kind of problem.
    public let code: Code
    /// The path of the Interface Builder file, as given to the reader.
    public let file: String
    /// The 1-based line of the element at fault; 0 when there is none (an unreadable file).
    public let line: Int
    /// The element at fault, written as a start tag with its `id` (or `key`), e.g.
    /// `<label id="aGM-u9-cA9">`; empty when the error concerns the whole file.
    public let element: String
    /// What is wrong, in a sentence without a trailing period.
    public let message: String

    /// Creates an error; the importer's own errors are made through it.
    public init(code: Code, file: String, line: Int, element: String, message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.element = element
        self.message = message
    }

    /// `file:line: <element>: message`, or `file:line: message` without an element.
    public var description: String {
        element.isEmpty ? "\(file):\(line): \(message)" : "\(file):\(line): \(element): \(message)"
    }
}
