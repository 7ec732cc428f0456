/// The per-view inputs of one row: the template's defaults with the row's
/// ``CellContent`` applied, and the visibility that follows from the hierarchy.
struct RowState: Sendable {
    var texts: [String]
    var fonts: [Font]
    var imageSizes: [Size?]
    var visibility: [Visibility]

    /// The template's defaults.
    init(views: [ViewModel]) {
        texts = views.map { $0.kind.text?.text ?? "" }
        fonts = views.map { $0.kind.text?.font ?? Label.defaultFont }
        imageSizes = views.map {
            switch $0.kind {
            case .image(let size): size
            // A control's fixed size travels with the images' so that one
            // code path suggests both; rows cannot set it (`apply` checks the kind).
            case .control(let spec): spec.size
            default: nil
            }
        }
        visibility = views.map(\.attributes.visibility)
    }

    /// Puts back the defaults of `views` (the views the last row's settings
    /// named) and every visibility, in place: a fitter reuses one state for
    /// its rows instead of copying four arrays from the defaults each time.
    mutating func reset(to defaults: RowState, views: [Int]) {
        for i in views {
            texts[i] = defaults.texts[i]
            fonts[i] = defaults.fonts[i]
            imageSizes[i] = defaults.imageSizes[i]
        }
        for i in visibility.indices where visibility[i] != defaults.visibility[i] { visibility[i] = defaults.visibility[i] }
    }

    /// Applies a row's settings, in order.
    /// - Throws: ``CellLayoutError/Code/unknownView`` for a name the template does not have,
    ///   ``CellLayoutError/Code/wrongViewKind`` for a setting the view cannot take.
    ///
    /// `recent` remembers the view each setting named in the last row: rows set
    /// the same views in the same order, and comparing a name with the view's
    /// costs less than hashing it.
    mutating func apply(_ content: CellContent, model: TemplateModel, recent: inout [Int]) throws(CellLayoutError) {
        for j in content.changes.indices {
            let (name, change) = content.changes[j]
            let i: Int
            if j < recent.count, model.names[recent[j]] == name {
                i = recent[j]
            } else if let found = model.index[name] {
                i = found
                if j < recent.count { recent[j] = found } else { recent.append(found) }
            } else {
                throw CellLayoutError(
                    .unknownView, "template '\(model.name)': the row content sets '\(name)', which is not one of its views",
                    views: [name])
            }
            func wrongKind(_ what: String) -> CellLayoutError {
                let view = model.views[i]
                return CellLayoutError(
                    .wrongViewKind,
                    "template '\(model.name)': the row content sets the \(what) of '\(name)', which is a \(view.kind.name)",
                    views: [name], location: view.location)
            }
            switch change {
            case .text(let text):
                guard model.showsText[i] else { throw wrongKind("text") }
                texts[i] = text
            case .font(let font):
                guard model.showsText[i] else { throw wrongKind("font") }
                guard font.size.isFinite, font.size > 0 else {
                    throw CellLayoutError(
                        .invalidValue, "template '\(model.name)': the row content sets font size \(font.size) on '\(name)'",
                        views: [name], location: model.views[i].location)
                }
                fonts[i] = model.followsContentSize[i] ? font.resolved(at: model.contentSize) : font
            case .imageSize(let size):
                guard case .image = model.views[i].kind else { throw wrongKind("image size") }
                if let size, !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
                    throw CellLayoutError(
                        .invalidValue, "template '\(model.name)': the row content sets image size \(size) on '\(name)'",
                        views: [name], location: model.views[i].location)
                }
                imageSizes[i] = size
            case .visibility(let visibility):
                self.visibility[i] = visibility
            }
        }
        if self.visibility[0] == .collapsed {
            throw CellLayoutError(
                .wrongViewKind, "template '\(model.name)': the content view cannot collapse",
                views: [ContentView.name], location: model.views[0].location)
        }
        // A collapsed or hidden view takes its subviews with it; parents come
        // before children, so one pass settles the whole tree. A view inside a
        // hidden one keeps its place, whichever way its parent is hidden.
        for i in 1..<model.views.count {
            let parent = self.visibility[model.views[i].parent]
            if parent == .collapsed {
                self.visibility[i] = .collapsed
            } else if parent == .hidden || parent == .uikitHidden, self.visibility[i] == .visible {
                self.visibility[i] = .hidden
            }
        }
    }
}
