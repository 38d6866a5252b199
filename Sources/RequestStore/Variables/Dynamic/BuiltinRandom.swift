import Locking

/// The random numbers behind the dynamic built-ins: the system's, or a seeded sequence (`--seed N`) that a
/// run repeats exactly.
public final class BuiltinRandom: Sendable {
    /// The seeded generator's state; nil draws from the system's generator.
    private let seeded: Locked<UInt64>?

    /// A source seeded with `seed`, or the system's when `seed` is nil.
    public init(seed: UInt64?) {
        seeded = seed.map { Locked($0) }
    }

    /// The system's generator.
    public static let system = BuiltinRandom(seed: nil)

    /// The next 64 random bits: SplitMix64 over the seed, or the system's generator.
    public func next() -> UInt64 {
        guard let seeded else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        return seeded.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// A whole number in `range`, without modulo bias.
    public func int(in range: ClosedRange<Int>) -> Int {
        var generator = Generator(source: self)
        return Int.random(in: range, using: &generator)
    }

    /// One element of a non-empty list (the fallback only for an empty one).
    public func pick(_ list: [String], or fallback: String = "") -> String {
        list.isEmpty ? fallback : list[int(in: 0...(list.count - 1))]
    }

    /// A version 4 UUID in lower case, from this source's bits.
    public func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in String(byte, radix: 16).leftPadded(to: 2) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// The standard library's view of this source.
    struct Generator: RandomNumberGenerator {
        /// Where the bits come from.
        let source: BuiltinRandom

        /// The next 64 bits of the source.
        mutating func next() -> UInt64 { source.next() }
    }
}

extension String {
    /// The text with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
