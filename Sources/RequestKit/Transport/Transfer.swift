import CCurl
import Foundation

/// One request in flight on the transport thread: its easy handle and everything the callbacks fill in.
final class Transfer: EasyHandleOwner {
    /// The job this transfer carries out.
    let job: TransportJob
    /// The libcurl easy handle, owned by this transfer until it ends.
    let handle: UnsafeMutableRawPointer

    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// Lists handed to libcurl besides the headers (connect-to, resolve), freed with the transfer.
    var ownedLists: [UnsafeMutablePointer<curl_slist>] = []
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var head = ResponseHeadParser()
    private var sink: ResponseBodySink
    private var bodyReader: BodyReader?
    /// A failure noticed by a callback, which wins over libcurl's own code.
    private var failure: NetworkError?
    private var lastProgressReport: ContinuousClock.Instant?
    private var latestProgress = TransferProgress()
    /// Whether the stream's observer has been given the head.
    private var headDelivered = false
    /// What has been seen arriving, for the message of an idle limit.
    private var arrivals = ArrivalWatch()
    /// When the transfer was handed to libcurl, and when the first line of a response head arrived after the
    /// body began to go out (a proxy's answer to CONNECT comes before): libcurl counts the start of an upload as
    /// the first byte, so a request with a body takes its wait from these.
    private var startedAt: ContinuousClock.Instant?
    private var firstHeaderAt: ContinuousClock.Instant?
    /// Whether the request sends a body, and whether libcurl has begun to read it.
    private var uploads = false
    private var bodyStarted = false
    /// Whether the body's Content-Encoding has been looked at (at its first byte).
    private var decodingChosen = false
    /// The decoder of the body's Content-Encoding; nil when there is nothing to undo.
    private var decoder: ContentDecoder?
    /// The body as received, kept while a coding is undone.
    private var received = ReceivedBodyKeeper()
    /// Why the body could not be decoded, when the options keep such a body as it came.
    private var decodingFailure: String?

    /// Creates a transfer for a job on a reset easy handle.
    init(job: TransportJob, handle: UnsafeMutableRawPointer) {
        self.job = job
        self.handle = handle
        let keeping = job.stream?.keeping ?? .whole
        sink = ResponseBodySink(limit: ResponseSizeLimit.effective(for: job.options, keeping: keeping), outputPath: job.options.outputPath,
                                keepAtMost: Self.keepAtMost(keeping), spill: job.options.spill)
        let size = Int(ccurl_error_size())
        errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        ccurl_slist_free_all(headerList)
        for list in ownedLists { ccurl_slist_free_all(list) }
        errorBuffer.deallocate()
        sink.close()
    }

