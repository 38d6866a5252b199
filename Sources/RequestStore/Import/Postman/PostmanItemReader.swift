import Foundation
import RequestKit

/// Walks Postman's `item` tree, turning item groups into folders and items into saved requests.
struct PostmanItemReader {
    /// What could not be carried over.
    var warnings: [ConversionWarning] = []
    /// Path variables of the requests; they join the collection's variables.
    var extraVariables: [Variable] = []

    /// Reads a list of items; entries with an `item` array are folders.
    mutating func readItems(_ items: [OrderedJSON], path: [String]) -> (folders: [Folder], requests: [SavedRequest]) {
        var folders: [Folder] = []
        var requests: [SavedRequest] = []
        for item in items {
            let name = item["name"]?.postmanText ?? "Untitled"
            let location = (path + [name]).joined(separator: " / ")
            let scripts = PostmanScriptReader.scripts(item["event"], item: location, warnings: &warnings)
            if item["item"] != nil, path.count >= FolderDepth.maximum {
                warnings.append(ConversionWarning(.unsupported, at: location, "folders are nested deeper than curlew allows (\(FolderDepth.maximum)); this folder and its contents are not imported"))
            } else if let children = item["item"] {
                var folder = Folder(name: name, description: item["description"]?.postmanDescription ?? "")
                folder.scripts = scripts
                folder.variables = Self.variables(item["variable"])
                folder.auth = PostmanAuthReader.auth(item["auth"], item: location, warnings: &warnings)
                if item["protocolProfileBehavior"] != nil {
                    warnings.append(ConversionWarning(.unsupported, at: location, "settings on a folder are not supported; set them on its requests"))
                }
                let contents = readItems(children.postmanArray, path: path + [name])
                folder.folders = contents.folders
                folder.requests = contents.requests
                folders.append(folder)
            } else {
                var request = readRequest(item, name: name, location: location)
                request.scripts = scripts
                request.variables = Self.variables(item["variable"])
                requests.append(request)
            }
        }
        return (folders, requests)
    }

    /// One request item, its saved examples kept on it and as documentation at the end of its description.
    private mutating func readRequest(_ item: OrderedJSON, name: String, location: String) -> SavedRequest {
        var saved = readRequestParts(item, name: name, location: location)
        if let examples = PostmanExampleReader.documentation(item["response"]) {
            saved.examples = PostmanExampleReader.examples(item["response"])
            warnings.append(ConversionWarning(.note, at: location, "\(saved.examples.count) saved example response(s) are kept as documentation at the end of the request's description, and to compare a response with (d in the viewer)"))
            saved.description = saved.description.isEmpty ? examples : saved.description + "\n\n" + examples
        }
        return saved
    }

    /// One request item's method, URL, rows, body, auth and settings.
    private mutating func readRequestParts(_ item: OrderedJSON, name: String, location: String) -> SavedRequest {
        var saved = SavedRequest(id: item["id"]?.postmanText, name: name, url: "")
        guard let request = item["request"] else {
            warnings.append(ConversionWarning(.unsupported, at: location, "the item has no request; imported as a GET with an empty URL"))
            return saved
        }
        if let url = request.postmanText {
            saved.url = url
            return saved
        }
        saved.method = HTTPMethod(rawValue: request["method"]?.postmanText ?? "GET")
        saved.description = request["description"]?.postmanDescription ?? item["description"]?.postmanDescription ?? ""
        let url = PostmanURLReader.read(request["url"], item: location, warnings: &warnings)
        saved.url = url.url
        saved.query = url.query
        extraVariables += url.pathVariables.filter { variable in !extraVariables.contains { $0.name == variable.name } }
        let headers = Self.headers(request["header"])
        (saved.body, saved.headers) = PostmanBodyReader.body(request["body"], headers: headers, item: location, warnings: &warnings)
        saved.auth = PostmanAuthReader.auth(request["auth"], item: location, warnings: &warnings)
        saved.options = options(item["protocolProfileBehavior"], item: location)
        return saved
    }

    /// Header rows from a list of `{key, value, disabled}` or from a text of `Name: value` lines.
    static func headers(_ value: OrderedJSON?) -> [KeyValueRow] {
        guard let value else { return [] }
        if let text = value.postmanText {
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return KeyValueRow(name: line[..<colon].trimmingCharacters(in: .whitespaces), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        return value.postmanArray.map { entry in
            KeyValueRow(name: entry["key"]?.postmanText ?? "", value: entry["value"]?.postmanText ?? "", enabled: entry["disabled"]?.postmanBool != true)
        }
    }

    /// Variables from `{key | name, value, disabled, type}` entries; `type: secret` marks secrets.
    static func variables(_ value: OrderedJSON?) -> [Variable] {
        (value?.postmanArray ?? []).compactMap { entry in
            guard let name = (entry["key"] ?? entry["name"] ?? entry["id"])?.postmanText else { return nil }
            return Variable(name: name, value: entry["value"]?.postmanText ?? "", secret: entry["type"]?.postmanText == "secret", enabled: entry["disabled"]?.postmanBool != true)
        }
    }

    private mutating func options(_ value: OrderedJSON?, item: String) -> SavedOptions {
        var options = SavedOptions()
        guard case .object(let members)? = value else { return options }
        for member in members {
            switch member.key {
            case "followRedirects": options.followRedirects = member.value.postmanBool
            case "strictSSL": options.verifyTLS = member.value.postmanBool
            case "maxRedirects":
                guard let text = member.value.postmanText else { options.maxRedirects = nil; continue }
                switch NumberReading.count(text, in: 0...NumberReading.maximumRedirects, of: "redirects") {
                case .success(let count): options.maxRedirects = count
                case .failure(let refusal):
                    warnings.append(ConversionWarning(.unsupported, at: item, "maxRedirects: \(refusal.reason); ignored"))
                }
            default:
                warnings.append(ConversionWarning(.unsupported, at: item, "the setting '\(member.key)' is not supported; ignored"))
            }
        }
        return options
    }
}
