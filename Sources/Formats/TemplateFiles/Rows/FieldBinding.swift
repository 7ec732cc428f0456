/// One view setting that each row supplies from one of its fields.
struct FieldBinding: Sendable {
    enum Target: Sendable {
        /// The text of a label or text view: a string.
        case text
        /// The image size of an image view: `[width, height]`, or `null` for none.
        case imageSize
        /// `"visible": "field"`: the view collapses when the field is false
        /// (true when `negated`, written `"!field"`).
        case visible
        /// `"hidden": "field"`: the view is hidden, keeping its space, when the field is true.
        case hidden

        /// The template key that binds it.
        var name: String {
            switch self {
            case .text: "text"
            case .imageSize: "imageSize"
            case .visible: "visible"
            case .hidden: "hidden"
            }
        }

        /// What the field must hold, for messages.
        var expected: String {
            switch self {
            case .text: "a string"
            case .imageSize: "an image size [width, height] or null"
            case .visible, .hidden: "a boolean (true or false)"
            }
        }
    }

    let view: String
    let field: String
    let target: Target
    /// For ``Target/visible`` and ``Target/hidden``: the field is read inverted.
    let negated: Bool
    /// Whether a row may leave the field out: a text with a `staticText` default
    /// (an imported label's IB text) keeps the default.
    var optional = false
}
