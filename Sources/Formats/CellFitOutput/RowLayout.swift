import JSONSupport
import CellLayout

/// One laid-out row as the examples report it: the value every layout engine
/// produces, and all that the output (`--json` or the summary) is made from.
/// Two engines agree on a row when they produce equal values.
public struct RowLayout: Sendable, Hashable {
    /// The row's index in the table.
    public var row: Int
    /// The content width it was laid out at.
    public var width: Double
    /// The fitted content height, on the pixel grid (without the separator).
    public var height: Double
    /// Every view's frame by name, in content-view coordinates.
    public var frames: [String: Rect]
    /// Further numbers an example reports about the row (EstimatedHeights'
    /// `"estimated"`), printed after `height`, in this order.
    public var extras: [Extra]

    /// Makes a row's layout.
    public init(row: Int, width: Double, height: Double, frames: [String: Rect], extras: [Extra] = []) {
        self.row = row
        self.width = width
        self.height = height
        self.frames = frames
        self.extras = extras
    }

    /// A named number reported with a row.
    public struct Extra: Sendable, Hashable {
        /// The JSON key.
        public var key: String
        /// The value.
        public var value: Double

        /// Makes an extra.
        public init(_ key: String, _ value: Double) {
            self.key = key
            self.value = value
        }
    }

    /// The row as one line of JSON: `{"row": 0, "width": 375, "height": 147,
    /// …extras, "frames": {"avatar": [10, 10, 40, 40], …}}`, with the frames'
    /// keys sorted, so the same layout always prints the same line.
    public var jsonLine: String {
        // Written by hand: Foundation's encoder neither keeps key order nor prints
        // whole numbers without a fraction.
        var out = "{\"row\": \(row), \"width\": \(numberText(width)), \"height\": \(numberText(height))"
        for extra in extras {
            out += ", "
            JSONText.appendString(extra.key, to: &out)
            out += ": " + numberText(extra.value)
        }
        out += ", \"frames\": {"
        for (index, name) in frames.keys.sorted().enumerated() {
            let rect = frames[name] ?? .zero
            out += index == 0 ? "" : ", "
            JSONText.appendString(name, to: &out)
            out += ": [" + [rect.x, rect.y, rect.width, rect.height].map(numberText).joined(separator: ", ") + "]"
        }
        return out + "}}"
    }
}

/// A number as the examples print it, in JSON and in summaries: `375` for whole
/// numbers, otherwise the shortest form that reads back as the same `Double`
/// (`20.5`, `17.666666666666668`).
public func numberText(_ value: Double) -> String {
    JSONText.compactNumber(value)
}

/// A number of points to a tenth, for reports of errors that need not be on the pixel
/// grid (a learned mean's): `-3671.3`; `0` for anything that rounds to zero, never `-0`.
/// Values that must be exact (a final error, a shift) are printed with ``numberText(_:)``.
public func tenthsText(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return numberText(tenths == 0 ? 0 : tenths)
}
