import CCurl

extension TransportEngine {
    /// Carries out a cookie task on the share handle's jar through an easy handle kept for that, and replies with
    /// the cookies left. A client made without cookies has no jar: every task replies with no cookie.
    func perform(_ task: CookieTask) {
        guard cookies, let share, let handle = cookieHandle() else {
            task.reply([])
            return
        }
        _ = ccurl_easy_setopt_share(handle, share)
        switch task.kind {
        case .list:
            break
        case .clear:
            _ = ccurl_easy_setopt_string(handle, CURLOPT_COOKIELIST, "ALL")
        case .load(let lines):
            for line in lines where !line.isEmpty {
                _ = ccurl_easy_setopt_string(handle, CURLOPT_COOKIELIST, line)
            }
        }
        task.reply(Self.cookieLines(of: handle))
    }

    /// The jar's cookies as libcurl writes them in a cookie file, one line each.
    private static func cookieLines(of handle: UnsafeMutableRawPointer) -> [String] {
        var raw: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(handle, CURLINFO_COOKIELIST, &raw) == CURLE_OK, let raw else { return [] }
        let list = raw.assumingMemoryBound(to: curl_slist.self)
        defer { ccurl_slist_free_all(list) }
        var lines: [String] = []
        var node: UnsafeMutablePointer<curl_slist>? = list
        while let current = node {
            if let text = current.pointee.data { lines.append(String(cString: text)) }
            node = current.pointee.next
        }
        return lines
    }
}
