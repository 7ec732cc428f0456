import CellLayout

/// An error in a template file or a rows file, with what a person needs to fix
/// it: the file, line and column, the view, constraint, row or field at fault,
/// and what was expected there.
///
/// The ``message`` reads like a compiler diagnostic,
/// `Templates/message.json:14:27: constraint "text.top == usrname.bottom + 4": there is no view called 'usrname' (did you mean 'username'?)`,
/// so editors and terminals can jump to the place. Match on ``code``:
/// `catch let error as TemplateFileError where error.code == .unknownView`.
public struct TemplateFileError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// The file cannot be opened or read (line and column are 0).
        public static let unreadableFile = Code("unreadableFile")
        /// The text is not JSON: an empty file, an unterminated string, a bad
        /// number, trailing text after the document, nesting too deep.
        public static let syntax = Code("syntax")
        /// A JSON value has the wrong type: a string where a number belongs.
        public static let wrongType = Code("wrongType")
        /// An object has a key that does not belong there (a typo, or a setting
        /// of another kind of view).
        public static let unknownKey = Code("unknownKey")
        /// A required key is missing.
        public static let missingKey = Code("missingKey")
        /// A value is out of range or not one of the words allowed: an unknown
        /// view kind, font weight or alignment, a negative size, a non-finite number.
        public static let invalidValue = Code("invalidValue")
        /// A view name is empty, reserved (`contentView`, `superview`) or not an identifier.
        public static let invalidName = Code("invalidName")
        /// Two views have the same name.
        public static let duplicateViewName = Code("duplicateViewName")
        /// A constraint or a stack's custom spacing names a view the template does not have.
        public static let unknownView = Code("unknownView")
        /// A constraint names an attribute views do not have (`body.tpo`).
        public static let unknownAttribute = Code("unknownAttribute")
        /// A constraint names a metric the template does not define.
        public static let unknownMetric = Code("unknownMetric")
        /// A constraint string does not follow the equation or visual-format grammar.
        public static let constraintSyntax = Code("constraintSyntax")
        /// A constraint relates attributes that cannot be related: x with y, a
        /// position with a dimension or a constant, a guide's baseline, a position
        /// with multiplier 0, `superview` of the content view.
        public static let incompatibleAnchors = Code("incompatibleAnchors")
        /// A priority is outside 1...1000.
        public static let invalidPriority = Code("invalidPriority")
        /// A row has no value for a field the template binds.
        public static let missingField = Code("missingField")
        /// A row's field has the wrong type: a number where text is bound.
        public static let wrongFieldType = Code("wrongFieldType")
        /// The declarations passed every check of the file reader but the cell
        /// template rejected them; ``TemplateFileError/layoutError`` has its error.
        public static let template = Code("template")

        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// The whole diagnostic: `file:line:column: context: what was expected`.
    public let message: String
    /// The file, as it was given.
    public let file: String
    /// The 1-based line; 0 when the file could not be read.
    public let line: Int
    /// The 1-based column, in Unicode scalars; 0 when the file could not be read.
    public let column: Int
    /// The view at fault, when there is one.
    public let view: String?
    /// The constraint at fault, as written in the file, when there is one.
    public let constraint: String?
    /// The 0-based index of the row at fault, in a rows file.
    public let row: Int?
    /// The row field at fault.
    public let field: String?
    /// For ``Code/template``: the cell template's own error.
    public let layoutError: CellLayoutError?

    init(
        _ code: Code, file: String, line: Int, column: Int, context: Context, _ what: String,
        layoutError: CellLayoutError? = nil
    ) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.view = context.view
        self.constraint = context.constraint
        self.row = context.row
        self.field = context.field
        self.layoutError = layoutError
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        self.message = "\(place): \(context.prefix)\(what)"
    }

    /// The message.
    public var description: String { message }

    /// What an error is about, beyond its position: named in the message and kept in the properties.
    struct Context: Sendable {
        var view: String?
        var constraint: String?
        var row: Int?
        var field: String?

        static let none = Context()

        /// `view 'icon': `, `constraint "a.top == b.top": `, `row 3, field 'text': `.
        var prefix: String {
            var parts: [String] = []
            if let row { parts.append("row \(row)") }
            if let field { parts.append("field '\(field)'") }
            if let view { parts.append("view '\(view)'") }
            if let constraint { parts.append("constraint \"\(constraint)\"") }
            return parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        }
    }
}
