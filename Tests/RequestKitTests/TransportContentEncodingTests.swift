import Foundation
import RequestKit
import Testing
import TestSupport

/// Compressed responses (zstd, gzip, brotli, deflate) from a loopback server, decoded by the transport.
@Suite struct TransportContentEncodingTests {
    private static let text = ContentCoding.sampleText(count: 300_000)

    /// The comma-separated tokens of a header value, trimmed.
    private func tokens(_ value: String?) -> Set<String> {
        Set((value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    private func encodedURL(_ coding: String, file: String) async throws -> String {
        let query = "coding=\(coding)&file=\(PercentEncoding.encodeComponent(file))"
        return try await FaultServer.ready().url("/encoded?\(query)")
    }

    @Test(arguments: ContentCoding.all)
    func compressedBodyArrivesDecoded(coding: String) async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Self.text, coding: coding) }
        let compressedSize = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(compressedSize < Self.text.count / 2)
        let response = try await Client().send(prepared: Wire.request(.get, try await encodedURL(coding, file: file)), options: Wire.options())
        #expect(response.statusCode == 200)
        #expect(response.headers["Content-Encoding"] == coding)
        #expect(response.body.count == Self.text.count)
        #expect(response.body == Self.text)
        #expect(response.receivedBody == .bytes(try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    @Test func aBodyThatDoesNotDecodeIsKeptAsItCameWhenAsked() async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Self.text, coding: "gzip") }
        let url = try await encodedURL("br", file: file)
        let kept = try await Client().send(prepared: Wire.request(.get, url), options: Wire.options { $0.keepsUndecodableBody = true })
        #expect(kept.contentDecodingFailure?.hasPrefix("could not uncompress response with br") == true)
        #expect(kept.receivedBody == .bytes(try Data(contentsOf: URL(fileURLWithPath: file))))
        let error = await Wire.failure { () async throws(NetworkError) in try await Client().send(prepared: Wire.request(.get, url), options: Wire.options()) }
        guard case .transport(let code, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == 61)
    }

    @Test func everyDecodableCodingIsAdvertised() async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Data("small".utf8), coding: "zstd") }
        let response = try await Client().send(prepared: Wire.request(.get, try await encodedURL("zstd", file: file)), options: Wire.options())
        #expect(tokens(response.headers["X-Request-Accept-Encoding"]) == Set(ContentCoding.all))
        #expect(response.text == "small")
    }

    @Test func callersAcceptEncodingIsSentAsIsAndStillDecoded() async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Self.text, coding: "zstd") }
        let request = Wire.request(.get, try await encodedURL("zstd", file: file), headers: ["Accept-Encoding": "zstd"])
        let response = try await Client().send(prepared: request, options: Wire.options())
        #expect(response.headers["X-Request-Accept-Encoding"] == "zstd")
        #expect(response.body == Self.text)
    }

    @Test func sizeLimitCountsDecodedBytes() async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Self.text, coding: "zstd") }
        let compressedSize = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let limit = Int64(Self.text.count / 2)
        #expect(Int64(compressedSize) < limit)
        let request = Wire.request(.get, try await encodedURL("zstd", file: file))
        let error = await Wire.failure { () async throws(NetworkError) in try await Client().send(prepared: request, options: Wire.options { $0.maxResponseSize = limit }) }
        #expect(error == .responseTooLarge(limit: limit))
    }

    @Test func decodedBodyIsStreamedToTheOutputFile() async throws {
        let file = try await Blocking.run { try ContentCoding.compressedFile(Self.text, coding: "zstd") }
        let output = try TestFiles.path("decoded.txt")
        let response = try await Client().send(prepared: Wire.request(.get, try await encodedURL("zstd", file: file)), options: Wire.options { $0.outputPath = output })
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Self.text)
    }
}
