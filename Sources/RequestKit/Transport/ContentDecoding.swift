import Foundation

/// A whole body's Content-Encoding undone in memory, fed to the decoder in pieces as a transfer would feed it:
/// for tools and the fuzzer, which check that the pieces do not change what comes out.
public enum ContentDecoding {
    /// The body decoded from `data` coded as `contentEncoding`, fed `pieceSize` bytes at a time and cut at `limit`
    /// bytes (what comes after is dropped and `truncated` is set); the failure says why it does not decode.
    public static func decode(_ data: Data, contentEncoding: String, pieceSize: Int, limit: Int) -> Result<(body: Data, truncated: Bool), ContentDecodingError> {
        let decoder: ContentDecoder
        switch ContentDecoder.make(contentEncoding: contentEncoding) {
        case .success(let made?): decoder = made
        case .success(nil): return .success((data.count > limit ? data.prefix(limit) : data, data.count > limit))
        case .failure(let failure): return .failure(ContentDecodingError(message: failure.message))
        }
        var body = Data()
        var truncated = false
        let step = max(1, pieceSize)
        var start = data.startIndex
        while start < data.endIndex, !truncated {
            let end = data.index(start, offsetBy: step, limitedBy: data.endIndex) ?? data.endIndex
            let outcome = data[start..<end].withUnsafeBytes { piece in
                decoder.write(piece) { decoded in
                    let room = limit - body.count
                    body.append(contentsOf: decoded.prefix(max(0, room)))
                    if decoded.count > room { truncated = true }
                    return !truncated
                }
            }
            if case .failed(let message) = outcome { return .failure(ContentDecodingError(message: message)) }
            start = end
        }
        return .success((body, truncated))
    }
}

/// Why a body does not decode.
public struct ContentDecodingError: Error, Hashable, Sendable {
    /// What went wrong, as a sentence part.
    public var message: String
}
