/// A number held as the unevaluated sum of two doubles, `high + low` with
/// `|low| <= ulp(high) / 2`: a 106-bit significand with a double's exponent
/// range ("double-double" arithmetic, after Dekker 1971 and the QD library's
/// algorithms by Hida, Li and Bailey).
///
/// The solver switches to it when a system is too ill-conditioned for
/// doubles (see `ExtendedPrecision.swift`). Every operation is a handful of
/// double operations with no branches on data and no allocation, so a
/// tableau of these costs about five to ten times a tableau of doubles.
/// Sums and products are exact to within about 1e-32 of the result.
struct DoubleDouble: Sendable, Hashable {
    var high: Double
    var low: Double

    @inline(__always)
    init(high: Double, low: Double) {
        self.high = high
        self.low = low
    }

    @inline(__always)
    init(_ value: Double) {
        high = value
        low = 0
    }

    /// The nearest double.
    @inline(__always)
    var double: Double { high + low }

    static let infinity = DoubleDouble(.infinity)

    // MARK: Error-free transformations

    /// `a + b` as its rounded sum and the exact rounding error (Knuth's TwoSum).
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        let error = (a - (s - bb)) + (b - bb)
        return DoubleDouble(high: s, low: error)
    }

    /// `a + b` when `|a| >= |b|` (Dekker's FastTwoSum).
    @inline(__always)
    static func quickTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(high: s, low: b - (s - a))
    }

    /// `a × b` as its rounded product and the exact rounding error, by one fused multiply-add.
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(high: p, low: (-p).addingProduct(a, b))
    }
}

extension DoubleDouble: Comparable {
    @inline(__always)
    static func < (a: DoubleDouble, b: DoubleDouble) -> Bool {
        a.high < b.high || (a.high == b.high && a.low < b.low)
    }
}

extension DoubleDouble: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    init(floatLiteral value: Double) { self.init(value) }
    init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension DoubleDouble: SignedNumeric {
    init?<T: BinaryInteger>(exactly source: T) {
        guard let d = Double(exactly: source) else { return nil }
        self.init(d)
    }

    var magnitude: DoubleDouble { high < 0 || (high == 0 && low < 0) ? -self : self }

    @inline(__always)
    static prefix func - (a: DoubleDouble) -> DoubleDouble {
        DoubleDouble(high: -a.high, low: -a.low)
    }

    mutating func negate() { self = -self }

    /// The accurate sum (QD's `ieee_add`): both parts' errors are carried.
    @inline(__always)
    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = twoSum(a.high, b.high)
        let t = twoSum(a.low, b.low)
        let u = quickTwoSum(s.high, s.low + t.high)
        return quickTwoSum(u.high, u.low + t.low)
    }

    @inline(__always)
    static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    @inline(__always)
    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = twoProduct(a.high, b.high)
        return quickTwoSum(p.high, p.low + (a.high * b.low + a.low * b.high))
    }

    @inline(__always)
    static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        // Long division, one double digit at a time (QD's `accurate_div`).
        let q1 = a.high / b.high
        var r = a - b * DoubleDouble(q1)
        let q2 = r.high / b.high
        r = r - b * DoubleDouble(q2)
        let q3 = r.high / b.high
        return quickTwoSum(q1, q2) + DoubleDouble(q3)
    }

    static func *= (a: inout DoubleDouble, b: DoubleDouble) { a = a * b }
}

extension DoubleDouble: CustomStringConvertible {
    var description: String { low == 0 ? "\(high)" : "\(high)+\(low)" }
}
