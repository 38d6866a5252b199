import Foundation

/// Writes text as a JSON string literal: quotes, backslashes and control characters escaped.
public enum JSONStringLiteral {
    /// The JSON string literal for a text, quotes included.
    public static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON string literal for a text, quotes included, as UTF-8 bytes; runs of bytes that need
    /// no escape are copied at once.
    public static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { input in
            output.reserveCapacity(output.count + input.count + 2)
            output.append(UInt8(ascii: "\""))
            var start = 0
            for index in 0..<input.count {
                let byte = input[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    output.append(contentsOf: Array("\\u00".utf8))
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<input.count]))
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Lower-case hexadecimal digits.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
