import CellLayout
import TableSizing

/// Whether a layout's numbers can be printed: `cellfit layout`, `render` and the
/// playground refuse the same layouts with the same words.
public enum LayoutNumbers {
    /// What is wrong with a layout's numbers, if anything: a row height `heights`
    /// would refuse, or a frame that is not finite (naming the view).
    ///
    /// The row is judged as `heights` judges it, by one rule
    /// (`TableSizingError.invalidRowHeight`): its row height — the content view's
    /// height on the pixel grid plus the separator, the number `heights` prints —
    /// is no answer when negative, not finite or above `maximumRowHeight`. A view of
    /// negative size in a row of a valid height, the content view's own frame
    /// included, is only a warning (``negativeSizes(_:)``): UIKit lays it out so.
    /// - Parameter height: the height printed for the content view (the height
    ///   given, or the fitted one); a number past the limit is not printed either.
    public static func problem(_ result: CellLayoutResult, height: Double) -> String? {
        if let reason = TableSizingError.invalidRowHeight(result.rowHeight)?.limitReason { return reason }
        // Below zero the printed height is the content view's negative size, a warning.
        if !height.isFinite || height > TableSizingError.maximumRowHeight {
            return TableSizingError.invalidRowHeight(height)?.limitReason
        }
        for name in result.viewNames {
            let frame = result.frame(of: name) ?? .zero
            guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else {
                return "view '\(name)' has a frame that is not finite"
            }
        }
        return nil
    }

    /// The views of negative width or height, in template order (Auto Layout allows
    /// them: a warning, not an error).
    public static func negativeSizes(_ result: CellLayoutResult) -> [String] {
        result.viewNames.filter { name in
            let frame = result.frame(of: name) ?? .zero
            return frame.width < 0 || frame.height < 0
        }
    }

    /// The `warning:` line for the views of `row` with a negative size.
    public static func negativeSizeWarning(row: Int, views: [String]) -> String {
        "warning: row \(row): negative size (the constraints allow it, as Auto Layout's do): "
            + views.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The `warning:` line for a font that is not installed, measured with a stand-in.
    public static func fontSubstitutionWarning(_ substitution: String) -> String {
        "warning: \(substitution) (give its files with --font-dir, or refuse with --strict-fonts)"
    }

    /// The `warning:` line for a constraint broken in `row` to recover from a
    /// conflict (`--on-error recover`), in UIKit's words.
    public static func brokenConstraintWarning(row: Int, breaking constraint: String) -> String {
        "warning: row \(row): unsatisfiable constraints; will attempt to recover by breaking \(constraint)"
    }
}

/// The lines `cellfit layout --json` prints.
public enum LayoutLines {
    /// Row `row` laid out at `width` as one line of JSON: `{"row", "width", "height",
    /// "frames": {name: [x, y, w, h]}}`, the frames' keys sorted.
    public static func json(row: Int, width: Double, height: Double, result: CellLayoutResult) -> String {
        RowLayout(row: row, width: width, height: height, frames: result.frames).jsonLine
    }
}

/// The words of the options that choose which text styles take a content size category.
public enum TextStyleRule {
    /// The message for a rule given without `--content-size`: `every` true names
    /// `--every-text-style`, false `--adjusting-text-styles-only`.
    public static func withoutContentSize(every: Bool) -> String {
        "\(every ? "--every-text-style" : "--adjusting-text-styles-only") goes with --content-size (the category the text styles take)."
    }
}
