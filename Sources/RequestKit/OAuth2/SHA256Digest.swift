import CCurl

/// SHA-256 through OpenSSL's libcrypto (opened with dlopen on first use), for PKCE's S256 challenge.
public enum SHA256Digest {
    /// The 32-byte digest of `bytes`, or nil when libcrypto cannot be loaded.
    public static func digest(_ bytes: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 32)
        let result = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                ccurl_sha256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return result == 0 ? digest : nil
    }
}
