/// A step that transforms the value a query produced, as in Hurl's filters; filters chain left to right.
public enum CheckFilter: Hashable, Sendable {
    /// `count`: the number of items of a list, object, node set or bytes.
    case count
    /// `nth N` or `nth {{name}}`: the item at a zero-based index; a negative index counts from the end.
    case nth(CheckIndex)
    /// `first`: the first item of a list.
    case first
    /// `last`: the last item of a list.
    case last
    /// `regex PATTERN`: the first capture group of a regular expression (the whole match without groups).
    case regex(CheckPattern)
    /// `replace OLD NEW`: every occurrence of a text replaced.
    case replace(CheckString, CheckString)
    /// `replaceRegex PATTERN NEW`: every match of a regular expression replaced (`$1` names a group).
    case replaceRegex(CheckPattern, CheckString)
    /// `split SEP`: a list of the pieces between separators.
    case split(CheckString)
    /// `toInt`: a string or number as an integer.
    case toInt
    /// `toFloat`: a string or number as a float.
    case toFloat
    /// `toString`: any value as a string.
    case toString
    /// `toHex`: bytes as lowercase hexadecimal text.
    case toHex
    /// `urlDecode`: `%XX` escapes decoded.
    case urlDecode
    /// `urlEncode`: percent-encoded, keeping unreserved characters and `/`.
    case urlEncode
    /// `base64Decode`: Base64 text as bytes.
    case base64Decode
    /// `base64Encode`: bytes (or a string's UTF-8) as Base64 text.
    case base64Encode
    /// `base64UrlSafeDecode`: URL-safe Base64 text as bytes.
    case base64UrlSafeDecode
    /// `base64UrlSafeEncode`: bytes as URL-safe Base64 text without padding.
    case base64UrlSafeEncode
    /// `utf8Decode`: bytes as UTF-8 text.
    case utf8Decode
    /// `utf8Encode`: text as UTF-8 bytes.
    case utf8Encode
    /// `htmlEscape`: `&`, `<`, `>`, `"` and `'` as character references.
    case htmlEscape
    /// `htmlUnescape`: named and numeric character references decoded.
    case htmlUnescape
    /// `jsonpath EXPR`: a JSONPath query on a string holding JSON.
    case jsonpath(CheckString)
    /// `xpath EXPR`: an XPath expression on a string holding HTML.
    case xpath(CheckString)
    /// `toDate FORMAT`: a string read as a date with a strftime-style format (`%Y-%m-%d`, `%+` for ISO 8601).
    case toDate(CheckString)
    /// `dateFormat FORMAT` (also written `format`): a date written as text with a strftime-style format.
    case dateFormat(CheckString)
    /// `daysAfterNow`: whole days from now until a date.
    case daysAfterNow
    /// `daysBeforeNow`: whole days from a date until now.
    case daysBeforeNow
    /// `urlQueryParam NAME`: the value of a query parameter of a URL.
    case urlQueryParam(CheckString)
    /// `location`: the URL a redirect step (an item of `redirects`) led to.
    case location
    /// `charsetDecode ENCODING` (also written `decode`): bytes decoded as text in an encoding (`gb2312`,
    /// `latin1`, `windows-1256`, …).
    case decode(CheckString)

    /// The filter as written in a check line.
    public var written: String {
        switch self {
        case .count: return "count"
        case .nth(let index): return "nth \(index.written)"
        case .first: return "first"
        case .last: return "last"
        case .regex(let pattern): return "regex " + pattern.written
        case .replace(let old, let new): return "replace \(old.quoted) \(new.quoted)"
        case .replaceRegex(let pattern, let new): return "replaceRegex \(pattern.written) \(new.quoted)"
        case .split(let separator): return "split " + separator.quoted
        case .toInt: return "toInt"
        case .toFloat: return "toFloat"
        case .toString: return "toString"
        case .toHex: return "toHex"
        case .urlDecode: return "urlDecode"
        case .urlEncode: return "urlEncode"
        case .base64Decode: return "base64Decode"
        case .base64Encode: return "base64Encode"
        case .base64UrlSafeDecode: return "base64UrlSafeDecode"
        case .base64UrlSafeEncode: return "base64UrlSafeEncode"
        case .utf8Decode: return "utf8Decode"
        case .utf8Encode: return "utf8Encode"
        case .htmlEscape: return "htmlEscape"
        case .htmlUnescape: return "htmlUnescape"
        case .jsonpath(let expression): return "jsonpath " + expression.quoted
        case .xpath(let expression): return "xpath " + expression.quoted
        case .toDate(let format): return "toDate " + format.quoted
        case .dateFormat(let format): return "dateFormat " + format.quoted
        case .daysAfterNow: return "daysAfterNow"
        case .daysBeforeNow: return "daysBeforeNow"
        case .urlQueryParam(let name): return "urlQueryParam " + name.quoted
        case .location: return "location"
        case .decode(let encoding): return "decode " + encoding.quoted
        }
    }
}

/// A whole number written in a check line, or a `{{variable}}` that holds one when the check runs.
public enum CheckIndex: Hashable, Sendable {
    /// A number written as it is.
    case literal(Int)
    /// `{{name}}`, read when the check runs.
    case variable(String)

    /// The largest index, either way.
    public static let maximum = 1_000_000_000

    /// The index as written.
    public var written: String {
        switch self {
        case .literal(let value): return String(value)
        case .variable(let name): return "{{\(name)}}"
        }
    }
}
