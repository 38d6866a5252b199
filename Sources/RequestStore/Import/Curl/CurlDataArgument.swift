/// One piece of request data from `-d`, `--data-*` or `--json`.
enum CurlDataPart: Hashable, Sendable {
    /// Text sent as it is.
    case text(String)
    /// The contents of a file read at send time; `stripsNewlines` as `-d @file` does.
    case file(path: String, stripsNewlines: Bool)
    /// Something curlew cannot represent (e.g. data from standard input); the message says what.
    case unsupported(String)
}

/// Turns the value of a data option into a part, following curl's rules for `@` and `--data-urlencode`.
enum CurlDataArgument {
    /// The part for one data option, or nil if the option is not a data option.
    static func part(option: String, value: String) -> CurlDataPart? {
        switch option {
        case "data", "data-ascii":
            return fileOrText(value, stripsNewlines: true)
        case "data-binary", "json":
            return fileOrText(value, stripsNewlines: false)
        case "data-raw":
            return .text(value)
        case "data-urlencode":
            return urlencoded(value)
        default:
            return nil
        }
    }

    private static func fileOrText(_ value: String, stripsNewlines: Bool) -> CurlDataPart {
        guard value.unicodeScalars.first == "@" else { return .text(value) }
        let path = String(value.unicodeScalars.dropFirst())
        if path == "-" { return .unsupported("data read from standard input cannot be imported; paste the data instead of @-") }
        return .file(path: path, stripsNewlines: stripsNewlines)
    }

    /// `--data-urlencode` in all its forms: `content`, `=content`, `name=content`, `@file`, `name@file`.
    private static func urlencoded(_ value: String) -> CurlDataPart {
        guard let separator = value.firstIndex(where: { $0 == "=" || $0 == "@" }) else {
            return .text(percentEncode(value))
        }
        let name = String(value[..<separator])
        let rest = String(value[value.index(after: separator)...])
        if value[separator] == "=" {
            return .text(name.isEmpty ? percentEncode(rest) : name + "=" + percentEncode(rest))
        }
        return .unsupported("--data-urlencode reads and encodes the file '\(rest)' at send time, which a saved request cannot express; paste the encoded text instead")
    }

    /// Percent-encodes everything but ASCII letters, digits and `-._~`, as `curl_easy_escape` does.
    static func percentEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
