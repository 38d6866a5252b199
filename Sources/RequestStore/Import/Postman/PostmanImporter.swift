import Foundation
import RequestKit

/// A collection read from a Postman file, with what could not be carried over.
public struct PostmanImport: Hashable, Sendable {
    /// The collection.
    public var collection: RequestCollection
    /// Scripts, unsupported auth and other things curlew cannot run, each naming its item.
    public var warnings: [ConversionWarning]
}

/// Reads Postman Collection v2.1 (and v2.0) files.
///
/// Folders (nested), query and header rows (disabled ones kept as disabled rows), raw,
/// urlencoded, formdata, file and GraphQL bodies, bearer and basic auth at every level,
/// collection variables, descriptions, and the `followRedirects`, `strictSSL` and
/// `maxRedirects` settings are imported. Pre-request and test scripts are kept as inert text
/// (never run) and saved example responses as documentation in the request's description;
/// both are reported, as are other auth types and settings, naming the item.
public enum PostmanImporter {
    /// Parses a collection file's bytes; `file` names it in error messages.
    public static func parse(_ data: Data, file: String = "the collection") throws -> PostmanImport {
        let root: OrderedJSON
        do {
            root = try CanonicalJSON.parse(data, file: file)
        } catch {
            throw PostmanImportError.invalidJSON(detail: error.description)
        }
        guard root.postmanHas("info"), let items = root["item"] else {
            if root.postmanHas("requests") && root.postmanHas("order") { throw PostmanImportError.versionOne }
            throw PostmanImportError.notACollection
        }
        var reader = PostmanItemReader()
        let info = root["info"]
        var collection = RequestCollection(name: info?["name"]?.postmanText ?? "Postman collection")
        collection.description = info?["description"]?.postmanDescription ?? ""
        collection.auth = PostmanAuthReader.auth(root["auth"], item: "collection", warnings: &reader.warnings)
        if collection.auth == .inherit { collection.auth = .none }
        collection.variables = PostmanItemReader.variables(root["variable"])
        collection.scripts = PostmanScriptReader.scripts(root["event"], item: "collection", warnings: &reader.warnings)
        let contents = reader.readItems(items.postmanArray, path: [])
        collection.folders = contents.folders
        collection.requests = contents.requests
        for variable in reader.extraVariables {
            if let existing = collection.variables.first(where: { $0.name == variable.name }) {
                if existing.value != variable.value {
                    reader.warnings.append(ConversionWarning(.unsupported, at: variable.name, "a path variable has the same name as a collection variable but another value ('\(variable.value)'); the collection's value is kept"))
                }
            } else {
                collection.variables.append(variable)
            }
        }
        return PostmanImport(collection: collection, warnings: reader.warnings)
    }
}
