import CellLayout
import JSONSupport

/// One constraint string of a template file, with what it takes to report an
/// error at a character inside it: the file, the string's place in the file,
/// and the constraint's text for the message.
struct ConstraintText {
    let source: SourceText
    let string: JSONString
    /// Where constraints made from this string say they were written.
    let location: SourceLocation

    var context: TemplateFileError.Context { TemplateFileError.Context(constraint: string.value) }

    /// The error `what` at the scalar `index` of the string, at its line and column in the file.
    func error(_ code: TemplateFileError.Code, at index: Int, _ what: String) -> TemplateFileError {
        source.error(code, at: string.offset(ofScalar: index), context, what)
    }
}

/// What constraint strings can name: the views and the metrics of a template.
struct ConstraintScope: Sendable {
    let views: [String: ViewRecord]
    /// In declaration order, for messages.
    let viewNames: [String]
    let metrics: [String: Double]

    /// UIKit's standard spacing, which a visual format's `-` stands for.
    static let standardSpacing = 8.0

    /// The view names the constraints can use, for "expected one of …".
    var choices: String { viewNames.map { "'\($0)'" }.joined(separator: ", ") }
}
