import CellLayout
import JSONSupport

/// Turns one row object of a rows file into the ``CellContent`` its template's bindings ask for.
enum RowBinder {
    /// - Throws: ``TemplateFileError`` with the row index and field: `wrongType`,
    ///   `missingField`, `wrongFieldType`, `invalidValue`.
    static func bind(
        _ value: JSONValue, row: Int, bindings: [FieldBinding], source: SourceText
    ) throws(TemplateFileError) -> CellContent {
        guard case .object(let members) = value.kind else {
            throw source.error(.wrongType, at: value.offset, .init(row: row), "expected a row (an object of fields), found \(value.typeName)")
        }
        var content = CellContent()
        // Visibility from the bindings of each view, combined once all are read.
        var collapsed: [String: Bool] = [:]
        var hidden: [String: Bool] = [:]
        var order: [String] = []
        for binding in bindings {
            let context = TemplateFileError.Context(view: binding.view, row: row, field: binding.field)
            guard let field = members.first(where: { $0.key == binding.field })?.value else {
                if binding.optional { continue }
                throw source.error(
                    .missingField, at: value.offset, context,
                    "the row has no such field; the view's '\(binding.target.name)' expects \(binding.target.expected)")
            }
            func wrongType() -> TemplateFileError {
                source.error(
                    .wrongFieldType, at: field.offset, context,
                    "expected \(binding.target.expected) for the view's '\(binding.target.name)', found \(field.typeName)")
            }
            switch binding.target {
            case .text:
                guard case .string(let text) = field.kind else { throw wrongType() }
                content.setText(text.value, forViewNamed: binding.view)
            case .imageSize:
                let size = try imageSize(field, source: source, context: context, key: binding.field, wrongType: .wrongFieldType)
                content.setImageSize(size, forViewNamed: binding.view)
            case .visible, .hidden:
                guard case .bool(let flag) = field.kind else { throw wrongType() }
                let on = flag != binding.negated
                if collapsed[binding.view] == nil, hidden[binding.view] == nil { order.append(binding.view) }
                if binding.target == .visible { collapsed[binding.view] = !on } else { hidden[binding.view] = on }
            }
        }
        for view in order {
            let visibility: Visibility =
                collapsed[view] == true ? .collapsed : hidden[view] == true ? .hidden : .visible
            content.setVisibility(visibility, forViewNamed: view)
        }
        return content
    }
}
