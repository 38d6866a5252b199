import Foundation
import RequestKit

/// Writes values as a person reads them: strings quoted, JSON compact, bytes as hex; with an optional limit
/// on the length, and with an explicit stack so no call depth follows the value's depth.
enum CheckValueRenderer {
    /// The length of `actual` in a check result before it is cut with "…".
    static let displayLimit = 200

    /// One piece still to write.
    private enum Pending {
        /// A value to write.
        case value(CheckValue)
        /// A JSON node to write.
        case json(OrderedJSON)
        /// Text to write as it is.
        case literal(String)
    }

    /// The value as shown in a check result (`"tok"`, `200`, `[1,"a"]`), cut at `displayLimit`; `none` for nothing.
    static func display(_ value: CheckValue?) -> String {
        guard let value else { return "none" }
        return render(value, limit: displayLimit)
    }

    /// The value as text for `toString` and captures: strings as they are, everything else as displayed, uncut.
    static func plainText(_ value: CheckValue) -> String {
        switch value {
        case .string(let text): return text
        case .nodeset(let texts) where texts.count == 1: return texts[0]
        case .bytes(let bytes): return String(validatingUTF8Bytes: bytes) ?? hex(bytes)
        default: return render(value, limit: Int.max)
        }
    }

    /// Writes a value, stopping once `limit` characters are written.
    static func render(_ value: CheckValue, limit: Int) -> String {
        var output = ""
        var stack: [Pending] = [.value(value)]
        while let next = stack.popLast() {
            if output.count > limit { break }
            switch next {
            case .literal(let text): output += text
            case .json(let json): push(json, onto: &stack, output: &output)
            case .value(let value):
                switch value {
                case .string(let text): output += quoted(text, limit: limit)
                case .integer(let number): output += String(number)
                case .bigInteger(let digits): output += digits
                case .float(let number): output += float(number)
                case .boolean(let flag): output += flag ? "true" : "false"
                case .null: output += "null"
                case .bytes(let bytes): output += "hex," + hex(bytes.prefix(limit / 2 + 1)) + ";"
                case .date(let date): output += isoText(date)
                case .list(let items):
                    output += "["
                    stack.append(.literal("]"))
                    for (index, item) in items.enumerated().reversed() {
                        stack.append(.value(item))
                        if index > 0 { stack.append(.literal(",")) }
                    }
                case .object(let members): push(.object(members), onto: &stack, output: &output)
                case .nodeset(let texts):
                    output += "node set of \(texts.count)"
                    if !texts.isEmpty {
                        output += ": "
                        stack.append(.value(.list(texts.map(CheckValue.string))))
                    }
                }
            }
        }
        guard output.count > limit else { return output }
        return String(output.prefix(limit)) + "…"
    }

    /// Writes a JSON node's opening and pushes its children.
    private static func push(_ json: OrderedJSON, onto stack: inout [Pending], output: inout String) {
        switch json {
        case .object(let members):
            output += "{"
            stack.append(.literal("}"))
            for (index, member) in members.enumerated().reversed() {
                stack.append(.json(member.value))
                stack.append(.literal(quoted(member.key, limit: Int.max) + ":"))
                if index > 0 { stack.append(.literal(",")) }
            }
        case .array(let items):
            output += "["
            stack.append(.literal("]"))
            for (index, item) in items.enumerated().reversed() {
                stack.append(.json(item))
                if index > 0 { stack.append(.literal(",")) }
            }
        case .number(let text): output += text
        default: stack.append(.value(CheckValue(json: json)))
        }
    }

    /// A string in double quotes with `"`, `\` and control characters escaped as JSON does, cut after `limit` characters.
    static func quoted(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        let kept = scalars.count > limit ? String(String.UnicodeScalarView(scalars.prefix(limit))) : text
        return JSONStringLiteral.quote(kept)
    }

    /// A float as Hurl writes it: at least one decimal (`1.0`), no exponent for ordinary sizes.
    static func float(_ number: Double) -> String {
        guard number.isFinite else { return String(number) }
        if number == number.rounded(), abs(number) < 1e15 { return String(format: "%.1f", number) }
        return String(number)
    }

    /// Bytes as lowercase hexadecimal.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A date in ISO 8601 with milliseconds, in UTC.
    static func isoText(_ date: Date) -> String {
        StrftimeFormat.format(date, pattern: "%Y-%m-%dT%H:%M:%S%.3fZ")
    }
}

extension String {
    /// The text of UTF-8 bytes, or nil when they are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        self = text
    }
}
