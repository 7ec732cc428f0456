import Locking

/// A thread-safe, memory-bounded cache of measurements keyed by everything that
/// changes one: text, font, style and width (the display scale belongs to the
/// measurer that owns the cache).
///
/// Eviction is two-generation (a cheap approximation of LRU): entries go into the
/// young generation; when it holds half the byte budget it becomes the old one and the
/// previous old one is dropped; a hit in the old generation moves the entry back to the
/// young one. Every operation is O(1) and memory stays under `byteLimit` (as estimated
/// by ``MeasurementCache/Key/estimatedBytes``).
///
/// The cache is split into shards by key hash, each behind its own lock, so threads
/// measuring in parallel rarely wait for each other.
public final class MeasurementCache: Sendable {
    /// A cache key: one measurement request.
    package struct Key: Hashable, Sendable {
        /// By its bytes: two spellings of one text (composed and decomposed) are measured
        /// apart, as Pango measures them (``ExactText``).
        var text: ExactText
        var font: Font
        var style: TextStyle
        var maxWidth: Double

        package init(text: String, font: Font, style: TextStyle, maxWidth: Double) {
            self.text = ExactText(text)
            self.font = font
            self.style = style
            self.maxWidth = maxWidth
        }

        /// Approximate heap cost of an entry: the text and family bytes plus a fixed
        /// allowance for the dictionary slot, the value and String headers.
        var estimatedBytes: Int { text.string.utf8.count + font.family.utf8.count + 160 }
    }

    private struct Shard {
        var young: [Key: TextMeasurement] = [:]
        var old: [Key: TextMeasurement] = [:]
        var youngBytes = 0
        var hits = 0
        var misses = 0
    }

    private static let shardCount = 8
    private let shards: [Locked<Shard>]
    /// Byte budget of one shard's young generation (half its share of `byteLimit`).
    private let generationBytes: Int

    /// The most memory (estimated) the cache may hold.
    public let byteLimit: Int

    /// The default budget: 8 MiB, roughly 40,000 short strings.
    public static let defaultByteLimit = 8 << 20

    /// Creates an empty cache holding at most about `byteLimit` bytes.
    /// - Parameter byteLimit: the memory budget; values below 64 KiB are raised to it.
    public init(byteLimit: Int = MeasurementCache.defaultByteLimit) {
        self.byteLimit = max(byteLimit, 64 << 10)
        self.generationBytes = self.byteLimit / Self.shardCount / 2
        self.shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
    }

    private func shard(for key: Key) -> Int {
        // Hash values may be negative; the magnitude picks the shard.
        Int(key.hashValue.magnitude % UInt(Self.shardCount))
    }

    /// The cached measurement for `key`, if any.
    package func value(for key: Key) -> TextMeasurement? {
        shards[shard(for: key)].withLock { shard in
            if let hit = shard.young[key] {
                shard.hits += 1
                return hit
            }
            if let hit = shard.old.removeValue(forKey: key) {
                shard.hits += 1
                Self.insert(hit, for: key, into: &shard, generationBytes: generationBytes)
                return hit
            }
            shard.misses += 1
            return nil
        }
    }

    /// Stores `value` for `key`, evicting the oldest generation when needed.
    package func store(_ value: TextMeasurement, for key: Key) {
        shards[shard(for: key)].withLock { shard in
            Self.insert(value, for: key, into: &shard, generationBytes: generationBytes)
        }
    }

    private static func insert(_ value: TextMeasurement, for key: Key, into shard: inout Shard, generationBytes: Int) {
        let cost = key.estimatedBytes
        // An entry larger than a whole generation would evict everything to no purpose.
        guard cost <= generationBytes else { return }
        if shard.young.updateValue(value, forKey: key) == nil {
            shard.youngBytes += cost
        }
        if shard.youngBytes >= generationBytes {
            shard.old = shard.young
            shard.young = [:]
            shard.youngBytes = 0
        }
    }

    /// Drops every entry.
    public func removeAll() {
        for shard in shards {
            shard.withLock { $0 = Shard() }
        }
    }

    /// Counters for tests and tuning.
    public struct Statistics: Hashable, Sendable {
        /// Entries held now.
        public var count: Int
        /// Estimated bytes held now (young generations exactly, old ones estimated).
        public var estimatedBytes: Int
        /// Lookups that found an entry.
        public var hits: Int
        /// Lookups that did not.
        public var misses: Int
    }

    /// Current counters, summed over shards.
    public var statistics: Statistics {
        var total = Statistics(count: 0, estimatedBytes: 0, hits: 0, misses: 0)
        for shard in shards {
            shard.withLock { shard in
                total.count += shard.young.count + shard.old.count
                total.estimatedBytes += shard.youngBytes + shard.old.keys.reduce(0) { $0 + $1.estimatedBytes }
                total.hits += shard.hits
                total.misses += shard.misses
            }
        }
        return total
    }
}
