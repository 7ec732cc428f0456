/// What one row shows: the texts, fonts, image sizes and visibility it sets on
/// a template's views. Everything not set keeps the template's declaration.
///
/// A template's binding fills one from a model value for every row:
///
/// ```swift
/// { message, row in
///     row.setText(message.body, for: body)
///     row.setVisibility(message.media == nil ? .collapsed : .visible, for: icon)
/// }
/// ```
///
/// Setters never fail on the spot; a name the template does not have, or a
/// setting the view cannot take, is reported by `fit` as a ``CellLayoutError``.
/// When one view is set twice, the last setting wins.
public struct CellContent: Sendable {
    enum Change: Sendable {
        case text(String)
        case font(Font)
        case imageSize(Size?)
        case visibility(Visibility)
    }

    /// The settings in the order they were made.
    private(set) var changes: [(view: String, change: Change)] = []

    /// Creates content that sets nothing.
    public init() {}

    /// Sets the text of a label.
    public mutating func setText(_ text: String, for label: Label) {
        changes.append((label.name, .text(text)))
    }

    /// Sets the text of a text view.
    public mutating func setText(_ text: String, for textView: TextView) {
        changes.append((textView.name, .text(text)))
    }

    /// Sets the text of the label or text view called `name`.
    public mutating func setText(_ text: String, forViewNamed name: String) {
        changes.append((name, .text(text)))
    }

    /// Sets the font of a label.
    public mutating func setFont(_ font: Font, for label: Label) {
        changes.append((label.name, .font(font)))
    }

    /// Sets the font of a text view.
    public mutating func setFont(_ font: Font, for textView: TextView) {
        changes.append((textView.name, .font(font)))
    }

    /// Sets the font of the label or text view called `name`.
    public mutating func setFont(_ font: Font, forViewNamed name: String) {
        changes.append((name, .font(font)))
    }

    /// Sets the image size, the view's intrinsic size; `nil` for none (the
    /// image view then has no intrinsic size at all, like an empty `UIImageView`).
    public mutating func setImageSize(_ size: Size?, for imageView: ImageView) {
        changes.append((imageView.name, .imageSize(size)))
    }

    /// Sets the image size of the image view called `name`.
    public mutating func setImageSize(_ size: Size?, forViewNamed name: String) {
        changes.append((name, .imageSize(size)))
    }

    /// Sets whether a view is visible, hidden (keeps its space) or collapsed.
    public mutating func setVisibility(_ visibility: Visibility, for view: some CellView) {
        changes.append((view.name, .visibility(visibility)))
    }

    /// Sets the visibility of the view called `name`.
    public mutating func setVisibility(_ visibility: Visibility, forViewNamed name: String) {
        changes.append((name, .visibility(visibility)))
    }

    /// Collapses `view` when `collapsed` is true, shows it otherwise.
    public mutating func setCollapsed(_ collapsed: Bool, for view: some CellView) {
        setVisibility(collapsed ? .collapsed : .visible, for: view)
    }
}
