/// Checks UTF-8 as it arrives in pieces, failing at the first byte that cannot start or continue a valid sequence
/// (overlong forms, surrogates and code points past U+10FFFF included).
struct UTF8Validation: Sendable {
    /// Continuation bytes the current sequence still needs.
    private var needed = 0
    /// The range the next continuation byte must fall in.
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF

    /// Whether the bytes so far end on a whole character.
    var isComplete: Bool { needed == 0 }

    /// Feeds bytes; false when they cannot be UTF-8, whatever follows.
    mutating func accept<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where !accept(byte) { return false }
        return true
    }

    /// Feeds one byte; false when it cannot continue valid UTF-8.
    mutating func accept(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lowest, byte <= highest else { return false }
            needed -= 1
            (lowest, highest) = (0x80, 0xBF)
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: start(needing: 1, 0x80, 0xBF)
        case 0xE0: start(needing: 2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: start(needing: 2, 0x80, 0xBF)
        case 0xED: start(needing: 2, 0x80, 0x9F)
        case 0xF0: start(needing: 3, 0x90, 0xBF)
        case 0xF1...0xF3: start(needing: 3, 0x80, 0xBF)
        case 0xF4: start(needing: 3, 0x80, 0x8F)
        default: return false
        }
        return true
    }

    /// Begins a multi-byte sequence whose second byte must fall in `lowest...highest`.
    private mutating func start(needing count: Int, _ lowest: UInt8, _ highest: UInt8) {
        needed = count
        self.lowest = lowest
        self.highest = highest
    }

    /// Whether `bytes` are complete, valid UTF-8.
    static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var validation = UTF8Validation()
        return validation.accept(bytes) && validation.isComplete
    }
}
