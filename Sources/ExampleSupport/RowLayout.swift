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
        var fields = ["\"row\": \(row)", "\"width\": \(JSONText.number(width))", "\"height\": \(JSONText.number(height))"]
        fields += extras.map { "\(JSONText.string($0.key)): \(JSONText.number($0.value))" }
        let frameFields = frames.keys.sorted().map { name in
            let rect = frames[name] ?? .zero
            let numbers = [rect.x, rect.y, rect.width, rect.height].map(JSONText.number)
            return "\(JSONText.string(name)): [\(numbers.joined(separator: ", "))]"
        }
        fields.append("\"frames\": {\(frameFields.joined(separator: ", "))}")
        return "{\(fields.joined(separator: ", "))}"
    }
}

/// The little JSON the examples print, written by hand: Foundation's encoder
/// neither keeps key order nor prints numbers in their shortest form.
public enum JSONText {
    /// `375` for whole numbers, otherwise Swift's shortest round-trip form
    /// (`20.5`, `17.666666666666668`); `null` for what JSON cannot hold.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if abs(value) < 1e15, value == value.rounded() { return String(Int64(value)) }
        return String(value)
    }

    /// `value` as a JSON string literal.
    public static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
