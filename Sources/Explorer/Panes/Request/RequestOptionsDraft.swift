/// The Options tab's fields as text, so half-typed values are kept while editing.
public struct RequestOptionsDraft: Hashable, Sendable {
    /// The whole-transfer timeout in seconds; empty for none.
    public var timeout: String
    /// Whether redirects are followed.
    public var followRedirects: Bool
    /// The most redirects followed.
    public var maxRedirects: String
    /// Whether the server certificate is verified.
    public var verifyTLS: Bool
    /// A CA bundle file; empty for the system's.
    public var caFile: String
    /// Pinned public keys (`sha256//…`), separated by commas.
    public var pins: String
    /// A proxy URL; empty for none.
    public var proxy: String
    /// The HTTP version as a collection keeps it (`1.1`, `2`, `2-prior-knowledge`, …); empty lets curlew choose.
    public var httpVersion: String

    /// The HTTP versions the Options tab cycles through, the automatic choice first.
    public static let httpVersionChoices = ["", "1.1", "2", "2-prior-knowledge"]

    /// Creates options with curlew's defaults.
    public init(timeout: String = "30", followRedirects: Bool = true, maxRedirects: String = "10", verifyTLS: Bool = true,
                caFile: String = "", pins: String = "", proxy: String = "", httpVersion: String = "") {
        self.httpVersion = httpVersion
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.caFile = caFile
        self.pins = pins
        self.proxy = proxy
    }

    /// The rows of the Options tab, in order.
    public enum Field: Int, CaseIterable, Hashable, Sendable {
        /// Timeout in seconds.
        case timeout
        /// Follow redirects.
        case followRedirects
        /// Maximum redirects.
        case maxRedirects
        /// Verify TLS.
        case verifyTLS
        /// CA file.
        case caFile
        /// Pins.
        case pins
        /// Proxy.
        case proxy
        /// HTTP version.
        case httpVersion

        /// The label of the row.
        public var title: String {
            switch self {
            case .timeout: return "Timeout (s)"
            case .followRedirects: return "Follow redirects"
            case .maxRedirects: return "Max redirects"
            case .verifyTLS: return "Verify TLS"
            case .caFile: return "CA file"
            case .pins: return "Pinned keys"
            case .proxy: return "Proxy"
            case .httpVersion: return "HTTP version"
            }
        }

        /// True for on/off rows (and the HTTP version's choices), which Space or Enter toggles.
        public var isToggle: Bool { self == .followRedirects || self == .verifyTLS || self == .httpVersion }
    }

    /// The text of a field (`on`/`off` for toggles).
    public func text(of field: Field) -> String {
        switch field {
        case .timeout: return timeout
        case .followRedirects: return followRedirects ? "on" : "off"
        case .maxRedirects: return maxRedirects
        case .verifyTLS: return verifyTLS ? "on" : "off"
        case .caFile: return caFile
        case .pins: return pins
        case .proxy: return proxy
        case .httpVersion: return Self.httpVersionLabel(httpVersion)
        }
    }

    /// How the Options tab shows an HTTP version.
    public static func httpVersionLabel(_ version: String) -> String {
        switch version {
        case "": return "automatic (HTTP/2 over TLS when offered)"
        case "2": return "HTTP/2 (over TLS when offered)"
        case "2-prior-knowledge": return "HTTP/2 prior knowledge (also http://)"
        default: return "HTTP/" + version
        }
    }

    /// Sets the text of a text field; toggles are left alone.
    public mutating func setText(_ text: String, of field: Field) {
        switch field {
        case .timeout: timeout = text
        case .maxRedirects: maxRedirects = text
        case .caFile: caFile = text
        case .pins: pins = text
        case .proxy: proxy = text
        case .followRedirects, .verifyTLS, .httpVersion: break
        }
    }

    /// Flips a toggle field.
    public mutating func toggle(_ field: Field) {
        switch field {
        case .followRedirects: followRedirects.toggle()
        case .verifyTLS: verifyTLS.toggle()
        case .httpVersion:
            let choices = Self.httpVersionChoices
            let index = choices.firstIndex(of: httpVersion) ?? (choices.count - 1)
            httpVersion = choices[(index + 1) % choices.count]
        default: break
        }
    }
}
