/// An HTTP method: the common ones as static members, any other token by name.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token exactly as sent on the request line.
    public let rawValue: String

    /// Creates a method from a token; common methods are normalised to upper case.
    public init(rawValue: String) {
        if HTTPMethod.common.contains(where: { $0.rawValue == rawValue }) {
            self.rawValue = rawValue
            return
        }
        let upper = rawValue.uppercased()
        self.rawValue = HTTPMethod.common.contains(where: { $0.rawValue == upper }) ? upper : rawValue
    }

    /// Creates a method from a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Decodes a method from its token.
    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the method as its token.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private init(token: String) { self.rawValue = token }

    public static let get = HTTPMethod(token: "GET")
    public static let post = HTTPMethod(token: "POST")
    public static let put = HTTPMethod(token: "PUT")
    public static let patch = HTTPMethod(token: "PATCH")
    public static let delete = HTTPMethod(token: "DELETE")
    public static let head = HTTPMethod(token: "HEAD")
    public static let options = HTTPMethod(token: "OPTIONS")
    public static let trace = HTTPMethod(token: "TRACE")

    /// The methods offered by pickers, in the order people expect them.
    public static let common: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .trace]

    /// Whether dictionary parameters go into the query string rather than the body.
    public var encodesParametersInURL: Bool { self == .get || self == .head || self == .delete }

    /// Whether the token is a valid RFC 9110 method token.
    public var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterClass.tchar.contains(UInt8(scalar.value)))
        }
    }

    public var description: String { rawValue }
}

/// Byte classes from the HTTP grammar.
enum CharacterClass {
    /// `tchar` from RFC 9110: the bytes allowed in a token.
    static let tchar: Set<UInt8> = {
        var set = Set<UInt8>()
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(byte) }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(byte) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(byte) }
        for character in "!#$%&'*+-.^_`|~".utf8 { set.insert(character) }
        return set
    }()
}
