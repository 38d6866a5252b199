import Foundation
import Testing
@testable import RequestStore

/// Mutated `.hurl` fixtures: reading never crashes and always finishes; what reads is written back unchanged.
@Suite("hurl mutation smoke test")
struct HurlFuzzTests {
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

    /// Bytes that matter to the format, so mutations reach deep into it.
    static let interesting = Array("[]{}<>`#:;,\\\"/ \n\r\tHTP*$.".utf8) + [0x00, 0x7F, 0xC3, 0xA9, 0xF0]

    @Test func mutatedFilesNeverCrash() throws {
        let fixtures = try ["sections.hurl", "bodies.hurl", "wire.hurl", "checks.hurl"].map { name in
            Array(try Data(contentsOf: ImportFixtures.root.appendingPathComponent("hurl/" + name)))
        }
        var generator = SeededGenerator(state: 4242)
        var read = 0
        var refused = 0
        for _ in 0..<600 {
            var bytes = fixtures[Int.random(in: 0..<fixtures.count, using: &generator)]
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = Bool.random(using: &generator)
                    ? Self.interesting[Int.random(in: 0..<Self.interesting.count, using: &generator)]
                    : UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            do {
                let document = try HurlReader.read(Data(bytes), file: "m.hurl")
                read += 1
                let collection = HurlReader.collection(of: document, file: "m.hurl")
                let written = HurlWriter.write(collection, replacing: document)
                if !document.entries.isEmpty {
                    #expect(written.text == String(decoding: bytes, as: UTF8.self), "an unchanged file is written back as it was")
                }
                _ = try? HurlReader.read(Data(HurlWriter.write(collection).text.utf8), file: "w.hurl")
            } catch {
                refused += 1
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
