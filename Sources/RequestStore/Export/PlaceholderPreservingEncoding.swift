import Foundation
import RequestKit

/// Percent-encoding that leaves `{{variable}}` placeholders (as `VariableResolver` finds them) as they are, for files
/// that keep variables.
enum PlaceholderPreservingEncoding {
    /// Bytes written as they are: ASCII letters, digits and `-._~`.
    private static let unreserved: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8))

    /// Encodes a query or form component; `spaceAsPlus` writes spaces as `+` (form bodies); `oneLine` percent-encodes
    /// line breaks (CR, NEL, LINE SEPARATOR…) inside a placeholder too, for lines that an editor must not break.
    static func encode(_ text: String, spaceAsPlus: Bool = false, oneLine: Bool = false) -> String {
        var output = ""
        var cursor = text.startIndex
        for reference in VariableResolver.references(in: text, scope: VariableScope()) {
            output += encodeBytes(text[cursor..<reference.range.lowerBound], spaceAsPlus: spaceAsPlus)
            let placeholder = String(text[reference.range])
            output += oneLine ? lineBreaksEncoded(placeholder) : placeholder
            cursor = reference.range.upperBound
        }
        return output + encodeBytes(text[cursor...], spaceAsPlus: spaceAsPlus)
    }

    /// The text with each line break percent-encoded (its UTF-8 bytes).
    static func lineBreaksEncoded(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if OneLineText.isLineBreak(scalar) {
                for byte in String(scalar).utf8 { output.append(contentsOf: String(format: "%%%02X", byte).unicodeScalars) }
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// `name=value` pairs joined with `&`.
    static func pairs(_ rows: [KeyValueRow], spaceAsPlus: Bool = false) -> String {
        rows.map { encode($0.name, spaceAsPlus: spaceAsPlus) + "=" + encode($0.value, spaceAsPlus: spaceAsPlus) }.joined(separator: "&")
    }

    private static func encodeBytes(_ text: Substring, spaceAsPlus: Bool) -> String {
        var output = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: " ") && spaceAsPlus {
                output += "+"
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
