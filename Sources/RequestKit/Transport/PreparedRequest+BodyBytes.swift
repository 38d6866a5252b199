import Foundation

extension PreparedRequest {
    /// The body as it would be sent, files read; `.unreadableFile` for a file `Client` would refuse to send.
    public func bodyBytes() throws(NetworkError) -> Data {
        var bytes = Data()
        for segment in try BodyMeasurer.measure(body) {
            switch segment.source {
            case .bytes(let data): bytes.append(data)
            case .file(let path):
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw NetworkError.unreadableFile(path: path, reason: "it could not be read")
                }
                bytes.append(data)
            }
        }
        return bytes
    }
}
