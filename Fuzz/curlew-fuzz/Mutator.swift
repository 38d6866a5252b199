import Foundation

/// A seeded pseudo-random generator (SplitMix64), so that a run with the same seed tries the same inputs.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator from a seed.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes new inputs from corpus entries: byte flips and replacements, insertions of tokens that parsers
/// treat specially, deep nesting, huge numbers, splices of two entries, cuts and repeats.
struct Mutator {
    /// The largest input made.
    static let maximumSize = 64 << 10
    /// Byte strings that matter to curlew's parsers.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", "\\", ":", ",", "\n", "\r\n", "#", "@", "/", "{{", "}}", "$env.", "\\u0000", "\\ud800",
        "1e309", "-1", "1e16", "99999999999999999999", "9223372036854775.807", "9999999999999G", "NaN", "-0",
        "# @folder a/b/c", "# @timeout ", "###", "curl ", " -H ", " --data ", " -m ", "'", "$'", "\\x1b", "\u{1B}[2J", "\u{9B}",
        "\"folders\": [", "\"item\": [", "\"timeout\": ", "$.", "..", "[?(", "==", "jsonpath ", "header ", "status ",
    ].map { Array($0.utf8) }

    /// A new input from `input`, with `other` as material for splices.
    static func mutate(_ input: [UInt8], other: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1 where !bytes.isEmpty:
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            case 2, 3:
                bytes.insert(contentsOf: tokens[Int.random(in: 0..<tokens.count, using: &random)], at: position)
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                if position < end { bytes.removeSubrange(position..<end) }
            case 5:
                let token = tokens[Int.random(in: 0..<6, using: &random)]
                let count = [8, 100, 600, 3000][Int.random(in: 0..<4, using: &random)]
                bytes.insert(contentsOf: Array(repeatElement(token, count: count).joined()), at: position)
            case 6 where !other.isEmpty:
                let start = Int.random(in: 0..<other.count, using: &random)
                let end = min(other.count, start + Int.random(in: 1...512, using: &random))
                bytes.insert(contentsOf: other[start..<end], at: position)
            case 7 where !bytes.isEmpty:
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 1...128, using: &random))
                let piece = Array(bytes[start..<end])
                for _ in 0..<Int.random(in: 1...16, using: &random) { bytes.insert(contentsOf: piece, at: min(position, bytes.count)) }
            default:
                if !bytes.isEmpty, Int.random(in: 0..<4, using: &random) == 0 { bytes = Array(bytes.prefix(position)) }
            }
        }
        if bytes.count > maximumSize { bytes = Array(bytes.prefix(maximumSize)) }
        return bytes
    }
}
