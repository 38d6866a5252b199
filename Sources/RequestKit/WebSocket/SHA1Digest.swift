import CCurl

/// SHA-1 through OpenSSL's libcrypto (opened with dlopen on first use), for the handshake's accept value only.
public enum SHA1Digest {
    /// The 20-byte digest of `bytes`, or nil when libcrypto cannot be loaded.
    public static func digest(_ bytes: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 20)
        let result = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                ccurl_sha1(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return result == 0 ? digest : nil
    }
}
