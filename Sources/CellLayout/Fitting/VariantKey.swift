/// What makes rows share a compiled solver: which views are collapsed and
/// which image views have an intrinsic size. Everything else a row changes
/// (texts, fonts, image sizes) is an edit-variable suggestion.
struct VariantKey: Hashable, Sendable {
    /// Two bits per view: bit 0 collapsed, bit 1 an image view without a size.
    private var words: [UInt64]

    init(_ row: RowState, model: TemplateModel) {
        let count = model.views.count
        var words = [UInt64](repeating: 0, count: (2 * count + 63) / 64)
        for i in 0..<count where row.visibility[i] == .collapsed {
            words[(2 * i) / 64] |= 1 << UInt64((2 * i) % 64)
        }
        for i in model.imageViews where row.imageSizes[i] == nil {
            words[(2 * i + 1) / 64] |= 1 << UInt64((2 * i + 1) % 64)
        }
        self.words = words
    }
}
