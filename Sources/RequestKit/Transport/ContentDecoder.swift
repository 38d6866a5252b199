import CCurl

/// Undoes a response's Content-Encoding as its bytes arrive: the codings the header lists (gzip, deflate, br, zstd;
/// identity skipped), the last one first.
///
/// curlew decodes itself instead of letting libcurl do it, so that the bytes as received stay available
/// (Hurl's `rawbytes`) and a body that does not decode can still be read as it came.
final class ContentDecoder {
    /// What became of a chunk.
    enum Outcome: Equatable {
        /// Every byte was decoded and handed on.
        case decoded
        /// The receiver asked to stop.
        case stopped
        /// The bytes do not decode; the text says why.
        case failed(String)
    }

    /// The most codings a header may stack.
    static let maximumCodings = 4

    /// The first decoder of the chain (for the coding applied last).
    private let entry: OpaquePointer
    /// The codings being undone, as the header names them, for messages.
    let codings: [String]

    private init(entry: OpaquePointer, codings: [String]) {
        self.entry = entry
        self.codings = codings
    }

    deinit {
        ccurl_decoder_free(entry)
    }

    /// A decoder for a Content-Encoding value; nil when there is nothing to undo (no header, or identity only), or why
    /// it cannot be undone (a coding curlew does not know, as Hurl words it: "compression X is not supported").
    static func make(contentEncoding: String?) -> Result<ContentDecoder?, ContentDecodingFailure> {
        guard let contentEncoding else { return .success(nil) }
        let names = contentEncoding.split(separator: ",").map { String($0).trimmingASCIIWhitespace().lowercased() }.filter { !$0.isEmpty && $0 != "identity" }
        guard !names.isEmpty else { return .success(nil) }
        guard names.count <= maximumCodings else {
            return .failure(ContentDecodingFailure(message: "the response stacks \(names.count) content codings; curlew undoes at most \(maximumCodings)"))
        }
        var codes: [Int32] = []
        for name in names {
            guard let code = code(for: name) else {
                return .failure(ContentDecodingFailure(message: "compression \(String(name.prefix(64))) is not supported"))
            }
            codes.append(code)
        }
        var chain: OpaquePointer?
        for code in codes {
            guard let next = ccurl_decoder_create(code, chain) else {
                if let chain { ccurl_decoder_free(chain) }
                return .failure(ContentDecodingFailure(message: "no memory for a decoder"))
            }
            chain = next
        }
        guard let chain else { return .success(nil) }
        return .success(ContentDecoder(entry: chain, codings: names))
    }

    /// A decoder of raw deflate data (no zlib or gzip header), as permessage-deflate sends it; nil without memory.
    static func rawDeflate() -> ContentDecoder? {
        guard let entry = ccurl_decoder_create(Int32(CCURL_CODING_RAW_DEFLATE), nil) else { return nil }
        return ContentDecoder(entry: entry, codings: ["permessage-deflate"])
    }

    /// The shim's code for a coding name.
    private static func code(for name: String) -> Int32? {
        switch name {
        case "gzip", "x-gzip": return Int32(CCURL_CODING_GZIP)
        case "deflate": return Int32(CCURL_CODING_DEFLATE)
        case "br": return Int32(CCURL_CODING_BROTLI)
        case "zstd": return Int32(CCURL_CODING_ZSTD)
        default: return nil
        }
    }

    /// Decodes a chunk, handing each decoded piece to `receive`, which returns false to stop.
    func write(_ bytes: UnsafeRawBufferPointer, receive: (UnsafeRawBufferPointer) -> Bool) -> Outcome {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .decoded }
        let result: Int32 = withoutActuallyEscaping(receive) { escapable in
            let box = DecodedReceiver(escapable)
            return withExtendedLifetime(box) {
                ccurl_decoder_write(entry, base.assumingMemoryBound(to: UInt8.self), bytes.count, decodedBytesArrived, Unmanaged.passUnretained(box).toOpaque())
            }
        }
        switch result {
        case Int32(CCURL_DECODE_OK): return .decoded
        case Int32(CCURL_DECODE_STOPPED): return .stopped
        default:
            let detail = String(cString: ccurl_decoder_message(entry))
            let coding = codings.last ?? "the content coding"
            return .failed("could not uncompress response with \(coding)" + (detail.isEmpty ? "" : " (\(detail))"))
        }
    }
}

/// Why a body's Content-Encoding cannot be undone.
struct ContentDecodingFailure: Error, Hashable, Sendable {
    /// What went wrong, as a sentence part.
    var message: String
}

/// The receiver of one `ContentDecoder.write`, reached from the C callback.
private final class DecodedReceiver {
    /// Takes decoded bytes; false stops the decoding.
    let receive: (UnsafeRawBufferPointer) -> Bool

    /// Wraps a receiver.
    init(_ receive: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.receive = receive
    }
}

/// The shim's callback for decoded bytes: hands them to the `DecodedReceiver` behind `context`; 0 goes on.
private func decodedBytesArrived(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
    guard let context else { return 1 }
    let receiver = Unmanaged<DecodedReceiver>.fromOpaque(context).takeUnretainedValue()
    return receiver.receive(UnsafeRawBufferPointer(start: bytes, count: length)) ? 0 : 1
}
