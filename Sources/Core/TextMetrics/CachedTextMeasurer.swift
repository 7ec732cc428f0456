/// Any measurer with a ``MeasurementCache`` in front of it.
///
/// Results are cached; errors are not (they are rare and cheap to reproduce).
/// `PangoTextMeasurer` (module `PangoText`) caches by itself; use this for other measurers, such as
/// ``FixedAdvanceMeasurer`` in benchmarks, or to share one cache between call sites.
public struct CachedTextMeasurer<Base: TextMeasurer>: TextMeasurer {
    /// The measurer that does the work on a miss.
    public let base: Base
    /// The cache consulted first.
    public let cache: MeasurementCache

    /// Wraps `base` with `cache`.
    public init(_ base: Base, cache: MeasurementCache = MeasurementCache()) {
        self.base = base
        self.cache = cache
    }

    /// The display scale whose pixel grid sizes are rounded up to.

    public var scale: DisplayScale { base.scale }

    /// The cached measurement, or `base`'s, which is then cached.
    /// - Throws: whatever `base` throws for this request.
    public func measure(_ text: String, font: Font, style: TextStyle, maxWidth: Double) throws(TextMeasurementError) -> TextMeasurement {
        let key = MeasurementCache.Key(text: text, font: font, style: style, maxWidth: maxWidth)
        if let hit = cache.value(for: key) { return hit }
        let result = try base.measure(text, font: font, style: style, maxWidth: maxWidth)
        cache.store(result, for: key)
        return result
    }
}

extension TextMeasurer {
    /// This measurer behind a cache of at most `byteLimit` bytes.
    public func cached(byteLimit: Int = MeasurementCache.defaultByteLimit) -> CachedTextMeasurer<Self> {
        CachedTextMeasurer(self, cache: MeasurementCache(byteLimit: byteLimit))
    }
}
