import RequestKit
/// Reads Postman's `auth` objects.
enum PostmanAuthReader {
    /// The auth for an `auth` value; nil or JSON null means inherit from the parent.
    static func auth(_ value: OrderedJSON?, item: String, warnings: inout [ConversionWarning]) -> SavedAuth {
        guard let value, value != .null, let type = value["type"]?.postmanText else { return .inherit }
        let parameters = self.parameters(value[type])
        switch type {
        case "noauth":
            return .none
        case "bearer":
            return .bearer(token: parameters["token"] ?? "")
        case "basic":
            if parameters["password"] != nil && parameters["username"] == nil {
                warnings.append(ConversionWarning(.note, at: item, "basic auth without a user name; the user name is empty"))
            }
            return .basic(user: parameters["username"] ?? "", password: parameters["password"] ?? "")
        case "digest":
            return .digest(user: parameters["username"] ?? "", password: parameters["password"] ?? "")
        case "ntlm":
            return .ntlm(user: parameters["username"] ?? "", password: parameters["password"] ?? "")
        case "apikey":
            let place = parameters["in"] ?? "header"
            guard let location = APIKeyLocation(rawValue: place), let name = parameters["key"], !name.isEmpty else {
                warnings.append(ConversionWarning(.unsupported, at: item, "an apikey auth needs a key name and goes in header, query or cookie; imported without auth"))
                return .none
            }
            return .apiKey(SavedAPIKey(name: name, value: parameters["value"] ?? "", location: location))
        case "awsv4":
            let token = parameters["sessionToken"].flatMap { $0.isEmpty ? nil : $0 }
            return .awsSigV4(SavedAWSSigV4(
                accessKey: parameters["accessKey"] ?? "", secretKey: parameters["secretKey"] ?? "", sessionToken: token,
                region: parameters["region"] ?? "us-east-1", service: parameters["service"] ?? "execute-api"))
        case "oauth2":
            return PostmanOAuth2.auth(parameters, item: item, warnings: &warnings) ?? .none
        default:
            warnings.append(ConversionWarning(.unsupported, at: item, "\(type) auth is not supported; imported without auth. Add a header by hand"))
            return .none
        }
    }

    /// The parameters of an auth type: v2.1's list of `{key, value}` or v2.0's plain object.
    static func parameters(_ value: OrderedJSON?) -> [String: String] {
        var result: [String: String] = [:]
        switch value {
        case .array(let items)?:
            for item in items {
                if let key = item["key"]?.postmanText, let text = item["value"]?.postmanText { result[key] = text }
            }
        case .object(let members)?:
            for member in members {
                if let text = member.value.postmanText { result[member.key] = text }
            }
        default:
            break
        }
        return result
    }
}
