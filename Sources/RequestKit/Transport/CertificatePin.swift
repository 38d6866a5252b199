import CCurl

/// Public-key pins derived from certificate files.
enum CertificatePin {
    /// The `sha256//BASE64` pin of the public key in a PEM or DER certificate file.
    static func pin(forCertificateAt path: String) throws(NetworkError) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let status = ccurl_certificate_pin(path, &buffer, buffer.count)
        switch status {
        case 0:
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case 1:
            throw .unreadableFile(path: path, reason: "the pinned certificate file cannot be opened")
        case 4:
            throw .unreadableFile(path: path, reason: "OpenSSL's libcrypto.so.3, which reads certificates, cannot be loaded; install libssl3")
        default:
            throw .unreadableFile(path: path, reason: "it holds no PEM or DER certificate to pin")
        }
    }
}
