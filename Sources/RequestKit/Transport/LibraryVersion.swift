import CCurl

/// The versions of RequestKit and of the libcurl it sends through.
public enum LibraryVersion {
    /// The version of RequestKit (and of curlew, which ships with it).
    public static let requestKit = "0.1.0"

    /// The User-Agent sent when a request sets none (some APIs refuse requests without one): `curlew/VERSION`.
    public static let userAgent = "curlew/" + requestKit

    /// libcurl's own description of itself and its TLS and compression libraries, e.g. `libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13`.
    public static var libcurl: String {
        guard let text = ccurl_version() else { return "libcurl (version unknown)" }
        return String(cString: text)
    }
}
