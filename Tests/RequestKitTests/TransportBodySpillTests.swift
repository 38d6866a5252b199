import Foundation
import RequestKit
import Locking
import Testing

/// Bodies past a `BodySpill` threshold go to a file in the spill's folder, byte for byte, and are read back mapped.
@Suite struct TransportBodySpillTests {
    let client = Client()
    /// The threshold the tests use: 1 MiB, so the bodies stay small and the tests fast.
    static let threshold: Int64 = 1 << 20

    /// A fresh, empty spill folder.
    static func folder() throws -> String {
        let path = try TestFiles.path("spill")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The files in `folder`.
    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Whether `address` lies in a mapping of the file at `path`, as /proc/self/maps lists them.
    static func isMapped(_ address: UnsafeRawPointer, from path: String) throws -> Bool {
        // /proc files report no size, so they are read to their end rather than by their size.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let value = UInt(bitPattern: address)
        return maps.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5...].joined(separator: " ").hasPrefix(path) else { return false }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            return bounds.count == 2 && bounds[0] <= value && value < bounds[1]
        }
    }

    @Test("a body past the threshold lands in a file in the spill folder, whole and byte for byte, and maps back without a copy",
          arguments: [false, true])
    func bodyPastTheThresholdGoesToTheFolder(chunked: Bool) async throws {
        let folder = try Self.folder()
        let size = 5 * Int(Self.threshold) + 12_345
        let url = try await FaultServer.ready().url("/bytes?n=\(size)" + (chunked ? "&chunked=1" : ""))
        let filesAtFirstChunk = Locked<[String]?>(nil)
        let stream = ResponseStream { event in
            guard case .body = event else { return }
            filesAtFirstChunk.withLock { seen in
                if seen == nil { seen = Self.files(in: folder) }
            }
        }
        let options = Wire.options { $0.spill = BodySpill(directory: folder, threshold: Self.threshold, limit: nil) }
        let response = try await client.send(prepared: Wire.request(.get, url), options: options, stream: stream)

        #expect(response.body.isEmpty, "the response must not hold the body in memory")
        let path = try #require(response.bodyPath)
        #expect((path as NSString).deletingLastPathComponent == folder)
        let name = (path as NSString).lastPathComponent
        #expect(BodySpill.ownerProcess(ofFileNamed: name) == getpid())
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)
        #expect(FileManager.default.contents(atPath: path) == Wire.pattern(count: size))
        // Announced by Content-Length, the body goes to the file from its first byte; chunked, only once it grows past the threshold.
        #expect(filesAtFirstChunk.withLock { $0 } == (chunked ? [] : [name]))

        let mapped = try response.mappedBody()
        #expect(mapped.count == size)
        #expect(mapped == Wire.pattern(count: size))
        let inMapping = try mapped.withUnsafeBytes { bytes in try Self.isMapped(try #require(bytes.baseAddress), from: path) }
        #expect(inMapping, "the body's bytes should be a mapping of the file, not a copy")
    }

    @Test func aBodyUnderTheThresholdStaysInMemoryAndMakesNoFile() async throws {
        let folder = try Self.folder()
        let size = Int(Self.threshold) - 1
        let options = Wire.options { $0.spill = BodySpill(directory: folder, threshold: Self.threshold, limit: nil) }
        let response = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/bytes?n=\(size)&chunked=1")), options: options)
        #expect(response.body == Wire.pattern(count: size))
        #expect(response.bodyPath == nil)
        #expect(Self.files(in: folder).isEmpty)
        #expect(try response.mappedBody() == Wire.pattern(count: size))
    }

    @Test func theFileIsRemovedWhenTheLastResponseHoldingItGoesAway() async throws {
        let folder = try Self.folder()
        let options = Wire.options { $0.spill = BodySpill(directory: folder, threshold: Self.threshold, limit: nil) }
        var response: Response? = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/bytes?n=\(3 << 20)")), options: options)
        #expect(Self.files(in: folder).count == 1)
        let mapped = try #require(response).mappedBody()
        response = nil
        // A second request through the same transport thread: by its answer, the thread has let go of the first.
        _ = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/bytes?n=10")), options: options)
        #expect(Self.files(in: folder).isEmpty)
        #expect(mapped == Wire.pattern(count: 3 << 20), "a mapping stays readable after its file is removed")
    }

    @Test(arguments: [false, true])
    func theSpillLimitStopsABodyThatGoesToTheFile(chunked: Bool) async throws {
        let folder = try Self.folder()
        let options = Wire.options { $0.spill = BodySpill(directory: folder, threshold: Self.threshold, limit: 2 << 20) }
        let url = try await FaultServer.ready().url("/bytes?n=\(4 << 20)" + (chunked ? "&chunked=1" : ""))
        let error = await Wire.failure { () async throws(NetworkError) -> Response in try await client.send(prepared: Wire.request(.get, url), options: options) }
        #expect(error == .responseTooLarge(limit: 2 << 20))
    }

    @Test func theRequestsOwnLimitWinsOverTheSpillLimit() async throws {
        let folder = try Self.folder()
        let options = Wire.options {
            $0.spill = BodySpill(directory: folder, threshold: Self.threshold, limit: nil)
            $0.maxResponseSize = 3 << 20
        }
        let url = try await FaultServer.ready().url("/bytes?n=\(4 << 20)&chunked=1")
        let error = await Wire.failure { () async throws(NetworkError) -> Response in try await client.send(prepared: Wire.request(.get, url), options: options) }
        #expect(error == .responseTooLarge(limit: 3 << 20))
    }

    @Test func aFolderThatCannotHoldTheFileFailsWithAClearMessage() async throws {
        let missing = try TestFiles.path("no-such-folder") + "/bodies"
        let options = Wire.options { $0.spill = BodySpill(directory: missing, threshold: Self.threshold, limit: nil) }
        let url = try await FaultServer.ready().url("/bytes?n=\(2 << 20)")
        let error = await Wire.failure { () async throws(NetworkError) -> Response in try await client.send(prepared: Wire.request(.get, url), options: options) }
        guard case .transport(_, let message) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("cannot create a file in '\(missing)'"))
        #expect(message.contains("No such file or directory"))
    }

    @Test(arguments: [("curlew-body-4242-Ab12Cd", Int32?.some(4242)), ("curlew-body-x-1", nil), ("other-1-2", nil), ("curlew-body-99999999999-a", nil)])
    func ownerProcessIsReadFromTheName(name: String, owner: Int32?) {
        #expect(BodySpill.ownerProcess(ofFileNamed: name) == owner)
    }
}
