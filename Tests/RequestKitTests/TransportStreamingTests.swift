import Foundation
import RequestKit
import Locking
import Testing

/// Concurrency, progress, bodies streamed from files and responses streamed to files.
@Suite struct TransportStreamingTests {
    let client = Client()

    @Test func manyRequestsInFlightAtOnce() async throws {
        // The server answers only once all 20 requests are open at the same time, so 20 × 200 proves concurrency.
        let url = try await FaultServer.ready().url("/barrier?name=\(UUID().uuidString)&parties=20")
        let client = self.client
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await client.send(prepared: Wire.request(.get, url), options: Wire.options()).statusCode }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
    }

    @Test func bodySegmentsFromFilesAreSentByteForByte() async throws {
        var binary = Data([0, 0, 1, 2, 0, 255, 13, 10, 0])
        binary.append(Wire.pattern(count: 300_000))
        let path = try Wire.temporaryFile("nul-bytes.bin", contents: binary)
        let empty = try Wire.temporaryFile("empty.bin", contents: Data())
        let head = Data("--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"n.bin\"\r\n\r\n".utf8)
        let tail = Data("\r\n--b--\r\n".utf8)
        let request = Wire.request(.post, try await FaultServer.ready().url("/echo"), headers: ["Content-Type": "multipart/form-data; boundary=b"],
                                   body: [.bytes(head), .file(path: path), .file(path: empty), .bytes(tail)])
        let response = try await client.send(prepared: request, options: Wire.options())
        #expect(response.body == head + binary + tail)
    }

    @Test func putWithFileBody() async throws {
        let contents = Wire.pattern(count: 70_000)
        let path = try Wire.temporaryFile("put.bin", contents: contents)
        let response = try await client.send(prepared: Wire.request(.put, try await FaultServer.ready().url("/echo"), body: [.file(path: path)]), options: Wire.options())
        #expect(response.body == contents)
    }

    @Test func uploadProgressIsReported() async throws {
        let size = 8 * 1024 * 1024
        let path = try Wire.temporaryFile("upload.bin", contents: Wire.pattern(count: size))
        let reports = Locked<[TransferProgress]>([])
        let response = try await client.send(prepared: Wire.request(.post, try await FaultServer.ready().url("/discard"), body: [.file(path: path)]), options: Wire.options()) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(try Wire.json(response)["received"] as? Int == size)
        let seen = reports.withLock { $0 }
        #expect(!seen.isEmpty)
        #expect(seen.last?.bytesSent == Int64(size))
        #expect(seen.contains { $0.totalToSend == Int64(size) })
    }

    @Test func downloadProgressIsReported() async throws {
        let size = 8 * 1024 * 1024
        let reports = Locked<[TransferProgress]>([])
        let response = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/bytes?n=\(size)")), options: Wire.options()) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(response.body.count == size)
        let seen = reports.withLock { $0 }
        #expect(seen.last?.bytesReceived == Int64(size))
        #expect(seen.contains { $0.totalToReceive == Int64(size) })
    }

    @Test func bodyIsStreamedToAFile() async throws {
        let output = try TestFiles.path("download.bin")
        let size = 3 * 1024 * 1024 + 7
        let response = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/bytes?n=\(size)")), options: Wire.options { $0.outputPath = output })
        #expect(response.body.isEmpty)
        #expect(response.bodyPath == output)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(written == Wire.pattern(count: size))
    }

    @Test func unwritableOutputFails() async throws {
        let output = try TestFiles.path("missing-directory") + "/out.bin"
        let request = Wire.request(.get, try await FaultServer.ready().url("/bytes?n=10"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options { $0.outputPath = output }) }
        #expect(error?.exitCode == 23)
    }
}
