import Geometry

/// `value` in whole device pixels: how the tests compare lengths at 2x and 3x,
/// where a length on the grid (like 17⅔) has more than one floating-point
/// spelling depending on the order of the sums that made it.
public func devicePixels(_ value: Double, _ scale: DisplayScale) -> Int {
    Int((value * scale.factor).rounded())
}

/// A rectangle in whole device pixels.
public func devicePixels(_ rect: Rect?, _ scale: DisplayScale) -> [Int]? {
    rect.map { [$0.minX, $0.minY, $0.width, $0.height].map { devicePixels($0, scale) } }
}

extension String {
    /// The string with `"` escaped, for JSON text built in tests.
    public func replacingQuotes() -> String {
        var out = ""
        for character in self { out += character == "\"" ? "\\\"" : String(character) }
        return out
    }
}
