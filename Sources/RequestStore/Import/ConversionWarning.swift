/// Something an importer or exporter could not carry over faithfully, reported instead of being dropped.
public struct ConversionWarning: Hashable, Sendable, CustomStringConvertible {
    /// How much the request differs from the source because of it.
    public enum Severity: String, Hashable, Sendable {
        /// Has no effect on what is sent (e.g. `curl -s`); mentioned so nothing vanishes silently.
        case note
        /// Changes what would be sent, or cannot be represented in a collection.
        case unsupported
    }

    /// How much it matters.
    public var severity: Severity
    /// Where it happened: a request or folder name, an option, or a line number.
    public var location: String
    /// What was not carried over and what the user can do about it.
    public var message: String

    /// Creates a warning.
    public init(_ severity: Severity, at location: String, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// One line such as `note: -s: has no effect on the request`.
    public var description: String {
        let prefix = severity == .note ? "note" : "warning"
        return location.isEmpty ? "\(prefix): \(message)" : "\(prefix): \(location): \(message)"
    }
}
