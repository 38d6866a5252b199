import RequestKit

/// Reads what was typed into the URL bar: a leading method, or a whole curl command.
public enum URLBarParsing {
    /// When the text starts with an upper-case method and a space (`POST https://…`), the method and the rest.
    public static func leadingMethod(in text: String) -> (HTTPMethod, String)? {
        guard let space = text.firstIndex(of: " ") else { return nil }
        let token = String(text[..<space])
        let rest = String(text[text.index(after: space)...]).drop(while: { $0 == " " })
        guard !token.isEmpty, !rest.isEmpty, token.count <= 16,
              token.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        let method = HTTPMethod(rawValue: token)
        guard method.isValidToken else { return nil }
        return (method, String(rest))
    }

    /// True when the text is a curl command line to import rather than a URL.
    public static func isCurlCommand(_ text: String) -> Bool {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "$" })
        return trimmed.hasPrefix("curl ") || trimmed.hasPrefix("curl.exe ") || trimmed.hasPrefix("curl\n") || trimmed.hasPrefix("curl \\")
    }
}
