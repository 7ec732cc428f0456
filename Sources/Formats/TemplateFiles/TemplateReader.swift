import CellLayout
import JSONSupport

/// Reads the top level of a template file — name, metrics, content view,
/// views, constraints — and makes the ``CellTemplate``.
struct TemplateReader {
    let template: CellTemplate<CellContent>
    let constraints: [LayoutConstraint]
    let bindings: [FieldBinding]
    let interfaceBuilderIDs: [String: String]

    static let topLevelKeys = [
        "name", "description", "direction", "metrics", "fonts", "textStyles", "contentView", "views", "constraints",
    ]

    /// `"fonts": {"System": "DejaVu Sans"}`: names views' fonts may use for a family list,
    /// so that the family standing in for a font the machine lacks is written once.
    private static func fontAliases(_ top: ObjectReader) throws(TemplateFileError) -> [String: String] {
        guard let value = top["fonts"] else { return [:] }
        guard case .object(let pairs) = value.kind else {
            throw top.wrongType("fonts", value, expected: "an object of font names and families, such as {\"System\": \"DejaVu Sans\"}")
        }
        var aliases: [String: String] = [:]
        for member in pairs {
            let (name, family) = (member.key, member.value)
            guard case .string(let literal) = family.kind else {
                throw top.wrongType("fonts", family, expected: "a family name for the font '\(name)'")
            }
            let text = literal.value
            guard !name.isEmpty, !name.contains(","), !text.allSatisfy({ $0.isWhitespace || $0 == "," }) else {
                throw top.invalid("fonts", family, "names '\(name)' for '\(text)'; expected a name without commas and a family")
            }
            aliases[name] = text
        }
        return aliases
    }

    static func read(_ source: SourceText) throws(TemplateFileError) -> TemplateReader {
        let root = try source.parseJSON()
        let top = try ObjectReader(
            root, "a template", allowed: topLevelKeys, shape: "an object with \"views\" and \"constraints\"", source: source)
        var name = stem(ofPath: source.path)
        if let (written, _, value) = try top.string("name") {
            guard !written.isEmpty else { throw top.invalid("name", value, "is empty; expected a name for messages") }
            name = written
        }
        _ = try top.string("description")
        // "nib": every text style takes the content size category, as a nib resolves them
        // when it is decoded (what `cellfit import` writes); "adjusting" (the default): only
        // the views that adjust (`adjustsFontForContentSizeCategory`).
        let resolvesAtLoad = try top.word("textStyles", ["nib": true, "adjusting": false]) ?? false
        // "rtl": the cell as an app whose language runs right to left lays it out.
        let direction = try top.word("direction", [
            "ltr": LayoutDirection.leftToRight, "rtl": .rightToLeft, "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
        ]) ?? .leftToRight
        let viewsValue = try top.required("views", expected: "an array of views")
        guard case .array(let viewValues) = viewsValue.kind else { throw top.wrongType("views", viewsValue, expected: "an array of views") }

        var views = ViewReader(source: source)
        views.fontAliases = try fontAliases(top)
        let contentView = try views.readContentView(settings: top["contentView"], views: viewValues, at: root.offset)
        let scope = ConstraintScope(views: views.records, viewNames: views.names, metrics: try metrics(top, views: views.records))

        // The offset of the first declaration on each line, to place errors the template reports by line.
        var declarations: [Int: Int] = [:]
        for record in views.records.values {
            declarations[source.position(of: record.offset).line] = min(declarations[source.position(of: record.offset).line] ?? .max, record.offset)
        }
        var constraints: [LayoutConstraint] = []
        for value in try top.array("constraints") ?? [] {
            let (string, identifier) = try constraintString(value, source: source)
            let line = source.position(of: value.offset).line
            declarations[line] = min(declarations[line] ?? .max, value.offset)
            let text = ConstraintText(source: source, string: string, location: SourceLocation(file: source.path, line: line))
            let made = try ConstraintParser.parse(text, scope: scope)
            constraints += identifier.map { id in made.map { $0.identifier(id) } } ?? made
        }

        do {
            let template = try CellTemplate<CellContent>(name: name, contentView: contentView, constraints: constraints)
                .resolvingTextStylesAtLoad(resolvesAtLoad)
            let laidOut = direction == .leftToRight ? template : template.laidOut(in: direction)
            return TemplateReader(
                template: laidOut, constraints: constraints, bindings: views.bindings,
                interfaceBuilderIDs: views.interfaceBuilderIDs)
        } catch {
            // Only what the file reader does not check itself gets here (a hugging or compression
            // priority in the template's reserved range). Place it at the view, or else at the line.
            let offset = error.views.first.flatMap { views.records[$0]?.offset }
                ?? error.location.flatMap { $0.fileID == source.path ? declarations[$0.line] : nil } ?? root.offset
            let (line, column) = source.position(of: offset)
            throw TemplateFileError(
                .template, file: source.path, line: line, column: column, context: .init(view: error.views.first),
                "the cell template rejects this: \(error.message)", layoutError: error)
        }
    }

    /// `"metrics": {"padding": 10}`: names for numbers, usable in every constraint.
    private static func metrics(_ top: ObjectReader, views: [String: ViewRecord]) throws(TemplateFileError) -> [String: Double] {
        guard let value = top["metrics"] else { return [:] }
        guard case .object(let members) = value.kind else {
            throw top.wrongType("metrics", value, expected: "an object of names and numbers")
        }
        var metrics: [String: Double] = [:]
        for member in members {
            guard isIdentifier(member.key) else {
                throw top.source.error(
                    .invalidName, at: member.keyOffset,
                    "the metric name '\(member.key)' is not an identifier; expected letters, digits and '_', not starting with a digit")
            }
            guard views[member.key] == nil else {
                throw top.source.error(
                    .invalidName, at: member.keyOffset, "the metric '\(member.key)' has the name of a view; constraints could not tell them apart")
            }
            guard case .number(let number) = member.value.kind else {
                throw top.wrongType(member.key, member.value, expected: "a number")
            }
            metrics[member.key] = number
        }
        return metrics
    }

    /// A constraint entry: `"a.top == b.top"` or `{"constraint": "…", "identifier": "…"}`.
    private static func constraintString(_ value: JSONValue, source: SourceText) throws(TemplateFileError) -> (JSONString, String?) {
        if case .string(let string) = value.kind { return (string, nil) }
        guard case .object = value.kind else {
            throw source.error(
                .wrongType, at: value.offset,
                "expected a constraint (a string, or an object with \"constraint\" and \"identifier\"), found \(value.typeName)")
        }
        let object = try ObjectReader(value, "a constraint object", allowed: ["constraint", "identifier"], source: source)
        let stringValue = try object.required("constraint", expected: "the constraint as a string")
        guard case .string(let string) = stringValue.kind else {
            throw object.wrongType("constraint", stringValue, expected: "a string")
        }
        return (string, try object.string("identifier")?.value)
    }
}
