import Foundation
import RequestKit

/// What an Insomnia import produced.
public struct InsomniaImport: Hashable, Sendable {
    /// The collection: requests in folders, the base environment's values as its variables.
    public var collection: RequestCollection
    /// The sub-environments, each a curlew environment.
    public var environments: [Environment]
    /// What could not be carried over, in the order met.
    public var warnings: [ConversionWarning]
}

/// Reads an Insomnia v4 export (JSON, or the YAML Insomnia also writes) into a collection and environments.
///
/// The workspace becomes the collection (several workspaces each a folder), request groups folders,
/// requests saved requests (in Insomnia's sort order), the base environment the collection's variables
/// and each sub-environment an environment. Templates become curlew's `{{name}}`.
public enum InsomniaImporter {
    /// Parses an export's bytes; `file` names it in messages, `name` names the collection instead of the workspace.
    public static func parse(_ data: Data, file: String, name: String? = nil) throws(InsomniaImportError) -> InsomniaImport {
        let root: OrderedJSON
        do {
            root = try DescriptionDocument.read(data, file: file)
        } catch {
            throw .unreadable(error)
        }
        guard DescriptionDocument.text(root["_type"]) == "export", case .array(let resources)? = root["resources"] else {
            if DescriptionDocument.text(root["type"])?.hasPrefix("collection.insomnia.rest/") == true {
                throw .unsupportedFormat(DescriptionDocument.text(root["type"]) ?? "")
            }
            throw .notAnExport
        }
        let format = DescriptionDocument.text(root["__export_format"]) ?? "unknown"
        guard format == "4" else { throw .unsupportedFormat(format) }
        var reader = InsomniaResourceReader(resources: resources)
        return reader.read(name: name)
    }
}
