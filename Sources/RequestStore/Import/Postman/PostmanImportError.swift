/// Why a file could not be read as a Postman collection.
public enum PostmanImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not JSON; `detail` is the parser's message.
    case invalidJSON(detail: String)
    /// The JSON has no `info` and `item`, so it is not a v2 collection.
    case notACollection
    /// A Postman v1 collection (with `requests` and `order`), which this importer does not read.
    case versionOne

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .invalidJSON(let detail):
            return "The file is not valid JSON: \(detail). Export the collection again from Postman."
        case .notACollection:
            return "The file is not a Postman collection: it has no \"info\" and \"item\". Export it from Postman as Collection v2.1."
        case .versionOne:
            return "This is a Postman Collection v1 file. Open it in Postman and export it as Collection v2.1."
        }
    }
}
