import CellLayout
import JSONSupport

/// Reads the `views` of a template file (and the `contentView` settings) into
/// CellLayout views, collecting what constraints and rows need on the way:
/// every view's kind and superview, and the fields rows bind.
struct ViewReader {
    let source: SourceText
    /// Every view by name, the content view included.
    private(set) var records: [String: ViewRecord] = [:]
    /// View names in declaration order (content view first), for messages.
    private(set) var names: [String] = [ContentView.name]
    private(set) var bindings: [FieldBinding] = []
    /// The template's font aliases (`"fonts"`): a name a view's family may use, and the
    /// family list it stands for.
    var fontAliases: [String: String] = [:]

    /// The kinds a view may have, with the keys each takes besides the common ones.
    static let kinds: KeyValuePairs<String, [String]> = [
        "label": textKeys,
        "textView": textKeys + ["insets"],
        "image": ["size", "imageSize"],
        "box": ["subviews"],
        "stack": ["axis", "spacing", "alignment", "distribution", "customSpacing", "marginsRelative", "baselineRelative", "arrangedSubviews"],
        "button": ["font", "text", "staticText", "insets", "adjustsFontForContentSizeCategory"],
        "switch": [],
        "control": ["size", "alignmentInsets"],
    ]
    static let commonKeys = [
        "name", "kind", "ib", "design", "hugging", "compression", "margins", "visibility", "visible", "hidden",
        "semanticContentAttribute",
    ]
    static let textKeys = ["font", "lines", "lineBreak", "lineSpacing", "text", "staticText", "adjustsFontForContentSizeCategory"]
    static func isKindKey(_ key: String) -> Bool { kinds.contains { $0.value.contains(key) } }

    /// Names a view cannot take: they mean something else in constraints.
    static let reservedNames = [ContentView.name, "superview"]

    init(source: SourceText) {
        self.source = source
        records[ContentView.name] = ViewRecord(name: ContentView.name, kind: "contentView", superview: nil, offset: 0)
    }

    /// Interface Builder object ids (`"ib"`) by view name.
    private(set) var interfaceBuilderIDs: [String: String] = [:]

    /// Reads the content view's settings (`"contentView": {"margins": …}`) and its subviews.
    /// - Throws: ``TemplateFileError`` for the first mistake, in file order.
    mutating func readContentView(settings: JSONValue?, views: [JSONValue], at offset: Int) throws(TemplateFileError) -> ContentView {
        var attributes = ViewAttributes()
        if let settings {
            let object = try ObjectReader(
                settings, "the content view's settings", allowed: ["margins", "ib", "design", "semanticContentAttribute"],
                source: source)
            (attributes.layoutMargins, attributes.layoutMarginsAreDirectional) = try margins(object, default: attributes)
            attributes.designSize = try designSize(object)
            attributes.semanticContentAttribute = try semanticContentAttribute(object) ?? .unspecified
            try readInterfaceBuilderID(object, view: ContentView.name)
            records[ContentView.name] = ViewRecord(name: ContentView.name, kind: "contentView", superview: nil, offset: settings.offset)
        }
        var contentView = ContentView(subviews: try subviews(views, parent: ContentView.name))
        contentView.attributes = attributes
        contentView.location = location(of: settings?.offset ?? offset)
        return contentView
    }

    private mutating func subviews(_ values: [JSONValue], parent: String) throws(TemplateFileError) -> [any CellView] {
        var views: [any CellView] = []
        for value in values { views.append(try readView(value, parent: parent)) }
        return views
    }

    func location(of offset: Int) -> SourceLocation {
        SourceLocation(file: source.path, line: source.position(of: offset).line)
    }

