import Foundation

/// What kind of body a response carries, which decides how the Body tab shows it.
public enum ResponseBodyKind: Hashable, Sendable {
    /// No body bytes.
    case empty
    /// Valid JSON, shown pretty-printed and colored.
    case json
    /// Text, shown as it is.
    case text
    /// Declared JSON but not valid; shown as text with the syntax error above it.
    case invalidJSON(String)
    /// Bytes that are not text (by content type, NUL bytes or invalid UTF-8); shown as a notice.
    case binary
}

/// Decides from the content type and the first bytes whether a body is JSON, text or binary.
enum BodyClassification {
    /// How many leading bytes are checked for NUL bytes and invalid UTF-8.
    static let sniffLength = 65_536

    /// Whether the content type names a JSON type (`application/json`, `…+json`, `text/json`).
    static func isJSONType(_ contentType: String) -> Bool {
        let mime = essence(contentType)
        return mime.hasSuffix("/json") || mime.hasSuffix("+json")
    }

    /// Whether the content type names a type that is never text.
    static func isBinaryType(_ contentType: String) -> Bool {
        let mime = essence(contentType)
        if mime.hasPrefix("image/") { return mime != "image/svg+xml" }
        if mime.hasPrefix("audio/") || mime.hasPrefix("video/") || mime.hasPrefix("font/") { return true }
        let binaries: Set<String> = [
            "application/octet-stream", "application/pdf", "application/zip", "application/gzip",
            "application/x-gzip", "application/x-tar", "application/x-7z-compressed", "application/wasm",
            "application/x-protobuf", "application/protobuf", "application/vnd.google.protobuf",
            "application/msgpack", "application/x-msgpack", "application/cbor", "application/x-bzip2",
        ]
        return binaries.contains(mime)
    }

    /// The media type without parameters, lower-cased, e.g. `application/json`.
    static func essence(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether the first bytes contain a NUL or a byte sequence that is not UTF-8.
    ///
    /// A multi-byte character cut by the end of the sniffed prefix does not count.
    static func looksBinary<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        let limit = min(bytes.count, sniffLength)
        var index = 0
        while index < limit {
            let byte = bytes[index]
            if byte == 0 { return true }
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return true
            }
            if index + length > bytes.count { return true }
            if index + length > limit { return false }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return true }
            index += length
        }
        return false
    }

    /// Whether text starts like JSON (an object or an array after whitespace).
    static func startsLikeJSON<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        for byte in bytes.prefix(1024) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }
}
