/// The package's one seeded pseudo-random generator: SplitMix64 (Steele, Lea and
/// Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014). The
/// example content, the text corpus, the fuzz tests and the solver's tests all draw
/// from it, so that a case replays from its seed alone.
///
/// Content that tests and benchmarks compare against (the example rows, the corpus)
/// must be the same in every process, on every platform and with every toolchain.
/// It draws through ``next()`` and the derived methods below, whose algorithms are
/// fixed here, never through the standard library's `random(in:using:)`, whose
/// algorithms are not promised to stay the same between Swift releases. The
/// `RandomNumberGenerator` conformance is for tests, which replay on one toolchain
/// (a fuzz test's mutations, a property test's `Xoshiro` seeds).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's state: advanced by a fixed odd constant on every draw.
    public private(set) var state: UInt64

    /// A generator whose sequence is determined by `seed` alone.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, by multiply-high (Lemire's method without the
    /// rejection step: the bias is below `bound / 2⁶⁴`, far too small to matter
    /// for example text, and skipping rejection keeps one draw per number).
    /// - Precondition: `bound > 0` (the examples' own constants; a bug otherwise).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.next(below:) needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `numerator / denominator`.
    /// - Precondition: `denominator > 0`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        next(below: denominator) < numerator
    }

    /// One element of `elements`, chosen uniformly.
    /// - Precondition: `elements` is not empty.
    public mutating func element<Element>(of elements: [Element]) -> Element {
        elements[next(below: elements.count)]
    }
}