    /// Reads one view and, for boxes and stacks, its subviews.
    private mutating func readView(_ value: JSONValue, parent: String) throws(TemplateFileError) -> any CellView {
        // The name and kind come first: every later message names the view, and the kind decides the keys.
        var loose = try ObjectReader(value, "a view", allowed: nil, source: source)
        let name = try viewName(loose)
        loose.context = TemplateFileError.Context(view: name)
        _ = try loose.required("kind", expected: "one of \(Self.kinds.map { "'\($0.key)'" }.joined(separator: ", "))")
        guard let kindKeys = try loose.word("kind", Self.kinds), let kind = try loose.string("kind")?.value else {
            throw source.error(.missingKey, at: value.offset, loose.context, "a view has no 'kind'")
        }
        if case .object(let members) = value.kind,
            let misplaced = members.first(where: { !(Self.commonKeys + kindKeys).contains($0.key) && Self.isKindKey($0.key) })
        {
            let owners = Self.kinds.filter { $0.value.contains(misplaced.key) }.map { "\($0.key) views" }
            throw source.error(
                .unknownKey, at: misplaced.keyOffset, loose.context,
                "'\(misplaced.key)' is a setting of \(owners.joined(separator: " and ")), not of \(kind) views")
        }
        let object = try ObjectReader(
            value, "a \(kind) view", allowed: Self.commonKeys + kindKeys, source: source, context: loose.context)
        records[name] = ViewRecord(name: name, kind: kind, superview: parent, offset: value.offset)
        names.append(name)

        var view: any CellView
        switch kind {
        case "label":
            view = try textSettings(Label(name), object)
        case "textView":
            var textView = try textSettings(TextView(name), object)
            textView.insets = try insets(object, "insets", default: textView.insets)
            view = textView
        case "image":
            view = try image(object, name: name)
        case "box":
            view = Box(name, subviews: try subviews(try object.array("subviews") ?? [], parent: name))
        case "button":
            view = try button(object, name: name)
        case "switch":
            view = Control.switch(name)
        case "control":
            view = try control(object, name: name)
        default:
            view = try stack(object, name: name)
        }
        view.attributes = try attributes(object, default: view.attributes, view: name)
        view.location = location(of: value.offset)
        return view
    }

    private mutating func viewName(_ object: ObjectReader) throws(TemplateFileError) -> String {
        guard let (name, _, value) = try object.string("name") else {
            throw source.error(.missingKey, at: object.object.offset, "a view has no 'name'; expected a name such as \"title\"")
        }
        guard isIdentifier(name) else {
            throw source.error(
                .invalidName, at: value.offset,
                "the view name '\(name)' is not an identifier; expected letters, digits and '_', not starting with a digit")
        }
        guard !Self.reservedNames.contains(name) else {
            throw source.error(.invalidName, at: value.offset, "'\(name)' is reserved: constraints use it for the cell's content view or a view's superview")
        }
        if let first = records[name] {
            let (line, column) = source.position(of: first.offset)
            throw source.error(
                .duplicateViewName, at: value.offset, .init(view: name),
                "two views are called '\(name)' (the other is at \(line):\(column))")
        }
        return name
    }

