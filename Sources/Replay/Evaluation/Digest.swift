import Foundation

/// SHA-256 (FIPS 180-4) and MD5 (RFC 1321) digests of a body, for the `sha256` and `md5` queries.
enum Digest {
    /// SHA-256's round constants.
    private static let sha256Constants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The message padded to whole 64-byte blocks with its bit length, big- or little-endian.
    private static func padded(_ message: some Collection<UInt8>, bigEndian: Bool) -> [UInt8] {
        var bytes = Array(message)
        let bitLength = UInt64(bytes.count) &* 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for index in 0..<8 {
            let shift = bigEndian ? UInt64(56 - index * 8) : UInt64(index * 8)
            bytes.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        return bytes
    }

    /// The SHA-256 digest, 32 bytes.
    static func sha256(_ message: some Collection<UInt8>) -> [UInt8] {
        var hash: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        let bytes = padded(message, bigEndian: true)
        var words = [UInt32](repeating: 0, count: 64)
        for blockStart in stride(from: 0, to: bytes.count, by: 64) {
            for index in 0..<16 {
                let base = blockStart + index * 4
                words[index] = UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16 | UInt32(bytes[base + 2]) << 8 | UInt32(bytes[base + 3])
            }
            for index in 16..<64 {
                let s0 = rotateRight(words[index - 15], 7) ^ rotateRight(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let s1 = rotateRight(words[index - 2], 17) ^ rotateRight(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
            for index in 0..<64 {
                let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ sha256Constants[index] &+ words[index]
                let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            hash[0] &+= a; hash[1] &+= b; hash[2] &+= c; hash[3] &+= d
            hash[4] &+= e; hash[5] &+= f; hash[6] &+= g; hash[7] &+= h
        }
        return hash.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    /// MD5's per-round shift amounts.
    private static let md5Shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// MD5's constants, the integer parts of |sin(i + 1)| × 2³².
    private static let md5Constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    /// The MD5 digest, 16 bytes.
    static func md5(_ message: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
        let bytes = padded(message, bigEndian: false)
        var words = [UInt32](repeating: 0, count: 16)
        for blockStart in stride(from: 0, to: bytes.count, by: 64) {
            for index in 0..<16 {
                let base = blockStart + index * 4
                words[index] = UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16 | UInt32(bytes[base + 3]) << 24
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for index in 0..<64 {
                var mixed: UInt32
                let wordIndex: Int
                switch index {
                case 0..<16: mixed = (b & c) | (~b & d); wordIndex = index
                case 16..<32: mixed = (d & b) | (~d & c); wordIndex = (5 * index + 1) % 16
                case 32..<48: mixed = b ^ c ^ d; wordIndex = (3 * index + 5) % 16
                default: mixed = c ^ (b | ~d); wordIndex = (7 * index) % 16
                }
                mixed = mixed &+ a &+ md5Constants[index] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ rotateLeft(mixed, md5Shifts[index])
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) } }
    }

    /// A 32-bit right rotation.
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
    /// A 32-bit left rotation.
    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 { (value << count) | (value >> (32 - count)) }
}
