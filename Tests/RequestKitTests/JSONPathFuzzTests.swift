import Foundation
import Testing
import RequestKit

/// Mutated compliance-suite selectors: parsing and evaluating never crash and always finish.
@Suite("JSONPath mutation smoke test")
struct JSONPathFuzzTests {
    /// A small seeded generator (SplitMix64), so every run mutates the same way.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// Bytes that matter to the grammar, so mutations reach deep into it.
    static let interesting = Array("$@.[]()?*,:'\"\\!=<>&|-0123456789e ".utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xA9, 0xF0]

    @Test func mutatedSelectorsNeverCrash() throws {
        let cases = try JSONPathComplianceTests.cases()
        let selectors = cases.map { Array($0.selector.utf8) }
        let documents = cases.compactMap(\.document)
        var generator = SeededGenerator(state: 9535)
        var parsed = 0
        var rejected = 0
        for _ in 0..<4_000 {
            var bytes = selectors[Int.random(in: 0..<selectors.count, using: &generator)]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                let byte = Bool.random(using: &generator)
                    ? Self.interesting[Int.random(in: 0..<Self.interesting.count, using: &generator)]
                    : UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !bytes.isEmpty: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if !bytes.isEmpty { bytes.remove(at: position) }
                }
            }
            do {
                let path = try JSONPath.parse(String(decoding: bytes, as: UTF8.self))
                parsed += 1
                let document = documents[Int.random(in: 0..<documents.count, using: &generator)]
                for match in path.evaluate(document) { #expect(match.path.hasPrefix("$")) }
            } catch {
                rejected += 1
                #expect(error.column >= 1 && error.column <= bytes.count + 1)
            }
        }
        #expect(parsed + rejected == 4_000)
        #expect(parsed > 100 && rejected > 100)
    }
}
