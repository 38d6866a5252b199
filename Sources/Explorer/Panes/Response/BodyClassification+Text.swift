/// Telling declared text apart from bytes that merely fail to decode.
extension BodyClassification {
    /// Whether the content type declares text: `text/*`, JSON, XML, or a form or JavaScript body.
    static func isTextType(_ contentType: String) -> Bool {
        let mime = essence(contentType)
        if mime.hasPrefix("text/") || isJSONType(contentType) { return true }
        if mime.hasSuffix("/xml") || mime.hasSuffix("+xml") { return true }
        return ["application/javascript", "application/x-www-form-urlencoded", "application/x-ndjson", "application/yaml"].contains(mime)
    }

    /// Whether the first `sniffLength` bytes hold a NUL byte.
    static func hasNUL<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        bytes.prefix(sniffLength).contains(0)
    }

    /// Whether a body is shown as bytes (hex) rather than text: a binary type, or content that is not text —
    /// except that a body declared as text with no NUL byte stays text, its invalid UTF-8 drawn as `�`.
    static func showsAsBinary<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, contentType: String) -> Bool where Bytes.Index == Int {
        if isBinaryType(contentType) { return true }
        guard looksBinary(bytes) else { return false }
        return !(isTextType(contentType) && !hasNUL(bytes))
    }
}
