import Foundation
import RequestKit
import Testing
import TestServers

/// The waiting phase is the server's time to its first byte for every method, and the phases add up to the total.
@Suite struct TransportTimingTests {
    let client = Client()

    @Test(arguments: [HTTPMethod.get, .post, .put, .delete])
    func theWaitIsTheServersDelayWithOrWithoutABody(method: HTTPMethod) async throws {
        let server = try await LoopbackHTTPBin.ready()
        let body: [BodySegment] = method == .get ? [] : [.bytes(Data(#"{"a":1}"#.utf8))]
        let headers: HTTPHeaders = body.isEmpty ? [] : ["Content-Type": "application/json"]
        let response = try await client.send(prepared: Wire.request(method, server.url("/delay/1"), headers: headers, body: body), options: Wire.options())
        #expect(response.statusCode == 200)
        let timings = response.timings
        // httpbin answers /delay/1 after sleeping a second, so the wait holds that second and the download does not.
        #expect(timings.firstByte >= 0.95, "\(method): \(timings)")
        #expect(timings.download < 0.5, "\(method): \(timings)")
        let phases = timings.dns + timings.connect + timings.tls + timings.firstByte + timings.download
        #expect(phases <= timings.total + 0.001, "\(method): \(timings)")
        #expect(phases >= timings.total * 0.9, "\(method): \(timings)")
    }
}
