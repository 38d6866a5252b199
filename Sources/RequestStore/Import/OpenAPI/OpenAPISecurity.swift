import RequestKit

/// Turns security requirements into auth, rows and variables: http bearer is bearer auth with `{{token}}`,
/// http basic (and Swagger's `basic`) basic auth with `{{username}}` and `{{password}}`, an apiKey in a
/// header or query a row whose value is a secret variable named after the scheme. OAuth 2, OpenID Connect
/// and other schemes are reported once each.
struct OpenAPISecurity {
    /// What one requirement adds to a request.
    struct Applied: Hashable {
        /// The auth, or nil when the requirement sets none.
        var auth: SavedAuth?
        /// Header rows (API keys in headers and cookies).
        var headers: [KeyValueRow] = []
        /// Query rows (API keys in the query).
        var query: [KeyValueRow] = []
    }

    /// The schemes by name (`components.securitySchemes`, or Swagger's `securityDefinitions`).
    let schemes: [JSONMember]
    /// Variables the applied schemes use, in the order first used.
    var variables: [Variable] = []
    /// Schemes that could not be carried over.
    var warnings: [ConversionWarning] = []
    /// Schemes already reported.
    private var reported: Set<String> = []

    /// Reads the schemes of a description.
    init(root: OrderedJSON, swagger: Bool) {
        let holder = swagger ? root["securityDefinitions"] : root["components"]?["securitySchemes"]
        if case .object(let members)? = holder { schemes = members } else { schemes = [] }
    }

    /// What a `security` list means: the first alternative that curlew can carry over (all its schemes
    /// together); nil when the list is missing. An empty list, or one of only unsupported schemes, is no auth.
    mutating func apply(_ requirements: OrderedJSON?, references: inout OpenAPIReferences, location: String) -> Applied? {
        guard case .array(let alternatives)? = requirements else { return nil }
        var firstApplied: Applied?
        for alternative in alternatives {
            guard case .object(let names) = alternative else { continue }
            var applied = Applied()
            var usable = names.isEmpty
            for name in names {
                if apply(scheme: name.key, to: &applied, references: &references, location: location) { usable = true }
            }
            if usable {
                firstApplied = firstApplied ?? applied
                break
            }
        }
        return firstApplied ?? Applied(auth: SavedAuth.none)
    }

    /// Applies one scheme of a requirement; false when curlew cannot carry it over.
    private mutating func apply(scheme name: String, to applied: inout Applied, references: inout OpenAPIReferences, location: String) -> Bool {
        guard let declared = schemes.first(where: { $0.key == name })?.value,
              let scheme = references.resolve(declared, in: "", at: "security scheme '\(name)'")?.value else {
            report(name, "the security scheme '\(name)' is not declared; no auth is set for it")
            return false
        }
        let type = DescriptionDocument.text(scheme["type"]) ?? ""
        switch type {
        case "http":
            let kind = (DescriptionDocument.text(scheme["scheme"]) ?? "").lowercased()
            if kind == "bearer" {
                applied.auth = .bearer(token: "{{token}}")
                addVariable(Variable(name: "token", value: "", secret: true))
                return true
            }
            if kind == "basic" {
                applied.auth = basic()
                return true
            }
            if kind == "digest", case .basic(let user, let password) = basic() {
                applied.auth = .digest(user: user, password: password)
                return true
            }
            report(name, "the http scheme '\(kind)' of the security scheme '\(name)' is not supported; set the Authorization header by hand")
            return false
        case "basic":
            applied.auth = basic()
            return true
        case "apiKey":
            guard let keyName = DescriptionDocument.text(scheme["name"]), !keyName.isEmpty else {
                report(name, "the apiKey scheme '\(name)' names no header or parameter; left out")
                return false
            }
            let variable = Self.variableName(name)
            addVariable(Variable(name: variable, value: "", secret: true))
            switch DescriptionDocument.text(scheme["in"]) {
            case "query":
                applied.query.append(KeyValueRow(name: keyName, value: "{{\(variable)}}"))
            case "cookie":
                applied.headers.append(KeyValueRow(name: "Cookie", value: "\(keyName)={{\(variable)}}"))
            default:
                applied.headers.append(KeyValueRow(name: keyName, value: "{{\(variable)}}"))
            }
            return true
        default:
            report(name, "\(type.isEmpty ? "the" : type) security scheme '\(name)' is not supported (curlew has no \(type) flow); get a token elsewhere and set bearer auth with {{token}} by hand")
            return false
        }
    }

    /// Basic auth with the username and password variables.
    private mutating func basic() -> SavedAuth {
        addVariable(Variable(name: "username", value: ""))
        addVariable(Variable(name: "password", value: "", secret: true))
        return .basic(user: "{{username}}", password: "{{password}}")
    }

    /// Adds a variable the first time it is used.
    private mutating func addVariable(_ variable: Variable) {
        if !variables.contains(where: { $0.name == variable.name }) { variables.append(variable) }
    }

    /// Reports a scheme once.
    private mutating func report(_ scheme: String, _ message: String) {
        guard reported.insert(scheme).inserted else { return }
        warnings.append(ConversionWarning(.unsupported, at: "security scheme '\(scheme)'", message))
    }

    /// A variable name for a scheme's key: the scheme's name with characters other than letters, digits,
    /// `_`, `-` and `.` replaced by `_`.
    static func variableName(_ scheme: String) -> String {
        OpenAPIVariableNames.variableName(scheme, fallback: "apiKey")
    }

    /// The names of the variables the declared schemes may use, kept from parameters.
    var reservedNames: Set<String> {
        var names: Set<String> = []
        for scheme in schemes {
            let type = DescriptionDocument.text(scheme.value["type"]) ?? ""
            let kind = (DescriptionDocument.text(scheme.value["scheme"]) ?? "").lowercased()
            if type == "apiKey" { names.insert(Self.variableName(scheme.key)) }
            if type == "basic" || (type == "http" && kind == "basic") { names.formUnion(["username", "password"]) }
            if type == "http" && kind == "bearer" { names.insert("token") }
        }
        return names
    }
}
