/// Moves credentials typed into an imported curl command (an `Authorization`, `Proxy-Authorization` or
/// `Cookie` header, `-u`, `--oauth2-bearer`) out of the request and into secret collection variables, so
/// that they are saved in the collection's secrets file and not in its plain JSON.
public enum ImportedCredentials {
    /// Header names whose values are credentials, with the variable each becomes.
    static let headerVariables = ["authorization": "authorization", "proxy-authorization": "proxyAuthorization", "cookie": "cookie"]

    /// Rewrites `request` to use `{{variables}}` for its credentials, adding the secret variables to `variables`.
    public static func extract(from request: inout SavedRequest, into variables: inout [Variable]) {
        for index in request.headers.indices {
            let row = request.headers[index]
            guard let base = headerVariables[row.name.lowercased()], !row.value.isEmpty, !row.value.contains("{{") else { continue }
            let parts = row.value.split(separator: " ", maxSplits: 1).map(String.init)
            if row.name.lowercased() != "cookie", parts.count == 2 {
                request.headers[index].value = parts[0] + " {{" + variable(base, value: parts[1], in: &variables) + "}}"
            } else {
                request.headers[index].value = "{{" + variable(base, value: row.value, in: &variables) + "}}"
            }
        }
        switch request.auth {
        case .bearer(let token) where !token.isEmpty && !token.contains("{{"):
            request.auth = .bearer(token: "{{" + variable("bearerToken", value: token, in: &variables) + "}}")
        case .basic(let user, let password) where !password.isEmpty && !password.contains("{{"):
            request.auth = .basic(user: user, password: "{{" + variable("basicPassword", value: password, in: &variables) + "}}")
        case .digest(let user, let password) where !password.isEmpty && !password.contains("{{"):
            request.auth = .digest(user: user, password: "{{" + variable("digestPassword", value: password, in: &variables) + "}}")
        case .ntlm(let user, let password) where !password.isEmpty && !password.contains("{{"):
            request.auth = .ntlm(user: user, password: "{{" + variable("ntlmPassword", value: password, in: &variables) + "}}")
        case .negotiate(let user, let password) where !password.isEmpty && !password.contains("{{"):
            request.auth = .negotiate(user: user, password: "{{" + variable("negotiatePassword", value: password, in: &variables) + "}}")
        case .apiKey(var key) where !key.value.isEmpty && !key.value.contains("{{"):
            key.value = "{{" + variable("apiKey", value: key.value, in: &variables) + "}}"
            request.auth = .apiKey(key)
        case .awsSigV4(var aws) where !aws.secretKey.isEmpty && !aws.secretKey.contains("{{"):
            aws.secretKey = "{{" + variable("awsSecretKey", value: aws.secretKey, in: &variables) + "}}"
            if let token = aws.sessionToken, !token.isEmpty, !token.contains("{{") {
                aws.sessionToken = "{{" + variable("awsSessionToken", value: token, in: &variables) + "}}"
            }
            request.auth = .awsSigV4(aws)
        default:
            break
        }
    }

    /// The name of the secret variable holding `value`: an existing one with that value, else a new name
    /// from `base` (`base`, `base2`, …).
    private static func variable(_ base: String, value: String, in variables: inout [Variable]) -> String {
        if let existing = variables.first(where: { $0.secret && $0.value == value }) { return existing.name }
        var name = base
        var number = 1
        while variables.contains(where: { $0.name == name }) {
            number += 1
            name = base + String(number)
        }
        variables.append(Variable(name: name, value: value, secret: true))
        return name
    }
}