    /// `"font"`: a size (`15`), a text style (`"body"`), or an object of size or text
    /// style, weight, family, style and face.
    private func font(_ object: ObjectReader) throws(TemplateFileError) -> Font? {
        guard let value = object["font"] else { return nil }
        switch value.kind {
        case .number: return Font(size: try sizeOfFont(object, "font", value))
        case .string(let name): return Font.preferred(try textStyle(object, "font", name.value, value))
        default: break
        }
        let font = try ObjectReader(
            value, "'font'", allowed: ["size", "textStyle", "weight", "family", "style", "face"],
            shape: "a size, a text style, or an object such as {\"size\": 14, \"weight\": \"bold\"}", source: source,
            context: object.context)
        var result: Font
        if let (name, _, at) = try font.string("textStyle") {
            // With a size too, the size is the one at Large and scales as UIFontMetrics scales a custom font.
            result = Font.preferred(try textStyle(font, "textStyle", name, at))
            if let size = font["size"] { result.size = try sizeOfFont(font, "size", size) }
        } else {
            let size = try font.required("size", expected: "a size in pixels (or a \"textStyle\")")
            result = Font(size: try sizeOfFont(font, "size", size))
        }
        if let weight = font["weight"] {
            if case .number(let number) = weight.kind {
                guard number == number.rounded(), (1...1000).contains(number) else {
                    throw font.invalid("weight", weight, "is \(number.text); expected a whole number in 1...1000 or a name")
                }
                result.weight = Font.Weight(Int(number))
            } else {
                result.weight = try font.word("weight", [
                    "thin": Font.Weight.thin, "light": .light, "regular": .regular, "medium": .medium,
                    "semibold": .semibold, "bold": .bold, "heavy": .heavy,
                ]) ?? result.weight
            }
        }
        if let (family, _, at) = try font.string("family") {
            guard !family.allSatisfy({ $0.isWhitespace || $0 == "," }) else {
                throw font.invalid("family", at, "is empty; expected a font family such as \"DejaVu Sans\"")
            }
            // An alias of the template's "fonts" stands for its family list, name by name.
            result.family = family.split(separator: ",").map { part in
                let name = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                return fontAliases[name] ?? name
            }.joined(separator: ", ")
        }
        result.style = try font.word("style", ["normal": Font.Style.normal, "italic": .italic, "oblique": .oblique]) ?? result.style
        if let (face, _, at) = try font.string("face") {
            guard !face.isEmpty, !face.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw font.invalid("face", at, "is not a PostScript name; expected one such as \"OpenSans-Semibold\" (no spaces or commas)")
            }
            result.face = face
        }
        return result
    }

    private func textStyle(_ object: ObjectReader, _ key: String, _ name: String, _ value: JSONValue) throws(TemplateFileError) -> DynamicTypeStyle {
        guard let style = DynamicTypeStyle(rawValue: name) else {
            let names = DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", ")
            throw object.invalid(key, value, "is '\(name)', not a text style; expected a size in pixels or one of \(names)")
        }
        return style
    }

    private func sizeOfFont(_ object: ObjectReader, _ key: String, _ value: JSONValue) throws(TemplateFileError) -> Double {
        guard case .number(let size) = value.kind else { throw object.wrongType(key, value, expected: "a number") }
        guard size > 0, size <= Font.maximumSize else {
            throw object.invalid(key, value, "is \(size.text); expected a font size in pixels, more than 0 and at most \(Font.maximumSize.text)")
        }
        return size
    }

    /// Reads what labels and text views share: font, lines, line breaks, spacing, text.
    private mutating func textSettings<View: TextSettings>(_ view: View, _ object: ObjectReader) throws(TemplateFileError) -> View {
        var view = view
        view.font = try font(object) ?? view.font
        view.adjustsFontForContentSizeCategory = try object.boolean("adjustsFontForContentSizeCategory") ?? false
        view.lines = try object.integer("lines", minimum: 0) ?? view.lines
        view.lineBreakMode = try lineBreak(object) ?? view.lineBreakMode
        view.lineSpacing = try object.number("lineSpacing", in: 0...1e6) ?? view.lineSpacing
        view.text = try text(object, view: view.name) ?? view.text
        return view
    }

    private mutating func button(_ object: ObjectReader, name: String) throws(TemplateFileError) -> Button {
        var button = Button(name)
        button.font = try font(object) ?? button.font
        button.adjustsFontForContentSizeCategory = try object.boolean("adjustsFontForContentSizeCategory") ?? false
        button.title = try text(object, view: name) ?? button.title
        button.insets = try insets(object, "insets", default: button.insets)
        return button
    }

    /// `"size": [width, height]`; either may be null, UIKit's `noIntrinsicMetric` (a
    /// progress view's `[null, 2]`), but not both.
    private func control(_ object: ObjectReader, name: String) throws(TemplateFileError) -> Control {
        let value = try object.required("size", expected: "the control's intrinsic size, [width, height]")
        let shape = "should be [width, height] (numbers, or null for an axis without an intrinsic size)"
        guard case .array(let parts) = value.kind, parts.count == 2 else {
            throw source.error(.wrongType, at: value.offset, object.context, "'size' \(shape), found \(value.typeName)")
        }
        var lengths: [Double?] = []
        for part in parts {
            switch part.kind {
            case .null: lengths.append(nil)
            case .number(let length) where length >= 0: lengths.append(length)
            case .number(let length):
                throw source.error(.invalidValue, at: part.offset, object.context, "'size' has \(length.text); sizes cannot be negative")
            default:
                throw source.error(.wrongType, at: part.offset, object.context, "'size' \(shape), found \(part.typeName) in it")
            }
        }
        guard lengths.contains(where: { $0 != nil }) else {
            throw object.invalid("size", value, "has no width and no height; a control has an intrinsic size along one axis at least")
        }
        var control = Control(
            name, size: Size(width: lengths[0] ?? 0, height: lengths[1] ?? 0),
            alignmentInsets: try insets(object, "alignmentInsets", default: .zero))
        control.intrinsicAxes = Set(zip([Axis.horizontal, .vertical], lengths).compactMap { $0.1 == nil ? nil : $0.0 })
        return control
    }

    /// `"design": [width, height]`, the view's design-time size.
    private func designSize(_ object: ObjectReader) throws(TemplateFileError) -> Size? {
        guard let value = object["design"] else { return nil }
        guard let size = try imageSize(value, source: source, context: object.context, key: "design") else {
            throw object.invalid("design", value, "is null; expected the design-time size, [width, height]")
        }
        return size
    }

    /// `"ib": "V3A-UH-8aT"`, the Interface Builder object id the view was imported from.
    private mutating func readInterfaceBuilderID(_ object: ObjectReader, view: String) throws(TemplateFileError) {
        guard let (id, _, value) = try object.string("ib") else { return }
        guard !id.isEmpty else { throw object.invalid("ib", value, "is empty; expected an Interface Builder object id") }
        interfaceBuilderIDs[view] = id
    }

    private func lineBreak(_ object: ObjectReader) throws(TemplateFileError) -> LineBreakMode? {
        try object.word("lineBreak", [
            "wordWrap": LineBreakMode.wordWrap, "characterWrap": .characterWrap, "truncateTail": .truncateTail,
        ])
    }

    /// `"margins": 8` or `{"top": 4, "left": 10}`; edges not given keep `base`'s.
    private func insets(_ object: ObjectReader, _ key: String, default base: EdgeInsets) throws(TemplateFileError) -> EdgeInsets {
        guard let value = object[key] else { return base }
        if case .number(let all) = value.kind { return EdgeInsets(all: all) }
        let edges = try ObjectReader(
            value, "'\(key)'", allowed: ["top", "left", "bottom", "right"],
            shape: "a number, or an object of top, left, bottom and right", source: source, context: object.context)
        return EdgeInsets(
            top: try edges.number("top") ?? base.top, left: try edges.number("left") ?? base.left,
            bottom: try edges.number("bottom") ?? base.bottom, right: try edges.number("right") ?? base.right)
    }

    /// `"margins"`: as ``insets(_:_:default:)``, or leading and trailing instead of left and
    /// right (`{"leading": 16, "trailing": 8}`), directional margins that trade sides where
    /// the view lays out right to left. An object names sides or directions, not both;
    /// edges not given keep `base`'s, and a number or an object of top and bottom alone
    /// keeps `base`'s kind.
    private func margins(_ object: ObjectReader, default base: ViewAttributes) throws(TemplateFileError) -> (EdgeInsets, Bool) {
        let key = "margins"
        guard let value = object[key] else { return (base.layoutMargins, base.layoutMarginsAreDirectional) }
        if case .number(let all) = value.kind { return (EdgeInsets(all: all), base.layoutMarginsAreDirectional) }
        let edges = try ObjectReader(
            value, "'\(key)'", allowed: ["top", "left", "bottom", "right", "leading", "trailing"],
            shape: "a number, or an object of top, bottom and either left and right or leading and trailing", source: source,
            context: object.context)
        let sides = edges["left"] != nil || edges["right"] != nil
        let directions = edges["leading"] != nil || edges["trailing"] != nil
        if sides, directions {
            throw object.invalid(
                key, value, "names both sides (left, right) and directions (leading, trailing); expected one or the other")
        }
        let kept = base.layoutMargins
        let insets = EdgeInsets(
            top: try edges.number("top") ?? kept.top,
            left: try edges.number(directions ? "leading" : "left") ?? kept.left,
            bottom: try edges.number("bottom") ?? kept.bottom,
            right: try edges.number(directions ? "trailing" : "right") ?? kept.right)
        return (insets, directions || (!sides && base.layoutMarginsAreDirectional))
    }

    /// The static text, and the binding of `"text"` to a row field. With both, the
    /// static text is the template's default (what a layout without rows shows, such
    /// as an imported cell's Interface Builder text), and a row may set the field or
    /// leave it out.
    private mutating func text(_ object: ObjectReader, view: String) throws(TemplateFileError) -> String? {
        let staticText = try object.string("staticText")
        if try bind(object, "text", view: view, target: .text), staticText != nil {
            bindings[bindings.count - 1].optional = true
        }
        return staticText?.value
    }

    private mutating func image(_ object: ObjectReader, name: String) throws(TemplateFileError) -> ImageView {
        var image = ImageView(name)
        if let value = object["size"] {
            image.size = try imageSize(value, source: source, context: object.context, key: "size")
        }
        if try bind(object, "imageSize", view: name, target: .imageSize), let value = object["size"] {
            throw object.invalid("size", value, "cannot go with 'imageSize': the size is either fixed or bound to a row field")
        }
        return image
    }

    private mutating func stack(_ object: ObjectReader, name: String) throws(TemplateFileError) -> Stack {
        guard let axis = try object.word("axis", ["horizontal": Axis.horizontal, "vertical": .vertical]) else {
            throw source.error(
                .missingKey, at: object.object.offset, object.context, "a stack has no 'axis'; expected \"horizontal\" or \"vertical\"")
        }
        let arranged = try subviews(try object.array("arrangedSubviews") ?? [], parent: name)
        var stack = Stack(name, axis: axis, arrangedSubviews: arranged)
        stack.spacing = try object.number("spacing") ?? 0
        stack.distribution = try object.word("distribution", [
            "fill": StackDistribution.fill, "fillEqually": .fillEqually, "equalSpacing": .equalSpacing,
            "fillProportionally": .fillProportionally, "equalCentering": .equalCentering,
        ]) ?? .fill
        stack.isLayoutMarginsRelativeArrangement = try object.boolean("marginsRelative") ?? false
        stack.isBaselineRelativeArrangement = try object.boolean("baselineRelative") ?? false
        stack.alignment = try object.word("alignment", [
            "fill": StackAlignment.fill, "leading": .leading, "top": .top, "center": .center, "trailing": .trailing,
            "bottom": .bottom, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
        ]) ?? .fill
        if axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline, let value = object["alignment"] {
            throw object.invalid("alignment", value, "is '\(stack.alignment)', which needs a horizontal stack")
        }
        if let value = object["customSpacing"] {
            let names = arranged.map(\.name)
            guard case .object(let members) = value.kind else {
                throw object.wrongType("customSpacing", value, expected: "an object of arranged view names and spacings")
            }
            for member in members {
                guard names.contains(member.key) else {
                    throw source.error(
                        .unknownView, at: member.keyOffset, object.context,
                        "custom spacing after '\(member.key)', which is not an arranged view of this stack"
                            + "\(suggestion(for: member.key, among: names)); its arranged views are "
                            + (names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")))
                }
                guard case .number(let spacing) = member.value.kind else {
                    throw source.error(
                        .wrongType, at: member.value.offset, object.context,
                        "the custom spacing after '\(member.key)' should be a number, found \(member.value.typeName)")
                }
                stack = stack.customSpacing(spacing, afterViewNamed: member.key)
            }
        }
        return stack
    }

    private mutating func attributes(
        _ object: ObjectReader, default base: ViewAttributes, view: String
    ) throws(TemplateFileError) -> ViewAttributes {
        var attributes = base
        attributes.contentHugging = try priorities(object, "hugging", default: base.contentHugging)
        attributes.compressionResistance = try priorities(object, "compression", default: base.compressionResistance)
        (attributes.layoutMargins, attributes.layoutMarginsAreDirectional) = try margins(object, default: base)
        attributes.semanticContentAttribute = try semanticContentAttribute(object) ?? base.semanticContentAttribute
        attributes.designSize = try designSize(object) ?? base.designSize
        try readInterfaceBuilderID(object, view: view)
        attributes.visibility = try object.word(
            "visibility", [
                "visible": Visibility.visible, "hidden": .hidden, "collapsed": .collapsed, "uikitHidden": .uikitHidden,
            ]) ?? base.visibility
        _ = try bind(object, "visible", view: view, target: .visible)
        _ = try bind(object, "hidden", view: view, target: .hidden)
        return attributes
    }

    /// `"semanticContentAttribute": "forceRightToLeft"`: UIKit's names.
    private func semanticContentAttribute(_ object: ObjectReader) throws(TemplateFileError) -> SemanticContentAttribute? {
        try object.word("semanticContentAttribute", [
            "unspecified": SemanticContentAttribute.unspecified, "playback": .playback, "spatial": .spatial,
            "forceLeftToRight": .forceLeftToRight, "forceRightToLeft": .forceRightToLeft,
        ])
    }

    /// `"hugging": 251` or `{"h": 251, "v": 750}`; an axis not given keeps `base`'s.
    private func priorities(_ object: ObjectReader, _ key: String, default base: AxisPriorities) throws(TemplateFileError) -> AxisPriorities {
        guard let value = object[key] else { return base }
        func priority(_ reader: ObjectReader, _ key: String, _ value: JSONValue) throws(TemplateFileError) -> Priority {
            guard case .number(let number) = value.kind else { throw reader.wrongType(key, value, expected: "a priority (a number)") }
            guard (1...1000).contains(number) else {
                throw source.error(.invalidPriority, at: value.offset, reader.context, "'\(key)' is \(number.text); expected a priority in 1...1000")
            }
            return Priority(Float(number))
        }
        if case .number = value.kind { return AxisPriorities(try priority(object, key, value)) }
        let axes = try ObjectReader(
            value, "'\(key)'", allowed: ["h", "v"], shape: "a priority, or an object such as {\"h\": 251, \"v\": 750}",
            source: source, context: object.context)
        var result = base
        if let h = axes["h"] { result.horizontal = try priority(axes, "h", h) }
        if let v = axes["v"] { result.vertical = try priority(axes, "v", v) }
        return result
    }

    /// Records `"key": "field"` as a binding; `true` when the key was there.
    private mutating func bind(
        _ object: ObjectReader, _ key: String, view: String, target: FieldBinding.Target
    ) throws(TemplateFileError) -> Bool {
        guard let (written, _, value) = try object.string(key) else { return false }
        let negatable = target == .visible || target == .hidden
        let negated = negatable && written.hasPrefix("!")
        let field = negated ? String(written.dropFirst()) : written
        guard !field.isEmpty, !field.hasPrefix("!") || !negatable else {
            throw object.invalid(key, value, "is '\(written)'; expected the name of a row field\(negatable ? ", or '!' and a name" : "")")
        }
        if field.hasPrefix("!") {
            throw object.invalid(key, value, "is '\(written)'; only 'visible' and 'hidden' can negate a field with '!'")
        }
        bindings.append(FieldBinding(view: view, field: field, target: target, negated: negated))
        return true
    }
}

/// `[width, height]` of non-negative numbers, or `null` for no size. Shared by
/// the template's `"size"` and the rows' image-size fields.
func imageSize(
    _ value: JSONValue, source: SourceText, context: TemplateFileError.Context, key: String,
    wrongType: TemplateFileError.Code = .wrongType
) throws(TemplateFileError) -> Size? {
    if case .null = value.kind { return nil }
    guard case .array(let parts) = value.kind, parts.count == 2,
        case .number(let width) = parts[0].kind, case .number(let height) = parts[1].kind
    else {
        throw source.error(
            wrongType, at: value.offset, context, "'\(key)' should be [width, height] (two numbers) or null, found \(value.typeName)")
    }
    guard width >= 0, height >= 0 else {
        throw source.error(.invalidValue, at: value.offset, context, "'\(key)' is [\(width.text), \(height.text)]; sizes cannot be negative")
    }
    return Size(width: width, height: height)
}

/// Letters, digits and `_`, not starting with a digit: what the constraint grammar can name.
func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
}

/// The text settings ``Label`` and ``TextView`` both have, so one reader fills either.
protocol TextSettings: CellView {
    var text: String { get set }
    var font: Font { get set }
    var lines: Int { get set }
    var lineBreakMode: LineBreakMode { get set }
    var lineSpacing: Double { get set }
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension Label: TextSettings {}
extension TextView: TextSettings {}
