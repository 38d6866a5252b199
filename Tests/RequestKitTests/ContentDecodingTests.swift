import Foundation
import RequestKit
import Testing

/// Whole bodies decoded in memory: every coding and stacked codings give the original bytes, in any piece size,
/// cut at the limit; bytes that do not decode fail with the coding named.
@Suite struct ContentDecodingTests {
    /// The body the seed files of the content-decoder fuzz target hold, coded.
    static let original = Data(String(repeating: "{\"id\": 1, \"name\": \"Ada\", \"tags\": [\"a\", \"b\"]}\n", count: 20).utf8)
    /// The seed folder.
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fuzz/seeds/content-coding/"

    @Test(arguments: [("0-gzip.bin", "gzip"), ("1-deflate.bin", "deflate"), ("2-br.bin", "br"), ("3-zstd.bin", "zstd"),
                      ("4-gzip-br.bin", "gzip, br"), ("5-deflate-zstd.bin", "deflate, zstd"), ("7-gzip-gzip.bin", "gzip, gzip")])
    func eachCodingGivesTheOriginalInAnyPieceSize(file: String, coding: String) throws {
        let coded = try #require(FileManager.default.contents(atPath: Self.seeds + file)).dropFirst()
        for size in [1, 3, 64, coded.count] {
            let decoded = try ContentDecoding.decode(coded, contentEncoding: coding, pieceSize: size, limit: 1 << 20).get()
            #expect(decoded.body == Self.original, "\(coding) in pieces of \(size)")
            #expect(!decoded.truncated)
        }
        let cut = try ContentDecoding.decode(coded, contentEncoding: coding, pieceSize: 7, limit: 100).get()
        #expect(cut.body == Self.original.prefix(100))
        #expect(cut.truncated)
    }

    @Test func bytesThatDoNotDecodeFailNamingTheCoding() {
        guard case .failure(let error) = ContentDecoding.decode(Data("not gzip at all".utf8), contentEncoding: "gzip", pieceSize: 4, limit: 1 << 20) else {
            Issue.record("plain text decoded as gzip")
            return
        }
        #expect(error.message.contains("gzip"))
        guard case .failure(let unknown) = ContentDecoding.decode(Data("x".utf8), contentEncoding: "lzma", pieceSize: 1, limit: 10) else {
            Issue.record("an unknown coding decoded")
            return
        }
        #expect(unknown.message == "compression lzma is not supported")
    }
}
