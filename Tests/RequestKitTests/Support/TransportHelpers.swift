import Foundation
import RequestKit

/// Shorthands for tests that send hand-built prepared requests.
enum Wire {
    /// A prepared request with the given parts.
    static func request(_ method: HTTPMethod = .get, _ url: String, headers: HTTPHeaders = [], body: [BodySegment] = []) -> PreparedRequest {
        PreparedRequest(method: method, url: url, headers: headers, body: body)
    }

    /// Options with a short overall timeout, so a broken test fails fast.
    static func options(_ change: (inout RequestOptions) -> Void = { _ in }) -> RequestOptions {
        var options = RequestOptions(timeout: 30)
        change(&options)
        return options
    }

    /// The error a send fails with, or nil when it succeeds.
    static func failure(_ send: () async throws(NetworkError) -> Response) async -> NetworkError? {
        do {
            _ = try await send()
            return nil
        } catch {
            return error
        }
    }

    /// Parses a JSON object body.
    static func json(_ response: Response) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw ServerProcess.LaunchError(description: "the body is not a JSON object: \(response.text)")
        }
        return object
    }

    /// Writes bytes to a fresh temporary file and returns its path.
    static func temporaryFile(_ name: String, contents: Data) throws -> String {
        let path = try TestFiles.path(name)
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bytes that repeat 0…255, as the fault server's `/bytes` sends them.
    static func pattern(count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0) })
    }

    /// A loopback port with a socket bound to it but not listening, so connecting there is refused.
    static func refusingPort() throws -> (port: Int, socket: Int32) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw ServerProcess.LaunchError(description: "cannot bind a loopback socket")
        }
        return (Int(UInt16(bigEndian: address.sin_port)), descriptor)
    }
}
