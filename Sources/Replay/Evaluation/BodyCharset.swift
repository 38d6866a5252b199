#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RequestKit

/// Decodes a response body as text in the charset its Content-Type names (latin1, gb2312, windows-1256, …),
/// through the C library's iconv; UTF-8 and an absent or unknown charset decode as UTF-8 with invalid bytes replaced.
enum BodyCharset {
    /// The charset parameter of a Content-Type, lowercased, or nil.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value.lowercased()
        }
        return nil
    }

    /// The body as text.
    static func text(of body: Data, contentType: String?) -> String {
        guard let charset = charset(of: contentType), charset != "utf-8", charset != "utf8", isName(charset),
              let decoded = convert(body, from: charset) else {
            return String(decoding: body, as: UTF8.self)
        }
        return decoded
    }

    /// Bytes decoded as text in a named encoding (the `decode` filter), or nil when the name is unknown or the bytes
    /// are not valid in it.
    static func decode(_ bytes: Data, encoding: String) -> String? {
        let name = encoding.trimmingCharacters(in: .whitespaces).lowercased()
        guard isName(name) else { return nil }
        if name == "utf-8" || name == "utf8" { return String(data: bytes, encoding: .utf8) }
        return convert(bytes, from: name)
    }

    /// Whether a charset name is short and made of the characters charset names use.
    private static func isName(_ charset: String) -> Bool {
        !charset.isEmpty && charset.utf8.count < 64 && charset.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }
    }

    /// The bytes converted from a charset to UTF-8, or nil when iconv does not know the charset or the bytes are invalid.
    private static func convert(_ body: Data, from charset: String) -> String? {
        #if canImport(Glibc)
        let converter = iconv_open("UTF-8", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = [CChar](repeating: 0, count: body.count)
        body.withUnsafeBytes { raw in
            for (index, byte) in raw.enumerated() { input[index] = CChar(bitPattern: byte) }
        }
        let capacity = body.count * 4 + 16
        var output = [CChar](repeating: 0, count: capacity)
        let converted: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inPointer = inputBuffer.baseAddress
                var inLeft = inputBuffer.count
                var outPointer = outputBuffer.baseAddress
                var outLeft = outputBuffer.count
                let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                guard result != -1, inLeft == 0 else { return nil }
                return outputBuffer.count - outLeft
            }
        }
        guard let converted else { return nil }
        return String(decoding: output.prefix(converted).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
