import CCurl

/// SHA-1 and SHA-256 through OpenSSL's libcrypto (opened with dlopen on first use): SHA-1 for the WebSocket
/// handshake's accept value only, SHA-256 for PKCE's S256 challenge.
public enum Digest {
    /// The 20-byte SHA-1 digest of `bytes`, or nil when libcrypto cannot be loaded.
    public static func sha1(_ bytes: [UInt8]) -> [UInt8]? { digest(bytes, length: 20, ccurl_sha1) }

    /// The 32-byte SHA-256 digest of `bytes`, or nil when libcrypto cannot be loaded.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8]? { digest(bytes, length: 32, ccurl_sha256) }

    /// Runs one of the shim's digest functions over `bytes` into `length` bytes.
    private static func digest(_ bytes: [UInt8], length: Int,
                               _ function: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> Int32) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: length)
        let result = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in function(input.baseAddress, input.count, output.baseAddress) }
        }
        return result == 0 ? digest : nil
    }
}
