import CCurl

/// Reads what libcurl measured about a finished transfer.
struct TransferInfo {
    /// The easy handle of the finished transfer.
    let handle: UnsafeMutableRawPointer

    /// A `long` value, or 0 when libcurl has none.
    func long(_ info: CURLINFO) -> Int {
        var value = 0
        _ = ccurl_easy_getinfo_long(handle, info, &value)
        return value
    }

    /// A `curl_off_t` value, or 0 when libcurl has none.
    func offset(_ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        _ = ccurl_easy_getinfo_off_t(handle, info, &value)
        return Int64(value)
    }

    /// A string value, or nil when libcurl has none.
    func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard ccurl_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The negotiated HTTP version as written on a status line.
    var httpVersion: String {
        switch long(CURLINFO_HTTP_VERSION) {
        case Int(CURL_HTTP_VERSION_1_0): return "HTTP/1.0"
        case Int(CURL_HTTP_VERSION_2_0): return "HTTP/2"
        case Int(CURL_HTTP_VERSION_3): return "HTTP/3"
        default: return "HTTP/1.1"
        }
    }

    /// The server's address and port, with brackets around an IPv6 address.
    var remoteAddress: String? {
        guard let ip = string(CURLINFO_PRIMARY_IP), !ip.isEmpty else { return nil }
        let port = long(CURLINFO_PRIMARY_PORT)
        return ip.utf8.contains(UInt8(ascii: ":")) ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    /// libcurl's cumulative timestamps turned into the length of each phase. `firstByteAfterStart`, when given,
    /// is the time to the response's first byte as measured by the caller; it replaces libcurl's, which for an
    /// upload marks when the body starts going out.
    func timings(firstByteAfterStart: Double? = nil) -> Timings {
        let seconds = { (info: CURLINFO) -> Double in Double(offset(info)) / 1_000_000 }
        let nameLookup = seconds(CURLINFO_NAMELOOKUP_TIME_T)
        let connect = seconds(CURLINFO_CONNECT_TIME_T)
        let appConnect = seconds(CURLINFO_APPCONNECT_TIME_T)
        let preTransfer = seconds(CURLINFO_PRETRANSFER_TIME_T)
        let total = seconds(CURLINFO_TOTAL_TIME_T)
        let startTransfer = firstByteAfterStart.map { min(max($0, preTransfer), total) } ?? seconds(CURLINFO_STARTTRANSFER_TIME_T)
        return Timings(
            dns: max(0, nameLookup),
            connect: max(0, connect - nameLookup),
            tls: appConnect > 0 ? max(0, appConnect - connect) : 0,
            firstByte: max(0, startTransfer - preTransfer),
            download: max(0, total - startTransfer),
            total: max(0, total)
        )
    }
}
