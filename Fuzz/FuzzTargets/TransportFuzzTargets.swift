import Foundation
import RequestKit

/// Bytes from a server that the transport decodes itself: compressed bodies.
enum TransportFuzzTargets {
    /// The codings a first byte picks, stacked ones included.
    static let codings = ["gzip", "deflate", "br", "zstd", "gzip, br", "deflate, zstd", "identity", "gzip, gzip"]
    /// The most decoded bytes kept, as a response size limit would cut them.
    static let limit = 1 << 16

    /// The transport targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("content-decoder", seeds: ["Tests/Fuzz/seeds/content-coding"]) { data throws(FuzzViolation) in
            // The first byte picks the coding; the rest is the body. Fed whole and in pieces of 1 to 7 bytes, it must
            // decode to the same bytes (or fail alike), never past the limit.
            guard let first = data.first else { return }
            let coding = codings[Int(first) % codings.count]
            let body = data.dropFirst()
            let whole = ContentDecoding.decode(body, contentEncoding: coding, pieceSize: body.count, limit: limit)
            if case .success(let decoded) = whole {
                try FuzzViolation.require(decoded.body.count <= limit, "\(coding): \(decoded.body.count) bytes, past the limit")
            }
            for size in 1...7 {
                let pieces = ContentDecoding.decode(body, contentEncoding: coding, pieceSize: size, limit: limit)
                switch (whole, pieces) {
                case (.success(let a), .success(let b)):
                    try FuzzViolation.require(a.body == b.body && a.truncated == b.truncated, "\(coding): pieces of \(size) decoded differently")
                case (.failure, .failure):
                    break
                case (.success(let a), .failure) where a.truncated:
                    break
                case (.failure, .success(let b)) where b.truncated:
                    break
                default:
                    try FuzzViolation.require(false, "\(coding): pieces of \(size) decoded where the whole did not, or the other way round")
                }
            }
        },
    ]
}
