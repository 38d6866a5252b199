/// Checks header fields before they are sent, so that no header can smuggle in another.
public enum HeaderValidation {
    /// Throws `.invalidHeader` for a name that is not an HTTP token or a value with CR, LF or NUL.
    static func validate(_ headers: HTTPHeaders) throws(NetworkError) {
        for field in headers {
            try validate(name: field.name, value: field.value)
        }
    }

    /// Throws `.invalidHeader` when this field cannot be sent as it is.
    static func validate(name: String, value: String) throws(NetworkError) {
        if let reason = problem(name: name, value: value) { throw .invalidHeader(name: name, reason: reason) }
    }

    /// Why this field cannot be sent as it is, or nil when it can.
    public static func problem(name: String, value: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if let bad = name.unicodeScalars.first(where: { !$0.isASCII || !CharacterClass.tchar.contains(UInt8($0.value)) }) {
            return "the name contains \(Character(bad).debugDescription); names are letters, digits and !#$%&'*+-.^_`|~"
        }
        if let bad = value.unicodeScalars.first(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            let label = bad == "\r" ? "a carriage return (CR)" : bad == "\n" ? "a line feed (LF)" : "a NUL byte"
            return "the value contains \(label), which would end the header early"
        }
        return nil
    }
}
