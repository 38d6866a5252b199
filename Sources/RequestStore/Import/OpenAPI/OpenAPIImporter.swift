import Foundation
import RequestKit

/// What an OpenAPI or Swagger import produced.
public struct OpenAPIImport: Hashable, Sendable {
    /// The collection.
    public var collection: RequestCollection
    /// What could not be carried over: about servers and operations first, then references that could not
    /// be followed, schemas, bodies and security schemes.
    public var warnings: [ConversionWarning]
}

/// Reads an OpenAPI 3.0 or 3.1 or a Swagger 2.0 description (JSON or YAML) into a collection.
///
/// One request per operation, named by `summary` (else `operationId`, else method and path), in folders
/// by first tag (untagged ones at the top), in the description's order. The first server becomes the
/// `baseUrl` variable. Every path, query and header parameter gets a value (its example, else one made from
/// its schema); path and required query and header parameters become `{{variables}}` of the collection
/// holding it, optional ones rows that are off. Bodies come from the first media type's example or an
/// example made from its schema; security schemes become auth or rows; an operation that answers only
/// with redirects does not follow them.
public enum OpenAPIImporter {
    /// The HTTP methods of a path item, as they may appear in it.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Parses a description's bytes. `file` names it in messages; `directory` is the folder that `$ref`s to
    /// other files resolve against (nil when the description came from standard input or a URL); `name`
    /// names the collection instead of the description's title.
    public static func parse(_ data: Data, file: String, directory: String? = nil, name: String? = nil) throws(OpenAPIImportError) -> OpenAPIImport {
        let root: OrderedJSON
        do {
            root = try DescriptionDocument.read(data, file: file)
        } catch {
            throw .unreadable(error)
        }
        let swagger: Bool
        if let version = DescriptionDocument.text(root["swagger"]) {
            guard version == "2.0" || version == "2" else { throw .unsupportedVersion(version) }
            swagger = true
        } else if let version = DescriptionDocument.text(root["openapi"]) {
            guard version.hasPrefix("3.") else { throw .unsupportedVersion(version) }
            swagger = false
        } else {
            throw .notADescription
        }
        var reader = OpenAPIOperationReader(root: root, swagger: swagger, directory: directory)
        var collection = RequestCollection(name: name ?? DescriptionDocument.text(root["info"]?["title"]) ?? "OpenAPI")
        collection.description = DescriptionDocument.text(root["info"]?["description"]) ?? ""
        collection.variables.append(Variable(name: "baseUrl", value: reader.baseURL))
        reader.readPaths(into: &collection)
        if case .object(let webhooks)? = root["webhooks"], !webhooks.isEmpty {
            reader.warnings.append(ConversionWarning(.note, at: "webhooks", "\(webhooks.count) webhook(s) (\(webhooks.map(\.key).joined(separator: ", "))) are requests the API sends, not ones it receives; not imported"))
        }
        for variable in reader.security.variables where !collection.variables.contains(where: { $0.name == variable.name }) {
            collection.variables.append(variable)
        }
        let warnings = reader.warnings + reader.body.examples.references.warnings + reader.body.examples.warnings + reader.body.warnings + reader.security.warnings
        return OpenAPIImport(collection: collection, warnings: warnings)
    }
}
