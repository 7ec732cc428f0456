/// Where a layout takes the intrinsic content sizes of its views from.
public enum IntrinsicSizes: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Text measured by the fitter's measurer, image sizes from the row: what a
    /// cell on a device gets.
    case measured
    /// Every view that has intrinsic content (labels, text views, buttons,
    /// controls, image views with an image) takes its ``ViewAttributes/designSize``
    /// as its intrinsic size: Interface Builder's "placeholder intrinsic size",
    /// which reproduces a designer's frames without the designer's fonts. Text is
    /// still measured, at the design width, for the baselines: the first baseline
    /// is the text's ascent below the view's top, the last its descent above the
    /// view's bottom, as UIKit places a label's baselines whatever its height.
    case design

    public var description: String { rawValue }
}
