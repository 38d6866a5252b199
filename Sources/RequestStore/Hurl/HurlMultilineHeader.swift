/// What the opening line of a multiline string says after its ```` ``` ````: the language (`json`, `xml`,
/// `graphql`, or none) and Hurl's attributes, `escape` (backslash escapes in the text are decoded) and
/// `novariable` (`{{…}}` is sent as written). ```` ```raw ```` is Hurl's newer spelling of `novariable`.
struct HurlMultilineHeader: Hashable, Sendable {
    /// The language written before the attributes.
    enum Language: Hashable, Sendable {
        /// No language, ```` ```text ```` or ```` ```raw ````: the text as it is.
        case text
        /// ```` ```json ````: sent as JSON.
        case json
        /// ```` ```xml ````: sent as XML.
        case xml
        /// ```` ```graphql ````: a GraphQL query.
        case graphql
    }

    /// The language.
    var language: Language
    /// Whether backslash escapes (`\n`, `\t`, `\u{e9}`, …) in the text are decoded.
    var escape = false
    /// Whether `{{…}}` in the text is kept as written rather than filled in.
    var novariable = false
    /// Whether any attribute was written (GraphQL takes none in curlew).
    var hasAttributes: Bool { escape || novariable }

    /// Reads the rest of the opening line after ```` ``` ````; the error's column counts from 1 at the first
    /// character after the backticks.
    static func read(_ rest: String) -> Result<HurlMultilineHeader, HurlValueError> {
        let word = String(rest.prefix { $0.isLetter || $0.isNumber })
        var header: HurlMultilineHeader
        var remainder = Substring(rest)
        switch word {
        case "json": header = HurlMultilineHeader(language: .json)
        case "xml": header = HurlMultilineHeader(language: .xml)
        case "graphql": header = HurlMultilineHeader(language: .graphql)
        case "text": header = HurlMultilineHeader(language: .text)
        case "raw":
            let after = rest.dropFirst(3)
            guard after.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                return .failure(HurlValueError(column: 4, message: "```raw takes no attributes; write ```novariable for them"))
            }
            return .success(HurlMultilineHeader(language: .text, novariable: true))
        default: header = HurlMultilineHeader(language: .text)
        }
        if header.language != .text || word == "text" { remainder = remainder.dropFirst(word.count) }
        var column = rest.count - remainder.count + 1
        let leading = remainder.prefix { $0 == " " || $0 == "\t" }
        remainder = remainder.dropFirst(leading.count)
        column += leading.count
        if remainder.first == "," {
            remainder = remainder.dropFirst()
            column += 1
        }
        let pieces = remainder.split(separator: ",", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            let name = piece.trimmingCharacters(in: [" ", "\t"])
            defer { column += piece.count + 1 }
            if name.isEmpty && index == pieces.count - 1 { continue }
            let at = column + piece.prefix { $0 == " " || $0 == "\t" }.count
            switch name {
            case "escape": header.escape = true
            case "novariable": header.novariable = true
            case "":
                return .failure(HurlValueError(column: at, message: "an attribute is missing between commas; the attributes are escape and novariable"))
            default:
                return .failure(HurlValueError(column: at, message: "the multiline string attribute \(name) is not one curlew reads: "
                    + "write ``` or ```json, ```xml, ```graphql, ```raw, with the attributes escape and novariable (```json,escape)"))
            }
        }
        return .success(header)
    }
}

/// Decodes the backslash escapes of a multiline string with the `escape` attribute, as Hurl does.
enum HurlMultilineEscapes {
    /// A line's text with its escapes decoded, or the error with the 1-based column in the line.
    static func decode(_ line: String) -> Result<String, HurlValueError> {
        let scalars = Array(line.unicodeScalars)
        var text = String.UnicodeScalarView()
        var position = 0
        while position < scalars.count {
            guard scalars[position] == "\\" else {
                text.append(scalars[position])
                position += 1
                continue
            }
            switch HurlEscapes.decode(scalars, at: position) {
            case .success(let (decoded, length)):
                text.append(decoded)
                position += length
            case .failure(let error):
                return .failure(error)
            }
        }
        return .success(String(text))
    }
}
