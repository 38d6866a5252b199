/// Identifiers in UUID form derived from a text, so that exporting the same collection twice gives the same ids.
enum StableIdentifier {
    /// A UUID-shaped identifier (version 8, "custom") from two FNV-1a hashes of the seed.
    static func uuid(from seed: String) -> String {
        let high = fnv1a(seed, basis: 0xcbf2_9ce4_8422_2325)
        let low = fnv1a(seed, basis: 0x84222325_cbf29ce4)
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x8000
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = hex16(versioned) + hex16(variant)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
