import Foundation
import RequestKit
import Testing

/// Failures: timeout, refused, DNS, truncated bodies, size limits, unreadable files, cancellation.
@Suite struct TransportFailureTests {
    let client = Client()

    @Test func timeout() async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/slow?seconds=5"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options { $0.timeout = 0.5 }) }
        #expect(error == .timeout(seconds: 0.5))
    }

    @Test func connectionRefused() async throws {
        let (port, socket) = try Wire.refusingPort()
        defer { close(socket) }
        let request = Wire.request(.get, "http://127.0.0.1:\(port)/")
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        #expect(error == .connectionRefused(host: "127.0.0.1:\(port)"))
        #expect(error?.exitCode == 7)
    }

    @Test func dnsFailure() async throws {
        let request = Wire.request(.get, "http://no-such-host.invalid/")
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        #expect(error == .dnsFailure(host: "no-such-host.invalid"))
        #expect(error?.exitCode == 6)
    }

    @Test func serverClosingMidBody() async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/close-mid-body"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        guard case .serverClosedEarly = error else {
            Issue.record("expected serverClosedEarly, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [false, true])
    func responseTooLarge(chunked: Bool) async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/bytes?n=200000\(chunked ? "&chunked=1" : "")"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options { $0.maxResponseSize = 1000 }) }
        #expect(error == .responseTooLarge(limit: 1000))
    }

    @Test func responseWithinLimitIsKept() async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/bytes?n=1000&chunked=1"))
        let response = try await client.send(prepared: request, options: Wire.options { $0.maxResponseSize = 1000 })
        #expect(response.body == Wire.pattern(count: 1000))
    }

    @Test func missingBodyFileFailsBeforeSending() async throws {
        let missing = try TestFiles.path("does-not-exist.bin")
        let request = Wire.request(.post, try await FaultServer.ready().url("/echo"), body: [.bytes(Data("a".utf8)), .file(path: missing)])
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        guard case .unreadableFile(let path, _) = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(path == missing)
    }

    @Test func directoryAsBodyFileIsUnreadable() async throws {
        let request = Wire.request(.post, try await FaultServer.ready().url("/echo"), body: [.file(path: try TestFiles.directory())])
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        #expect(error?.exitCode == 26)
    }

    @Test func cancellationAbortsPromptly() async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/slow?seconds=60"))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let client = self.client
        let task = Task { () async -> NetworkError? in
            await Wire.failure { () async throws(NetworkError) in
                try await client.send(prepared: request, options: Wire.options()) { _ in startedContinuation.yield() }
            }
        }
        for await _ in started { break }
        task.cancel()
        // The server answers after 60 s and the transfer's own limit is 30 s: a cancelled outcome, neither the
        // answer nor a timeout, is what says the transfer was aborted.
        #expect(await task.value == .cancelled)
    }

    @Test func cancelledBeforeStartingNeverSends() async throws {
        let request = Wire.request(.get, try await FaultServer.ready().url("/slow?seconds=20"))
        let client = self.client
        let task = Task { () async -> NetworkError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        }
        #expect(await task.value == .cancelled)
    }
}