    /// Sets every libcurl option the job asks for; fails when the output file cannot be created.
    /// `cookies` turns libcurl's cookie engine on for a handle just made (`freshHandle`); a reset handle keeps it.
    func configure(share: UnsafeMutableRawPointer?, cookies: Bool, freshHandle: Bool) throws(NetworkError) {
        let options = job.options
        let context = Unmanaged.passUnretained(self).toOpaque()
        setLong(CURLOPT_NOSIGNAL, 1)
        setString(CURLOPT_URL, job.prepared.url)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        if let share { _ = ccurl_easy_setopt_share(handle, share) }
        if options.requestsCompression { setString(CURLOPT_ACCEPT_ENCODING, "") }
        // libcurl only asks for the codings; curlew undoes them itself (ContentDecoder), keeping the bytes as received.
        setLong(CURLOPT_HTTP_CONTENT_DECODING, 0)
        // Sent unless the request's own User-Agent header replaces it.
        setString(CURLOPT_USERAGENT, LibraryVersion.userAgent)
        // Each COOKIEFILE setting appends to a list that a reset handle never frees, and the cookie engine
        // stays on through a reset, so it is set once per handle.
        if cookies, freshHandle { setString(CURLOPT_COOKIEFILE, "") }

        _ = ccurl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, transferWriteCallback)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ccurl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, transferHeaderCallback)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        let watchesIdle = (options.idleTimeout ?? 0) > 0
        if job.progress != nil || watchesIdle {
            setLong(CURLOPT_NOPROGRESS, 0)
            _ = ccurl_easy_setopt_xferinfo_callback(handle, transferProgressCallback)
            _ = ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        }
        if watchesIdle {
            _ = ccurl_easy_setopt_sockopt_callback(handle, transferSocketCallback)
            _ = ccurl_easy_setopt_pointer(handle, CURLOPT_SOCKOPTDATA, context)
        }

        // A proxy's CONNECT answer would look like the response's head to a stream's observer.
        if job.stream != nil { setLong(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1) }

        uploads = configureMethodAndBody(context: context)
        configureHeaders(uploads: uploads)

        setLong(CURLOPT_FOLLOWLOCATION, options.followRedirects ? 1 : 0)
        setString(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        setLong(CURLOPT_MAXREDIRS, options.maxRedirects)
        if let timeout = options.timeout, timeout > 0 { setLong(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout)) }
        if let connect = options.connectTimeout, connect > 0 { setLong(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connect)) }
        if let idle = options.idleTimeout, idle > 0 {
            // Below one byte a second for the whole period means nothing arrived in it.
            setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
            setLong(CURLOPT_LOW_SPEED_TIME, Self.idleSeconds(idle))
        }
        try configureTLS(options, pins: job.pinnedPublicKeys)
        if options.recordsCertificate { setLong(CURLOPT_CERTINFO, 1) }
        try configureProxy(options)
        setLong(CURLOPT_HTTP_VERSION, Self.curlHTTPVersion(options.httpVersion))
        try configureConnection(options)
        try configureCredentials(job.prepared.credentials, options: options)
        if let limit = sink.limit { _ = ccurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)) }
        try sink.openOutput()
        startedAt = ContinuousClock.now
    }

    /// The whole body when every segment is held in memory (nil when there is none or a file streams).
    private static func bytesInMemory(_ segments: [SizedSegment]) -> Data? {
        guard !segments.isEmpty else { return nil }
        var data = Data()
        for segment in segments {
            guard case .bytes(let bytes) = segment.source else { return nil }
            data.append(bytes)
        }
        return data
    }

    /// Chooses the request method and, when there is a body, the streaming callbacks; returns whether it uploads.
    private func configureMethodAndBody(context: UnsafeMutableRawPointer) -> Bool {
        let method = job.prepared.method
        if case .awsSigV4 = job.prepared.credentials?.scheme, let bytes = Self.bytesInMemory(job.body) {
            // libcurl's SigV4 hashes only a body it holds itself, so a signed body is handed over whole.
            setLong(CURLOPT_POST, 1)
            _ = ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            var copy = [UInt8](bytes)
            copy.append(0)
            _ = copy.withUnsafeMutableBytes { ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
            if method != .post { setString(CURLOPT_CUSTOMREQUEST, method.rawValue) }
            return true
        }
        if method == .post || !job.body.isEmpty {
            let reader = BodyReader(segments: job.body)
            bodyReader = reader
            setLong(CURLOPT_POST, 1)
            _ = ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(reader.totalSize))
            _ = ccurl_easy_setopt_data_callback(handle, CURLOPT_READFUNCTION, transferReadCallback)
            _ = ccurl_easy_setopt_pointer(handle, CURLOPT_READDATA, context)
            _ = ccurl_easy_setopt_seek_callback(handle, transferSeekCallback)
            _ = ccurl_easy_setopt_pointer(handle, CURLOPT_SEEKDATA, context)
            if method != .post { setString(CURLOPT_CUSTOMREQUEST, method.rawValue) }
            return true
        }
        switch method {
        case .get: setLong(CURLOPT_HTTPGET, 1)
        case .head: setLong(CURLOPT_NOBODY, 1)
        default: setString(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
        return false
    }

    /// Hands the request's headers to libcurl, switching off the ones libcurl would add on its own for uploads.
    private func configureHeaders(uploads: Bool) {
        var lines: [String] = job.prepared.headers.map { field in
            field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
        }
        // libcurl's SigV4 signs a "Name:" removal line as an empty header it then does not send, so a signed
        // request leaves libcurl's own Content-Type and Expect as they are.
        let signs: Bool
        if case .awsSigV4 = job.prepared.credentials?.scheme { signs = true } else { signs = false }
        if uploads, !signs {
            if !job.prepared.headers.contains(name: "Content-Type") { lines.append("Content-Type:") }
            if !job.prepared.headers.contains(name: "Expect") { lines.append("Expect:") }
        }
        // "Name:" with no value keeps libcurl from sending a header of its own.
        for name in job.options.suppressedHeaders where HTTPMethod(rawValue: name).isValidToken { lines.append(name + ":") }
        for line in lines {
            if let appended = ccurl_slist_append(headerList, line) { headerList = appended }
        }
        if let headerList { _ = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
    }

    // MARK: - Callbacks (on the transport thread)

    /// Decodes and keeps or writes out a chunk of the response body; returning less than `bytes.count` aborts.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        arrivals.arrived()
        if let stream = job.stream, !headDelivered { deliverHead(to: stream) }
        if !decodingChosen, !chooseDecoding() { return 0 }
        if decodingFailure != nil {
            received.append(bytes)
            return bytes.count
        }
        guard let decoder else { return deliver(bytes) ? bytes.count : 0 }
        received.append(bytes)
        switch decoder.write(bytes, receive: { deliver($0) }) {
        case .decoded: return bytes.count
        case .stopped: return 0
        case .failed(let message): return undecodable(message) ? bytes.count : 0
        }
    }

    /// Picks the decoder for the final response's Content-Encoding, at its first body byte; false stops the transfer.
    private func chooseDecoding() -> Bool {
        decodingChosen = true
        switch ContentDecoder.make(contentEncoding: head.headers["Content-Encoding"]) {
        case .success(let made):
            decoder = made
            if made == nil, let announced = head.headers["Content-Length"].flatMap({ Int64($0.trimmingASCIIWhitespace()) }) {
                sink.announce(bytes: announced)
            }
            return true
        case .failure(let problem):
            return undecodable(problem.message)
        }
    }

    /// Notes a body that does not decode: kept as it came when the options say so (true), else the transfer fails.
    private func undecodable(_ message: String) -> Bool {
        if job.options.keepsUndecodableBody {
            decodingFailure = message
            return true
        }
        failure = .transport(code: Int(CURLE_BAD_CONTENT_ENCODING.rawValue), message: "The response body cannot be decoded: \(message).")
        return false
    }

    /// Hands decoded body bytes to the sink and the stream's observer; false when the sink refuses them.
    private func deliver(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let refusal = sink.append(bytes) {
            failure = refusal
            return false
        }
        if let stream = job.stream, !bytes.isEmpty { stream.observer(.body(Data(bytes))) }
        return true
    }

    /// Records one header line; for a stream, the blank line that ends the final response's head delivers it.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        if bodyStarted, firstHeaderAt == nil { firstHeaderAt = ContinuousClock.now }
        arrivals.headerLine(blank: Self.isBlank(bytes))
        head.consume(line: bytes)
        if let stream = job.stream, !headDelivered, Self.isBlank(bytes), isFinalHead { deliverHead(to: stream) }
        return bytes.count
    }

    /// Whether the head just ended belongs to the response the caller gets: not an interim 1xx, and not a
    /// redirect that libcurl is about to follow (that one is delivered, if it stays final, with the first body byte or at the end).
    private var isFinalHead: Bool {
        let status = head.statusCode
        if (100..<200).contains(status) { return false }
        if (300..<400).contains(status), job.options.followRedirects, head.headers["Location"] != nil { return false }
        return true
    }

    /// Whether a header line is only its line end.
    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
    }

    /// Hands the head to the stream's observer, once.
    private func deliverHead(to stream: ResponseStream) {
        headDelivered = true
        var reason = head.reason
        let status = head.statusCode != 0 ? head.statusCode : TransferInfo(handle: handle).long(CURLINFO_RESPONSE_CODE)
        if reason.isEmpty { reason = HTTPStatusPhrase.phrase(for: status) }
        let version = head.httpVersion.isEmpty ? TransferInfo(handle: handle).httpVersion : head.httpVersion
        let delivered = ResponseHead(statusCode: status, reason: reason, httpVersion: version, headers: head.headers)
        if let decide = stream.keepingForHead {
            let keeping = decide(delivered)
            if keeping != stream.keeping {
                sink.change(limit: ResponseSizeLimit.effective(for: job.options, keeping: keeping), keepAtMost: Self.keepAtMost(keeping))
            }
        }
        stream.observer(.head(delivered))
    }

    /// Fills libcurl's buffer with the next body bytes.
    func readBody(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard let reader = bodyReader else { return 0 }
        bodyStarted = true
        guard let count = reader.read(into: buffer, capacity: capacity) else {
            failure = reader.failure
            return Int(ccurl_readfunc_abort())
        }
        return count
    }

    /// Rewinds the body for a redirect or an authentication retry.
    func seekBody(to offset: Int64, origin: Int32) -> Int32 {
        guard origin == SEEK_SET, let reader = bodyReader else { return ccurl_seekfunc_cantseek() }
        return reader.seek(to: offset) ? ccurl_seekfunc_ok() : ccurl_seekfunc_fail()
    }

    /// Notes the socket a new connection of this transfer reads from.
    func opened(socket: Int32) {
        arrivals.watch(socket: socket)
    }

    /// Passes progress on to the caller, at most every 100 ms.
    func progressed(downloadTotal: Int64, downloaded: Int64, uploadTotal: Int64, uploaded: Int64) -> Int32 {
        arrivals.sample()
        latestProgress = TransferProgress(bytesSent: uploaded, totalToSend: uploadTotal, bytesReceived: downloaded, totalToReceive: downloadTotal)
        let now = ContinuousClock.now
        if let last = lastProgressReport, now - last < .milliseconds(100) { return 0 }
        lastProgressReport = now
        job.progress?(latestProgress)
        return 0
    }

    // MARK: - Outcome

    /// The outcome of the transfer once libcurl reports it done.
    func outcome(code: CURLcode) -> Result<Response, NetworkError> {
        sink.close()
        if let failure { return .failure(failure) }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let info = TransferInfo(handle: handle)
            let context = CurlErrorMapping.Context(
                url: info.string(CURLINFO_EFFECTIVE_URL) ?? job.prepared.url,
                redirectTarget: info.string(CURLINFO_REDIRECT_URL),
                redirectCount: info.long(CURLINFO_REDIRECT_COUNT),
                detail: detail,
                timeout: job.options.timeout,
                connectTimeout: job.options.connectTimeout,
                idleTimeout: job.options.idleTimeout,
                idleStop: job.options.idleTimeout.map { arrivals.stop(limit: Double(Self.idleSeconds($0)), bodyBytes: sink.receivedBytes) } ?? .silent,
                maxResponseSize: sink.limit,
                proxy: job.options.proxy
            )
            return .failure(CurlErrorMapping.error(for: code, context: context))
        }
        if let progress = job.progress {
            var final = latestProgress
            final.bytesReceived = max(final.bytesReceived, sink.receivedBytes)
            final.bytesSent = max(final.bytesSent, bodyReader?.totalSize ?? 0)
            progress(final)
        }
        if let stream = job.stream, !headDelivered { deliverHead(to: stream) }
        return .success(makeResponse(stoppedEarly: false))
    }

    /// The outcome when the caller stops the transfer: the response so far once its head was delivered, else a cancellation.
    func stoppedOutcome() -> Result<Response, NetworkError> {
        sink.close()
        if let failure { return .failure(failure) }
        guard headDelivered else { return .failure(.cancelled) }
        return .success(makeResponse(stoppedEarly: true))
    }

    private func makeResponse(stoppedEarly: Bool) -> Response {
        let info = TransferInfo(handle: handle)
        let statusCode = info.long(CURLINFO_RESPONSE_CODE)
        var reason = head.reason
        if reason.isEmpty { reason = HTTPStatusPhrase.phrase(for: statusCode) }
        let temporaryFile = sink.takeTemporaryFile()
        var response = Response(
            statusCode: statusCode,
            reason: reason,
            httpVersion: head.httpVersion.isEmpty ? info.httpVersion : head.httpVersion,
            headers: head.headers,
            body: sink.memory,
            bodyPath: job.options.outputPath ?? temporaryFile?.path,
            temporaryBody: temporaryFile,
            effectiveURL: info.string(CURLINFO_EFFECTIVE_URL) ?? job.prepared.url,
            redirectCount: info.long(CURLINFO_REDIRECT_COUNT),
            remoteAddress: info.remoteAddress,
            timings: info.timings(firstByteAfterStart: uploadWait(redirects: info.long(CURLINFO_REDIRECT_COUNT))),
            bytesSent: Int64(info.long(CURLINFO_REQUEST_SIZE)) + info.offset(CURLINFO_SIZE_UPLOAD_T),
            bytesReceived: Int64(info.long(CURLINFO_HEADER_SIZE)) + info.offset(CURLINFO_SIZE_DOWNLOAD_T),
            droppedBodyBytes: sink.droppedBytes,
            stoppedEarly: stoppedEarly
        )
        response.redirects = head.redirects(followed: response.redirectCount, from: job.prepared.url)
        if decoder != nil || decodingFailure != nil { response.receivedBody = received.body }
        response.contentDecodingFailure = decodingFailure
        if job.options.recordsCertificate { response.certificate = ServerCertificate.gathered(by: handle) }
        return response
    }

    /// Seconds from the hand-over to libcurl to the first line of the response head, for a request with a body
    /// and no redirect (whose wait libcurl misreports); nil otherwise.
    private func uploadWait(redirects: Int) -> Double? {
        guard uploads, redirects == 0, let startedAt, let firstHeaderAt else { return nil }
        let elapsed = startedAt.duration(to: firstHeaderAt).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    /// The byte count a sink keeps at most for a keeping choice; nil for all.
    private static func keepAtMost(_ keeping: StreamedBodyKeeping) -> Int64? {
        if case .first(let bytes, _) = keeping { return bytes }
        return nil
    }

    // MARK: - Option helpers

    /// An idle limit as the whole seconds libcurl's low-speed check takes, rounded up.
    static func idleSeconds(_ seconds: Double) -> Int {
        max(1, (milliseconds(seconds) + 999) / 1000)
    }

    /// Seconds as whole milliseconds for libcurl, capped at the longest limit curlew accepts.
    static func milliseconds(_ seconds: Double) -> Int {
        let capped = min(max(seconds, 0), NumberReading.maximumSeconds)
        return Int((capped * 1000).rounded(.up))
    }

    private static func curlHTTPVersion(_ preference: HTTPVersionPreference) -> Int {
        switch preference {
        case .automatic: return Int(CURL_HTTP_VERSION_NONE)
        case .http1_0: return Int(CURL_HTTP_VERSION_1_0)
        case .http1_1: return Int(CURL_HTTP_VERSION_1_1)
        case .http2: return Int(CURL_HTTP_VERSION_2TLS)
        case .http2PriorKnowledge: return Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
        }
    }
}
