import CCurl
import Foundation

/// A connection libcurl made and verified (TCP, a proxy's CONNECT tunnel, TLS with the request's CA file, client
/// certificate and pins) and then handed over (`CURLOPT_CONNECT_ONLY`): curlew speaks WebSocket on it itself.
///
/// Used by one thread only, the session's.
final class WebSocketConnection: EasyHandleOwner {
    /// The libcurl easy handle that owns the connection.
    let handle: UnsafeMutableRawPointer
    /// Lists handed to libcurl (connect-to, resolve), freed with the connection.
    var ownedLists: [UnsafeMutablePointer<curl_slist>] = []
    /// The connected socket, for poll(2).
    private(set) var socket: Int32 = -1
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// What one read came to.
    enum ReadOutcome {
        /// This many bytes were read into the buffer.
        case bytes(Int)
        /// Nothing is waiting now.
        case wouldBlock
        /// The server closed the connection.
        case closed
        /// The connection failed; the text says how.
        case failed(String)
    }

    /// Connects to the URL (http or https) of `prepared` as libcurl would for a request with `options`.
    init(prepared: PreparedRequest, options: RequestOptions, pins: [String]) throws(NetworkError) {
        CurlLibrary.initializeOnce()
        guard let handle = ccurl_easy_init() else {
            if let problem = ccurl_library_error() { throw .transport(code: 2, message: String(cString: problem)) }
            throw .transport(code: 27, message: "libcurl could not start (out of memory); close other programs and retry")
        }
        self.handle = handle
        let size = Int(ccurl_error_size())
        errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
        setLong(CURLOPT_NOSIGNAL, 1)
        setString(CURLOPT_URL, prepared.url)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        try requireLong(CURLOPT_CONNECT_ONLY, 1, what: "a connection of its own (CONNECT_ONLY)")
        // The Upgrade handshake is HTTP/1.1: TLS must not agree on HTTP/2 through ALPN.
        setLong(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        if let connect = options.connectTimeout ?? options.timeout, connect > 0 {
            setLong(CURLOPT_CONNECTTIMEOUT_MS, Transfer.milliseconds(connect))
        }
        try configureTLS(options, pins: pins)
        try configureProxy(options)
        // Through a proxy, a ws:// connection needs a tunnel as much as a wss:// one.
        if options.proxy != nil { setLong(CURLOPT_HTTPPROXYTUNNEL, 1) }
        try configureConnection(options)
        let code = ccurl_easy_perform(handle)
        guard code == CURLE_OK else {
            let context = CurlErrorMapping.Context(url: prepared.url, detail: String(cString: errorBuffer), timeout: options.timeout,
                                                   connectTimeout: options.connectTimeout, maxResponseSize: nil, proxy: options.proxy)
            throw CurlErrorMapping.error(for: code, context: context)
        }
        var socket: Int32 = -1
        guard ccurl_easy_getinfo_socket(handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket >= 0 else {
            throw .transport(code: 55, message: "libcurl connected but handed over no socket")
        }
        self.socket = socket
    }

    deinit {
        ccurl_easy_cleanup(handle)
        for list in ownedLists { ccurl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    /// Writes all of `bytes`, waiting for the socket to take more when it is full; the text says why it could not.
    func write(_ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            var sent = 0
            let code = bytes.withUnsafeBytes { buffer in
                ccurl_easy_send(handle, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, &sent)
            }
            if code == CURLE_AGAIN {
                _ = SocketWait.wait(for: socket, events: Int16(POLLOUT), milliseconds: 1000)
                continue
            }
            guard code == CURLE_OK else { return describe(code) }
            offset += sent
        }
        return nil
    }

    /// Writes as much of `bytes[offset...]` as the socket takes now, without blocking; how many bytes went, or why none could.
    func writeSome(_ bytes: [UInt8], from offset: Int) -> Result<Int, WriteFailure> {
        guard offset < bytes.count else { return .success(0) }
        var sent = 0
        let code = bytes.withUnsafeBytes { buffer in
            ccurl_easy_send(handle, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, &sent)
        }
        if code == CURLE_AGAIN { return .success(0) }
        guard code == CURLE_OK else { return .failure(WriteFailure(detail: describe(code))) }
        return .success(sent)
    }

    /// Why a write failed.
    struct WriteFailure: Error {
        /// libcurl's words.
        var detail: String
    }

    /// Reads what is waiting into `buffer`, without blocking.
    func read(into buffer: inout [UInt8]) -> ReadOutcome {
        var received = 0
        let capacity = buffer.count
        let code = buffer.withUnsafeMutableBytes { ccurl_easy_recv(handle, $0.baseAddress, capacity, &received) }
        if code == CURLE_AGAIN { return .wouldBlock }
        guard code == CURLE_OK else { return .failed(describe(code)) }
        return received == 0 ? .closed : .bytes(received)
    }

    /// libcurl's words for a failed send or receive.
    private func describe(_ code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail
    }
}
