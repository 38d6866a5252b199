/// Why a file cannot be imported as an OpenAPI or Swagger description.
public enum OpenAPIImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is neither valid JSON nor valid YAML.
    case unreadable(FileFormatError)
    /// The document has neither `openapi` nor `swagger`.
    case notADescription
    /// The version is one curlew does not read.
    case unsupportedVersion(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unreadable(let error):
            return "\(error.file):\(error.line):\(error.column): \(error.reason). The file is not valid JSON or YAML; fix it or export it again."
        case .notADescription:
            return "the file is not an OpenAPI or Swagger description (it has no \"openapi\" or \"swagger\" field); check that it is the API's specification"
        case .unsupportedVersion(let version):
            return "the description's version \(version) is not supported; curlew imports OpenAPI 3.0 and 3.1 and Swagger 2.0"
        }
    }
}
