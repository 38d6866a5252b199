/// Checks the connection overrides curl takes as text: `--connect-to HOST:PORT:CONNECT-HOST:CONNECT-PORT` and
/// `--resolve [+]HOST:PORT:ADDRESS[,ADDRESS]…`, so a wrong one is refused where it is read instead of being
/// ignored by libcurl.
public enum ConnectionOverride {
    /// Why a connect-to entry cannot be used, or nil when it can.
    public static func connectToProblem(_ text: String) -> String? {
        let parts = fields(text)
        guard parts.count == 4, plain(text), portOrEmpty(parts[1]), portOrEmpty(parts[3]) else {
            return "takes HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT such as example.com:443:127.0.0.1:8443 (parts may be empty), not '\(text)'"
        }
        return nil
    }

    /// Why a resolve entry cannot be used, or nil when it can.
    public static func resolveProblem(_ text: String) -> String? {
        let body = text.hasPrefix("+") ? String(text.dropFirst()) : text
        let parts = fields(body)
        guard parts.count == 3, plain(text), !parts[0].isEmpty, isPort(parts[1]), !parts[2].isEmpty else {
            return "takes HOST:PORT:ADDRESS[,ADDRESS] such as example.com:443:127.0.0.1, not '\(text)'"
        }
        return nil
    }

    /// The parts between colons, a `[…]` IPv6 address counting as one part.
    static func fields(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var inBrackets = false
        for index in text.indices {
            switch text[index] {
            case "[": inBrackets = true
            case "]": inBrackets = false
            case ":" where !inBrackets:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// Whether the text has no space, control character or non-ASCII byte.
    private static func plain(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Whether a part is a port number (1 to 65535).
    private static func isPort(_ part: Substring) -> Bool {
        guard part.utf8.count <= 5, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let port = Int(part) else { return false }
        return (1...65535).contains(port)
    }

    /// Whether a part is empty or a port number.
    private static func portOrEmpty(_ part: Substring) -> Bool {
        part.isEmpty || isPort(part)
    }
}
