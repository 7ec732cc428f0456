/// What makes rows share a compiled solver: which views are collapsed or
/// hidden the UIKit way (which changes a stack's arrangement), and which image
/// views have an intrinsic size. Everything else a row changes (texts, fonts,
/// image sizes) is an edit-variable suggestion.
struct VariantKey: Hashable, Sendable {
    /// Three bits per view: bit 0 collapsed, bit 1 an image view without a size,
    /// bit 2 hidden the UIKit way.
    private var words: [UInt64]

    init(_ row: RowState, model: TemplateModel) {
        let count = model.views.count
        var words = [UInt64](repeating: 0, count: (3 * count + 63) / 64)
        func set(_ bit: Int) { words[bit / 64] |= 1 << UInt64(bit % 64) }
        for i in 0..<count {
            switch row.visibility[i] {
            case .collapsed: set(3 * i)
            case .uikitHidden: set(3 * i + 2)
            case .visible, .hidden: break
            }
        }
        for i in model.imageViews where row.imageSizes[i] == nil { set(3 * i + 1) }
        self.words = words
    }
}
